//! Scoring the lean reads table with integers: runs ordered by the ranks of their names, each
//! task's gold keyed by the table's path ids, and each run's files joined to the gold files by
//! id. Names are compared only to rank them (once per distinct name) and borrowed into the rows.
//!
//! Why: with strings in the loop (a sort by names, a map from gold path to lines looked up per
//! file read, two name copies per row), the metric phase was 27% of parsing on the
//! SWE-Explore-scale corpus (callgrind); the goal is a small fraction.

use super::runs::{counted_and_sorted, runs_in_order, Run};
use super::{Fx, LeanRead, LeanReads};
use crate::batch::{score_tasks_named, ScoreOptions, TaskRunScore};
use crate::lineset::{Interval, LineSet};
use crate::metrics::{finish, gold_files, FileLengths, FileTotals, PreparedGold};
use crate::named::NamedRuns;
use crate::span::GoldSpan;
use std::collections::HashMap;

/// Scores every (task, run) exactly as [`crate::score_batch`] does, handing each row to `emit`
/// in the same order (task, then run) instead of returning them all; rows borrow their names
/// from `reads`. Sorts `reads.rows` into runs.
pub fn score_lean(
    gold: &[GoldSpan],
    reads: &mut LeanReads,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    emit: impl FnMut(TaskRunScore<&str>),
) {
    score_lean_named(gold, reads, &NamedRuns::default(), lengths, opts, emit)
}

/// [`score_lean`] with the runs labels or run records name, as [`crate::score_batch_named`]
/// scores them (a named run that read nothing: coverage 0).
pub fn score_lean_named(
    gold: &[GoldSpan],
    reads: &mut LeanReads,
    named: &NamedRuns,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    emit: impl FnMut(TaskRunScore<&str>),
) {
    let named = named.as_refs();
    let runs = runs_in_order(reads);
    let counted: Vec<bool> = reads
        .tags
        .iter()
        .map(|t| crate::span::counts_as_read(t.kind, t.source, &opts.sources))
        .collect();
    let all_count = counted.iter().all(|&c| c);
    // Known lengths once per name, not once per file of each run.
    let limits: Vec<Option<u32>> = reads.names.iter().map(|n| lengths.lines_in(n)).collect();
    // Names and ids are read while a run's rows are sorted in place.
    let LeanReads {
        names, ids, rows, ..
    } = reads;
    let (names, ids) = (&*names, &*ids);
    // The read sets of one run's gold files, by file index, and which the run read: kept from
    // run to run, so that their memory is.
    let (mut sets, mut read): (Vec<LineSet>, Vec<bool>) = (Vec::new(), Vec::new());
    let score_run = |g: &TaskGold, run: Option<&Run>| {
        let rows = match run {
            // Sorted here, just before the sweeps read them, while they are in the cache.
            Some(r) => counted_and_sorted(&mut rows[r.rows.clone()], &counted, all_count),
            None => &[][..],
        };
        match &g.full {
            // The breakdown lists files and spans: the read set of each gold file.
            Some(full) => {
                let n = full.files().len();
                if sets.len() < n {
                    sets.resize_with(n, LineSet::new);
                }
                read.clear();
                read.resize(n, false);
                let read_lines = join_files(rows, g, &limits, |file, limit, gold| {
                    let set = &mut sets[gold.index];
                    set.assign_sorted(clipped(file, limit));
                    read[gold.index] = true;
                    set.len()
                });
                let read_of = |i: usize| read[i].then(|| &sets[i]);
                full.score_by(read_lines, read_of, opts.threshold, true)
            }
            // The summary needs only counts: no set is built (profiled: building the read sets
            // of gold files was a fifth of the metric phase).
            None => {
                let mut t = g.totals();
                let read_lines = join_files(rows, g, &limits, |file, limit, gold| {
                    let (read, covered) = read_counts(file, limit, &gold.lines);
                    t.covered_lines += covered;
                    t.files_hit += usize::from(read > 0);
                    read
                });
                finish(t, read_lines, opts.threshold, Vec::new(), Vec::new())
            }
        }
    };
    score_tasks_named(
        gold,
        &runs,
        &named,
        |r| (&*names[r.task as usize], &*names[r.run as usize]),
        |task_gold| TaskGold::new(task_gold, ids, lengths, opts.breakdown),
        score_run,
        emit,
    );
}

/// One gold file of a task: its path's id in the table (`u32::MAX` for a path no read names:
/// never met by a read), its index in the task's [`PreparedGold::files`] (with the breakdown),
/// and its lines (without: with the breakdown they are in [`TaskGold::full`]).
struct GoldFile {
    id: u32,
    index: usize,
    lines: LineSet,
}

