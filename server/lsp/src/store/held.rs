//! The reads the store holds — by path, as the editor asks for them — and their index by
//! (task, run), as the summary, `readcov/tasks` and the run lists ask: one structure behind one
//! lock, so the two never disagree.
//!
//! Why an index: the summary copies its reads a batch of (task, run) pairs at a time, and each
//! batch walked every read to find its pairs' — ~10 passes over 1.2M reads, ~92 over 12M
//! (session 22). Through the index a summary visits each read once. The index holds one
//! [`Seg`] per row of reads of one pair in one file (a log's reads of a run come in a row, so a
//! few per run), and per pair its read count by source, which answers the run lists without
//! visiting any read.
//!
//! Why one `std::sync::RwLock` and not a `DashMap`: dashmap's lock lets new readers in while a
//! writer waits, and a thread asking for the runs in a loop starved a large log's load (82 s
//! instead of 1.7 s, session 22). The standard lock on Linux makes new readers wait behind a
//! waiting writer (`held::tests` checks it), and a load takes it for a row of at most 4,096 reads
//! at a time.

use super::StoredRead;
use readcov_core::{Name, Source};
use std::collections::{BTreeMap, HashMap};
use std::ops::Bound;

/// A (task, run) pair's reads: how many of each source, and where they are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    /// Reads by source, in [`source_slot`]'s order.
    pub by_source: [usize; 4],
    segs: Vec<Seg>,
}

impl Pair {
    /// The pair's reads of sources `kept` takes.
    pub fn count(&self, kept: impl Fn(Source) -> bool) -> usize {
        SOURCES
            .iter()
            .zip(self.by_source)
            .filter(|(s, _)| kept(**s))
            .map(|(_, n)| n)
            .sum()
    }
}

/// Reads `start..end` of `path`'s list: one pair's, in a row.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seg {
    path: Name,
    start: u32,
    end: u32,
}

const SOURCES: [Source; 4] = [
    Source::Agent,
    Source::Human,
    Source::Manual,
    Source::Retriever,
];

fn source_slot(s: Source) -> usize {
    match s {
        Source::Agent => 0,
        Source::Human => 1,
        Source::Manual => 2,
        Source::Retriever => 3,
    }
}

/// The reads by path, and the (task, run) index over them.
#[derive(Debug, Default)]
pub struct Held {
    by_path: HashMap<Name, Vec<StoredRead>>,
    pairs: BTreeMap<(Name, Name), Pair>,
    total: usize,
}

impl Held {
    /// `path`'s reads, in the order read.
    pub fn of_path(&self, path: &str) -> &[StoredRead] {
        self.by_path.get(path).map_or(&[], Vec::as_slice)
    }

    /// Every read, file by file, each file's in the order read.
    pub fn iter(&self) -> impl Iterator<Item = &StoredRead> {
        self.by_path.values().flatten()
    }

    pub fn len(&self) -> usize {
        self.total
    }

    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Every (task, run) pair with reads, in name order.
    pub fn pairs(&self) -> impl Iterator<Item = (&(Name, Name), &Pair)> {
        self.pairs.iter()
    }

