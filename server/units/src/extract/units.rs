//! Found definitions as units: 1-based inclusive line ranges and nesting depth; and the count of
//! a tree's syntax errors, which a file's units are reported with.

use super::Found;
use crate::Unit;
use tree_sitter::{Point, Tree};

/// Units with nesting depth from byte ranges (a unit is inside every earlier unit still open),
/// sorted by (start line, depth). `found` must be in [`sort_found`] order.
pub(crate) fn to_units(found: &[Found]) -> Vec<Unit> {
    let mut open: Vec<usize> = Vec::new();
    let mut units = Vec::with_capacity(found.len());
    for f in found {
        while open.last().is_some_and(|&end| end <= f.start_byte) {
            open.pop();
        }
        units.push(Unit {
            kind: f.kind.clone(),
            name: f.name.clone(),
            start: line(f.start_point.row),
            end: end_line(f.start_point.row, f.end_point),
            depth: u32::try_from(open.len()).unwrap_or(u32::MAX),
        });
        open.push(f.end_byte);
    }
    // Already ordered by start byte, so this stable sort only fixes the rare unit that starts
    // on the same line as a deeper one before it: linear on presorted input.
    units.sort_by_key(|u| (u.start, u.depth));
    units
}

fn line(row: usize) -> u32 {
    u32::try_from(row + 1).unwrap_or(u32::MAX)
}

/// Last 1-based line of a range ending at `end`: an end at column 0 of a later row means the
/// range stopped at the previous line's newline.
fn end_line(start_row: usize, end: Point) -> u32 {
    if end.column == 0 && end.row > start_row {
        line(end.row - 1)
    } else {
        line(end.row)
    }
}

/// ERROR and MISSING nodes in the tree; only subtrees flagged `has_error` are visited.
pub(crate) fn count_errors(tree: &Tree) -> usize {
    let root = tree.root_node();
    if !root.has_error() {
        return 0;
    }
    let mut count = 0;
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.is_error() || n.is_missing() {
            count += 1;
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c).filter(|ch| ch.has_error()));
    }
    count
}
