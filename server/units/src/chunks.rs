//! Large Python files as independent top-level chunks, each with its own tree.
//!
//! tree-sitter-python re-parses most of a 20,000-line file after a one-character edit on some
//! inputs (its top-level nodes are not reused), and a whole parse costs 30–60 ms. A chunk is a
//! run of ~400 lines cut only before a top-level statement that follows a blank line (or a
//! top-level `def`/`class`/decorator right after an indented line); each
//! chunk is parsed with `set_included_ranges` (positions stay those of the whole file), the
//! chunks in parallel, and an edit re-parses only its chunk.
//!
//! Soundness rests on one check: every chunk must parse **without a syntax error**. A cut in a
//! place that is not between two top-level statements (inside a multi-line string, a bracket,
//! before an `else:` or after a decorator) leaves the chunk before it unterminated or dangling,
//! which is an error; that chunk is then merged with the next, and a file that still does not
//! parse clean (a real syntax error) is parsed whole. Differential tests compare chunked units with
//! whole-file units on real sources and on every edit of the incremental tests.

use crate::extract::{find, sort_found, to_units};
use crate::{parser_for, Lang, Unit};
use tree_sitter::{Parser, Point, Range, Tree};

/// Files with fewer lines are parsed whole: splitting them saves less than it costs.
pub(crate) const MIN_LINES: usize = 4_000;
/// About how many lines one chunk holds, so what one edit re-parses.
const CHUNK_LINES: usize = 400;

/// One chunk: its byte/point range in the whole text, its tree, its units (sorted; chunks are
/// cut between top-level statements, so depths within a chunk are depths in the file).
pub(crate) struct Chunk {
    pub range: Range,
    pub tree: Tree,
    pub units: Vec<Unit>,
}

/// Where `source` would be cut, or `None` when it is parsed whole (not Python, too small, or no
/// place to cut).
pub(crate) fn split(lang: Lang, source: &str) -> Option<Vec<Range>> {
    if lang != Lang::Python || source.bytes().filter(|&b| b == b'\n').count() < MIN_LINES {
        return None;
    }
    let mut ranges = Vec::new();
    let (mut start, mut start_row) = (0usize, 0usize);
    let (mut offset, mut row, mut prev) = (0usize, 0usize, Prev::Other);
    for line in source.split_inclusive('\n') {
        if row - start_row >= CHUNK_LINES && may_cut_before(line, prev) {
            ranges.push(range(start, offset, start_row, Point::new(row, 0)));
            (start, start_row) = (offset, row);
        }
        prev = Prev::of(line);
        offset += line.len();
        row += 1;
    }
    if ranges.is_empty() {
        return None;
    }
    ranges.push(range(start, source.len(), start_row, end_point(source)));
    Some(ranges)
}

/// What the line before a candidate cut was.
#[derive(Clone, Copy, PartialEq)]
enum Prev {
    Blank,
    /// Indented: the body of the statement before.
    Indented,
    /// A decorator (`@…` at column 0): the definition it decorates must stay with it.
    Decorator,
    Other,
}

impl Prev {
    fn of(line: &str) -> Prev {
        match line.as_bytes().first() {
            _ if line.trim().is_empty() => Prev::Blank,
            Some(b' ' | b'\t') => Prev::Indented,
            Some(b'@') => Prev::Decorator,
            _ => Prev::Other,
        }
    }
}

/// Whether a chunk may start at `line`. After a blank line: any line starting a statement at
/// column 0. Right after an indented line (files written without blank lines between
/// definitions): only a `def`, `class`, `async` or decorator line — never `else:`, `except:`
/// and the like, which continue the statement before. These are guesses about where top-level
/// statements start; a wrong one (a line inside a string, say) is caught by the parse check.
fn may_cut_before(line: &str, prev: Prev) -> bool {
    let starts_statement = matches!(
        line.as_bytes().first(),
        Some(b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'@')
    );
    let starts_definition = ["def ", "class ", "async ", "@"]
        .iter()
        .any(|k| line.starts_with(k));
    match prev {
        Prev::Blank => starts_statement,
        Prev::Indented => starts_definition,
        Prev::Decorator | Prev::Other => false,
    }
}

fn range(start_byte: usize, end_byte: usize, start_row: usize, end_point: Point) -> Range {
    Range {
        start_byte,
        end_byte,
        start_point: Point::new(start_row, 0),
        end_point,
    }
}

