//! Region resolution (raw `start`/`end` → the pair `(s, e)`) and the per-instance line sets every
//! metric is computed on.
//!
//! Rules (exactly the reference evaluator's, SWE-Explore `eval.py`; 1-based inclusive):
//! - A file length *L* is used **only** when it is needed: `end = -1` or `start < 0`. Then
//!   `end = L` for `-1` (another `end` stays as given), `start = L + start + 1` for a negative
//!   start, and both are clamped into `1..=L`. Without a length (or with `L < 1`) such a region is
//!   *unresolvable*.
//! - Otherwise the region is **not** clamped to the file length, even when it is known:
//!   `s = max(1, start)`, `e = end`; unresolvable when `e < 1`. Lines past the end of the file are
//!   real members of the line sets.
//! - A pair with `s > e` contributes no lines, yet it still overlaps another region by the
//!   interval test `s1 <= e2 && s2 <= e1` (region hit and noise rates).

use super::input::{BenchRow, Region};
use crate::lineset::{Interval, LineSet};
use crate::metrics::FileLengths;

/// What a raw region stands for once file lengths are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    Lines(Interval),
    /// Resolved to `(start, end)` with `start > end`: no lines, but it overlaps by interval.
    Inverted {
        start: u32,
        end: u32,
    },
    /// Needs a length that is unknown (or below 1), or ends before line 1.
    Unresolvable,
}

impl Resolved {
    pub fn interval(&self) -> Option<Interval> {
        match self {
            Resolved::Lines(iv) => Some(*iv),
            _ => None,
        }
    }

    /// The resolved pair `(s, e)`, `s > e` included; `None` when unresolvable.
    pub fn pair(&self) -> Option<(u32, u32)> {
        match *self {
            Resolved::Lines(iv) => Some((iv.start, iv.end)),
            Resolved::Inverted { start, end } => Some((start, end)),
            Resolved::Unresolvable => None,
        }
    }

    /// The reference's region overlap: both resolved, and `s1 <= e2 && s2 <= e1`.
    pub fn overlaps(&self, other: &Resolved) -> bool {
        match (self.pair(), other.pair()) {
            (Some((s1, e1)), Some((s2, e2))) => s1 <= e2 && s2 <= e1,
            _ => false,
        }
    }

    /// The reference's line count of the region, `e - s + 1`: negative for an inverted pair
    /// (nDCG's running line total uses it as is), 0 when unresolvable.
    pub fn signed_len(&self) -> i64 {
        self.pair()
            .map_or(0, |(s, e)| i64::from(e) - i64::from(s) + 1)
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
    let (s, e) = if end == -1 || start < 0 {
        let Some(n) = length.filter(|n| *n >= 1).map(i64::from) else {
            return Resolved::Unresolvable;
        };
        let e = if end == -1 { n } else { end };
        let s = if start < 0 {
            n.saturating_add(start).saturating_add(1)
        } else {
            start
        };
        (s.clamp(1, n), e.clamp(1, n))
    } else if end < 1 {
        return Resolved::Unresolvable;
    } else {
        (start.max(1), end)
    };
    let (s, e) = (to_u32(s), to_u32(e));
    Interval::new(s, e).map_or(Resolved::Inverted { start: s, end: e }, Resolved::Lines)
}

/// Lines per file, indexed by the instance's file ids (see [`Gold::paths`]): comparing ids
/// instead of path strings keeps the hot scoring loop free of string comparisons.
pub type Lines = Vec<LineSet>;

/// A region with its resolution; `file` indexes [`Gold::paths`] (or, past its end, the
/// prediction's own extra paths).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub file: usize,
    pub lines: Resolved,
}

impl Placed {
    /// Whether this region overlaps `other` as the reference decides it: same file and the
    /// resolved pairs intersect as intervals (an inverted pair included).
    pub fn overlaps(&self, other: &Placed) -> bool {
        self.file == other.file && self.lines.overlaps(&other.lines)
    }

    pub fn set(&self) -> LineSet {
        self.lines
            .interval()
            .map_or_else(LineSet::new, |iv| LineSet::span(iv.start, iv.end))
    }

    /// How many of this region's lines are in `lines` (same file). No allocation.
    pub fn hits(&self, lines: &[LineSet]) -> u64 {
        match (self.lines.interval(), lines.get(self.file)) {
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

/// The id of `path` in `paths`, added at the end when new. Instances name a handful of files,
/// so a linear scan beats hashing.
fn intern<'a>(paths: &mut Vec<&'a str>, path: &'a str) -> usize {
    paths.iter().position(|p| *p == path).unwrap_or_else(|| {
        paths.push(path);
        paths.len() - 1
    })
}

fn place<'a>(r: &'a Region, paths: &mut Vec<&'a str>, lengths: &dyn FileLengths) -> Placed {
    Placed {
        file: intern(paths, &r.path),
        lines: resolve(r.start, r.end, lengths.lines_in(&r.path)),
    }
}

/// Like [`place`], but a path the instance names takes its length from `known` (looked up once
/// per instance) instead of searching the lengths map again for every explorer.
fn place_known<'a>(
    r: &'a Region,
    paths: &mut Vec<&'a str>,
    known: &[Option<u32>],
    lengths: &dyn FileLengths,
) -> Placed {
    let file = intern(paths, &r.path);
    let length = match known.get(file) {
        Some(n) => *n,
        None => lengths.lines_in(&r.path),
    };
    Placed {
        file,
        lines: resolve(r.start, r.end, length),
    }
}

