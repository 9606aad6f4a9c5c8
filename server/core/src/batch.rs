//! Scores many (task, run) pairs at once: groups gold by task and reads by (task, run), scores each
//! pair, and totals the rows with honest denominators.

use crate::group::by_task_run;
use crate::metrics::{FileLengths, PreparedGold, RunScore, Status, DEFAULT_THRESHOLD};
use crate::named::NamedRuns;
use crate::span::{EventKind, GoldSpan, ReadSpan, Source, Tier};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

mod scored;
mod walk;
pub use scored::{walk_kept, KeptRun, ScoredRuns};
use walk::score_tasks_in_order;

/// The run name used for a task that has gold but no run read anything for it.
pub const NO_RUN: &str = "-";

#[derive(Clone, Debug)]
pub struct ScoreOptions {
    pub threshold: f64,
    /// Which read sources count. Manual what-if reads are left out unless asked for.
    pub sources: BTreeSet<Source>,
    /// Score each gold file and span too (`RunScore::files`, `spans`); off, rows carry the
    /// summary figures only, which is all a csv, a table or `--summary` prints.
    pub breakdown: bool,
}

impl Default for ScoreOptions {
    fn default() -> Self {
        ScoreOptions {
            threshold: DEFAULT_THRESHOLD,
            sources: [Source::Agent, Source::Human, Source::Retriever]
                .into_iter()
                .collect(),
            breakdown: true,
        }
    }
}

/// One row of a score table. The names are owned (`String`) in rows that are kept, and borrowed
/// (`&str`) in rows handed out one at a time by the scoring walk, which then copies no names.
#[derive(Clone, Debug, Serialize)]
pub struct TaskRunScore<S = String> {
    pub task: S,
    pub run: S,
    #[serde(flatten)]
    pub score: RunScore,
}

impl TaskRunScore<&str> {
    /// The row with its own copies of the names, to keep past the walk.
    pub fn into_owned(self) -> TaskRunScore {
        TaskRunScore {
            task: self.task.to_string(),
            run: self.run.to_string(),
            score: self.score,
        }
    }
}

/// Scores every (task, run): each gold task against each run that read for it; a gold task that no
/// run read gets one row with run [`NO_RUN`] and status [`Status::NoRun`] (not scored); reads for a task with no gold give
/// unscored rows. Rows come sorted by task, then run. `gold` is any sequence of spans: a slice,
/// or spans kept in several places (the language server's per-file gold, scored uncopied).
pub fn score_batch<'a>(
    gold: impl IntoIterator<Item = &'a GoldSpan>,
    reads: &[ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
) -> Vec<TaskRunScore> {
    score_batch_where(gold, reads, lengths, opts, |_| true)
}

/// [`score_batch`] with the runs labels or run records name ([`NamedRuns`]): a named run that
/// read nothing is a scored row of its task (coverage 0), never dropped (see [`crate::named`]).
pub fn score_batch_named(
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &NamedRuns,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
) -> Vec<TaskRunScore> {
    score_pairs(gold, reads, &named.as_refs(), lengths, opts, |_| true)
}

/// The gold tasks that no run in `named` covers, in name order: the tasks the walk gives a `no
/// run` row (core gold lines, no run), found by the walk itself so that the rule is kept in one
/// place. For `readcov sheet`, whose run records name its runs: a gold task no record names is
/// not graded, and said with the words of every totals line ([`crate::Totals::not_scored_note`]).
pub fn no_run_tasks(
    gold: &[GoldSpan],
    named: &NamedRuns,
    lengths: &dyn FileLengths,
) -> Vec<String> {
    let opts = ScoreOptions {
        breakdown: false,
        ..ScoreOptions::default()
    };
    score_batch_named(gold, &[], named, lengths, &opts)
        .into_iter()
        .filter(|r| r.score.status == Status::NoRun)
        .map(|r| r.task)
        .collect()
}

/// [`score_batch`] counting only the reads `keep` accepts (besides the sources filter): the
/// top-k cut of `score --at-k` ([`crate::retrieval`]). A run whose reads are all cut still gets
/// its row, as with any filter.
pub fn score_batch_where<'a>(
    gold: impl IntoIterator<Item = &'a GoldSpan>,
    reads: &[ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    keep: impl Fn(&ReadSpan) -> bool,
) -> Vec<TaskRunScore> {
    score_pairs(gold, reads, &[], lengths, opts, keep)
}

/// The batch walk with named runs (sorted, distinct) and a reads filter.
fn score_pairs<'g>(
    gold: impl IntoIterator<Item = &'g GoldSpan>,
    reads: &[ReadSpan],
    named: &[(&str, &str)],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    keep: impl Fn(&ReadSpan) -> bool,
) -> Vec<TaskRunScore> {
    // Runs exist even when all their events are filtered out, so they still get a row.
    let reads_by_pair = by_task_run(reads, |r| {
        r.kind == EventKind::Read && opts.sources.contains(&r.source) && keep(r)
    });
    let mut rows = Vec::with_capacity(reads_by_pair.len() + named.len());
    score_tasks_named(
        gold,
        &reads_by_pair,
        named,
        |((task, run), _)| (task, run),
        |task_gold| prepare_gold(task_gold, lengths, opts),
        |g, run| match run {
            Some((_, r)) => g.score(r, lengths, opts.threshold, opts.breakdown),
            None => score_unread(g, opts),
        },
        |row| rows.push(row.into_owned()),
    );
    rows
}

