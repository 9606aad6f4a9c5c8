//! Base lines → lines of a file that changed since: a line diff (Myers' O(ND) greedy
//! algorithm, after the common prefix and suffix are set aside) when the base text is at hand,
//! or a span located by its first and last line's text when only those were recorded.

use super::split_lines;
use crate::lineset::{Interval, LineSet};
use std::collections::HashMap;

/// Edit distance (lines inserted + deleted) beyond which two texts are "too different": the
/// diff's trace costs O(D²) memory, 16 MB at this bound.
pub const MAX_EDITS: usize = 2000;

/// A run of `len` equal lines: base line `base + i` is current line `cur + i` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    base: u32,
    cur: u32,
    len: u32,
}

/// The unchanged lines between a base text and the current text, as runs (both sides
/// ascending). Lines only in the base have no current line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Runs {
    runs: Vec<Run>,
}

impl Runs {
    /// Base lines (1-based) → current lines (1-based); lines deleted since drop out.
    pub fn map(&self, set: &LineSet) -> LineSet {
        let mut out = Vec::new();
        for iv in set.intervals() {
            let (lo, hi) = (iv.start - 1, iv.end - 1);
            let first = self.runs.partition_point(|r| r.base + r.len <= lo);
            for r in &self.runs[first..] {
                if r.base > hi {
                    break;
                }
                let (s, e) = (lo.max(r.base), hi.min(r.base + r.len - 1));
                out.push(Interval {
                    start: s - r.base + r.cur + 1,
                    end: e - r.base + r.cur + 1,
                });
            }
        }
        LineSet::from_intervals(out)
    }

    /// One current line (1-based) → its base line, if it was there in the base.
    pub fn to_base(&self, cur: u32) -> Option<u32> {
        let c = cur.checked_sub(1)?;
        let idx = self.runs.partition_point(|r| r.cur + r.len <= c);
        let r = self.runs.get(idx)?;
        (r.cur <= c).then(|| r.base + (c - r.cur) + 1)
    }

    /// The runs of equal lines as (base line, current line, length), 0-based, both ascending.
    pub fn matched(&self) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
        self.runs.iter().map(|r| (r.base, r.cur, r.len))
    }

    /// Base lines that are still there, unchanged.
    pub fn kept(&self) -> u64 {
        self.runs.iter().map(|r| u64::from(r.len)).sum()
    }
}

/// The line diff of `base` → `cur` (lines compared without their breaks), or `None` when more
/// than [`MAX_EDITS`] lines differ.
pub fn diff_lines(base: &[u8], cur: &[u8]) -> Option<Runs> {
    let (a, b) = (split_lines(base), split_lines(cur));
    let mut ids: HashMap<&[u8], u32> = HashMap::new();
    let a = intern(a, &mut ids);
    let b = intern(b, &mut ids);
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (am, bm) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut pairs = myers(am, bm)?;
    pairs.reverse();
    let mut runs = Runs::default();
    let mut push = |base: usize, cur: usize, len: usize| {
        if len == 0 {
            return;
        }
        match runs.runs.last_mut() {
            Some(r) if (r.base + r.len) as usize == base && (r.cur + r.len) as usize == cur => {
                r.len += len as u32
            }
            _ => runs.runs.push(Run {
                base: base as u32,
                cur: cur as u32,
                len: len as u32,
            }),
        }
    };
    push(0, 0, prefix);
    for (x, y) in pairs {
        push(prefix + x, prefix + y, 1);
    }
    push(a.len() - suffix, b.len() - suffix, suffix);
    Some(runs)
}

/// Lines as small ids (the diff compares integers), one id per distinct text.
fn intern<'a>(lines: Vec<&'a [u8]>, ids: &mut HashMap<&'a [u8], u32>) -> Vec<u32> {
    lines
        .into_iter()
        .map(|l| {
            let n = ids.len() as u32;
            *ids.entry(l).or_insert(n)
        })
        .collect()
}

/// Myers' greedy diff: the matched (a, b) index pairs, last first. The trace keeps, per edit
/// step d, only the diagonals −(d+1)..=d+1: O(D²) memory, not O(N·D).
fn myers(a: &[u32], b: &[u32]) -> Option<Vec<(usize, usize)>> {
    let (n, m) = (a.len() as i64, b.len() as i64);
    let max = (a.len() + b.len()).min(MAX_EDITS) as i64;
    let off = max + 1;
    let mut v = vec![0i64; (2 * max + 3) as usize];
    let mut trace: Vec<Vec<i64>> = Vec::new();
    let mut found = None;
    'outer: for d in 0..=max {
        trace.push(v[(off - d - 1) as usize..=(off + d + 1) as usize].to_vec());
        for k in (-d..=d).step_by(2) {
            let at = |k: i64| v[(k + off) as usize];
            let mut x = if k == -d || (k != d && at(k - 1) < at(k + 1)) {
                at(k + 1)
            } else {
                at(k - 1) + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[(k + off) as usize] = x;
            if x >= n && y >= m {
                found = Some(d);
                break 'outer;
            }
        }
    }
    found?;
    let mut pairs = Vec::new();
    let (mut x, mut y) = (n, m);
    for (d, v) in trace.iter().enumerate().rev() {
        let d = d as i64;
        let at = |k: i64| v[(k + d + 1) as usize];
        let k = x - y;
        let prev_k = if k == -d || (k != d && at(k - 1) < at(k + 1)) {
            k + 1
        } else {
            k - 1
        };
        let prev_x = at(prev_k);
        let prev_y = prev_x - prev_k;
        while x > prev_x && y > prev_y {
            x -= 1;
            y -= 1;
            pairs.push((x as usize, y as usize));
        }
        x = prev_x;
        y = prev_y;
    }
    Some(pairs)
}

/// Where a span of the base (`start..=end`, 1-based) is in `cur`, found by the text of its
/// first and last line (compared without trailing whitespace): the same length at the
/// nearest place first, else the nearest first line and the last line nearest to the same
/// length after it. `None` when the first line is unknown or not found.
pub fn anchor_span(
    first: Option<&str>,
    last: Option<&str>,
    start: u32,
    end: u32,
    cur: &[u8],
) -> Option<(u32, u32)> {
    let lines = split_lines(cur);
    let eq = |l: &[u8], t: &str| l.trim_ascii_end() == t.as_bytes().trim_ascii_end();
    let first = first?;
    let last = last.unwrap_or(first);
    let len = (end - start) as usize;
    let home = (start - 1) as usize;
    let mut firsts: Vec<usize> = (0..lines.len()).filter(|&i| eq(lines[i], first)).collect();
    firsts.sort_by_key(|&i| i.abs_diff(home));
    let one_based = |i: usize, j: usize| Some((i as u32 + 1, j as u32 + 1));
    if let Some(&i) = firsts
        .iter()
        .find(|&&i| lines.get(i + len).is_some_and(|l| eq(l, last)))
    {
        return one_based(i, i + len);
    }
    let &i = firsts.first()?;
    let j = (i..lines.len())
        .filter(|&j| eq(lines[j], last))
        .min_by_key(|&j| (j - i).abs_diff(len))?;
    one_based(i, j)
}
