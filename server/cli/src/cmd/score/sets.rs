//! `readcov score` with several gold sets side by side (`--gold edit=g1.jsonl --gold unit=g2.jsonl`,
//! `--consensus`): the same reads scored once per gold set through [`super::one_set`] (core's
//! one engine, `score_batch`, with unit figures under `--workspace`/`--workspaces`; leave-one-out
//! consensus through `readcov_gold::score_leave_one_out`, which calls it per run). `--shard`,
//! `--fail-under` and the unit columns work as with one gold set; the output is in
//! [`super::sets_render`].

use super::below::Below;
use super::{one_set, ScoreArgs};
use crate::exit::Exit;
use crate::inputs::{
    lengths_of_inputs, load_gold, load_reads, read_input, report_errors, task_dir, workspace_root,
};
use anyhow::Result;
use readcov_core::outcomes::Outcomes;
use readcov_core::{score_batch_named, NamedRuns, ReadSpan, TaskRunScore};
use readcov_gold::{
    parse_rows, score_leave_one_out, ConsensusOptions, GoldDef, GoldRow, Origin, Others, RunsInput,
};
use readcov_report::buckets::resolve_by_coverage;
use readcov_units::UnitScore;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One `--gold [NAME=]FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoldArg {
    pub name: Option<String>,
    pub path: PathBuf,
}

impl GoldArg {
    /// `NAME=FILE` when NAME is a plain label and no file is named like the whole argument.
    pub fn parse(s: &str) -> Result<GoldArg, String> {
        if let Some((name, path)) = s.split_once('=') {
            let plain = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
            if plain && !Path::new(s).exists() {
                if path.is_empty() {
                    return Err(format!("`{s}`: no file after `{name}=`"));
                }
                return Ok(GoldArg {
                    name: Some(name.to_string()),
                    path: PathBuf::from(path),
                });
            }
        }
        Ok(GoldArg {
            name: None,
            path: PathBuf::from(s),
        })
    }
}

/// (task, run).
pub(super) type Key = (String, String);

/// One gold set's rows, with what the table says about how it was scored.
pub(super) struct Set {
    pub name: String,
    pub rows: BTreeMap<Key, TaskRunScore>,
    /// Unit figures per row (with `--workspace`/`--workspaces`; empty without).
    pub units: BTreeMap<Key, UnitScore>,
    /// Shown under the table: how the set was scored (leave-one-out, circularity warning).
    pub note: Option<String>,
}

impl Set {
    fn new(name: String, rows: Vec<TaskRunScore>, units: Option<Vec<UnitScore>>) -> Set {
        let keys: Vec<Key> = rows
            .iter()
            .map(|r| (r.task.clone(), r.run.clone()))
            .collect();
        Set {
            name,
            units: keys
                .iter()
                .cloned()
                .zip(units.unwrap_or_default())
                .collect(),
            rows: keys.into_iter().zip(rows).collect(),
            note: None,
        }
    }

    /// Totals through core's `ScorePartial`, as the single-set table computes them.
    pub fn totals(&self) -> readcov_core::Totals {
        readcov_core::totals(self.rows.values().map(|r| &r.score))
    }

    pub fn buckets(&self, outcomes: &Outcomes) -> Vec<readcov_report::buckets::Bucket> {
        resolve_by_coverage(
            self.rows
                .values()
                .filter_map(|r| Some((r.score.line_coverage?, outcomes.get(&r.task, &r.run)))),
        )
    }
}

/// The label of a plain `--gold FILE`: the definition its rows' origins show, else the stem.
fn label_of(arg: &GoldArg, rows: &[GoldRow]) -> String {
    if let Some(n) = &arg.name {
        return n.clone();
    }
    if rows.iter().any(|r| r.origin != Origin::Edit) {
        return GoldDef::detect(rows).label().to_string();
    }
    arg.path
        .file_stem()
        .map_or_else(|| "gold".to_string(), |s| s.to_string_lossy().into_owned())
}

/// The warning for a gold file scored as given whose rows are consensus rows (`origin:
/// consensus`, whatever the file or its set is called): built from these runs, its resolved runs
/// would score against their own reads.
pub(super) fn circular_note(name: &str, rows: &[GoldRow]) -> Option<String> {
    rows.iter().any(|r| r.origin == Origin::Consensus).then(|| {
        format!("{name}: consensus gold from a file is scored as given; if it was built from these runs, its resolved runs score against themselves (use --consensus for leave-one-out)")
    })
}

