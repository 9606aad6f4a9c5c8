//! Runs scored apart, put back into the walk. A dataset of runs given as reads (`score --reads
//! rows.jsonl`) is scored a batch of rows at a time, each batch by [`super::score_batch_named`] on
//! the gold of its tasks, so that its reads can be let go; [`ScoredRuns::walk`] then hands out
//! those rows through the same walk ([`super::score_tasks_named`]) with the rows only the whole
//! set decides: a task no run read ([`super::NO_RUN`]) and the runs labels name that read
//! nothing. A run's row depends only on its task's gold and its own reads, so the rows are those
//! of one batch over every read, provided no run's reads were split over two batches:
//! [`ScoredRuns::run_held_twice`] finds such a run (its rows cannot be merged from scores; the
//! caller then scores the whole set at once).

use super::{prepare_gold, score_tasks_named, score_unread, ScoreOptions, TaskRunScore};
use crate::metrics::{FileLengths, PreparedGold, RunScore};
use crate::named::NamedRuns;
use crate::span::GoldSpan;
use std::cell::OnceCell;

/// Rows of runs scored apart, kept until the walk: each row's names and its score side by side
/// (so the walk takes the scores out without a second copy of either), and the rows' order by
/// name once sorted.
#[derive(Debug, Default)]
pub struct ScoredRuns {
    names: Vec<(String, String)>,
    scores: Vec<Option<RunScore>>,
    /// Row indices in (task, run) order; empty until sorted (or when there are no rows).
    order: Vec<usize>,
}

impl ScoredRuns {
    /// Adds a batch's rows.
    pub fn extend(&mut self, rows: impl IntoIterator<Item = TaskRunScore>) {
        for r in rows {
            self.names.push((r.task, r.run));
            self.scores.push(Some(r.score));
        }
        self.order.clear();
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Only the rows of the tasks `keep` accepts (a shard's).
    pub fn retain_tasks(&mut self, keep: impl Fn(&str) -> bool) {
        let rows = std::mem::take(&mut self.names).into_iter();
        (self.names, self.scores) = (rows.zip(std::mem::take(&mut self.scores)))
            .filter(|((task, _), _)| keep(task))
            .unzip();
        self.order.clear();
    }

    /// A (task, run) that has two rows: its reads came in two batches, each scored alone, where
    /// one batch over every read would have merged them into one run.
    pub fn run_held_twice(&mut self) -> Option<(&str, &str)> {
        self.sort();
        let name = |i: usize| (self.names[i].0.as_str(), self.names[i].1.as_str());
        let twice = self.order.windows(2).find(|w| name(w[0]) == name(w[1]));
        twice.map(|w| name(w[0]))
    }

    fn sort(&mut self) {
        if self.order.len() != self.names.len() {
            let names = &self.names;
            self.order = (0..names.len()).collect();
            self.order
                .sort_unstable_by(|&a, &b| names[a].cmp(&names[b]));
        }
    }

    /// Every row in the walk's order, as [`super::score_batch_named`] over all the runs' reads
    /// would give it: the kept rows, a [`super::NO_RUN`] row for each task of `gold` that no
    /// kept row and no named run covers, and a row with coverage 0 for each named run without a
    /// kept row (`gold`, `named` and `opts` as the batches were scored with; `gold` of every
    /// task, the batches' and the others). Expects no run held twice
    /// ([`ScoredRuns::run_held_twice`]): a second row of a run would be handed out as a second
    /// run of the same name.
    pub fn walk(
        mut self,
        gold: &[GoldSpan],
        named: &NamedRuns,
        lengths: &dyn FileLengths,
        opts: &ScoreOptions,
        mut emit: impl FnMut(TaskRunScore<&str>),
    ) {
        self.sort();
        let (names, mut scores) = (&self.names, self.scores);
        let named = named.as_refs();
        score_tasks_named(
            gold,
            &self.order,
            &named,
            |&i| (names[i].0.as_str(), names[i].1.as_str()),
            // Prepared only for a row scored here (a task's no-run row, a named run unread):
            // the kept rows were scored against it already.
            |task_gold| (task_gold.to_vec(), OnceCell::new()),
            |(task_gold, prepared): &(Vec<&GoldSpan>, OnceCell<PreparedGold>), run| match run {
                Some(&i) => scores[i].take().expect("each kept row is walked once"),
                None => score_unread(
                    prepared.get_or_init(|| prepare_gold(task_gold, lengths, opts)),
                    opts,
                ),
            },
            &mut emit,
        );
    }
}
