//! Aggregation with every denominator shown: planned, scorable, invalid (by cause), unscored,
//! unreadable, strict successes — overall and per condition, never pooled across conditions.
//!
//! One run and `readcov merge` build the same [`ConditionCounts`] (counts only, added up), and
//! every rate and pass^k figure is derived from those counts by the same functions, so a merged
//! sheet is exactly the unsharded one.

use super::audit::Breakdown;
use super::evaluate::RunSheet;
use super::grade::{Grade, RunStatus};
use super::pass_sets::{common_pass_k, common_sets, pass_k, CommonSets, PassK};
use crate::metrics::ratio;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Denominators {
    /// Every trial: scorable + invalid + unscored + unreadable.
    pub planned: usize,
    pub scorable: usize,
    pub invalid: usize,
    /// Invalid runs by their first failed check (environment, simulator, scenario_oracle).
    pub invalid_by_cause: BTreeMap<String, usize>,
    pub unscored: usize,
    /// Run records that could not be parsed (still planned trials, never scorable).
    pub unreadable: usize,
    pub strict_successes: usize,
    /// strict successes / scorable.
    pub success_rate_scorable: Option<f64>,
    /// strict successes / planned.
    pub success_rate_planned: Option<f64>,
    /// scorable / planned.
    pub scorable_rate: Option<f64>,
}

impl Denominators {
    /// Counts one graded run (rates are left to [`Denominators::rates`]).
    pub fn add(&mut self, g: &Grade) {
        self.planned += 1;
        match g.status {
            RunStatus::Scored => {
                self.scorable += 1;
                self.strict_successes += usize::from(g.strict_success == Some(true));
            }
            RunStatus::Unscored => self.unscored += 1,
            RunStatus::Invalid => {
                self.invalid += 1;
                let cause = g.primary_invalid_cause().unwrap_or("unknown");
                *self.invalid_by_cause.entry(cause.to_string()).or_default() += 1;
            }
        }
    }

    /// Counts one run record that could not be parsed: planned, never scorable.
    pub fn add_unreadable(&mut self) {
        self.planned += 1;
        self.unreadable += 1;
    }

    /// Adds `o`'s counts and recomputes the rates from the sums.
    pub fn merge(&mut self, o: &Denominators) {
        self.planned += o.planned;
        self.scorable += o.scorable;
        self.invalid += o.invalid;
        for (cause, n) in &o.invalid_by_cause {
            *self.invalid_by_cause.entry(cause.clone()).or_default() += n;
        }
        self.unscored += o.unscored;
        self.unreadable += o.unreadable;
        self.strict_successes += o.strict_successes;
        self.rates();
    }

    /// The rates, from the counts.
    pub fn rates(&mut self) {
        let (s, sc, p) = (
            self.strict_successes as u64,
            self.scorable as u64,
            self.planned as u64,
        );
        self.success_rate_scorable = ratio(s, sc);
        self.success_rate_planned = ratio(s, p);
        self.scorable_rate = ratio(sc, p);
    }
}

/// Denominators of `grades` plus `unreadable` run records that could not be parsed.
pub fn denominators<'a>(
    grades: impl IntoIterator<Item = &'a Grade>,
    unreadable: usize,
) -> Denominators {
    let mut d = Denominators::default();
    grades.into_iter().for_each(|g| d.add(g));
    (0..unreadable).for_each(|_| d.add_unreadable());
    d.rates();
    d
}

/// One task within one condition: planned trials, n scorable, c strict successes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TaskCounts {
    pub task: String,
    pub planned: usize,
    pub scorable: u32,
    pub successes: u32,
}

impl TaskCounts {
    pub fn new(task: &str) -> TaskCounts {
        TaskCounts {
            task: task.to_string(),
            planned: 0,
            scorable: 0,
            successes: 0,
        }
    }

    fn merge(&mut self, o: &TaskCounts) {
        self.planned += o.planned;
        self.scorable += o.scorable;
        self.successes += o.successes;
    }
}

/// Everything counted for one condition; what `--emit-partial` writes and `readcov merge` adds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConditionCounts {
    pub condition: String,
    pub denominators: Denominators,
    /// Per task, sorted by task id. A task lives in one shard.
    pub tasks: Vec<TaskCounts>,
    /// Per axis, attribution codes, validator audit.
    #[serde(default)]
    pub breakdown: Breakdown,
}

impl ConditionCounts {
    pub fn new(condition: &str) -> ConditionCounts {
        ConditionCounts {
            condition: condition.to_string(),
            denominators: Denominators::default(),
            tasks: Vec::new(),
            breakdown: Breakdown::default(),
        }
    }