/// One task's gold prepared as `opts` needs it (the breakdown, or the summary figures only).
fn prepare_gold(
    task_gold: &[&GoldSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
) -> PreparedGold {
    if opts.breakdown {
        PreparedGold::new(task_gold, lengths)
    } else {
        PreparedGold::summary_only(task_gold, lengths)
    }
}

/// A run that read nothing against a task's prepared gold (a named run without reads, or the
/// task's [`NO_RUN`] row before [`no_run`] marks it).
fn score_unread(g: &PreparedGold, opts: &ScoreOptions) -> RunScore {
    g.score_by(0, |_| None, opts.threshold, opts.breakdown)
}

/// The walk behind [`score_batch`], [`crate::score_lean`] and [`crate::explain::explain`]:
/// every task with gold or runs, in name order, its core gold prepared once by `prepare` (tasks
/// often have dozens of runs); one row per run, scored by `score_run` (`runs` sorted by task then run name; `key` names a run's
/// task and run), or one [`NO_RUN`] row with status [`Status::NoRun`] when no run read for the task.
pub fn score_tasks<'a, 'g: 'a, 's, R, G>(
    gold: impl IntoIterator<Item = &'g GoldSpan>,
    runs: &'s [R],
    key: impl Fn(&R) -> (&'a str, &'a str),
    prepare: impl FnMut(&[&'a GoldSpan]) -> G,
    score_run: impl FnMut(&G, Option<&R>) -> RunScore,
    emit: impl FnMut(TaskRunScore<&str>),
) where
    'a: 's,
{
    score_tasks_named(gold, runs, &[], key, prepare, score_run, emit)
}

/// [`score_tasks`] with the runs named outside the reads (`named`: (task, run), sorted and
/// distinct; [`crate::named`]): the one place the rule is kept. A named run the reads do not
/// hold is scored as a run that read nothing (`score_run(g, None)`, status unchanged: coverage
/// 0 against gold), in run-name order among the task's other runs; a task with runs or named
/// runs gets no [`NO_RUN`] row; a named run of a task with neither gold nor reads, none.
pub fn score_tasks_named<'a, 'g: 'a, 's, R, G>(
    gold: impl IntoIterator<Item = &'g GoldSpan>,
    runs: &'s [R],
    named: &[(&'a str, &'a str)],
    key: impl Fn(&R) -> (&'a str, &'a str),
    prepare: impl FnMut(&[&'a GoldSpan]) -> G,
    mut score_run: impl FnMut(&G, Option<&R>) -> RunScore,
    emit: impl FnMut(TaskRunScore<&str>),
) where
    'a: 's,
{
    score_tasks_in_order(
        gold,
        runs,
        named,
        |r: &&R| key(r),
        prepare,
        |g, r| score_run(g, r.map(|r| &**r)),
        emit,
    );
}

/// A task with gold and no run: its gold is kept (gold lines, files), nothing is measured. A task
/// with no gold lines stays unscored.
fn no_run(mut s: RunScore) -> RunScore {
    if s.status == Status::Scored {
        s.status = Status::NoRun;
        s.file_hit = None;
        s.line_coverage = None;
        s.precision = None;
        s.f1 = None;
        s.passes_threshold = None;
    }
    s
}

/// Each task with gold, in name order, with its core gold spans (a task whose gold is all
/// optional is listed with none: it still gets its rows). Gold files list a task's spans
/// together, so consecutive spans of one task are taken as one group before sorting.
fn core_gold_by_task<'a>(
    gold: impl IntoIterator<Item = &'a GoldSpan>,
) -> Vec<(&'a str, Vec<&'a GoldSpan>)> {
    let mut by_task: Vec<(&str, Vec<&GoldSpan>)> = Vec::new();
    for g in gold {
        if by_task.last().is_none_or(|(t, _)| *t != g.task) {
            by_task.push((g.task.as_str(), Vec::new()));
        }
        if g.tier == Tier::Core {
            by_task.last_mut().expect("pushed").1.push(g);
        }
    }
    // Stable, so a task split over the file keeps its spans in file order when merged.
    by_task.sort_by(|a, b| a.0.cmp(b.0));
    let mut merged: Vec<(&str, Vec<&GoldSpan>)> = Vec::with_capacity(by_task.len());
    for (task, spans) in by_task {
        match merged.last_mut() {
            Some((t, all)) if *t == task => all.extend(spans),
            _ => merged.push((task, spans)),
        }
    }
    merged
}

/// Aggregates over rows. Means are over scored rows only; every denominator is kept: `no_run`
/// counts the gold tasks no run read for (in `rows`, never in `scored` or a mean).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Totals {
    pub rows: usize,
    pub scored: usize,
    pub unscored: usize,
    pub no_run: usize,
    pub passing: usize,
    pub mean_file_hit: Option<f64>,
    pub mean_line_coverage: Option<f64>,
    pub mean_precision: Option<f64>,
    pub mean_f1: Option<f64>,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub read_lines: u64,
}

impl Totals {
    /// The words every totals line ends with when gold tasks had no run: " · 14 task(s) with
    /// no run, not scored" (empty when there were none), the same in score, report and sheet.
    pub fn not_scored_note(&self) -> String {
        no_run_note(self.no_run)
    }
}

/// " · N task(s) with no run, not scored" (empty for 0): the words of every totals line, and of
/// the sheet's count of gold tasks no run record names ([`no_run_tasks`]).
pub fn no_run_note(n: usize) -> String {
    match n {
        0 => String::new(),
        n => format!(" · {n} task(s) with no run, not scored"),
    }
}

/// Totals over rows, computed through [`ScorePartial`] so that sharded runs merge to the very
/// same figures.
pub fn totals<'a>(rows: impl IntoIterator<Item = &'a RunScore>) -> Totals {
    let mut p = ScorePartial::default();
    for s in rows {
        p.add(s);
    }
    p.finish()
}

/// A mergeable aggregate of score rows: counts and exact sums (see [`ExactSum`]). Merging the
/// partials of any split of the rows gives bit-identical [`Totals`] to one unsplit run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScorePartial {
    pub rows: u64,
    pub scored: u64,
    pub unscored: u64,
    /// Gold tasks with no run (partials written before it existed read as 0).
    #[serde(default)]
    pub no_run: u64,
    pub passing: u64,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub read_lines: u64,
    pub sum_file_hit: ExactSum,
    pub sum_line_coverage: ExactSum,
    pub sum_precision: ExactSum,
    pub sum_f1: ExactSum,
}

impl ScorePartial {
    pub fn add(&mut self, s: &RunScore) {
        self.rows += 1;
        self.read_lines += s.read_lines;
        match s.status {
            Status::Scored => {}
            Status::Unscored => {
                self.unscored += 1;
                return;
            }
            Status::NoRun => {
                self.no_run += 1;
                return;
            }
        }
        self.scored += 1;
        self.passing += u64::from(s.passes_threshold == Some(true));
        self.gold_lines += s.gold_lines;
        self.covered_lines += s.covered_lines;
        self.sum_file_hit.add(s.file_hit.unwrap_or(0.0));
        self.sum_line_coverage.add(s.line_coverage.unwrap_or(0.0));
        self.sum_precision.add(s.precision.unwrap_or(0.0));
        self.sum_f1.add(s.f1.unwrap_or(0.0));
    }

    pub fn merge(&mut self, o: &ScorePartial) {
        self.rows += o.rows;
        self.scored += o.scored;
        self.unscored += o.unscored;
        self.no_run += o.no_run;
        self.passing += o.passing;
        self.gold_lines += o.gold_lines;
        self.covered_lines += o.covered_lines;
        self.read_lines += o.read_lines;
        self.sum_file_hit.merge(&o.sum_file_hit);
        self.sum_line_coverage.merge(&o.sum_line_coverage);
        self.sum_precision.merge(&o.sum_precision);
        self.sum_f1.merge(&o.sum_f1);
    }

    pub fn finish(&self) -> Totals {
        let n = self.scored;
        Totals {
            rows: self.rows as usize,
            scored: self.scored as usize,
            unscored: self.unscored as usize,
            no_run: self.no_run as usize,
            passing: self.passing as usize,
            mean_file_hit: self.sum_file_hit.mean(n),
            mean_line_coverage: self.sum_line_coverage.mean(n),
            mean_precision: self.sum_precision.mean(n),
            mean_f1: self.sum_f1.mean(n),
            gold_lines: self.gold_lines,
            covered_lines: self.covered_lines,
            read_lines: self.read_lines,
        }
    }
}

/// An order-independent sum of ratios in `0..=1`: each value is rounded to a multiple of 2^-60
/// and summed as an integer, so any split and merge order gives the same total (float addition
/// is not associative). Serialised as a decimal string (JSON numbers lose u128 precision).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExactSum(pub u128);

const FIXED_ONE: f64 = (1u64 << 60) as f64;

impl ExactSum {
    pub fn add(&mut self, x: f64) {
        // At most 2^60: exact as a u64, whose conversion is one instruction (a u128's is a call).
        self.0 += u128::from((x.clamp(0.0, 1.0) * FIXED_ONE).round() as u64);
    }

    pub fn merge(&mut self, o: &ExactSum) {
        self.0 += o.0;
    }

    /// Whether the sum is at most `n` (each added value is at most 1): a partial claiming a
    /// larger sum over `n` rows was not written by readcov (its mean would be above 1).
    pub fn at_most(&self, n: u64) -> bool {
        self.0 <= u128::from(n) << 60
    }

    pub fn mean(&self, n: u64) -> Option<f64> {
        (n > 0).then(|| (self.0 as f64 / FIXED_ONE) / n as f64)
    }
}

impl Serialize for ExactSum {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for ExactSum {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map(ExactSum).map_err(serde::de::Error::custom)
    }
}
