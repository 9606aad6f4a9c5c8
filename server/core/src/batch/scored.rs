//! Runs scored apart, put back into the walk. A dataset of runs given as reads (`score --reads
//! rows.jsonl`) is scored a batch of rows at a time, each batch by [`super::score_batch_named`] on
//! the gold of its tasks, so that its reads can be let go; [`walk_kept`] then hands out those
//! rows, given in (task, run) order, through the same walk as every score
//! ([`super::score_tasks_in_order`]) with the rows only the whole set decides: a task no run read
//! ([`super::NO_RUN`]) and the runs labels name that read nothing. A run's row depends only on
//! its task's gold and its own reads, so the rows are those of one batch over every read,
//! provided no run's reads were split over two batches: [`ScoredRuns::run_held_twice`] finds
//! such a run among rows kept here (its rows cannot be merged from scores; the caller then
//! scores the whole set at once). The rows may also be kept elsewhere (the `files` crate spills
//! them to sorted files when there are many): the walk takes any iterator in order.

use super::{prepare_gold, score_tasks_in_order, score_unread, ScoreOptions, TaskRunScore};
use crate::metrics::{FileLengths, PreparedGold, RunScore};
use crate::named::NamedRuns;
use crate::span::GoldSpan;
use std::cell::{Cell, OnceCell};

/// One kept row: its names, its score and what the caller keeps beside it (`extra`: the `files`
/// crate keeps the run's read-before-edit), handed back with the row by [`walk_kept`].
#[derive(Debug)]
pub struct KeptRun<X = ()> {
    pub task: String,
    pub run: String,
    pub score: RunScore,
    pub extra: X,
}

impl<X> KeptRun<X> {
    /// The names, as the walk orders rows.
    pub fn names(&self) -> (&str, &str) {
        (&self.task, &self.run)
    }
}

/// Rows of runs scored apart, kept in memory until they are walked or handed on in order.
#[derive(Debug)]
pub struct ScoredRuns<X = ()> {
    rows: Vec<KeptRun<X>>,
    /// Whether `rows` are in (task, run) order.
    sorted: bool,
}

impl<X> Default for ScoredRuns<X> {
    fn default() -> Self {
        ScoredRuns {
            rows: Vec::new(),
            sorted: true,
        }
    }
}

impl ScoredRuns {
    /// Adds a batch's rows.
    pub fn extend(&mut self, rows: impl IntoIterator<Item = TaskRunScore>) {
        for r in rows {
            self.push(r, ());
        }
    }
}

impl<X> ScoredRuns<X> {
    /// Adds one row with what the caller keeps beside it.
    pub fn push(&mut self, row: TaskRunScore, extra: X) {
        let TaskRunScore { task, run, score } = row;
        self.push_kept(KeptRun {
            task,
            run,
            score,
            extra,
        });
    }

    /// Adds one kept row (one taken out by [`ScoredRuns::drain_sorted`], put back).
    pub fn push_kept(&mut self, row: KeptRun<X>) {
        self.sorted = self.sorted && self.rows.last().is_none_or(|l| l.names() <= row.names());
        self.rows.push(row);
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Only the rows of the tasks `keep` accepts (a shard's).
    pub fn retain_tasks(&mut self, keep: impl Fn(&str) -> bool) {
        self.rows.retain(|r| keep(&r.task));
    }

    /// A (task, run) that has two rows: its reads came in two batches, each scored alone, where
    /// one batch over every read would have merged them into one run.
    pub fn run_held_twice(&mut self) -> Option<(&str, &str)> {
        self.sort();
        let twice = self.rows.windows(2).find(|w| w[0].names() == w[1].names());
        twice.map(|w| w[0].names())
    }

    fn sort(&mut self) {
        if !self.sorted {
            self.rows.sort_unstable_by(|a, b| a.names().cmp(&b.names()));
            self.sorted = true;
        }
    }

    /// Every row, taken out in (task, run) order (the memory kept for the next rows).
    pub fn drain_sorted(&mut self) -> std::vec::Drain<'_, KeptRun<X>> {
        self.sort();
        self.rows.drain(..)
    }

    /// [`walk_kept`] over these rows. Expects no run held twice
    /// ([`ScoredRuns::run_held_twice`]).
    pub fn walk(
        mut self,
        gold: &[GoldSpan],
        named: &NamedRuns,
        lengths: &dyn FileLengths,
        opts: &ScoreOptions,
        emit: impl FnMut(TaskRunScore<&str>, Option<X>),
    ) {
        self.sort();
        walk_kept(self.rows, gold, named, lengths, opts, emit);
    }
}

/// Every row in the walk's order, as [`super::score_batch_named`] over all the runs' reads
/// would give it: the kept rows (`rows`, in (task, run) order, each handed to `emit` with its
/// `extra`), a [`super::NO_RUN`] row for each task of `gold` that no kept row and no named run
/// covers, and a row with coverage 0 for each named run without a kept row (`None` beside
/// them); `gold`, `named` and `opts` as the batches were scored with, `gold` of every task, the
/// batches' and the others. Expects no (task, run) twice: a second row of a run would be handed
/// out as a second run of the same name (the caller checks, [`ScoredRuns::run_held_twice`] or
/// its own merge).
pub fn walk_kept<X>(
    rows: impl IntoIterator<Item = KeptRun<X>>,
    gold: &[GoldSpan],
    named: &NamedRuns,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    mut emit: impl FnMut(TaskRunScore<&str>, Option<X>),
) {
    let named = named.as_refs();
    // The walk scores a kept row (its score taken out, its extra set aside here) just before it
    // emits it: the extra goes out with that row.
    let extra: Cell<Option<X>> = Cell::new(None);
    let rows = rows
        .into_iter()
        .map(|r| (r.task, r.run, Some((r.score, r.extra))));
    score_tasks_in_order(
        gold,
        rows,
        &named,
        |(task, run, _)| (task.as_str(), run.as_str()),
        // Prepared only for a row scored here (a task's no-run row, a named run unread):
        // the kept rows were scored against it already.
        |task_gold| (task_gold.to_vec(), OnceCell::new()),
        |(task_gold, prepared): &(Vec<&GoldSpan>, OnceCell<PreparedGold>), run| match run {
            Some((_, _, kept)) => {
                let (score, x) = kept.take().expect("each kept row is walked once");
                extra.set(Some(x));
                score
            }
            None => score_unread(
                prepared.get_or_init(|| prepare_gold(task_gold, lengths, opts)),
                opts,
            ),
        },
        |row| emit(row, extra.take()),
    );
}
