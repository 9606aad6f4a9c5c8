//! `readcov/tasks`' figures scored a batch of (task, run) pairs at a time, as the summary's
//! rows are ([`super::batches`]): it copied every kept read out of the store at once
//! (`reads_for_scoring`, ~270 bytes a read, as the summary's copy was), the last request that
//! did.

use super::{batches, reads_between, task_runs};
use crate::backend::Inner;
use crate::store::Held;
use crate::task;
use readcov_core::explain::{tasks, TaskFigures};
use readcov_core::{FileLengths, GoldSpan, ScoreOptions, Source};
use std::collections::{BTreeMap, BTreeSet};

/// `readcov/tasks`: every task with gold or run rows (what-if reads apart unless `sources`
/// counts them), each run with its figures.
pub fn all_tasks(me: &Inner) -> Vec<TaskFigures> {
    let mut gold = me.store.all_gold();
    // By task (stable: each task's spans keep their order), so a batch's tasks are a slice.
    gold.sort_by(|a, b| a.task.cmp(&b.task));
    let sources = me.store.config().sources;
    let kept = |s: Source| task::is_run_row(s, &sources);
    // The lengths of the files the gold and the kept reads name, each file's text counted once.
    let mut paths: BTreeSet<String> = gold.iter().map(|g| g.path.to_string()).collect();
    me.store.each_read(&mut |r| {
        if kept(r.source) && !paths.contains(&*r.path) {
            paths.insert(r.path.to_string());
        }
    });
    let lengths: BTreeMap<String, u32> = (paths.into_iter())
        .filter_map(|p| {
            let n = task::count_lines(&task::disk_text(me, &p)?.1);
            Some((p, n))
        })
        .collect();
    let opts = task::options(me);
    let held = || me.store.held();
    tasks_in_batches(held, &gold, kept, &lengths, &opts, batches::READS_PER_BATCH)
}

/// `tasks` over the reads of sources `kept` takes of those `held` holds (looked at once to plan,
/// then once per batch while it is copied), copied out at most `limit` at a time (unless one
/// (task, run) has more); `gold` sorted by task. Each (task, run) scores alone,
/// so a task whose runs fall in two batches gets its runs from both, in name order, and the
/// figures of one call over all reads.
pub(crate) fn tasks_in_batches<H: std::ops::Deref<Target = Held>>(
    held: impl Fn() -> H,
    gold: &[GoldSpan],
    kept: impl Fn(Source) -> bool,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    limit: usize,
) -> Vec<TaskFigures> {
    let refs: Vec<&GoldSpan> = gold.iter().collect();
    let (planned, _) = task_runs(&held(), &refs, &kept);
    let mut out: Vec<TaskFigures> = Vec::new();
    for batch in batches::plan(&planned, limit) {
        let first = planned[*batch.tasks.start()].task.as_str();
        let last = planned[*batch.tasks.end()].task.as_str();
        let from = gold.partition_point(|g| g.task.as_str() < first);
        let to = gold.partition_point(|g| g.task.as_str() <= last);
        let reads = match batch.pair_names(&planned) {
            Some((lo, hi)) => reads_between(&held(), lo, hi, &kept),
            None => Vec::new(),
        };
        for t in tasks(&gold[from..to], &reads, lengths, opts) {
            match out.last_mut() {
                // The task's first batch gave its gold figures; later ones add runs.
                Some(prev) if prev.task == t.task => prev.runs.extend(t.runs),
                _ => out.push(t),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