    /// The pairs of `task`, in run order.
    pub fn pairs_of<'a>(&'a self, task: &str) -> impl Iterator<Item = (&'a Name, &'a Pair)> + 'a {
        let task = Name::from(task);
        let from = (task.clone(), Name::default());
        (self.pairs.range((Bound::Included(from), Bound::Unbounded)))
            .take_while(move |((t, _), _)| *t == task)
            .map(|((_, run), p)| (run, p))
    }

    /// Calls `f` on the reads of every pair from `lo` to `hi` (inclusive, in name order), each
    /// pair's file by file in the order read: only those reads are visited.
    pub fn each_between(&self, lo: (&str, &str), hi: (&str, &str), f: &mut dyn FnMut(&StoredRead)) {
        let key = |(t, r): (&str, &str)| (Name::from(t), Name::from(r));
        let range = (Bound::Included(key(lo)), Bound::Included(key(hi)));
        if lo > hi {
            return;
        }
        for pair in self.pairs.range(range).map(|(_, p)| p) {
            self.each_of(pair, f);
        }
    }

    /// Calls `f` on the reads of `task`, run by run (in name order), each run's file by file in
    /// the order read: only that task's reads are visited.
    pub fn each_of_task(&self, task: &str, f: &mut dyn FnMut(&StoredRead)) {
        for (_, pair) in self.pairs_of(task) {
            self.each_of(pair, f);
        }
    }

    /// Calls `f` on the reads of `task` in the order a walk of every read ([`Held::iter`])
    /// meets them: file by file, each file's in the order read. Only that task's reads are
    /// visited, where `explain`'s rows were found by a walk of all (their order kept, as
    /// `explain` lists rows in the order given).
    pub fn each_of_task_in_order(&self, task: &str, f: &mut dyn FnMut(&StoredRead)) {
        let order: HashMap<&str, usize> = (self.by_path.keys().enumerate())
            .map(|(i, p)| (p.as_str(), i))
            .collect();
        let mut segs: Vec<(usize, &Seg)> = (self.pairs_of(task))
            .flat_map(|(_, pair)| pair.segs.iter())
            .map(|seg| {
                (
                    order.get(seg.path.as_str()).copied().unwrap_or(usize::MAX),
                    seg,
                )
            })
            .collect();
        segs.sort_unstable_by_key(|(file, seg)| (*file, seg.start));
        for (_, seg) in segs {
            let reads = self.of_path(&seg.path);
            let seg_reads = reads
                .get(seg.start as usize..seg.end as usize)
                .unwrap_or(&[]);
            seg_reads.iter().for_each(&mut *f);
        }
    }

    /// Calls `f` on `pair`'s reads.
    fn each_of(&self, pair: &Pair, f: &mut dyn FnMut(&StoredRead)) {
        for seg in &pair.segs {
            let reads = self.of_path(&seg.path);
            // Never out of bounds: the index is rebuilt whenever reads are removed.
            let seg_reads = reads
                .get(seg.start as usize..seg.end as usize)
                .unwrap_or(&[]);
            seg_reads.iter().for_each(&mut *f);
        }
    }

    /// Moves `row`, reads of one file, after that file's reads (`row` is left empty, its
    /// buffer kept for the next row).
    pub fn append(&mut self, row: &mut Vec<StoredRead>) {
        let Some(first) = row.first() else {
            return;
        };
        let path = first.path.clone();
        let list = self.by_path.entry(path.clone()).or_default();
        let from = list.len();
        list.append(row);
        self.total += list.len() - from;
        let list = &self.by_path[&path];
        index_rows(&mut self.pairs, &path, list, from);
    }

    /// Keeps only the reads `keep` takes; returns the paths that lost reads. The index is made
    /// again (a removal moves the reads after it).
    pub fn retain(&mut self, keep: impl Fn(&StoredRead) -> bool) -> Vec<String> {
        let mut lost = Vec::new();
        for (path, list) in self.by_path.iter_mut() {
            let before = list.len();
            list.retain(&keep);
            if list.len() != before {
                lost.push(path.to_string());
            }
        }
        if lost.is_empty() {
            return lost;
        }
        self.by_path.retain(|_, v| !v.is_empty());
        for list in self.by_path.values_mut() {
            list.shrink_to_fit();
        }
        self.total = self.by_path.values().map(Vec::len).sum();
        self.pairs.clear();
        for (path, list) in &self.by_path {
            index_rows(&mut self.pairs, path, list, 0);
        }
        lost
    }
}

/// Indexes `list[from..]`, the reads of `path` after the indexed ones: a row of one pair
/// continues that pair's last segment when it follows it in the same file.
fn index_rows(
    pairs: &mut BTreeMap<(Name, Name), Pair>,
    path: &Name,
    list: &[StoredRead],
    from: usize,
) {
    let mut i = from;
    while i < list.len() {
        let r = &list[i];
        let n = list[i..]
            .iter()
            .take_while(|x| Name::ptr_eq(&x.task, &r.task) && Name::ptr_eq(&x.run, &r.run))
            .count();
        let pair = pairs.entry((r.task.clone(), r.run.clone())).or_default();
        for x in &list[i..i + n] {
            pair.by_source[source_slot(x.source)] += 1;
        }
        let (start, end) = (i as u32, (i + n) as u32);
        match pair.segs.last_mut() {
            Some(s) if Name::ptr_eq(&s.path, path) && s.end == start => s.end = end,
            _ => pair.segs.push(Seg {
                path: path.clone(),
                start,
                end,
            }),
        }
        i += n;
    }
}

#[cfg(test)]
mod tests;
