//! `readcov score` with several gold sets side by side (`--gold edit=g1.jsonl --gold unit=g2.jsonl`,
//! `--consensus`): the reads, the labels and each gold set loaded through the input layer, then
//! one library call, `readcov_files::sets::score_sets` (core's one engine once per set, with unit
//! figures under `--workspace`/`--workspaces`; the leave-one-out consensus through
//! `readcov_gold::score_leave_one_out`). `--shard`, `--fail-under` and the unit columns work as
//! with one gold set; the output is in [`super::sets_render`].

use super::below::Below;
use super::ScoreArgs;
use crate::exit::Exit;
use crate::inputs::{load_gold, load_reads, read_input, report_errors, workspace_root};
use anyhow::Result;
use readcov_core::outcomes::Outcomes;
use readcov_files::sets::{score_sets, ConsensusRequest, GoldSetInput, SetsRequest};
use std::path::PathBuf;

/// One `--gold [NAME=]FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoldArg {
    pub name: Option<String>,
    pub path: PathBuf,
}

impl GoldArg {
    /// `NAME=FILE` when NAME is a plain label and no file is named like the whole argument
    /// (`readcov_files::input::named_file`, the rule the Python module splits by too).
    pub fn parse(s: &str) -> Result<GoldArg, String> {
        let (name, path) = readcov_files::input::named_file(s)?;
        Ok(GoldArg { name, path })
    }
}

/// Each `--gold` loaded through the input layer (a diff or SWE-bench rows converted, saying so),
/// with its bytes parsed again as gold rows for the set's label and circularity note.
pub fn load_sets(golds: &[GoldArg], ws: Option<&str>) -> Result<(Vec<GoldSetInput>, usize)> {
    let mut errors = 0;
    let mut out = Vec::new();
    for arg in golds {
        let gold = load_gold(&arg.path, ws)?;
        errors += report_errors(&gold.errors);
        let bytes = read_input(&arg.path)?;
        out.push(GoldSetInput::new(
            arg.name.clone(),
            arg.path.clone(),
            gold.items,
            &bytes,
        ));
    }
    Ok((out, errors))
}

/// `readcov score` with several gold sets: arguments checked, reads, labels and each gold set
/// loaded, one library call ([`score_sets`]), its notes said, then one rendering.
pub fn run(args: &ScoreArgs) -> Result<Exit> {
    anyhow::ensure!(
        args.emit_partial.is_none(),
        "--emit-partial takes one gold set (a partial merges one set's totals)"
    );
    anyhow::ensure!(
        !args.detail,
        "--detail takes one gold set (score each set on its own for its spans)"
    );
    // The sets' rows carry no per-file breakdown to leave out: `--summary` printed the same
    // (before session 30, taken silently).
    anyhow::ensure!(
        !args.summary,
        "--summary takes one gold set: the rows of several sets (or --consensus) carry no per-file \
         breakdown to leave out"
    );
    let ws = workspace_root(args.workspace.as_deref())?;
    if let Some(dir) = &args.workspaces {
        crate::inputs::canonical_dir(dir)?;
    }
    // A trajectory given as --reads is imported first, as with one gold set.
    let reads = load_reads(&args.reads, ws.as_deref(), super::workspaces_of(args))?;
    let mut errors = report_errors(&reads.errors);
    let outcomes = match crate::inputs::load_outcomes(&args.outcomes)? {
        Some(parsed) => {
            errors += report_errors(&parsed.errors);
            Some(parsed.items.into_iter().collect::<Outcomes>())
        }
        None => None,
    };
    let (golds, e) = load_sets(&args.gold, ws.as_deref())?;
    errors += e;
    let consensus = args.consensus.then_some(ConsensusRequest {
        agree: args.agree,
        min_runs: args.min_runs,
        others: args.loo_failed,
    });
    let sets = score_sets(SetsRequest {
        golds,
        reads: &reads.items,
        outcomes,
        sources: super::load::sources(args),
        shard: args.shard,
        opts: super::score_options(args.threshold, &args.sources, false),
        widen: args.widen(),
        consensus,
    })?;
    for note in &sets.notes {
        say!("{note}");
    }
    if args.timings {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        for t in sets.sets.iter().filter_map(|s| s.timing.as_ref()) {
            say!(
                "timings: {}: score {:.1} ms, units {:.1} ms, total {:.1} ms ({} rows)",
                t.label,
                ms(t.scoring),
                ms(t.unit_time),
                ms(t.total),
                t.rows
            );
        }
    }
    let output = super::output::Output::of(args);
    let out = super::sets_render::render(&sets, &output)?;
    crate::output::write_output(None, out.as_bytes())?;
    if errors > 0 {
        say!("{errors} input error(s) skipped");
    }
    let mut below = Below::default();
    for s in &sets.sets {
        s.rows
            .values()
            .for_each(|r| below.note_in(&s.name, &output, r));
    }
    below.report(&output);
    Ok(if below.any() {
        Exit::BelowThreshold
    } else {
        Exit::Ok
    })
}
