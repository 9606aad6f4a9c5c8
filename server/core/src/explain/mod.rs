//! `explain`: one (task, run) laid out for a person — every gold file opened or not, every gold
//! span under the threshold with the nearest reads around it, the agent's edits, coverage per
//! turn, and optionally a second run beside it. Scored on the one walk (`score_tasks` +
//! `PreparedGold`); everything here only arranges what that walk measured, plus the reads'
//! turns, tools and commands it does not look at.

mod against;
mod model;
mod nearest;
mod tasks;
#[cfg(test)]
mod tests;
mod timeline;

pub use model::*;
pub use nearest::{elide_middle, nearest_reads, shorten};
pub use tasks::{tasks, RunFigures, TaskFigures};
pub use timeline::edits_before_reading;

use crate::batch::{score_tasks, ScoreOptions, NO_RUN};
use crate::group::by_task_run;
use crate::lineset::LineSet;
use crate::metrics::{FileLengths, PreparedGold, RunScore, Status};
use crate::span::{GoldSpan, ReadSpan};
use std::collections::BTreeMap;
use thiserror::Error;

/// Which (task, run) to explain, and optionally a second run of the same task to set beside it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExplainRequest<'a> {
    pub task: &'a str,
    /// `None`: the task's only run (or [`NO_RUN`] when nobody read for it).
    pub run: Option<&'a str>,
    pub against: Option<&'a str>,
    /// Runs of the task the caller knows that have no row: a trajectory's run whose every edit
    /// the import could not place on base lines (and that read nothing) is explained with no
    /// reads, its lost edits beside it, instead of being unknown.
    pub more_runs: &'a [String],
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExplainError {
    #[error("task `{task}` has neither gold nor reads (tasks: {})", list(known))]
    UnknownTask { task: String, known: Vec<String> },
    #[error("task `{task}` has no run `{run}` (runs: {})", list(runs))]
    UnknownRun {
        task: String,
        run: String,
        runs: Vec<String>,
    },
    #[error("task `{task}` has {} runs ({}); pick one with --run", runs.len(), list(runs))]
    AmbiguousRun { task: String, runs: Vec<String> },
    #[error("--against names the explained run `{run}` itself")]
    AgainstItself { run: String },
}

/// At most ten names, then how many more: an error message stays one line.
fn list(names: &[String]) -> String {
    if names.is_empty() {
        return "none".into();
    }
    let mut s = names
        .iter()
        .take(10)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > 10 {
        s += &format!(", … {} more", names.len() - 10);
    }
    s
}

