//! The base-side lines a file patch changes: every deleted (or modified) line, and for a pure
//! insertion, which has no base line of its own, `anchor` base lines before it and `anchor` after
//! it (default 1: the line it follows and the line it precedes), both kept inside the hunk's own
//! base range — the lines the patch itself shows.

use crate::model::{FilePatch, Hunk, Op};

/// Inclusive base-line intervals `fp` changes, merged, when its hunks sit at `starts` (each
/// hunk's first base line: the stated `old_start` without a base text, else where
/// [`crate::apply`] placed it). A missing start is the stated one.
pub fn change_lines(fp: &FilePatch, starts: &[u32], anchor: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (i, h) in fp.hunks.iter().enumerate() {
        let start = starts.get(i).copied().unwrap_or(h.old_start);
        hunk_lines(h, start, anchor, &mut out);
    }
    merge(out)
}

/// One hunk's changed base lines, its base side starting at `start`.
fn hunk_lines(h: &Hunk, start: u32, anchor: u32, out: &mut Vec<(u32, u32)>) {
    let first_old = start.max(1);
    let last_old = start.saturating_add(h.old_len.saturating_sub(1));
    let mut o = first_old;
    let mut pending_insert = false;
    let mut changed_since_context = false;
    // Anchors stay inside the hunk's old range: the lines the patch itself shows.
    // Before: `o-anchor ..= o-1`, after: `o ..= o+anchor-1`, each clipped to that range.
    let flush = |out: &mut Vec<(u32, u32)>, o: u32, pending: &mut bool, changed: bool| {
        if *pending && !changed && anchor > 0 {
            if o > first_old {
                out.push((o.saturating_sub(anchor).max(first_old), o - 1));
            }
            if o <= last_old {
                out.push((o, o.saturating_add(anchor - 1).min(last_old)));
            }
        }
        *pending = false;
    };
    for l in &h.lines {
        match l.op {
            Op::Delete => {
                out.push((o, o));
                o = o.saturating_add(1);
                changed_since_context = true;
            }
            Op::Insert => pending_insert = true,
            Op::Context => {
                flush(out, o, &mut pending_insert, changed_since_context);
                changed_since_context = false;
                o = o.saturating_add(1);
            }
        }
    }
    flush(out, o, &mut pending_insert, changed_since_context);
}

/// Sorts inclusive intervals and merges overlapping or adjacent ones: O(n log n) in intervals.
pub fn merge(mut v: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    v.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(v.len());
    for (s, e) in v {
        match out.last_mut() {
            Some((_, last)) if s <= last.saturating_add(1) => *last = (*last).max(e),
            _ => out.push((s, e)),
        }
    }
    out
}
