//! Aggregation with every denominator shown: planned, scorable, invalid (by cause), unscored,
//! strict successes; and pass^k / pass@k computed per task, averaged over tasks, one condition at
//! a time (never pooled across conditions, never from a pooled success rate).

use super::grade::{Grade, RunStatus};
use super::passk::{pass_at_k, pass_hat_k};
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

pub fn denominators<'a>(
    grades: impl IntoIterator<Item = &'a Grade>,
    unreadable: usize,
) -> Denominators {
    let mut d = Denominators {
        unreadable,
        ..Denominators::default()
    };
    for g in grades {
        d.planned += 1;
        match g.status {
            RunStatus::Scored => {
                d.scorable += 1;
                d.strict_successes += usize::from(g.strict_success == Some(true));
            }
            RunStatus::Unscored => d.unscored += 1,
            RunStatus::Invalid => {
                d.invalid += 1;
                let cause = g.primary_invalid_cause().unwrap_or("unknown");
                *d.invalid_by_cause.entry(cause.to_string()).or_default() += 1;
            }
        }
    }
    d.planned += unreadable;
    d.rates();
    d
}

/// One task within one condition: n scorable trials, c strict successes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TaskCounts {
    pub task: String,
    pub planned: usize,
    pub scorable: u32,
    pub successes: u32,
}

/// A task left out of a pass^k mean, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Excluded {
    pub task: String,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PassK {
    pub k: u32,
    /// Mean over the tasks used of C(c,k)/C(n,k); `None` when no task has k scorable trials.
    pub pass_hat_k: Option<f64>,
    /// Mean over the tasks used of 1 − C(n−c,k)/C(n,k).
    pub pass_at_k: Option<f64>,
    pub tasks_used: usize,
    pub tasks_excluded: Vec<Excluded>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConditionSummary {
    pub condition: String,
    pub denominators: Denominators,
    pub tasks: Vec<TaskCounts>,
    pub pass_k: Vec<PassK>,
}

/// pass^k and pass@k over tasks, each task contributing equally.
pub fn pass_k(tasks: &[TaskCounts], k: u32) -> PassK {
    let (mut hat, mut at, mut used) = (0.0, 0.0, 0usize);
    let mut tasks_excluded = Vec::new();
    for t in tasks {
        match (
            pass_hat_k(t.scorable, t.successes, k),
            pass_at_k(t.scorable, t.successes, k),
        ) {
            (Ok(h), Ok(a)) => {
                hat += h;
                at += a;
                used += 1;
            }
            (Err(e), _) | (_, Err(e)) => tasks_excluded.push(Excluded {
                task: t.task.clone(),
                reason: e.to_string(),
            }),
        }
    }
    let n = used as f64;
    PassK {
        k,
        pass_hat_k: (used > 0).then(|| hat / n),
        pass_at_k: (used > 0).then(|| at / n),
        tasks_used: used,
        tasks_excluded,
    }
}

/// Groups graded runs `(condition, task, grade)` by condition and summarises each group.
pub fn summarise_conditions<'a>(
    runs: impl IntoIterator<Item = (&'a str, &'a str, &'a Grade)>,
    ks: &[u32],
) -> Vec<ConditionSummary> {
    let mut groups: BTreeMap<&str, Vec<(&str, &Grade)>> = BTreeMap::new();
    for (condition, task, g) in runs {
        groups.entry(condition).or_default().push((task, g));
    }
    groups
        .into_iter()
        .map(|(condition, runs)| {
            let mut by_task: BTreeMap<&str, TaskCounts> = BTreeMap::new();
            for (task, g) in &runs {
                let t = by_task.entry(task).or_insert_with(|| TaskCounts {
                    task: task.to_string(),
                    planned: 0,
                    scorable: 0,
                    successes: 0,
                });
                t.planned += 1;
                if g.status == RunStatus::Scored {
                    t.scorable += 1;
                    t.successes += u32::from(g.strict_success == Some(true));
                }
            }
            let tasks: Vec<TaskCounts> = by_task.into_values().collect();
            ConditionSummary {
                condition: condition.to_string(),
                denominators: denominators(runs.iter().map(|(_, g)| *g), 0),
                pass_k: ks.iter().map(|&k| pass_k(&tasks, k)).collect(),
                tasks,
            }
        })
        .collect()
}
