//! The summary's reads scored a batch at a time: consecutive (task, run) pairs holding at most
//! [`READS_PER_BATCH`] reads (a pair with more goes alone), copied out of the store as
//! `ReadSpan`s only for their batch. Each (task, run) scores alone (`score_batch`), so the
//! batches' rows, in order, are the rows of one batch over all reads; a task split between
//! batches has its gold scored with each.
//!
//! A copy of every read for the summary was ~270 bytes a read: with 1.2M reads, the peak of the
//! server (session 22, docs/performance.md).

use std::ops::RangeInclusive;

/// Reads copied for one scoring call at most (unless one (task, run) has more): ~35 MB.
pub const READS_PER_BATCH: usize = 1 << 17;

/// A (task, run) by name.
pub type Pair<'a> = (&'a str, &'a str);

/// A task and its runs with the number of their reads, in name order (no runs: gold only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskRuns {
    pub task: String,
    pub runs: Vec<(String, usize)>,
}

/// One scoring call: the tasks whose gold goes in (indices into the planned list), and the
/// first and last (task, run) pair whose reads go in, as (task index, run index); `None`: the
/// tasks have gold only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    pub tasks: RangeInclusive<usize>,
    pub pairs: Option<((usize, usize), (usize, usize))>,
}

impl Batch {
    /// The first and last (task, run) names whose reads go in.
    pub fn pair_names<'a>(&self, tasks: &'a [TaskRuns]) -> Option<(Pair<'a>, Pair<'a>)> {
        let name = |(t, r): (usize, usize)| (tasks[t].task.as_str(), tasks[t].runs[r].0.as_str());
        self.pairs.map(|(a, b)| (name(a), name(b)))
    }
}

/// Cuts `tasks` (in task order) into batches of at most `limit` reads; every task is in one
/// batch at least, every pair in exactly one.
pub fn plan(tasks: &[TaskRuns], limit: usize) -> Vec<Batch> {
    let mut out = Vec::new();
    let mut cur: Option<Batch> = None;
    let mut held = 0;
    for (t, task) in tasks.iter().enumerate() {
        if task.runs.is_empty() {
            match &mut cur {
                Some(b) => b.tasks = *b.tasks.start()..=t,
                None => {
                    cur = Some(Batch {
                        tasks: t..=t,
                        pairs: None,
                    })
                }
            }
            continue;
        }
        for (r, (_, count)) in task.runs.iter().enumerate() {
            if held > 0 && held + count > limit {
                out.extend(cur.take());
                held = 0;
            }
            let b = cur.get_or_insert(Batch {
                tasks: t..=t,
                pairs: None,
            });
            b.tasks = *b.tasks.start()..=t;
            b.pairs = Some((b.pairs.map_or((t, r), |p| p.0), (t, r)));
            held += count;
        }
    }
    out.extend(cur);
    out
}