/// The point just past the last byte of `source`.
fn end_point(source: &str) -> Point {
    let rows = source.bytes().filter(|&b| b == b'\n').count();
    let last = source.rfind('\n').map_or(0, |i| i + 1);
    Point::new(rows, source.len() - last)
}

/// At most this many neighbouring chunks are merged to get past a bad cut; beyond it the file
/// is parsed whole (a real syntax error never parses clean, however much is merged).
const MAX_MERGE: usize = 4;

/// Parses and maps every chunk, spread over the available cores. A chunk with a syntax error is
/// merged with the chunks after it until the merged range parses clean (the cut was inside a
/// construct). `None` when that does not happen within [`MAX_MERGE`] chunks: the caller parses
/// the file whole.
pub(crate) fn parse(lang: Lang, source: &str, ranges: &[Range]) -> Option<Vec<Chunk>> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, ranges.len());
    let mut solo: Vec<Option<Chunk>> = (0..ranges.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let Ok(mut parser) = parser_for(lang) else {
                        return Vec::new();
                    };
                    // Every `threads`-th chunk, so long and short chunks spread evenly.
                    let mine = ranges.iter().enumerate().skip(t).step_by(threads);
                    mine.map(|(i, r)| (i, parse_one(&mut parser, lang, source, *r, None)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for w in workers {
            for (i, c) in w.join().unwrap_or_default() {
                solo[i] = c;
            }
        }
    });
    let mut parser = parser_for(lang).ok()?;
    let mut out = Vec::with_capacity(ranges.len());
    let mut i = 0;
    while i < ranges.len() {
        if let Some(c) = solo[i].take() {
            out.push(c);
            i += 1;
            continue;
        }
        let mut k = i;
        loop {
            k += 1;
            if k >= ranges.len() || k - i > MAX_MERGE {
                return None;
            }
            let merged = Range {
                end_byte: ranges[k].end_byte,
                end_point: ranges[k].end_point,
                ..ranges[i]
            };
            if let Some(c) = parse_one(&mut parser, lang, source, merged, None) {
                out.push(c);
                i = k + 1;
                break;
            }
        }
    }
    Some(out)
}

/// Whether `range` of `source` still sits between two top-level statements after an edit: it
/// starts and ends at a line break and its first line with text is not indented. The parse
/// check does not catch an indented first line: a chunk parsed alone takes it as its own
/// statement, where the whole file puts it in the definition before (an edit at a chunk's first
/// line that deleted `def f(x):` and left its body was given no unit change; found by
/// `any_edit_sequence_on_a_chunked_file`).
pub(crate) fn cut_between_statements(source: &str, range: Range) -> bool {
    let bytes = source.as_bytes();
    let at_line_start = |at: usize| at == 0 || bytes.get(at - 1) == Some(&b'\n');
    let ends_a_line = range.end_byte >= bytes.len() || at_line_start(range.end_byte);
    let Some(text) = source.get(range.start_byte..range.end_byte.min(source.len())) else {
        return false;
    };
    // Comments do not open or close a block: the first line with code decides.
    let first_line = text.lines().find(|l| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    });
    let top_level = first_line.is_none_or(|l| !l.starts_with([' ', '\t', '\x0c']));
    at_line_start(range.start_byte) && ends_a_line && top_level
}

/// Parses one chunk (re-using `old`, already edited, when given) and finds its units; `None` on
/// a syntax error.
pub(crate) fn parse_one(
    parser: &mut Parser,
    lang: Lang,
    source: &str,
    range: Range,
    old: Option<&Tree>,
) -> Option<Chunk> {
    parser.set_included_ranges(&[range]).ok()?;
    let tree = parser.parse(source, old);
    // Leave the parser ready for whole-file parses.
    parser.set_included_ranges(&[]).ok()?;
    let tree = tree?;
    if tree.root_node().has_error() {
        return None;
    }
    let query = lang.query().ok()?;
    let mut found = find(lang, query, &tree, source, None);
    sort_found(&mut found);
    Some(Chunk {
        range,
        tree,
        units: to_units(&found),
    })
}

/// Takes the units out of every chunk, in order (chunks are disjoint and sorted, so this is
/// sorted too); the counts say which units belong to which chunk.
pub(crate) fn take_units(chunks: &mut [Chunk]) -> (Vec<Unit>, Vec<usize>) {
    let counts = chunks.iter().map(|c| c.units.len()).collect();
    let units = chunks
        .iter_mut()
        .flat_map(|c| std::mem::take(&mut c.units))
        .collect();
    (units, counts)
}
