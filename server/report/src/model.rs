//! The report model: every scored (task, run) row from `readcov-core`, plus what the views need
//! beside it — outcome labels, resolve-rate buckets, per-turn timelines, unit scores and the read
//! intervals the LCOV export counts hits from. Built once, rendered by `html`, `lcov` and `sarif`.

use crate::buckets::{resolve_by_coverage, Bucket};
use crate::outcomes::Outcomes;
use crate::timeline::{timeline, Timeline};
use crate::units::{score_units, Unit, UnitScore};
use readcov_core::metrics::FileLines;
use readcov_core::{
    collect_lines, score_batch_named_with, totals, FileLengths, GoldSpan, NamedRuns, ReadSpan,
    RunScore, ScoreOptions, Totals, NO_RUN,
};
use serde::Serialize;
use std::collections::BTreeSet;

/// Everything a report is built from. Errors in the input files are counted by the caller and
/// passed in so the page can show them beside the figures.
pub struct ReportInput<'a> {
    pub title: String,
    pub gold: &'a [GoldSpan],
    pub reads: &'a [ReadSpan],
    pub lengths: &'a dyn FileLengths,
    pub opts: &'a ScoreOptions,
    pub outcomes: Option<&'a Outcomes>,
    /// Runs named outside the reads beside the labels' (`report --runs`: the run records that
    /// are not invalid): each is a row as a labelled run is, read or not.
    pub named: &'a NamedRuns,
    pub units: Option<&'a [Unit]>,
    pub skipped_input_errors: usize,
}

/// One (task, run) with its score and drill-down data.
#[derive(Clone, Debug, Serialize)]
pub struct RunRow {
    pub task: String,
    pub run: String,
    pub score: RunScore,
    pub resolved: Option<bool>,
    pub timeline: Option<Timeline>,
    pub units: Vec<UnitScore>,
    /// Counted read events (after source/kind filtering), clipped to known file lengths:
    /// (path, start, end). The LCOV export turns these into per-line hit counts.
    #[serde(skip)]
    pub reads: Vec<(String, u32, u32)>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub title: String,
    pub threshold: f64,
    pub rows: Vec<RunRow>,
    pub totals: Totals,
    /// Distinct tasks and distinct run names (the no-run placeholder excluded).
    pub tasks: usize,
    pub runs: usize,
    pub gold_spans: usize,
    /// The read events the scores counted: reads of the counted sources (`--sources`), edits
    /// left out, as `lines read` counts their lines. Before session 34 every reads row, edits and
    /// other sources' reads too (526 on the shipped runs, whose reads are 424).
    pub read_events: usize,
    pub skipped_input_errors: usize,
    /// Present when outcome labels were given.
    pub buckets: Option<Vec<Bucket>>,
    /// Scored rows that had a label.
    pub labelled_runs: usize,
    pub has_units: bool,
    pub has_timelines: bool,
    /// Resolve rate by coverage bucket under each named gold set (`report --gold NAME=FILE`,
    /// repeated), set by the caller; empty for one gold set.
    pub gold_sets: Vec<GoldSetBuckets>,
    /// Retrieval at k (`report --at-k`): one point per k, set by the caller; empty otherwise.
    pub at_k: Vec<readcov_core::retrieval::AtK>,
    /// Where each run failed (`report --patches`, …: `readcov diagnose`'s rows), set by the
    /// caller; `None` leaves the section out.
    pub diagnosis: Option<crate::stages::Diagnosis>,
    /// With one folder per task (`report --workspaces DIR`), set by the caller: where each
    /// task's files are, for the LCOV and SARIF paths (`folders`).
    #[serde(skip)]
    pub task_folders: Option<crate::folders::TaskFolders>,
}

/// One named gold set: per-run coverage and verdict, its summary, and (with outcome labels) its
/// resolve-rate buckets.
#[derive(Clone, Debug, Serialize)]
pub struct GoldSetBuckets {
    pub name: String,
    /// Scored runs (with a line coverage).
    pub scored: usize,
    /// Scored runs at or above the threshold.
    pub passing: usize,
    /// Gold tasks no run read: shown, not scored (never in a mean).
    pub no_run: usize,
    pub mean_file_hit: Option<f64>,
    pub mean_line_coverage: Option<f64>,
    /// Each (task, run) this set scored.
    pub runs: Vec<GoldSetRun>,
    /// Resolve rate by coverage bucket; empty without outcome labels.
    pub buckets: Vec<Bucket>,
}

