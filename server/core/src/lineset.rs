//! A set of line numbers stored as sorted, merged, disjoint inclusive intervals.
//!
//! Every operation is linear in the number of intervals, never in the number of lines: a span of
//! 2^31 lines costs the same as a span of 3. Adjacent intervals are merged (`1-3` ∪ `4-6` = `1-6`)
//! so that two equal sets always have equal representations.

use serde::{Deserialize, Serialize};

/// An inclusive interval of 1-based lines, `start <= end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Interval {
    pub start: u32,
    pub end: u32,
}

impl Interval {
    /// `None` when `end < start` (an empty interval is not representable).
    pub fn new(start: u32, end: u32) -> Option<Interval> {
        (start <= end).then_some(Interval { start, end })
    }

    pub fn len(&self) -> u64 {
        u64::from(self.end - self.start) + 1
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn contains(&self, line: u32) -> bool {
        self.start <= line && line <= self.end
    }

    pub fn overlaps(&self, other: &Interval) -> bool {
        self.start <= other.end && other.start <= self.end
    }
}

/// Sorted, merged, disjoint intervals. The invariant holds after every public operation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LineSet {
    intervals: Vec<Interval>,
}

impl LineSet {
    pub fn new() -> LineSet {
        LineSet::default()
    }

    /// The set `start..=end`, or the empty set when `end < start`.
    pub fn span(start: u32, end: u32) -> LineSet {
        LineSet {
            intervals: Interval::new(start, end).into_iter().collect(),
        }
    }

    /// Builds a set from intervals in any order, overlapping or not.
    pub fn from_intervals(intervals: impl IntoIterator<Item = Interval>) -> LineSet {
        let mut v: Vec<Interval> = intervals.into_iter().collect();
        v.sort_unstable();
        merge_sorted(&mut v);
        LineSet { intervals: v }
    }

    pub fn intervals(&self) -> &[Interval] {
        &self.intervals
    }

    pub fn is_empty(&self) -> bool {
        self.intervals.is_empty()
    }

    /// Number of lines in the set.
    pub fn len(&self) -> u64 {
        self.intervals.iter().map(Interval::len).sum()
    }

    pub fn first(&self) -> Option<u32> {
        self.intervals.first().map(|i| i.start)
    }

    pub fn last(&self) -> Option<u32> {
        self.intervals.last().map(|i| i.end)
    }

    pub fn contains(&self, line: u32) -> bool {
        let idx = self.intervals.partition_point(|i| i.end < line);
        self.intervals.get(idx).is_some_and(|i| i.contains(line))
    }

    /// Adds `start..=end`; a no-op when `end < start`.
    pub fn insert(&mut self, start: u32, end: u32) {
        let Some(new) = Interval::new(start, end) else {
            return;
        };
        // Appending in order is the common case (reads sorted by line); keep it O(1).
        match self.intervals.last_mut() {
            None => self.intervals.push(new),
            Some(last) if new.start > last.end.saturating_add(1) => self.intervals.push(new),
            Some(last) if new.start >= last.start => last.end = last.end.max(new.end),
            Some(_) => *self = self.union(&LineSet::span(start, end)),
        }
    }