/// [`circular_note`] for the one gold file of a plain `score --gold FILE` (named by its path).
/// Most gold files hold no consensus row; only those that name it at all are parsed as rows.
pub(super) fn file_circular_note(path: &Path) -> Option<String> {
    let bytes = read_input(path).ok()?;
    memchr::memmem::find(&bytes, b"consensus")?;
    circular_note(&path.display().to_string(), &parse_rows(&bytes, "").items)
}

pub fn run(args: &ScoreArgs) -> Result<Exit> {
    anyhow::ensure!(
        args.emit_partial.is_none(),
        "--emit-partial takes one gold set (a partial merges one set's totals)"
    );
    anyhow::ensure!(
        !args.detail,
        "--detail takes one gold set (score each set on its own for its spans)"
    );
    let ws = workspace_root(args.workspace.as_deref())?;
    if let Some(dir) = &args.workspaces {
        crate::inputs::canonical_dir(dir)?;
    }
    let keeps = |task: &str| args.shard.is_none_or(|s| s.keeps(task));
    // A trajectory given as --reads is imported first, as with one gold set.
    let mut reads = load_reads(&args.reads, ws.as_deref(), super::workspaces_of(args))?;
    let mut errors = report_errors(&reads.errors);
    reads.items.retain(|r| keeps(&r.task));
    let opts = super::score_options(args.threshold, &args.sources, false);
    let outcomes = match &args.outcomes {
        Some(p) => {
            let parsed = crate::inputs::load_outcomes(p)?;
            errors += report_errors(&parsed.errors);
            Some(parsed.items.into_iter().collect::<Outcomes>())
        }
        None => None,
    };
    // Each labelled run is a row in every set, read or not (`readcov_core::named`).
    let mut named = outcomes
        .as_ref()
        .map(NamedRuns::of_outcomes)
        .unwrap_or_default();
    named.retain_tasks(keeps);
    let mut sets: Vec<Set> = Vec::new();
    let mut names = BTreeSet::new();
    for arg in &args.gold {
        let mut gold = load_gold(&arg.path, ws.as_deref())?;
        errors += report_errors(&gold.errors);
        gold.items.retain(|g| keeps(&g.task));
        let rows = parse_rows(&read_input(&arg.path)?, "").items;
        let name = unique(&mut names, label_of(arg, &rows));
        let started = std::time::Instant::now();
        let scored = one_set::score_set(args, &gold.items, &reads.items, &named, &opts);
        if args.timings {
            let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
            say!(
                "timings: {}: score {:.1} ms, units {:.1} ms, total {:.1} ms ({} rows)",
                arg.name.as_deref().unwrap_or("gold"),
                ms(scored.scoring),
                ms(scored.unit_time),
                ms(started.elapsed()),
                scored.rows.len()
            );
        }
        let mut set = Set::new(name, scored.rows, scored.units);
        set.note = circular_note(&set.name, &rows);
        sets.push(set);
    }
    if args.consensus {
        let labels = outcomes
            .clone()
            .ok_or_else(|| anyhow::anyhow!("--consensus needs --outcomes LABELS"))?;
        sets.push(consensus_set(args, &reads.items, labels, &mut names));
    }
    let out = super::sets_render::render(&sets, args, outcomes.as_ref())?;
    crate::output::write_output(None, out.as_bytes())?;
    if errors > 0 {
        say!("{errors} input error(s) skipped");
    }
    let mut below = Below::default();
    for s in &sets {
        s.rows
            .values()
            .for_each(|r| below.note_in(&s.name, args, r));
    }
    below.report(args);
    Ok(if below.any() {
        Exit::BelowThreshold
    } else {
        Exit::Ok
    })
}

fn unique(names: &mut BTreeSet<String>, name: String) -> String {
    let mut n = name.clone();
    let mut i = 2;
    while !names.insert(n.clone()) {
        n = format!("{name}-{i}");
        i += 1;
    }
    n
}

