//! Scores many (task, run) pairs at once: groups gold by task and reads by (task, run), scores each
//! pair, and totals the rows with honest denominators.

use crate::metrics::{score_spans, FileLengths, RunScore, Status, DEFAULT_THRESHOLD};
use crate::span::{EventKind, GoldSpan, ReadSpan, Source, Tier};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The run name used for a task that has gold but no run read anything for it.
pub const NO_RUN: &str = "-";

#[derive(Clone, Debug)]
pub struct ScoreOptions {
    pub threshold: f64,
    /// Which read sources count. Manual what-if reads are left out unless asked for.
    pub sources: BTreeSet<Source>,
}

impl Default for ScoreOptions {
    fn default() -> Self {
        ScoreOptions {
            threshold: DEFAULT_THRESHOLD,
            sources: [Source::Agent, Source::Human].into_iter().collect(),
        }
    }
}

/// One row of a score table.
#[derive(Clone, Debug, Serialize)]
pub struct TaskRunScore {
    pub task: String,
    pub run: String,
    #[serde(flatten)]
    pub score: RunScore,
}

/// Scores every (task, run): each gold task against each run that read for it; a gold task that no
/// run read scores one row with run [`NO_RUN`] (coverage 0); reads for a task with no gold give
/// unscored rows. Rows come sorted by task, then run.
pub fn score_batch(
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
) -> Vec<TaskRunScore> {
    let mut gold_by_task: BTreeMap<&str, Vec<&GoldSpan>> = BTreeMap::new();
    for g in gold {
        let entry = gold_by_task.entry(g.task.as_str()).or_default();
        if g.tier == Tier::Core {
            entry.push(g);
        }
    }
    let mut reads_by_pair: BTreeMap<(&str, &str), Vec<&ReadSpan>> = BTreeMap::new();
    for r in reads {
        // Runs exist even when all their events are filtered out, so they still get a row.
        let entry = reads_by_pair
            .entry((r.task.as_str(), r.run.as_str()))
            .or_default();
        if r.kind == EventKind::Read && opts.sources.contains(&r.source) {
            entry.push(r);
        }
    }

    let mut rows = Vec::new();
    let no_gold: Vec<&GoldSpan> = Vec::new();
    let no_reads: Vec<&ReadSpan> = Vec::new();
    let tasks: BTreeSet<&str> = gold_by_task
        .keys()
        .copied()
        .chain(reads_by_pair.keys().map(|(t, _)| *t))
        .collect();
    for task in tasks {
        let g = gold_by_task.get(task).unwrap_or(&no_gold);
        let mut runs = reads_by_pair
            .range((task, "")..)
            .take_while(|((t, _), _)| *t == task)
            .peekable();
        if runs.peek().is_none() {
            rows.push(TaskRunScore {
                task: task.to_string(),
                run: NO_RUN.to_string(),
                score: score_spans(g, &no_reads, lengths, opts.threshold),
            });
        }
        for ((_, run), r) in runs {
            rows.push(TaskRunScore {
                task: task.to_string(),
                run: run.to_string(),
                score: score_spans(g, r, lengths, opts.threshold),
            });
        }
    }
    rows
}

/// Aggregates over rows. Means are over scored rows only; every denominator is kept.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Totals {
    pub rows: usize,
    pub scored: usize,
    pub unscored: usize,
    pub passing: usize,
    pub mean_file_hit: Option<f64>,
    pub mean_line_coverage: Option<f64>,
    pub mean_precision: Option<f64>,
    pub mean_f1: Option<f64>,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub read_lines: u64,
}

pub fn totals<'a>(rows: impl IntoIterator<Item = &'a RunScore>) -> Totals {
    let mut t = Totals::default();
    let (mut fh, mut lc, mut pr, mut f1) = (0.0, 0.0, 0.0, 0.0);
    for s in rows {
        t.rows += 1;
        t.read_lines += s.read_lines;
        if s.status == Status::Unscored {
            t.unscored += 1;
            continue;
        }
        t.scored += 1;
        t.passing += usize::from(s.passes_threshold == Some(true));
        t.gold_lines += s.gold_lines;
        t.covered_lines += s.covered_lines;
        fh += s.file_hit.unwrap_or(0.0);
        lc += s.line_coverage.unwrap_or(0.0);
        pr += s.precision.unwrap_or(0.0);
        f1 += s.f1.unwrap_or(0.0);
    }
    if t.scored > 0 {
        let n = t.scored as f64;
        t.mean_file_hit = Some(fh / n);
        t.mean_line_coverage = Some(lc / n);
        t.mean_precision = Some(pr / n);
        t.mean_f1 = Some(f1 / n);
    }
    t
}