/// One run under one gold set.
#[derive(Clone, Debug, Serialize)]
pub struct GoldSetRun {
    pub task: String,
    pub run: String,
    pub line_coverage: Option<f64>,
    pub passes_threshold: Option<bool>,
    /// Scored, unscored (no gold lines) or no run (gold that no run read: not scored).
    pub status: readcov_core::metrics::Status,
}

/// Scores the input and gathers every view's data.
pub fn build(input: &ReportInput) -> Report {
    // Each labelled run, and each run a record names, is a row, read or not
    // (`readcov_core::named`): resolve rates and means count it.
    let named = NamedRuns::of_labels_and(input.outcomes, input.named);
    // The read events the rows count (an edit, or a read of a source left out, is none).
    let mut read_events = 0;
    // The walk hands each row its gold and its counted reads (`score_batch_named_with`), so
    // timelines, units and LCOV take the very lines the scores were computed on.
    let scored = score_batch_named_with(
        input.gold,
        input.reads,
        &named,
        input.lengths,
        input.opts,
        |p| {
            read_events += p.reads.len();
            let gold_lines: FileLines = (p.gold.files())
                .map(|(path, set)| (path.to_string(), set.clone()))
                .collect();
            let read_lines: FileLines = collect_lines(
                p.reads.iter().map(|r| (r.path.as_str(), r.start, r.end)),
                input.lengths,
            );
            let clipped = (p.reads.iter())
                .filter_map(|r| {
                    let end = input
                        .lengths
                        .lines_in(&r.path)
                        .map_or(r.end, |n| r.end.min(n));
                    (r.start <= end).then(|| (r.path.clone(), r.start, end))
                })
                .collect();
            let task = p.row.task;
            let units = input
                .units
                .map(|u| score_units(u, task, &gold_lines, &read_lines));
            (
                timeline(&gold_lines, p.reads, input.lengths),
                units,
                clipped,
            )
        },
    );
    let rows: Vec<RunRow> = (scored.into_iter())
        .map(|(row, (timeline, units, reads))| RunRow {
            resolved: input.outcomes.and_then(|o| o.get(&row.task, &row.run)),
            timeline,
            units: units.unwrap_or_default(),
            reads,
            task: row.task,
            run: row.run,
            score: row.score,
        })
        .collect();

    let buckets = input.outcomes.map(|_| {
        resolve_by_coverage(
            rows.iter()
                .filter_map(|r| r.score.line_coverage.map(|c| (c, r.resolved))),
        )
    });
    let labelled_runs = rows
        .iter()
        .filter(|r| r.score.line_coverage.is_some() && r.resolved.is_some())
        .count();
    let tasks: BTreeSet<&str> = rows.iter().map(|r| r.task.as_str()).collect();
    let runs: BTreeSet<&str> = rows
        .iter()
        .map(|r| r.run.as_str())
        .filter(|r| *r != NO_RUN)
        .collect();
    Report {
        title: input.title.clone(),
        threshold: input.opts.threshold,
        totals: totals(rows.iter().map(|r| &r.score)),
        tasks: tasks.len(),
        runs: runs.len(),
        gold_spans: input.gold.len(),
        read_events,
        skipped_input_errors: input.skipped_input_errors,
        buckets,
        labelled_runs,
        has_units: input.units.is_some(),
        has_timelines: rows.iter().any(|r| r.timeline.is_some()),
        rows,
        gold_sets: Vec::new(),
        at_k: Vec::new(),
        diagnosis: None,
        task_folders: None,
    }
}

/// A report of `gold` and `reads` with default options, no lengths, outcomes or units (tests).
#[cfg(test)]
pub(crate) fn build_plain(gold: &[GoldSpan], reads: &[ReadSpan]) -> Report {
    build(&ReportInput {
        title: String::new(),
        gold,
        reads,
        lengths: &readcov_core::UnknownLengths,
        opts: &ScoreOptions::default(),
        outcomes: None,
        named: &NamedRuns::default(),
        units: None,
        skipped_input_errors: 0,
    })
}

#[cfg(test)]
mod tests;