    pub fn union(&self, other: &LineSet) -> LineSet {
        let mut merged = Vec::with_capacity(self.intervals.len() + other.intervals.len());
        let (mut a, mut b) = (
            self.intervals.iter().peekable(),
            other.intervals.iter().peekable(),
        );
        loop {
            let next = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) if x <= y => a.next(),
                (Some(_), Some(_)) => b.next(),
                (Some(_), None) => a.next(),
                (None, Some(_)) => b.next(),
                (None, None) => break,
            };
            merged.push(*next.expect("peeked"));
        }
        merge_sorted(&mut merged);
        LineSet { intervals: merged }
    }

    pub fn intersection(&self, other: &LineSet) -> LineSet {
        let (a, b) = (&self.intervals, &other.intervals);
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::new();
        while i < a.len() && j < b.len() {
            let start = a[i].start.max(b[j].start);
            let end = a[i].end.min(b[j].end);
            if start <= end {
                out.push(Interval { start, end });
            }
            if a[i].end < b[j].end {
                i += 1;
            } else {
                j += 1;
            }
        }
        LineSet { intervals: out }
    }

    /// Makes this the union of `sorted` (intervals sorted by start, overlapping or not), keeping
    /// its allocation: for a set built again for every run.
    pub fn assign_sorted(&mut self, sorted: impl IntoIterator<Item = Interval>) {
        self.intervals.clear();
        self.intervals.extend(sorted);
        merge_sorted(&mut self.intervals);
    }

    /// Lines in `self` and not in `other`.
    pub fn difference(&self, other: &LineSet) -> LineSet {
        let b = &other.intervals;
        let mut j = 0;
        // Sized for the usual case (each interval cut at most once) in one allocation: a
        // difference per gold span per run, and growing from empty was most of its cost.
        let mut out = Vec::with_capacity(self.intervals.len() + 1);
        for iv in &self.intervals {
            let mut cur = iv.start;
            let mut alive = true;
            while j < b.len() && b[j].end < cur {
                j += 1;
            }
            let mut k = j;
            while alive && k < b.len() && b[k].start <= iv.end {
                if b[k].start > cur {
                    out.push(Interval {
                        start: cur,
                        end: b[k].start - 1,
                    });
                }
                if b[k].end >= iv.end {
                    alive = false;
                } else {
                    cur = b[k].end + 1;
                    k += 1;
                }
            }
            if alive {
                out.push(Interval {
                    start: cur,
                    end: iv.end,
                });
            }
        }
        LineSet { intervals: out }
    }

    /// Size of the intersection without building it.
    pub fn intersection_len(&self, other: &LineSet) -> u64 {
        let (a, b) = (&self.intervals, &other.intervals);
        let (mut i, mut j, mut n) = (0, 0, 0u64);
        while i < a.len() && j < b.len() {
            let start = a[i].start.max(b[j].start);
            let end = a[i].end.min(b[j].end);
            if start <= end {
                n += u64::from(end - start) + 1;
            }
            if a[i].end < b[j].end {
                i += 1;
            } else {
                j += 1;
            }
        }
        n
    }

    /// True when the two sets share at least one line.
    pub fn overlaps(&self, other: &LineSet) -> bool {
        let (a, b) = (&self.intervals, &other.intervals);
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            if a[i].overlaps(&b[j]) {
                return true;
            }
            if a[i].end < b[j].end {
                i += 1;
            } else {
                j += 1;
            }
        }
        false
    }

    /// The set restricted to `1..=max_line` (used to clip spans past the end of a file).
    pub fn clip(&self, max_line: u32) -> LineSet {
        if max_line == 0 {
            return LineSet::new();
        }
        self.intersection(&LineSet::span(1, max_line))
    }

    /// Every interval widened by `n` lines on each side, clamped at line 1.
    pub fn widen(&self, n: u32) -> LineSet {
        LineSet::from_intervals(self.intervals.iter().map(|i| Interval {
            start: i.start.saturating_sub(n).max(1),
            end: i.end.saturating_add(n),
        }))
    }
}

impl FromIterator<Interval> for LineSet {
    fn from_iter<T: IntoIterator<Item = Interval>>(iter: T) -> Self {
        LineSet::from_intervals(iter)
    }
}

/// Merges sorted intervals that overlap or touch, in place.
fn merge_sorted(sorted: &mut Vec<Interval>) {
    // In place: the merged list is never longer than the sorted one, and a second vector was
    // an allocation per set built (profiled: a quarter of `score`'s allocations).
    let mut kept = 0usize;
    for i in 0..sorted.len() {
        let iv = sorted[i];
        match kept.checked_sub(1).map(|k| &mut sorted[k]) {
            Some(last) if iv.start <= last.end.saturating_add(1) => last.end = last.end.max(iv.end),
            _ => {
                sorted[kept] = iv;
                kept += 1;
            }
        }
    }
    sorted.truncate(kept);
}

impl std::fmt::Display for LineSet {
    /// `80-83,90,92-95`: the form used in messages and tables.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (k, iv) in self.intervals.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            if iv.start == iv.end {
                write!(f, "{}", iv.start)?;
            } else {
                write!(f, "{}-{}", iv.start, iv.end)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