/// The consensus of the resolved runs in `--reads`, each run scored without itself (failed runs
/// as `--loo-failed` says). With `--workspaces`, each task's runs are scored with that task's file
/// lengths; the library is called once, so every note counts what it says once.
fn consensus_set(
    args: &ScoreArgs,
    reads: &[ReadSpan],
    outcomes: Outcomes,
    names: &mut BTreeSet<String>,
) -> Set {
    let opts = super::score_options(args.threshold, &args.sources, false);
    let copts = ConsensusOptions {
        agree: args.agree,
        min_runs: args.min_runs,
    };
    let root = args
        .workspaces
        .as_ref()
        .map(|dir| dir.canonicalize().unwrap_or(dir.clone()));
    let lengths = |task: &str, reads: &[ReadSpan]| {
        let ws: Option<PathBuf> = match &root {
            Some(dir) => task_dir(dir, task),
            None => args.workspace.clone(),
        };
        lengths_of_inputs(ws.as_deref(), &[], reads)
    };
    let input = RunsInput {
        reads: reads.to_vec(),
        outcomes,
    };
    let (scores, notes) = score_leave_one_out(&input, &copts, args.loo_failed, lengths, &opts);
    for (kind, n) in notes.counts() {
        say!("consensus: {n} × {}", kind.label());
    }
    let left_out = scores.iter().filter(|s| s.left_out).count();
    let others = scores.len() - left_out;
    let rows: Vec<TaskRunScore> = scores.into_iter().map(|s| s.row).collect();
    let name = unique(names, "consensus-loo".to_string());
    let agree = match args.agree {
        readcov_gold::Agree::All => "all".to_string(),
        readcov_gold::Agree::AtLeast(k) => k.to_string(),
    };
    let others = match args.loo_failed {
        Others::Matched => format!(
            "each of {others} other run(s) against every consensus of the resolved runs less one, its scores averaged (--loo-failed matched)"
        ),
        Others::Full => format!(
            "each of {others} other run(s) against the consensus of all resolved runs (--loo-failed full)"
        ),
    };
    let mut set = Set::new(name, rows, None);
    set.note = Some(format!(
        "{}: leave-one-out — each of {left_out} resolved run(s) scored against the consensus of the other resolved runs of its task; {others} (agree {agree}, min runs {}; no unit columns)",
        set.name, args.min_runs
    ));
    set
}

/// Each gold set of `report --gold NAME=FILE` (repeated): per-run coverage and verdict, the
/// summary, and with outcome labels resolve rate by coverage bucket; each set scored by
/// `score_batch_named` (each labelled run a row), as `score` does.
pub fn gold_set_buckets(
    golds: &[GoldArg],
    ws: Option<&str>,
    reads: &[ReadSpan],
    opts: &readcov_core::ScoreOptions,
    outcomes: Option<&Outcomes>,
) -> Result<Vec<readcov_report::GoldSetBuckets>> {
    let mut names = BTreeSet::new();
    let mut out = Vec::new();
    for arg in golds {
        let gold = load_gold(&arg.path, ws)?;
        report_errors(&gold.errors);
        let rows = parse_rows(&read_input(&arg.path)?, "").items;
        let name = unique(&mut names, label_of(arg, &rows));
        let lengths = lengths_of_inputs(ws.map(Path::new), &gold.items, reads);
        let named = outcomes.map(NamedRuns::of_outcomes).unwrap_or_default();
        let rows = score_batch_named(&gold.items, reads, &named, &lengths, opts);
        let set = Set::new(name, rows, None);
        let t = set.totals();
        out.push(readcov_report::GoldSetBuckets {
            scored: t.scored,
            passing: t.passing,
            no_run: t.no_run,
            mean_file_hit: t.mean_file_hit,
            mean_line_coverage: t.mean_line_coverage,
            runs: set
                .rows
                .values()
                .map(|r| readcov_report::GoldSetRun {
                    task: r.task.clone(),
                    run: r.run.clone(),
                    line_coverage: r.score.line_coverage,
                    passes_threshold: r.score.passes_threshold,
                    status: r.score.status,
                })
                .collect(),
            buckets: outcomes.map(|o| set.buckets(o)).unwrap_or_default(),
            name: set.name,
        });
    }
    Ok(out)
}
