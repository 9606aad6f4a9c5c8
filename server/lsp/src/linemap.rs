//! Maps lines of the file as it was on disk when a document was opened ("disk lines", where gold
//! and reads live) to lines of the document as edited since ("current lines"), and back.
//!
//! Kept as a few runs of unchanged lines, so a mapping costs O(runs × intervals), never O(lines).
//! Lines inserted since opening map to nothing; lines deleted since opening vanish.

use readcov_core::{Interval, LineSet};

/// A run of `len` unchanged lines: disk line `disk + i` is current line `cur + i` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    disk: u32,
    cur: u32,
    len: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMap {
    runs: Vec<Run>,
}

impl LineMap {
    /// The identity over a document of `lines` lines.
    pub fn identity(lines: u32) -> LineMap {
        LineMap {
            runs: (lines > 0)
                .then_some(Run {
                    disk: 0,
                    cur: 0,
                    len: lines,
                })
                .into_iter()
                .collect(),
        }
    }

    /// Number of runs (for tests: edits that cancel out leave one).
    pub fn runs(&self) -> usize {
        self.runs.len()
    }

    pub fn is_identity(&self) -> bool {
        self.runs.len() <= 1 && self.runs.iter().all(|r| r.disk == r.cur && r.disk == 0)
    }

    /// Current lines `at..at+removed` were replaced by `inserted` new lines (0-based).
    pub fn splice(&mut self, at: u32, removed: u32, inserted: u32) {
        let end = at.saturating_add(removed);
        let mut out = Vec::with_capacity(self.runs.len() + 1);
        for r in &self.runs {
            let r_end = r.cur + r.len;
            // Part before the edit.
            if r.cur < at {
                let len = r_end.min(at) - r.cur;
                out.push(Run { len, ..*r });
            }
            // Part after the removed lines, shifted.
            if r_end > end {
                let start = r.cur.max(end);
                let skip = start - r.cur;
                let cur = i64::from(start) + i64::from(inserted) - i64::from(removed);
                out.push(Run {
                    disk: r.disk + skip,
                    cur: u32::try_from(cur).unwrap_or(0),
                    len: r_end - start,
                });
            }
        }
        // Re-join runs that are contiguous on both sides again (a line inserted then deleted),
        // so the map stays as small as the real differences.
        let mut joined: Vec<Run> = Vec::with_capacity(out.len());
        for r in out.into_iter().filter(|r| r.len > 0) {
            match joined.last_mut() {
                Some(last) if last.disk + last.len == r.disk && last.cur + last.len == r.cur => {
                    last.len += r.len
                }
                _ => joined.push(r),
            }
        }
        self.runs = joined;
    }

    /// Disk lines (1-based) → current lines (1-based); lines deleted since opening drop out.
    pub fn to_current(&self, disk: &LineSet) -> LineSet {
        self.shift(disk, |r| (r.disk, r.cur))
    }

    /// Current lines (1-based) → disk lines (1-based); lines inserted since opening drop out.
    pub fn to_disk(&self, cur: &LineSet) -> LineSet {
        self.shift(cur, |r| (r.cur, r.disk))
    }

    /// One current line (0-based) → its disk line (0-based), if it existed on disk.
    pub fn line_to_disk(&self, cur: u32) -> Option<u32> {
        let idx = self.runs.partition_point(|r| r.cur + r.len <= cur);
        let r = self.runs.get(idx)?;
        (r.cur <= cur).then(|| r.disk + (cur - r.cur))
    }

    fn shift(&self, set: &LineSet, ends: impl Fn(&Run) -> (u32, u32)) -> LineSet {
        if self.is_identity() && !self.runs.is_empty() {
            return set.clip(self.runs[0].len);
        }
        // Runs are sorted on both sides (the map is monotonic), so each interval finds its
        // first overlapping run by binary search: O((intervals + runs) · log runs).
        let mut out = Vec::new();
        for iv in set.intervals() {
            let (lo, hi) = (iv.start - 1, iv.end - 1); // 0-based
            let first = self.runs.partition_point(|r| {
                let (from, _) = ends(r);
                from + r.len <= lo
            });
            for r in &self.runs[first..] {
                let (from, to) = ends(r);
                if from > hi {
                    break;
                }
                let (s, e) = (lo.max(from), hi.min(from + r.len - 1));
                out.push(Interval {
                    start: s - from + to + 1,
                    end: e - from + to + 1,
                });
            }
        }
        LineSet::from_intervals(out)
    }
}

#[cfg(test)]
mod tests;
