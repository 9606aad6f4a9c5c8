//! pass^k and pass@k over a set of tasks, each task contributing equally, computed per task from
//! its (n, c) — never from a pooled success rate.

use super::aggregate::TaskCounts;
use super::passk::{pass_at_k, pass_hat_k};
use serde::Serialize;

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

/// pass^k and pass@k over `tasks` with n = scorable trials; a task with n < k is left out.
pub fn pass_k(tasks: &[TaskCounts], k: u32) -> PassK {
    pass_k_with(
        tasks
            .iter()
            .map(|t| (t.task.as_str(), t.scorable, t.successes)),
        k,
    )
}

/// The same over `(task, n, c)` triples, whatever n stands for.
pub fn pass_k_with<'a>(tasks: impl IntoIterator<Item = (&'a str, u32, u32)>, k: u32) -> PassK {
    let (mut hat, mut at, mut used) = (0.0, 0.0, 0usize);
    let mut tasks_excluded = Vec::new();
    for (task, n, c) in tasks {
        match (pass_hat_k(n, c, k), pass_at_k(n, c, k)) {
            (Ok(h), Ok(a)) => {
                hat += h;
                at += a;
                used += 1;
            }
            (Err(e), _) | (_, Err(e)) => tasks_excluded.push(Excluded {
                task: task.to_string(),
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

/// The like-for-like task sets: tasks with n ≥ max(k) in **every** compared condition, once with
/// n = scorable trials and once with n = planned trials (missing trials count as failures).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CommonSets {
    pub max_k: u32,
    /// Tasks with ≥ max(k) scorable trials in every condition.
    pub scorable_tasks: Vec<String>,
    /// Tasks with ≥ max(k) planned trials in every condition.
    pub planned_tasks: Vec<String>,
}

/// The common sets of `conditions` (each a sorted list of its tasks) for `ks`.
pub fn common_sets<'a>(
    conditions: impl IntoIterator<Item = &'a [TaskCounts]> + Clone,
    ks: &[u32],
) -> CommonSets {
    let max_k = ks.iter().copied().max().unwrap_or(1);
    let in_every = |n: &dyn Fn(&TaskCounts) -> usize| -> Vec<String> {
        let mut names: Option<Vec<String>> = None;
        for tasks in conditions.clone() {
            let here: Vec<String> = tasks
                .iter()
                .filter(|t| n(t) >= max_k as usize)
                .map(|t| t.task.clone())
                .collect();
            names = Some(match names {
                None => here,
                // `here` is sorted (a condition's tasks are): a search, not a scan, which was
                // quadratic in tasks (200k tasks: 44 s).
                Some(prev) => (prev.into_iter())
                    .filter(|t| here.binary_search(t).is_ok())
                    .collect(),
            });
        }
        names.unwrap_or_default()
    };
    CommonSets {
        max_k,
        scorable_tasks: in_every(&|t| t.scorable as usize),
        planned_tasks: in_every(&|t| t.planned),
    }
}

/// pass^k over the common scorable set (n = scorable) and over the common planned set
/// (n = planned: a trial that is invalid, unscored or unreadable counts as a failure).
pub fn common_pass_k(tasks: &[TaskCounts], sets: &CommonSets, k: u32) -> (PassK, PassK) {
    let pick = |set: &[String]| -> Vec<&TaskCounts> {
        tasks
            .iter()
            .filter(|t| set.binary_search(&t.task).is_ok())
            .collect()
    };
    let scorable = pick(&sets.scorable_tasks);
    let planned = pick(&sets.planned_tasks);
    (
        pass_k_with(
            scorable
                .iter()
                .map(|t| (t.task.as_str(), t.scorable, t.successes)),
            k,
        ),
        pass_k_with(
            planned.iter().map(|t| {
                let n = u32::try_from(t.planned).unwrap_or(u32::MAX);
                (t.task.as_str(), n, t.successes)
            }),
            k,
        ),
    )
}
