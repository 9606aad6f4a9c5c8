//! [`score_batch_named`](super::score_batch_named) with the caller's own value beside each row,
//! made from what the walk scored the row on: the task's prepared gold and the run's counted
//! reads. The report's timelines, unit scores and LCOV hits take their lines this way, never
//! from a grouping of their own, so they cannot drift from the scores.

use super::walk::score_tasks_in_order;
use super::{prepare_gold, score_unread, ScoreOptions, TaskRunScore};
use crate::group::by_task_run;
use crate::metrics::{FileLengths, PreparedGold};
use crate::named::NamedRuns;
use crate::span::{GoldSpan, ReadSpan};
use std::cell::{Cell, RefCell};

/// What one row of [`score_batch_named_with`] was scored on.
pub struct RunParts<'r> {
    /// The row (task, run, score).
    pub row: &'r TaskRunScore<&'r str>,
    /// Its task's core gold, prepared once per task (gold lines per file, clipped).
    pub gold: &'r PreparedGold,
    /// The run's counted reads ([`ScoreOptions::counts`]) in file order; none for a named run
    /// that read nothing or a [`super::NO_RUN`] row.
    pub reads: &'r [&'r ReadSpan],
}

/// The rows of [`super::score_batch_named`] (the same walk, filter, gold and scoring; kept
/// equal by `batch/tests.rs`), each with `extra` of its [`RunParts`].
pub fn score_batch_named_with<X>(
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &NamedRuns,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    mut extra: impl FnMut(RunParts) -> X,
) -> Vec<(TaskRunScore, X)> {
    // Runs exist even when all their events are filtered out, so they still get a row.
    let reads_by_pair = by_task_run(reads, |r| opts.counts(r));
    let named = named.as_refs();
    let mut rows = Vec::with_capacity(reads_by_pair.len() + named.len());
    // The task's prepared gold and the reads of the run just scored, for `extra` when the run's
    // row comes out (the walk emits each row right after scoring it).
    let task_gold: RefCell<Option<PreparedGold>> = RefCell::new(None);
    let run_reads: Cell<&[&ReadSpan]> = Cell::new(&[]);
    // The walk itself (as `score_tasks_named` calls it), handed the runs by reference so that a
    // run's reads can be kept until its row comes out.
    score_tasks_in_order(
        gold,
        reads_by_pair.iter(),
        &named,
        |((task, run), _)| (task, run),
        |spans| *task_gold.borrow_mut() = Some(prepare_gold(spans, lengths, opts)),
        |(), run| {
            let g = task_gold.borrow();
            let g = g.as_ref().expect("prepared before its runs");
            match run {
                Some((_, r)) => {
                    run_reads.set(r);
                    g.score(r, lengths, opts.threshold, opts.breakdown)
                }
                None => {
                    run_reads.set(&[]);
                    score_unread(g, opts)
                }
            }
        },
        |row| {
            let g = task_gold.borrow();
            let gold = g.as_ref().expect("prepared before its runs");
            let reads = run_reads.get();
            let x = extra(RunParts {
                row: &row,
                gold,
                reads,
            });
            rows.push((row.into_owned(), x));
        },
    );
    rows
}
