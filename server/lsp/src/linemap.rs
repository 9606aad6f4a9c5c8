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
        self.runs = out;
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
        let mut out = Vec::new();
        for r in &self.runs {
            let (from, to) = ends(r);
            // 1-based bounds of this run on the `from` side.
            let window = LineSet::span(from + 1, from + r.len);
            for iv in set.intersection(&window).intervals() {
                out.push(Interval {
                    start: iv.start - from + to,
                    end: iv.end - from + to,
                });
            }
        }
        LineSet::from_intervals(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(edits: &[(u32, u32, u32)], disk: (u32, u32), expected: &str) {
        let mut m = LineMap::identity(100);
        for &(at, removed, inserted) in edits {
            m.splice(at, removed, inserted);
        }
        assert_eq!(
            m.to_current(&LineSet::span(disk.0, disk.1)).to_string(),
            expected,
            "{edits:?}"
        );
    }

    #[test]
    fn maps_through_edits() {
        check(&[], (80, 95), "80-95");
        // Three lines inserted before the span push it down.
        check(&[(10, 0, 3)], (80, 95), "83-98");
        // Lines inserted inside the span are not gold.
        check(&[(84, 0, 2)], (80, 95), "80-84,87-97");
        // Deleted gold lines vanish; the rest closes up.
        check(&[(84, 4, 0)], (80, 95), "80-91");
        // An edit after the span changes nothing.
        check(&[(99, 1, 5)], (80, 95), "80-95");
        // Two edits compose.
        check(&[(0, 0, 1), (0, 1, 0)], (80, 95), "80-95");
        // Spans past the end of the document are clipped.
        check(&[], (99, 120), "99-100");
    }

    #[test]
    fn round_trips_and_single_lines() {
        let mut m = LineMap::identity(50);
        m.splice(5, 2, 4);
        let cur = m.to_current(&LineSet::span(1, 50));
        assert_eq!(cur.to_string(), "1-5,10-52");
        assert_eq!(m.to_disk(&cur).to_string(), "1-5,8-50");
        assert_eq!(m.line_to_disk(4), Some(4));
        assert_eq!(m.line_to_disk(6), None, "an inserted line has no disk line");
        assert_eq!(m.line_to_disk(9), Some(7));
        assert_eq!(m.line_to_disk(500), None);
    }
}