/// Explains one run of one task. `reads` and `gold` may hold other tasks (they are skipped);
/// `units` gives each gold file's syntax units as plain line ranges (empty: none known).
pub fn explain<'a>(
    gold: &'a [GoldSpan],
    reads: &'a [ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    units: &UnitMap,
    req: &ExplainRequest<'a>,
) -> Result<Explanation, ExplainError> {
    let task = req.task;
    let task_gold: Vec<GoldSpan> = gold.iter().filter(|g| g.task == task).cloned().collect();
    let task_rows: Vec<&ReadSpan> = reads.iter().filter(|r| r.task == task).collect();
    if task_gold.is_empty() && task_rows.is_empty() && req.more_runs.is_empty() {
        return Err(ExplainError::UnknownTask {
            task: task.into(),
            known: known_tasks(gold, reads),
        });
    }
    // The same filter as `score_batch`: a run whose rows are all filtered out (edits only, or
    // what-if reads only) still exists, with no reads.
    let mut runs = by_task_run(task_rows.iter().copied(), |r| opts.counts(r));
    let rowless: Vec<_> = (req.more_runs.iter())
        .filter(|m| !runs.iter().any(|((_, r), _)| r == m))
        .map(|m| ((task, m.as_str()), Vec::new()))
        .collect();
    if !rowless.is_empty() {
        runs.extend(rowless);
        // The walk takes runs in name order.
        runs.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        runs.dedup_by(|a, b| a.0 == b.0);
    }
    let names: Vec<String> = runs.iter().map(|((_, r), _)| r.to_string()).collect();
    let run = pick_run(task, req.run, &names)?;
    let other = match req.against {
        Some(a) if a == run => return Err(ExplainError::AgainstItself { run }),
        Some(a) => Some(pick_run(task, Some(a), &names)?),
        None => None,
    };
    // Only the runs asked about go through the walk (in name order, as it requires).
    let chosen: Vec<_> = (runs.iter())
        .filter(|((_, r), _)| *r == run || other.as_deref() == Some(*r))
        .collect();
    let mut scored: BTreeMap<String, RunScore> = BTreeMap::new();
    let mut turns = None;
    let mut gold_sets: BTreeMap<String, LineSet> = BTreeMap::new();
    score_tasks(
        &task_gold,
        &chosen,
        |((t, r), _)| (*t, *r),
        |g| {
            let prepared = PreparedGold::new(g, lengths);
            // The gold lines per file as the walk clipped them, for the edits below.
            gold_sets = (prepared.files())
                .map(|(p, s)| (p.to_string(), s.clone()))
                .collect();
            prepared
        },
        |g, pair| {
            let rows: &[&ReadSpan] = pair.map_or(&[], |(_, rows)| rows.as_slice());
            let s = g.score(rows, lengths, opts.threshold, true);
            let name = pair.map_or(NO_RUN, |((_, r), _)| *r);
            if name == run {
                turns = Some(timeline::of(g, rows, lengths, opts.threshold));
            }
            s
        },
        |row| {
            scored.insert(row.run.to_string(), row.score);
        },
    );
    let score = scored
        .remove(&run)
        .expect("the walk scores every chosen run");
    let turns = turns.expect("the walk scores the explained run");
    let run_rows: Vec<&ReadSpan> = task_rows.iter().copied().filter(|r| r.run == run).collect();
    let counted = |r: &&ReadSpan| opts.counts(r);
    let read_rows: Vec<&ReadSpan> = run_rows.iter().copied().filter(counted).collect();
    let files = nearest::files(&score, &read_rows, units, opts.threshold);
    let edits = timeline::edits(
        &run_rows,
        counted,
        &gold_sets,
        lengths,
        turns.first_at_threshold,
        score.status,
    );
    let against = match (other, scored.into_iter().next()) {
        (Some(_), Some((name, o))) => Some(against::compare(&score, name, &o)),
        _ => None,
    };
    Ok(Explanation {
        task: task.into(),
        run,
        runs: names,
        status: score.status,
        verdict: Verdict::of(&score),
        threshold: opts.threshold,
        file_hit: score.file_hit,
        line_coverage: score.line_coverage,
        gold_files: score.gold_files,
        files_hit: score.files_hit,
        gold_lines: score.gold_lines,
        covered_lines: score.covered_lines,
        read_lines: score.read_lines,
        reads: read_rows.len(),
        outcome: None,
        files,
        read_elsewhere: nearest::elsewhere(&score, &read_rows, lengths),
        edits,
        lost_edits: Vec::new(),
        timeline: turns.points,
        untimed_reads: turns.untimed,
        first_turn_at_threshold: turns.first_at_threshold,
        against,
        stages: None,
    })
}

/// The run to explain: the one asked for, or the task's only one, or [`NO_RUN`] when none read.
fn pick_run(task: &str, asked: Option<&str>, runs: &[String]) -> Result<String, ExplainError> {
    match (asked, runs) {
        (Some(a), _) if runs.iter().any(|r| r == a) => Ok(a.into()),
        // The name the score table gives a task nobody read.
        (Some(a), []) if a == NO_RUN => Ok(NO_RUN.into()),
        (Some(a), _) => Err(ExplainError::UnknownRun {
            task: task.into(),
            run: a.into(),
            runs: runs.to_vec(),
        }),
        (None, []) => Ok(NO_RUN.into()),
        (None, [one]) => Ok(one.clone()),
        (None, _) => Err(ExplainError::AmbiguousRun {
            task: task.into(),
            runs: runs.to_vec(),
        }),
    }
}

fn known_tasks(gold: &[GoldSpan], reads: &[ReadSpan]) -> Vec<String> {
    let names = gold.iter().map(|g| g.task.as_str());
    let all: std::collections::BTreeSet<&str> =
        names.chain(reads.iter().map(|r| r.task.as_str())).collect();
    all.into_iter().map(str::to_string).collect()
}

impl Verdict {
    fn of(s: &RunScore) -> Verdict {
        match (s.status, s.passes_threshold) {
            (Status::Unscored, _) => Verdict::Unscored,
            (Status::NoRun, _) => Verdict::NoRun,
            (_, Some(true)) => Verdict::Pass,
            _ => Verdict::Below,
        }
    }
}
