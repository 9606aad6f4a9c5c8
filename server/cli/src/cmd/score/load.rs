//! `readcov score`'s inputs, loaded through the one input layer: the gold (converted or refused
//! there), the reads in the form the library scores fastest (the lean table for plain reads JSONL
//! without edits and no workspace; whole rows otherwise: a trajectory is imported on the fly),
//! the runs `--outcomes` labels, all within `--shard`. Notes and located errors go to stderr.

use super::{base_check, workspaces_of, ScoreArgs};
use crate::inputs::{
    canonical_dir, checked_gold, load_outcomes, load_reads_lean, nothing_read, print_notes,
    report_errors, workspace_root,
};
use anyhow::Result;
use readcov_core::outcomes::Outcomes;
use readcov_core::{GoldSpan, NamedRuns, Parsed, ReadSpan, ScoreOptions};
use readcov_files::input::{self, GoldOptions, ReadsOptions, ScoreAsRead};
use readcov_files::score_rows::{DatasetScores, ScoreReads};
use readcov_files::scored::Sources;
use readcov_files::sets::load_gold_noting_circular;
use std::path::Path;

pub(super) struct Loaded {
    pub gold: Parsed<GoldSpan>,
    pub reads: ScoreReads,
    pub named: NamedRuns,
    /// Located input errors printed (gold, reads, labels).
    pub errors: usize,
}

/// Loads the gold, the reads and the labels of a single-gold-set `score` (`opts`: what a
/// dataset's runs are scored with as they are imported).
pub(super) fn load(args: &ScoreArgs, opts: &ScoreOptions) -> Result<Loaded> {
    let workspace = args.workspace.is_some() || args.workspaces.is_some();
    // Reads first: a plain reads file without edits becomes the lean table (the library's one
    // rule, `ScoreReads::lean`); anything else (a trajectory to import, another kind to refuse,
    // a log with edits) is read as rows below, after the gold, so that every note is said once
    // and in the same order. `--general-path` takes whole rows whatever the reads.
    let lean = match args.general_path {
        true => None,
        false => ScoreReads::lean_of(workspace, || load_reads_lean(&args.reads))?,
    };
    let ws = workspace_root(args.workspace.as_deref())?;
    if let Some(dir) = &args.workspaces {
        canonical_dir(dir)?;
    }
    let mut gold = load_gold(args.gold_path(), ws.as_deref())?;
    // A workspace file that is not the gold's base is said (its lines may have moved).
    base_check::warn_differing(
        args.gold_path(),
        ws.as_deref().map(Path::new),
        args.workspaces.as_deref(),
    );
    let (mut reads, mut errors) = match lean {
        Some(l) if l.is_empty() => return Err(nothing_read(&args.reads, l.lean_errors())),
        Some(l) => {
            let e = report_errors(&gold.errors) + report_errors(l.lean_errors());
            (l, e)
        }
        None => {
            let (r, scored) = reads_scored(args, ws.as_deref(), &gold.items, opts)?;
            let e = report_errors(&gold.errors) + report_errors(&r.errors);
            match scored {
                Some(d) => (ScoreReads::Scored(Box::new(d)), e),
                None => (ScoreReads::Rows(r.items), e),
            }
        }
    };
    let (mut named, label_errors) = named_runs(args, &gold.items)?;
    errors += label_errors;
    if let Some(shard) = args.shard {
        gold.items.retain(|g| shard.keeps(&g.task));
        reads.retain_tasks(|t| shard.keeps(t));
        named.retain_tasks(|t| shard.keeps(t));
    }
    Ok(Loaded {
        gold,
        reads,
        named,
        errors,
    })
}

/// The runs `--outcomes` labels name (`score` and `score --at-k` alike), with the number of
/// located label errors printed.
pub(super) fn named_runs(args: &ScoreArgs, gold: &[GoldSpan]) -> Result<(NamedRuns, usize)> {
    let (named, errors) = match load_outcomes(&args.outcomes)? {
        Some(parsed) => {
            let errors = report_errors(&parsed.errors);
            let o = parsed.items.into_iter().collect::<Outcomes>();
            (NamedRuns::of_outcomes(&o), errors)
        }
        None => (NamedRuns::default(), 0),
    };
    // Labels that name no run of a gold task change no row (one gold set: they only add the
    // labelled runs that read nothing); asked of all the gold, so every shard says the same.
    if !args.outcomes.is_empty() && !named.names_a_run_of(gold) {
        say!(
            "warning: --outcomes: no label names a run of a task the gold has, so they change \
             nothing here (with one gold set, labels add the labelled runs that read nothing; a \
             label for a whole task, as a harness report gives, names no run: give the file as \
             RUN=FILE)"
        );
    }
    Ok((named, errors))
}

/// The gold (`inputs::load_gold`), with the note that a file of consensus rows scored as given
/// may be circular said first, from the same one read of the file (its rows' origins).
fn load_gold(path: &Path, workspace: Option<&str>) -> Result<Parsed<GoldSpan>> {
    let opts = GoldOptions {
        workspace,
        ..GoldOptions::default()
    };
    let (g, circular) = load_gold_noting_circular(path, &opts)?;
    if let Some(note) = circular {
        say!("note: {note}");
    }
    checked_gold(path, g)
}

/// Where unit figures and read-before-edit come from.
pub(super) fn sources(args: &ScoreArgs) -> Sources<'_> {
    Sources::of(args.workspace.as_deref(), args.workspaces.as_deref())
}

/// The reads as whole rows, or a dataset's runs scored as they are imported (no workspace:
/// `readcov_files::input::load_reads_scored` decides), within `--shard`; its notes said, and
/// "nothing read" refused, as `load_reads` does.
fn reads_scored(
    args: &ScoreArgs,
    ws: Option<&str>,
    gold: &[GoldSpan],
    opts: &ScoreOptions,
) -> Result<(Parsed<ReadSpan>, Option<DatasetScores>)> {
    let shard = args.shard;
    let keep = |t: &str| shard.is_none_or(|s| s.keeps(t));
    let score = ScoreAsRead {
        gold,
        keep: &keep,
        opts,
    };
    let reads_opts = ReadsOptions {
        workspace: ws,
        base_files: workspaces_of(args),
    };
    let (r, scored) = input::load_reads_scored(&args.reads, &reads_opts, &score)?;
    print_notes(&r.notes);
    let imported = scored.as_ref().map_or(r.parsed.items.len(), |d| d.imported);
    if imported == 0 && r.lost_edits.is_empty() {
        return Err(nothing_read(&args.reads, &r.parsed.errors));
    }
    Ok((r.parsed, scored))
}
