//! Region resolution (raw `start`/`end` → a line interval) and the per-instance line sets every
//! metric is computed on.
//!
//! Rules (the reference evaluator's): 1-based inclusive; `end < 0` counts from the end of the file
//! (`-1` = last line) and so does `start < 0` (`-8` on 100 lines = line 93). Both need the file's
//! length; without it such a region is *unresolvable* and contributes no lines. Without a length,
//! a `start` below 1 is raised to 1 and `end` is not clipped. With a length, both ends are clamped
//! into `1..=length`. A region with start > end contributes no lines.

use super::input::{BenchRow, Region};
use crate::lineset::{Interval, LineSet};
use crate::metrics::{FileLengths, FileLines};
use std::collections::BTreeSet;

/// What a raw region stands for once file lengths are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    Lines(Interval),
    /// Resolvable, but no lines (start > end, or an empty file).
    Empty,
    /// A negative bound on a file of unknown length.
    Unresolvable,
}

impl Resolved {
    pub fn interval(&self) -> Option<Interval> {
        match self {
            Resolved::Lines(iv) => Some(*iv),
            _ => None,
        }
    }

    pub fn len(&self) -> u64 {
        self.interval().map_or(0, |iv| iv.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Resolves `start..=end` against an optional file length (see the module doc).
pub fn resolve(start: i64, end: i64, length: Option<u32>) -> Resolved {
    let to_u32 = |v: i64| u32::try_from(v.max(0)).unwrap_or(u32::MAX);
    let (s, e) = match length {
        None if start < 0 || end < 0 => return Resolved::Unresolvable,
        None => (to_u32(start.max(1)), to_u32(end)),
        Some(0) => return Resolved::Empty,
        Some(n) => {
            let n64 = i64::from(n);
            let from_end = |v: i64| if v < 0 { n64 + 1 + v } else { v };
            let clamp = |v: i64| to_u32(v.clamp(1, n64));
            (clamp(from_end(start)), clamp(from_end(end)))
        }
    };
    Interval::new(s, e).map_or(Resolved::Empty, Resolved::Lines)
}

/// A region with its resolution.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub path: String,
    pub lines: Resolved,
}

impl Placed {
    pub fn set(&self) -> LineSet {
        self.lines
            .interval()
            .map_or_else(LineSet::new, |iv| LineSet::span(iv.start, iv.end))
    }

    /// How many of this region's lines are in `lines` (same path). No allocation: this runs
    /// several times per region in the hot scoring loop.
    pub fn hits(&self, lines: &FileLines) -> u64 {
        match (self.lines.interval(), lines.get(&self.path)) {
            (Some(iv), Some(set)) => overlap_len(set, iv),
            _ => 0,
        }
    }
}

/// `|set ∩ iv|`, by binary search to the first interval that can overlap.
pub fn overlap_len(set: &LineSet, iv: Interval) -> u64 {
    let ivs = set.intervals();
    let first = ivs.partition_point(|x| x.end < iv.start);
    ivs[first..]
        .iter()
        .take_while(|x| x.start <= iv.end)
        .map(|x| u64::from(x.end.min(iv.end) - x.start.max(iv.start)) + 1)
        .sum()
}

fn place(r: &Region, lengths: &dyn FileLengths) -> Placed {
    Placed {
        path: r.path.clone(),
        lines: resolve(r.start, r.end, lengths.lines_in(&r.path)),
    }
}

/// Union of placed regions per path (paths with no lines are left out).
fn union(regions: &[Placed]) -> FileLines {
    let mut out = FileLines::new();
    for r in regions {
        if let Some(iv) = r.lines.interval() {
            out.entry(r.path.clone())
                .or_default()
                .insert(iv.start, iv.end);
        }
    }
    out
}

/// Lines in `a ∩ b`, file by file.
pub fn common(a: &FileLines, b: &FileLines) -> u64 {
    a.iter()
        .map(|(p, s)| b.get(p).map_or(0, |t| s.intersection_len(t)))
        .sum()
}

pub fn total(a: &FileLines) -> u64 {
    a.values().map(LineSet::len).sum()
}

/// One instance's ground truth, resolved once and shared by every explorer.
#[derive(Clone, Debug, Default)]
pub struct Gold {
    pub core_regions: Vec<Placed>,
    pub optional_regions: Vec<Placed>,
    /// Union of core regions.
    pub core: FileLines,
    /// Union of every model's optional regions.
    pub optional: FileLines,
    /// `core ∪ optional`.
    pub relevant: FileLines,
    pub core_files: BTreeSet<String>,
    pub optional_files: BTreeSet<String>,
    pub main_files: BTreeSet<String>,
    pub core_lines: u64,
    pub optional_lines: u64,
}

impl Gold {
    pub fn new(row: &BenchRow, lengths: &dyn FileLengths) -> Gold {
        let core_regions: Vec<Placed> =
            row.core_regions.iter().map(|r| place(r, lengths)).collect();
        let optional_regions: Vec<Placed> = row
            .optional_regions
            .values()
            .flatten()
            .map(|r| place(r, lengths))
            .collect();
        let core = union(&core_regions);
        let optional = union(&optional_regions);
        let mut relevant = core.clone();
        for (p, s) in &optional {
            let merged = relevant.get(p).map_or_else(|| s.clone(), |c| c.union(s));
            relevant.insert(p.clone(), merged);
        }
        Gold {
            core_lines: total(&core),
            optional_lines: total(&optional),
            core_files: row.core_files.iter().cloned().collect(),
            optional_files: row.optional_files.values().flatten().cloned().collect(),
            main_files: row.main_files.iter().cloned().collect(),
            core_regions,
            optional_regions,
            core,
            optional,
            relevant,
        }
    }

    /// Core lines of `path`, or the empty set.
    pub fn core_in(&self, path: &str) -> Option<&LineSet> {
        self.core.get(path)
    }
}

/// One explorer's regions for one instance, cut to the top k and resolved.
#[derive(Clone, Debug, Default)]
pub struct Preds {
    /// In rank order.
    pub regions: Vec<Placed>,
    /// Union of their lines.
    pub lines: FileLines,
    pub line_count: u64,
    /// Every path named by a region, resolvable or not.
    pub visited: BTreeSet<String>,
}

impl Preds {
    pub fn new(regions: &[Region], top_k: Option<usize>, lengths: &dyn FileLengths) -> Preds {
        let k = top_k.unwrap_or(usize::MAX);
        let placed: Vec<Placed> = regions.iter().take(k).map(|r| place(r, lengths)).collect();
        let lines = union(&placed);
        Preds {
            line_count: total(&lines),
            visited: placed.iter().map(|r| r.path.clone()).collect(),
            regions: placed,
            lines,
        }
    }

    pub fn unresolvable(&self) -> usize {
        self.regions
            .iter()
            .filter(|r| r.lines == Resolved::Unresolvable)
            .count()
    }
}
