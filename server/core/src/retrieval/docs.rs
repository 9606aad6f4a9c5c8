//! A run's ranked chunks as ranked *documents* at file and line level (unit level is built in
//! readcov-units, which knows units), each judged against the task's gold, for the IR measures.
//!
//! - File level: a document is a file; its rank is the best rank of its chunks. Relevant: a file
//!   with core gold lines.
//! - Line level: every line is a document; its rank is the best rank of the chunks holding it.
//!   Relevant: a core gold line.
//!
//! Documents sharing a rank are listed in reading order (path, then line), and the list is
//! written out with distinct scores ([`Entry`] positions), so an external scorer reads the same
//! order whatever its own tie-breaking (trec_eval breaks score ties by document id, descending).

use super::measures::{best_ranks, Judged};
use crate::lineset::LineSet;
use crate::metrics::{collect_lines, FileLengths, FileLines};
use crate::span::ReadSpan;
use std::collections::{BTreeMap, BTreeSet};

/// One entry of a ranked document list: one document, or (line level) a run of consecutive
/// lines of one file that share a rank and a judgement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    Doc {
        id: String,
        relevant: bool,
    },
    Lines {
        path: String,
        start: u32,
        end: u32,
        relevant: bool,
    },
}

impl Entry {
    /// Documents in the entry.
    pub fn len(&self) -> u64 {
        match self {
            Entry::Doc { .. } => 1,
            Entry::Lines { start, end, .. } => u64::from(end - start) + 1,
        }
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn relevant(&self) -> bool {
        match self {
            Entry::Doc { relevant, .. } | Entry::Lines { relevant, .. } => *relevant,
        }
    }

    /// The entry's document ids in rank order (`path:N` for each line).
    pub fn ids(&self) -> Box<dyn Iterator<Item = String> + '_> {
        match self {
            Entry::Doc { id, .. } => Box::new(std::iter::once(id.clone())),
            Entry::Lines {
                path, start, end, ..
            } => Box::new((*start..=*end).map(move |n| line_id(path, n))),
        }
    }
}

/// The document id of one line: `path:N`.
pub fn line_id(path: &str, line: u32) -> String {
    format!("{path}:{line}")
}

/// The ranking as runs of judged documents (adjacent runs with the same judgement merged).
pub fn judged(entries: &[Entry]) -> Vec<Judged> {
    let mut out: Vec<Judged> = Vec::new();
    for e in entries {
        match out.last_mut() {
            Some(last) if last.relevant == e.relevant() => last.len += e.len(),
            _ => out.push(Judged {
                len: e.len(),
                relevant: e.relevant(),
            }),
        }
    }
    out
}

/// Relevant documents in `entries`' ranking terms: the gold files (core lines) of a task.
pub fn gold_file_set(gold: &FileLines) -> BTreeSet<&str> {
    gold.iter()
        .filter(|(_, l)| !l.is_empty())
        .map(|(p, _)| p.as_str())
        .collect()
}

/// File level: each file once, at the best rank of its chunks.
pub fn file_entries(chunks: &[&ReadSpan], gold: &FileLines) -> Vec<Entry> {
    let relevant = gold_file_set(gold);
    best_ranks(chunks.iter().map(|c| (c.path.as_str(), rank_of(c))))
        .into_iter()
        .map(|(p, _)| Entry::Doc {
            id: p.to_string(),
            relevant: relevant.contains(p),
        })
        .collect()
}

/// Line level: each line once, at the best rank of the chunks holding it; a rank's new lines in
/// reading order, split into runs of gold and non-gold lines. Chunks are clipped to known file
/// lengths as everywhere else.
pub fn line_entries(
    chunks: &[&ReadSpan],
    gold: &FileLines,
    lengths: &dyn FileLengths,
) -> Vec<Entry> {
    let mut by_rank: BTreeMap<u32, Vec<&ReadSpan>> = BTreeMap::new();
    for c in chunks {
        by_rank.entry(rank_of(c)).or_default().push(c);
    }
    let mut seen: FileLines = BTreeMap::new();
    let mut out = Vec::new();
    let empty = LineSet::new();
    for group in by_rank.values() {
        let lines = collect_lines(
            group.iter().map(|c| (c.path.as_str(), c.start, c.end)),
            lengths,
        );
        for (path, set) in lines {
            let before = seen.entry(path.clone()).or_default();
            let new = set.difference(before);
            *before = before.union(&new);
            let g = gold.get(&path).unwrap_or(&empty);
            for iv in new.intervals() {
                let span = LineSet::span(iv.start, iv.end);
                let hit = span.intersection(g);
                // Walk the interval, alternating gold and non-gold runs.
                let mut at = iv.start;
                for h in hit.intervals() {
                    if h.start > at {
                        out.push(lines_entry(&path, at, h.start - 1, false));
                    }
                    out.push(lines_entry(&path, h.start, h.end, true));
                    at = h.end.saturating_add(1);
                }
                if hit.last() != Some(iv.end) {
                    out.push(lines_entry(&path, at, iv.end, false));
                }
            }
        }
    }
    out
}

fn lines_entry(path: &str, start: u32, end: u32, relevant: bool) -> Entry {
    Entry::Lines {
        path: path.to_string(),
        start,
        end,
        relevant,
    }
}

/// A chunk's rank; rows without one (an agent's reads beside a retriever's) rank after every
/// ranked chunk.
pub fn rank_of(c: &ReadSpan) -> u32 {
    c.rank.unwrap_or(u32::MAX)
}

/// The relevant total at line level: core gold lines.
pub fn gold_line_total(gold: &FileLines) -> u64 {
    gold.values().map(LineSet::len).sum()
}

#[cfg(test)]
mod tests;