    /// A condition whose runs will name `tasks` (sorted, each once): each task's counts are
    /// placed now, so the runs added next find theirs in place. Placing each new task in the
    /// sorted list as its first run came was quadratic in tasks (200k tasks: 35–67 s).
    pub fn with_tasks<'a>(condition: &str, tasks: impl IntoIterator<Item = &'a str>) -> Self {
        let mut c = ConditionCounts::new(condition);
        c.tasks = tasks.into_iter().map(TaskCounts::new).collect();
        debug_assert!(c.tasks.windows(2).all(|w| w[0].task < w[1].task));
        c
    }

    fn task(&mut self, task: &str) -> &mut TaskCounts {
        let i = match self.tasks.binary_search_by(|t| t.task.as_str().cmp(task)) {
            Ok(i) => i,
            Err(i) => {
                self.tasks.insert(i, TaskCounts::new(task));
                i
            }
        };
        &mut self.tasks[i]
    }

    /// Counts one graded run of this condition; `limit` is `--regeneration-limit`.
    pub fn add_run(&mut self, r: &RunSheet, limit: Option<u32>) {
        self.denominators.add(&r.grade);
        self.breakdown.add(r, limit);
        let t = self.task(&r.task);
        t.planned += 1;
        if r.grade.status == RunStatus::Scored {
            t.scorable += 1;
            t.successes += u32::from(r.grade.strict_success == Some(true));
        }
        self.denominators.rates();
    }

    /// Counts one unreadable run record of this condition and `task`.
    pub fn add_unreadable(&mut self, task: &str) {
        self.denominators.add_unreadable();
        self.task(task).planned += 1;
        self.denominators.rates();
    }

    /// Adds `o` (the same condition from another shard).
    pub fn merge(&mut self, o: &ConditionCounts) {
        self.denominators.merge(&o.denominators);
        self.breakdown.merge(&o.breakdown);
        // The same task in two partials means overlapping shards; add rather than drop.
        let sorted = o.tasks.windows(2).all(|w| w[0].task < w[1].task);
        if !sorted {
            // A partial readcov did not write: task by task (slow, but still right).
            for t in &o.tasks {
                self.task(&t.task).merge(t);
            }
            return;
        }
        // Both sorted: one pass, as a merge sort merges (task by task was quadratic when the
        // shards' tasks interleave).
        let mine = std::mem::take(&mut self.tasks);
        let mut out = Vec::with_capacity(mine.len() + o.tasks.len());
        let (mut a, mut b) = (mine.into_iter().peekable(), o.tasks.iter().peekable());
        while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
            match x.task.cmp(&y.task) {
                std::cmp::Ordering::Less => out.extend(a.next()),
                std::cmp::Ordering::Greater => out.extend(b.next().cloned()),
                std::cmp::Ordering::Equal => {
                    let (mut t, y) = (a.next().expect("peeked"), b.next().expect("peeked"));
                    t.merge(y);
                    out.push(t);
                }
            }
        }
        out.extend(a);
        out.extend(b.cloned());
        self.tasks = out;
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConditionSummary {
    #[serde(flatten)]
    pub counts: ConditionCounts,
    /// Each k over this condition's tasks with n ≥ k scorable trials (the set varies with k).
    pub pass_k: Vec<PassK>,
    /// Each k over the common scorable set (the same tasks for every k and condition).
    pub pass_k_common: Vec<PassK>,
    /// Each k over the common planned set, n = planned trials (missing = failures).
    pub pass_k_planned: Vec<PassK>,
}

/// Per-condition summaries from their counts (sorted by condition, as a map keeps them), and
/// the common task sets they share.
pub fn summarise(
    counts: &BTreeMap<String, ConditionCounts>,
    ks: &[u32],
) -> (Vec<ConditionSummary>, CommonSets) {
    let sets = common_sets(counts.values().map(|c| c.tasks.as_slice()), ks);
    let summaries = counts
        .values()
        .map(|c| {
            let (common, planned): (Vec<PassK>, Vec<PassK>) = ks
                .iter()
                .map(|&k| common_pass_k(&c.tasks, &sets, k))
                .unzip();
            ConditionSummary {
                pass_k: ks.iter().map(|&k| pass_k(&c.tasks, k)).collect(),
                pass_k_common: common,
                pass_k_planned: planned,
                counts: c.clone(),
            }
        })
        .collect();
    (summaries, sets)
}
