//! Per gold file: what the walk measured, plus when it was first read, the unit around each
//! gold span, and the reads of the file nearest to the lines nobody read. Per other file: where
//! the run looked instead.

use super::model::{
    FileExplanation, Missed, NearRead, OtherFile, SpanExplanation, UnitMap, UnitRange,
    COMMAND_CHARS,
};
use crate::lineset::LineSet;
use crate::metrics::{collect_lines, FileLengths, RunScore};
use crate::span::ReadSpan;
use std::collections::BTreeMap;

/// The run's turn for a row: `turn`, else `step` (logs number one or the other).
pub(super) fn turn_of(r: &ReadSpan) -> Option<u32> {
    r.turn.or(r.step)
}

/// Every gold file of `score`, worst first, with its spans in line order.
pub(super) fn files(
    score: &RunScore,
    reads: &[&ReadSpan],
    units: &UnitMap,
    threshold: f64,
) -> Vec<FileExplanation> {
    let mut out: Vec<FileExplanation> = (score.files.iter())
        .map(|f| {
            let of_file: Vec<&ReadSpan> = reads
                .iter()
                .copied()
                .filter(|r| *r.path == *f.path)
                .collect();
            let mut read = LineSet::new();
            of_file.iter().for_each(|r| read.insert(r.start, r.end));
            let mut spans: Vec<SpanExplanation> = (score.spans.iter())
                .filter(|s| s.path == f.path && s.gold_lines > 0)
                .map(|s| {
                    // Only a missed span asks where the run looked instead.
                    let missed = Missed::of(s.coverage, &s.unread, threshold);
                    let (lo, hi) = (s.unread.first(), s.unread.last());
                    let near = |pick: fn(&[&ReadSpan], u32) -> Option<NearRead>, at| match at {
                        Some(line) if missed.is_some() => pick(&of_file, line),
                        _ => None,
                    };
                    let (nearest_before, nearest_after) = (near(before, lo), near(after, hi));
                    SpanExplanation {
                        start: s.start,
                        end: s.end,
                        gold_lines: s.gold_lines,
                        covered: s.covered_lines,
                        coverage: s.coverage,
                        unread: s.unread.clone(),
                        unit: enclosing(units.get(&*f.path), s.start, s.end),
                        missed,
                        never_read: never_between(&nearest_before, &nearest_after, &read),
                        nearest_before,
                        nearest_after,
                    }
                })
                .collect();
            spans.sort_by_key(|s| (s.start, s.end));
            FileExplanation {
                path: f.path.to_string(),
                gold_lines: f.gold_lines,
                covered: f.covered_lines,
                coverage: f.coverage,
                opened: f.hit,
                first_read_turn: of_file.iter().filter_map(|r| turn_of(r)).min(),
                reads: of_file.len(),
                spans,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        let cov = |f: &FileExplanation| f.coverage.unwrap_or(0.0);
        (cov(a).total_cmp(&cov(b)))
            .then(a.opened.cmp(&b.opened))
            .then(b.gold_lines.cmp(&a.gold_lines))
            .then(a.path.cmp(&b.path))
    });
    out
}

/// The lines strictly between two reads that no read of the file (`read`) covered.
fn never_between(b: &Option<NearRead>, a: &Option<NearRead>, read: &LineSet) -> LineSet {
    match (b, a) {
        (Some(b), Some(a)) if b.end + 1 < a.start => {
            LineSet::span(b.end + 1, a.start - 1).difference(read)
        }
        _ => LineSet::new(),
    }
}

/// The reads nearest to the lines `first..=last` of one file: the one ending closest before
/// `first` and the one starting closest after `last` (`reads`: that file's counted reads).
pub fn nearest_reads(
    reads: &[&ReadSpan],
    first: u32,
    last: u32,
) -> (Option<NearRead>, Option<NearRead>) {
    (before(reads, first), after(reads, last))
}

/// The read ending closest before `line` (ties: the narrower read, then the earlier row).
fn before(reads: &[&ReadSpan], line: u32) -> Option<NearRead> {
    (reads.iter().filter(|r| r.end < line))
        .min_by_key(|r| (line - r.end, r.end - r.start))
        .map(|r| quote(r))
}

/// The read starting closest after `line` (ties: the narrower read, then the earlier row).
fn after(reads: &[&ReadSpan], line: u32) -> Option<NearRead> {
    (reads.iter().filter(|r| r.start > line))
        .min_by_key(|r| (r.start - line, r.end - r.start))
        .map(|r| quote(r))
}

fn quote(r: &ReadSpan) -> NearRead {
    NearRead {
        start: r.start,
        end: r.end,
        turn: turn_of(r),
        tool: r.tool.clone(),
        command: r.command.as_deref().map(shorten),
    }
}

/// At most [`COMMAND_CHARS`] characters on one line, cut in the middle (`…`): a command's
/// end (the file, the line range) says as much as its start.
pub fn shorten(command: &str) -> String {
    let one_line: String = command.split_whitespace().collect::<Vec<_>>().join(" ");
    elide_middle(&one_line, COMMAND_CHARS)
}

/// `text` in at most `max` characters: its start and end around `…` when it is longer.
pub fn elide_middle(text: &str, max: usize) -> String {
    let n = text.chars().count();
    if n <= max {
        return text.to_string();
    }
    let keep = max.saturating_sub(1);
    let head = keep / 2;
    let tail = keep - head;
    let mut s: String = text.chars().take(head).collect();
    s.push('…');
    s.extend(text.chars().skip(n - tail));
    s
}

/// The innermost unit holding all of `start..=end`, else the innermost holding `start`.
fn enclosing(units: Option<&Vec<UnitRange>>, start: u32, end: u32) -> Option<UnitRange> {
    let units = units?;
    let innermost = |holds: &dyn Fn(&UnitRange) -> bool| {
        (units.iter().filter(|u| holds(u)))
            .min_by_key(|u| u.end - u.start)
            .cloned()
    };
    innermost(&|u| u.start <= start && end <= u.end)
        .or_else(|| innermost(&|u| u.start <= start && start <= u.end))
}

/// Files the run read that hold no gold, most lines first.
pub(super) fn elsewhere(
    score: &RunScore,
    reads: &[&ReadSpan],
    lengths: &dyn FileLengths,
) -> Vec<OtherFile> {
    let mut by_path: BTreeMap<&str, Vec<&ReadSpan>> = BTreeMap::new();
    for r in reads {
        if !score.files.iter().any(|f| *f.path == *r.path) {
            by_path.entry(r.path.as_str()).or_default().push(r);
        }
    }
    let lines = collect_lines(
        by_path
            .values()
            .flatten()
            .map(|r| (r.path.as_str(), r.start, r.end)),
        lengths,
    );
    let mut out: Vec<OtherFile> = (by_path.iter())
        .map(|(path, rows)| OtherFile {
            path: path.to_string(),
            reads: rows.len(),
            lines: lines.get(*path).map_or(0, |s| s.len()),
            first_read_turn: rows.iter().filter_map(|r| turn_of(r)).min(),
            read: lines.get(*path).cloned().unwrap_or_default(),
        })
        .collect();
    out.sort_by(|a, b| b.lines.cmp(&a.lines).then(a.path.cmp(&b.path)));
    out
}