/// Union of placed regions per file id, over `files` ids.
fn union(regions: &[Placed], files: usize) -> Lines {
    let mut out = vec![LineSet::new(); files];
    for r in regions {
        if let Some(iv) = r.lines.interval() {
            out[r.file].insert(iv.start, iv.end);
        }
    }
    out
}

/// Lines in `a ∩ b`, file by file (ids past the shorter one have nothing in common).
pub fn common(a: &[LineSet], b: &[LineSet]) -> u64 {
    a.iter().zip(b).map(|(s, t)| s.intersection_len(t)).sum()
}

pub fn total(a: &[LineSet]) -> u64 {
    a.iter().map(LineSet::len).sum()
}

/// One instance's ground truth, resolved once and shared by every explorer.
#[derive(Clone, Debug, Default)]
pub struct Gold<'a> {
    /// Every path the row names; a file id indexes this.
    pub paths: Vec<&'a str>,
    pub core_regions: Vec<Placed>,
    pub optional_regions: Vec<Placed>,
    /// Union of core regions, per file id.
    pub core: Lines,
    /// Union of every model's optional regions.
    pub optional: Lines,
    /// `core ∪ optional`.
    pub relevant: Lines,
    /// Per file id: listed in `read_core_files` / the optional files / `main_files`.
    pub is_core_file: Vec<bool>,
    pub is_optional_file: Vec<bool>,
    pub is_main: Vec<bool>,
    /// Distinct `read_core_files`.
    pub core_file_count: usize,
    /// Per file id: the file's length, if known.
    pub lengths: Vec<Option<u32>>,
    pub core_lines: u64,
    pub optional_lines: u64,
}

impl<'a> Gold<'a> {
    pub fn new(row: &'a BenchRow, lengths: &dyn FileLengths) -> Gold<'a> {
        let mut paths = Vec::new();
        let core_regions: Vec<Placed> = row
            .core_regions
            .iter()
            .map(|r| place(r, &mut paths, lengths))
            .collect();
        let optional_regions: Vec<Placed> = row
            .optional_regions
            .values()
            .flatten()
            .map(|r| place(r, &mut paths, lengths))
            .collect();
        let mut flags = |list: &mut dyn Iterator<Item = &'a String>| {
            let ids: Vec<usize> = list.map(|p| intern(&mut paths, p)).collect();
            ids
        };
        let core_ids = flags(&mut row.core_files.iter());
        let optional_ids = flags(&mut row.optional_files.values().flatten());
        let main_ids = flags(&mut row.main_files.iter());
        let n = paths.len();
        let mark = |ids: &[usize]| {
            let mut v = vec![false; n];
            ids.iter().for_each(|&i| v[i] = true);
            v
        };
        let is_core_file = mark(&core_ids);
        let core = union(&core_regions, n);
        let optional = union(&optional_regions, n);
        let relevant = core
            .iter()
            .zip(&optional)
            .map(|(c, o)| c.union(o))
            .collect();
        Gold {
            lengths: paths.iter().map(|p| lengths.lines_in(p)).collect(),
            core_file_count: is_core_file.iter().filter(|b| **b).count(),
            is_core_file,
            is_optional_file: mark(&optional_ids),
            is_main: mark(&main_ids),
            core_lines: total(&core),
            optional_lines: total(&optional),
            paths,
            core_regions,
            optional_regions,
            core,
            optional,
            relevant,
        }
    }

    /// Whether file id `f` is a `main_files` path (ids of prediction-only paths are not).
    pub fn main(&self, f: usize) -> bool {
        self.is_main.get(f).copied().unwrap_or(false)
    }
}

/// One explorer's regions for one instance, cut to the top k and resolved.
#[derive(Clone, Debug, Default)]
pub struct Preds {
    /// In rank order.
    pub regions: Vec<Placed>,
    /// Union of their lines, per file id.
    pub lines: Lines,
    pub line_count: u64,
    /// Every file id named by a region, resolvable or not (sorted, distinct).
    pub visited: Vec<usize>,
}

impl Preds {
    /// Resolves the first `top_k` regions, giving paths the instance does not name ids past
    /// `gold.paths`.
    pub fn new(
        gold: &Gold,
        regions: &[Region],
        top_k: Option<usize>,
        lengths: &dyn FileLengths,
    ) -> Preds {
        let k = top_k.unwrap_or(usize::MAX);
        let mut paths = gold.paths.clone();
        let placed: Vec<Placed> = regions
            .iter()
            .take(k)
            .map(|r| place_known(r, &mut paths, &gold.lengths, lengths))
            .collect();
        let lines = union(&placed, paths.len());
        let mut visited: Vec<usize> = placed.iter().map(|r| r.file).collect();
        visited.sort_unstable();
        visited.dedup();
        Preds {
            line_count: total(&lines),
            visited,
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