/// One task's core gold for the table: its gold files with lines, sorted by path id (files whose
/// lines are all past a known end are left out, as [`FileTotals`] leaves them out), and with the
/// breakdown, the gold as [`PreparedGold`] holds it (spans and all).
struct TaskGold {
    files: Vec<GoldFile>,
    gold_lines: u64,
    full: Option<PreparedGold>,
}

impl TaskGold {
    fn new(
        gold: &[&GoldSpan],
        ids: &HashMap<Box<str>, u32, Fx>,
        lengths: &dyn FileLengths,
        breakdown: bool,
    ) -> TaskGold {
        let id_of = |path: &str| ids.get(path).copied().unwrap_or(u32::MAX);
        if breakdown {
            let full = PreparedGold::new(gold, lengths);
            let mut files: Vec<GoldFile> = (full.files().enumerate())
                .filter(|(_, (_, set))| !set.is_empty())
                .map(|(index, (path, _))| GoldFile {
                    id: id_of(path),
                    index,
                    lines: LineSet::new(),
                })
                .collect();
            files.sort_unstable_by_key(|f| f.id);
            return TaskGold {
                gold_lines: 0,
                files,
                full: Some(full),
            };
        }
        let spans = gold.iter().map(|g| (g.path.as_str(), g.start, g.end));
        let mut files: Vec<GoldFile> = (gold_files(spans, lengths).into_iter())
            .filter(|(_, set)| !set.is_empty())
            .enumerate()
            .map(|(index, (path, lines))| GoldFile {
                id: id_of(path),
                index,
                lines,
            })
            .collect();
        files.sort_unstable_by_key(|f| f.id);
        TaskGold {
            gold_lines: files.iter().map(|f| f.lines.len()).sum(),
            files,
            full: None,
        }
    }

    /// The totals of a run that read none of the gold.
    fn totals(&self) -> FileTotals {
        FileTotals {
            gold_lines: self.gold_lines,
            gold_files: self.files.len(),
            files_hit: 0,
            covered_lines: 0,
        }
    }
}

/// One run's reads (sorted by path id, then start), joined by path id to the gold files: calls
/// `gold_file` with each gold file the run read (its reads, its known length, its gold
/// lines), which gives the lines read in it; files without gold are only counted, by a sweep.
/// Returns the lines read in all, clipped to known file lengths as [`crate::collect_lines`]
/// clips them.
fn join_files(
    rows: &[LeanRead],
    gold: &TaskGold,
    limits: &[Option<u32>],
    mut gold_file: impl FnMut(&[LeanRead], Option<u32>, &GoldFile) -> u64,
) -> u64 {
    let mut total = 0;
    let mut golds = gold.files.iter().peekable();
    for file in rows.chunk_by(|a, b| a.path == b.path) {
        let id = file[0].path;
        let limit = limits[id as usize];
        while golds.next_if(|g| g.id < id).is_some() {}
        if let Some(g) = golds.next_if(|g| g.id == id) {
            total += gold_file(file, limit, g);
        } else {
            union_each(clipped(file, limit), |s, e| {
                total += u64::from(e - s) + 1;
            });
        }
    }
    total
}

/// The rows' lines within a known length (`limit`), as intervals in the rows' order (a row
/// wholly past the end gives none).
fn clipped(rows: &[LeanRead], limit: Option<u32>) -> impl Iterator<Item = Interval> + '_ {
    (rows.iter()).filter_map(move |r| Interval::new(r.start, limit.map_or(r.end, |n| r.end.min(n))))
}

/// A gold file's lines read, and the lines of `gold` read: what its read set would give, by one
/// sweep of the reads (sorted by start) against the gold intervals.
fn read_counts(rows: &[LeanRead], limit: Option<u32>, gold: &LineSet) -> (u64, u64) {
    let gold = gold.intervals();
    let (mut read, mut covered, mut next) = (0u64, 0u64, 0usize);
    union_each(clipped(rows, limit), |s, e| {
        read += u64::from(e - s) + 1;
        // Gold intervals ending before this one cannot meet the later ones either.
        while next < gold.len() && gold[next].end < s {
            next += 1;
        }
        for g in gold[next..].iter().take_while(|g| g.start <= e) {
            covered += u64::from(e.min(g.end) - s.max(g.start)) + 1;
        }
    });
    (read, covered)
}

/// Calls `each` with every interval of the union of intervals sorted by start (overlapping ones
/// merged; adjacent ones may stay apart).
fn union_each(sorted: impl Iterator<Item = Interval>, mut each: impl FnMut(u32, u32)) {
    let mut cur: Option<(u32, u32)> = None;
    for Interval { start: s, end: e } in sorted {
        cur = match cur {
            Some((cs, ce)) if s <= ce => Some((cs, ce.max(e))),
            Some((cs, ce)) => {
                each(cs, ce);
                Some((s, e))
            }
            None => Some((s, e)),
        };
    }
    if let Some((cs, ce)) = cur {
        each(cs, ce);
    }
}
