//! Mergeable aggregate of `readcov sheet` (`--shard I/N --emit-partial`): the denominators
//! (planned, scorable, invalid by cause, unscored, unreadable, strict successes) overall and per
//! condition, and each task's (n, c) per condition. Merging recomputes the rates and pass^k /
//! pass@k from the merged counts with the same functions one run uses, so the result is exactly
//! the unsharded sheet's aggregate.

use super::aggregate::{pass_k, ConditionSummary, Denominators, TaskCounts};
use super::evaluate::Sheet;
use crate::metrics::ratio;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConditionPartial {
    pub condition: String,
    pub denominators: Denominators,
    /// Per task: planned trials, n scorable, c strict successes. A task lives in one shard.
    pub tasks: Vec<TaskCounts>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SheetPartial {
    pub threshold: f64,
    /// The k values of pass^k / pass@k.
    pub ks: Vec<u32>,
    pub overall: Denominators,
    pub conditions: Vec<ConditionPartial>,
}

impl Denominators {
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

    /// The rates, from the counts (the same arithmetic as [`super::denominators`]).
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

impl SheetPartial {
    /// The aggregate part of a sheet graded with pass^k for `ks`.
    pub fn of(sheet: &Sheet, ks: &[u32]) -> SheetPartial {
        SheetPartial {
            threshold: sheet.threshold,
            ks: ks.to_vec(),
            overall: sheet.overall.clone(),
            conditions: sheet
                .conditions
                .iter()
                .map(|c| ConditionPartial {
                    condition: c.condition.clone(),
                    denominators: c.denominators.clone(),
                    tasks: c.tasks.clone(),
                })
                .collect(),
        }
    }

    /// Adds `o` (same threshold and ks: the caller checks). Conditions and their tasks stay
    /// sorted by name, as one run sorts them.
    pub fn merge(&mut self, o: &SheetPartial) {
        self.overall.merge(&o.overall);
        let mut by_name: BTreeMap<String, ConditionPartial> = std::mem::take(&mut self.conditions)
            .into_iter()
            .map(|c| (c.condition.clone(), c))
            .collect();
        for c in &o.conditions {
            let mine = by_name
                .entry(c.condition.clone())
                .or_insert_with(|| ConditionPartial {
                    condition: c.condition.clone(),
                    denominators: Denominators::default(),
                    tasks: Vec::new(),
                });
            mine.denominators.merge(&c.denominators);
            let mut tasks: BTreeMap<String, TaskCounts> = std::mem::take(&mut mine.tasks)
                .into_iter()
                .map(|t| (t.task.clone(), t))
                .collect();
            // The same task in two partials means overlapping shards; add rather than drop.
            for t in &c.tasks {
                let e = tasks.entry(t.task.clone()).or_insert_with(|| TaskCounts {
                    task: t.task.clone(),
                    planned: 0,
                    scorable: 0,
                    successes: 0,
                });
                e.planned += t.planned;
                e.scorable += t.scorable;
                e.successes += t.successes;
            }
            mine.tasks = tasks.into_values().collect();
        }
        self.conditions = by_name.into_values().collect();
    }

    /// Per-condition summaries with pass^k / pass@k recomputed from the tasks' (n, c).
    pub fn conditions(&self) -> Vec<ConditionSummary> {
        self.conditions
            .iter()
            .map(|c| ConditionSummary {
                condition: c.condition.clone(),
                denominators: c.denominators.clone(),
                pass_k: self.ks.iter().map(|&k| pass_k(&c.tasks, k)).collect(),
                tasks: c.tasks.clone(),
            })
            .collect()
    }
}
