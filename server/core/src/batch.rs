//! Scores many (task, run) pairs at once: groups gold by task and reads by (task, run), scores each
//! pair, and totals the rows with honest denominators.

use crate::group::by_task_run;
use crate::metrics::{FileLengths, PreparedGold, RunScore, Status, DEFAULT_THRESHOLD};
use crate::named::NamedRuns;
use crate::span::{GoldSpan, ReadSpan, Source, Tier};
use serde::Serialize;
use std::collections::BTreeSet;

mod parts;
mod scored;
mod totals;
mod walk;
pub use parts::{score_batch_named_with, RunParts};
pub use scored::{walk_kept, KeptRun, ScoredRuns};
pub use totals::{no_run_note, totals, ExactSum, ScorePartial, Totals};
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

impl ScoreOptions {
    /// Whether `r` counts as read under these options: every figure (scores, units, stages,
    /// explanations, retrieval, the sheet and the report) takes its reads by this one rule.
    #[inline]
    pub fn counts(&self, r: &ReadSpan) -> bool {
        crate::span::counts_as_read(r.kind, r.source, &self.sources)
    }
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
    score_pairs(gold, reads, &[], lengths, opts, |_| true)
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

/// [`score_batch_named`] counting only the reads `keep` accepts (besides the sources filter):
/// the top-k cut of `score --at-k` ([`crate::retrieval`]). A run whose reads are all cut still
/// gets its row, as with any filter, and so does a named run that read nothing.
pub fn score_batch_where<'a>(
    gold: impl IntoIterator<Item = &'a GoldSpan>,
    reads: &[ReadSpan],
    named: &NamedRuns,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    keep: impl Fn(&ReadSpan) -> bool,
) -> Vec<TaskRunScore> {
    score_pairs(gold, reads, &named.as_refs(), lengths, opts, keep)
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
    let reads_by_pair = by_task_run(reads, |r| opts.counts(r) && keep(r));
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
/// runs gets no [`NO_RUN`] row; a named run of a task without gold, none (even beside its reads).
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

#[cfg(test)]
mod tests;
