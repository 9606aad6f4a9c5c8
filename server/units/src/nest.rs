//! How units nest, without asking every unit about every other: each unit's *own* lines (its
//! span minus the spans of the units inside it), for "a gold line belongs to its innermost unit".
//! The per-unit scans these replace were quadratic on deeply nested code: 100,000 nested
//! JavaScript functions (1.4 MB) took 45 s in `readcov score` and 53 s in the language server.
//!
//! Both functions give exactly what the quadratic definitions gave (`nest/tests.rs` checks them
//! against those on random nested units, units sharing a line included). Units are syntax nodes
//! as line spans: two either nest or are apart, sharing at most one line (`} function g() {`).

use readcov_core::{Interval, LineSet};
use std::collections::HashMap;

/// Own lines by depth, as [`crate::gold_units`] and the unit documents define them: a unit's
/// span minus the spans of the units one level deeper that lie inside it. `units` are
/// `(start, end, depth)` in any order.
///
/// Each unit scans only the next level's units starting within its span; identical
/// `(start, end, depth)` are answered once (a minified line can hold thousands of units, all on
/// that line), so a unit of the next level is scanned by at most three distinct spans.
pub fn own_lines_by_depth(units: &[(u32, u32, u32)]) -> Vec<LineSet> {
    let mut levels: HashMap<u32, Vec<(u32, u32)>> = HashMap::new();
    for &(start, end, depth) in units {
        levels.entry(depth).or_default().push((start, end));
    }
    for level in levels.values_mut() {
        level.sort_unstable();
    }
    let mut answered: HashMap<(u32, u32, u32), LineSet> = HashMap::new();
    let none = Vec::new();
    units
        .iter()
        .map(|&(start, end, depth)| {
            let own = answered.entry((start, end, depth)).or_insert_with(|| {
                let next = depth.checked_add(1).and_then(|d| levels.get(&d));
                let next = next.unwrap_or(&none);
                let from = next.partition_point(|c| c.0 < start);
                let inside = (next[from..].iter())
                    .take_while(|c| c.0 <= end)
                    .filter(|c| c.1 <= end)
                    .map(|c| Interval {
                        start: c.0,
                        end: c.1,
                    });
                LineSet::span(start, end).difference(&LineSet::from_intervals(inside))
            });
            own.clone()
        })
        .collect()
}

/// Own lines as the language server's lenses define them: a span's lines outside every span
/// strictly inside it (one on the very same lines does not count, so two units on the same
/// lines are both innermost). Found on the tree of [`parents`]: a span's children, with a child
/// on the same lines seen through to its own children.
pub fn own_lines_strict(spans: &[(u32, u32)]) -> Vec<LineSet> {
    let parent = parents(spans);
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); spans.len()];
    for (i, p) in parent.iter().enumerate() {
        if let Some(p) = *p {
            children[p].push(i);
        }
    }
    // Children come after their parent in `order`, so its reverse sees children first.
    let mut covered: Vec<Option<LineSet>> = vec![None; spans.len()];
    let mut own = vec![LineSet::new(); spans.len()];
    let singles: std::collections::HashSet<u32> =
        (spans.iter()).filter(|s| s.0 == s.1).map(|s| s.0).collect();
    for &i in order(spans).iter().rev() {
        // One sort over the children's spans, not a union per child (a class of 10,000 methods).
        let mut parts: Vec<Interval> = Vec::with_capacity(children[i].len());
        for &c in &children[i] {
            if spans[c] == spans[i] {
                let seen = covered[c].take().unwrap_or_default();
                parts.extend(seen.intervals().iter().copied());
            } else {
                parts.push(Interval {
                    start: spans[c].0,
                    end: spans[c].1,
                });
            }
        }
        let (start, end) = spans[i];
        // A one-line span on this span's last line can sit outside its subtree: the next
        // sibling starting on that line took it (`}; f(() => 1); function g() {`).
        if start < end && singles.contains(&end) {
            parts.push(Interval { start: end, end });
        }
        let inside = LineSet::from_intervals(parts);
        own[i] = LineSet::span(start, end).difference(&inside);
        covered[i] = Some(inside);
    }
    own
}

/// Indices in (start, longest first) order; stable, so equal spans keep their given order.
fn order(spans: &[(u32, u32)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..spans.len()).collect();
    order.sort_by_key(|&i| (spans[i].0, std::cmp::Reverse(spans[i].1)));
    order
}

/// For each span, the index of the smallest span holding it (its parent), found with one stack
/// over the spans in (start, longest first) order. Two equal spans nest in their given order:
/// the first holds the second.
pub fn parents(spans: &[(u32, u32)]) -> Vec<Option<usize>> {
    let mut parent = vec![None; spans.len()];
    let mut open: Vec<usize> = Vec::new();
    for i in order(spans) {
        let (start, end) = spans[i];
        // Closed before this one starts, or not holding it (spans that share a line only).
        while open
            .last()
            .is_some_and(|&o| spans[o].1 < start || spans[o].1 < end)
        {
            open.pop();
        }
        parent[i] = open.last().copied();
        open.push(i);
    }
    parent
}

#[cfg(test)]
mod tests;
