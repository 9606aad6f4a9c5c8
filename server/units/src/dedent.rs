//! Python lines continued inside brackets at less indentation than their block.
//!
//! CPython joins the lines of a bracketed expression whatever their indentation, but
//! tree-sitter-python 0.25.0's indentation scanner takes such a line as a dedent when the line
//! before ends where a closing bracket cannot follow (after `+`, `.`, …): `x = (a +` then `b)` at
//! the enclosing `def`'s column gives parse errors and the units from there on lose their class or
//! go missing (a known upstream bug; CPython's own `test_compile.py` has several). A parse with
//! errors is therefore tried again with those line breaks left out of the parser's view
//! (`set_included_ranges`: positions stay those of the file, so rows and bytes need no mapping),
//! and the second tree is kept when it parses clean. Files that parse clean never take this path,
//! so their units cannot change.

use crate::Lang;
use tree_sitter::{Parser, Point, Range, Tree};

/// Byte ranges to hide from the parser: from just after the last token of a line inside brackets
/// (its trailing comment and any `\` included) to the first character of the next code line, when
/// that line is indented less than the line that opened the brackets. Empty when there is none.
pub(crate) fn gaps(source: &str) -> Vec<(usize, usize)> {
    let b = source.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut i) = (0usize, 0usize);
    // Indentation of the current logical line's first line; end of the last token seen.
    let (mut logical_indent, mut last_token_end) = (0usize, 0usize);
    // `at_line_start`: the next byte starts a line; `joined`: the line before ended in a `\`.
    let (mut at_line_start, mut joined) = (true, false);
    while i < b.len() {
        if at_line_start {
            at_line_start = false;
            let (indent, first) = indentation(b, i);
            let blank = first >= b.len() || matches!(b[first], b'\n' | b'\r' | b'#');
            if !blank {
                if depth == 0 && !joined {
                    logical_indent = indent;
                } else if depth > 0 && indent < logical_indent {
                    out.push((last_token_end, first));
                }
                joined = false;
            }
            i = first;
            continue;
        }
        match b[i] {
            b'\n' => {
                at_line_start = true;
                i += 1;
            }
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' | b'\'' => {
                i = skip_string(b, i);
                last_token_end = i;
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
                last_token_end = i;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
                last_token_end = i;
            }
            b' ' | b'\t' | b'\r' | b'\x0c' => i += 1,
            b'\\' if matches!(b.get(i + 1), Some(b'\n' | b'\r')) => {
                joined = true;
                i += 1;
            }
            _ => {
                i += 1;
                last_token_end = i;
            }
        }
    }
    out
}

/// Columns of indentation as tree-sitter-python counts them (a tab 8, a form feed back to 0) and
/// the byte of the line's first other character.
fn indentation(b: &[u8], mut i: usize) -> (usize, usize) {
    let mut col = 0;
    while i < b.len() {
        match b[i] {
            b' ' => col += 1,
            b'\t' => col += 8,
            b'\x0c' => col = 0,
            _ => break,
        }
        i += 1;
    }
    (col, i)
}

/// The byte after the string literal opening at `i` (single or triple quoted; a backslash always
/// takes the next byte, raw or not; a one-line string stops at its line's end when unclosed).
fn skip_string(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let triple = b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q);
    let mut j = i + if triple { 3 } else { 1 };
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'\n' if !triple => return j,
            c if c == q && (!triple || (b.get(j + 1) == Some(&q) && b.get(j + 2) == Some(&q))) => {
                return j + if triple { 3 } else { 1 };
            }
            _ => j += 1,
        }
    }
    b.len()
}

/// The ranges of `source` outside `gaps`, with their points (one pass over the text, however
/// many gaps: a long list continued at column 0 can have one per line).
fn included(source: &str, gaps: &[(usize, usize)]) -> Vec<Range> {
    let b = source.as_bytes();
    // Points advance from the last one computed: offsets come in increasing order.
    let (mut at, mut row, mut line_start) = (0usize, 0usize, 0usize);
    let mut point = |byte: usize| {
        for (k, &c) in b[at..byte].iter().enumerate() {
            if c == b'\n' {
                row += 1;
                line_start = at + k + 1;
            }
        }
        at = byte;
        Point::new(row, byte - line_start)
    };
    let mut out = Vec::with_capacity(gaps.len() + 1);
    let mut start = 0;
    for &(lo, hi) in gaps
        .iter()
        .chain(std::iter::once(&(source.len(), source.len())))
    {
        if lo > start {
            let start_point = point(start);
            out.push(Range {
                start_byte: start,
                end_byte: lo,
                start_point,
                end_point: point(lo),
            });
        }
        start = hi;
    }
    out
}

/// For a Python `tree` with parse errors: the same text parsed afresh with the dedented
/// continuation lines' breaks hidden, when that parse is clean; else `tree` unchanged. (Only a
/// clean result is taken, so the choice does not depend on how `tree` itself was reached: a fresh
/// or an incremental parse.) The second value says whether the tree was re-parsed that way: an
/// edit of it must parse afresh, as the parser's ranges are reset for whole-file parses.
pub(crate) fn reparse_if_better(
    lang: Lang,
    parser: &mut Parser,
    source: &str,
    tree: Tree,
) -> (Tree, bool) {
    if lang != Lang::Python || !tree.root_node().has_error() {
        return (tree, false);
    }
    let gaps = gaps(source);
    if gaps.is_empty()
        || parser
            .set_included_ranges(&included(source, &gaps))
            .is_err()
    {
        return (tree, false);
    }
    let other = parser.parse(source, None);
    // Leave the parser ready for whole-file parses.
    let reset = parser.set_included_ranges(&[]);
    match other {
        Some(t) if reset.is_ok() && !t.root_node().has_error() => (t, true),
        _ => (tree, false),
    }
}

#[cfg(test)]
mod tests;
