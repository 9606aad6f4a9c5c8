//! Finding a lean table's runs and putting them in name order without comparing names per row:
//! names are ranked once, and the stretches of rows with one tag, noted while parsing, give the
//! runs of a log written run by run without reading the table.

use super::{LeanRead, LeanReads};
use std::ops::Range;

/// One run: its task and run ids, and its rows in the sorted table.
pub(super) struct Run {
    pub task: u32,
    pub run: u32,
    pub rows: Range<usize>,
}

/// The runs, in name order (task, then run), each as its range of the table: a run is one or
/// more stretches of rows with one tag (tags differ in source and kind too). Names are ranked
/// once, so runs are ordered by integers; a log already written run by run in name order is
/// not sorted at all, and its rows are not even read (the stretches were noted as it was
/// parsed).
pub(super) fn runs_in_order(reads: &mut LeanReads) -> Vec<Run> {
    let task_rank = name_ranks(reads, reads.tags.iter().map(|t| t.task));
    let run_rank = name_ranks(reads, reads.tags.iter().map(|t| t.run));
    let order: Vec<u64> = reads
        .tags
        .iter()
        .map(|t| {
            (u64::from(task_rank[t.task as usize]) << 32) | u64::from(run_rank[t.run as usize])
        })
        .collect();
    let in_order = reads
        .stretches
        .is_sorted_by_key(|&(_, tag)| order[tag as usize]);
    if !in_order {
        reads.rows.sort_unstable_by_key(|r| order[r.tag as usize]);
        reads.stretches = super::stretches_of(&reads.rows);
    }
    let mut runs: Vec<Run> = Vec::new();
    let mut last = None;
    for (i, &(start, tag)) in reads.stretches.iter().enumerate() {
        let end = reads.stretches.get(i + 1).map_or(reads.rows.len(), |s| s.0);
        let key = order[tag as usize];
        match runs.last_mut() {
            Some(run) if last == Some(key) => run.rows.end = end,
            _ => {
                let t = reads.tags[tag as usize];
                runs.push(Run {
                    task: t.task,
                    run: t.run,
                    rows: start..end,
                });
            }
        }
        last = Some(key);
    }
    runs
}

/// A run's rows that count (by tag, `counted`), moved to the front and sorted by path id and
/// start for the sweeps.
pub(super) fn counted_and_sorted<'r>(
    rows: &'r mut [LeanRead],
    counted: &[bool],
    all_count: bool,
) -> &'r [LeanRead] {
    let n = if all_count {
        rows.len()
    } else {
        counted_first(rows, |r| counted[r.tag as usize])
    };
    let rows = &mut rows[..n];
    sort_by_path_and_start(rows);
    rows
}

/// Sorts one run's rows by path id, then start (one integer compare, not a tuple's two).
fn sort_by_path_and_start(rows: &mut [LeanRead]) {
    rows.sort_unstable_by_key(|r| (u64::from(r.path) << 32) | u64::from(r.start));
}

/// Moves the rows `counts` takes to the front (in order) and returns how many there are.
fn counted_first(rows: &mut [LeanRead], counts: impl Fn(&LeanRead) -> bool) -> usize {
    let mut n = 0;
    for i in 0..rows.len() {
        if counts(&rows[i]) {
            if n != i {
                rows.swap(n, i);
            }
            n += 1;
        }
    }
    n
}

/// For each name id among `ids`, its rank among their names in byte order (`u32::MAX` for the
/// other ids).
fn name_ranks(reads: &LeanReads, ids: impl Iterator<Item = u32>) -> Vec<u32> {
    // Each distinct id once: marked in place of a sort and dedup of one id per tag.
    let mut rank = vec![u32::MAX; reads.names.len()];
    let mut ids: Vec<u32> = ids
        .filter(|&id| std::mem::replace(&mut rank[id as usize], 0) == u32::MAX)
        .collect();
    ids.sort_unstable_by(|&a, &b| reads.name(a).cmp(reads.name(b)));
    for (i, &id) in ids.iter().enumerate() {
        rank[id as usize] = i as u32;
    }
    rank
}
