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
