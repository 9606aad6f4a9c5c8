//! One task's gold prepared once (lines per file, each span clipped to them, the paths its rows
//! share) and scored against any number of runs: a SWE-Explore task has dozens.

use super::{
    collect_lines, file_totals, finish, gold_files, ratio, FileLengths, FileLines, FileScore,
    RunScore, SpanScore,
};
use crate::lineset::LineSet;
use crate::span::{GoldSpan, ReadSpan};
use std::sync::Arc;

/// One task's gold, prepared once and scored against any number of runs.
pub struct PreparedGold {
    /// Each gold file's path, in path order, as every row's [`FileScore`] and [`SpanScore`]
    /// shares it (copying each per row was the largest cost of the breakdown: profiled).
    names: Vec<Arc<str>>,
    /// Each gold file's lines, in the same order (a vector: walked for every run).
    lines: Vec<LineSet>,
    /// Each gold span: its path, start, end, and its file's index (`None` for a span with no
    /// lines at all).
    spans: Vec<(Arc<str>, u32, u32, Option<usize>)>,
    /// Each span clipped to its file's gold lines (a span past the end of a file is measured on
    /// the lines that exist): the same for every run.
    span_sets: Vec<LineSet>,
}

impl PreparedGold {
    pub fn new(gold: &[&GoldSpan], lengths: &dyn FileLengths) -> PreparedGold {
        let spans = gold.iter().map(|g| (g.path.as_str(), g.start, g.end));
        PreparedGold::from_files(spans, shared_files(gold, lengths))
    }

    /// From the spans and their union per file (as [`collect_lines`] builds it).
    pub fn from_lines<'a>(
        spans: impl IntoIterator<Item = (&'a str, u32, u32)>,
        lines: FileLines,
    ) -> PreparedGold {
        let files = lines.into_iter().map(|(path, set)| (Arc::from(path), set));
        PreparedGold::from_files(spans, files)
    }

    /// From the spans and their files' lines, in path order.
    fn from_files<'a>(
        spans: impl IntoIterator<Item = (&'a str, u32, u32)>,
        files: impl Iterator<Item = (Arc<str>, LineSet)>,
    ) -> PreparedGold {
        let (names, lines): (Vec<Arc<str>>, Vec<LineSet>) = files.unzip();
        let empty = LineSet::new();
        let (mut with_files, mut span_sets) = (Vec::new(), Vec::new());
        for (path, start, end) in spans {
            let file = names.iter().position(|n| **n == *path);
            let name = file.map_or_else(|| Arc::from(path), |i| names[i].clone());
            let set = file.map_or(&empty, |i| &lines[i]);
            span_sets.push(LineSet::span(start, end).intersection(set));
            with_files.push((name, start, end, file));
        }
        PreparedGold {
            lines,
            names,
            spans: with_files,
            span_sets,
        }
    }

    /// The gold lines per file only, for scoring without the breakdown (`score_by` with
    /// `breakdown` then lists no spans): the spans and their clipped sets were a third of
    /// preparing a task's gold, for rows that never show them.
    pub fn summary_only(gold: &[&GoldSpan], lengths: &dyn FileLengths) -> PreparedGold {
        PreparedGold::from_files([], shared_files(gold, lengths))
    }

    /// Each gold file's path and lines, in path order (a file's index in this order is what
    /// [`Self::score_by`] asks about).
    pub fn files(&self) -> impl ExactSizeIterator<Item = (&str, &LineSet)> {
        self.names.iter().map(|n| &**n).zip(&self.lines)
    }

    /// The path of the gold file at `index` in [`Self::files`].
    pub fn file_path(&self, index: usize) -> &str {
        &self.names[index]
    }

    /// Scores a run given as its total lines read and the read set of each gold file, by its
    /// index in [`Self::files`] (`None`: not read); with `breakdown`, per gold file and per gold
    /// span too. Without it, `files` and `spans` stay empty and nothing per file is allocated:
    /// the summary figures alone are the same either way.
    pub fn score_by<'r>(
        &self,
        read_lines: u64,
        read_of: impl Fn(usize) -> Option<&'r LineSet>,
        threshold: f64,
        breakdown: bool,
    ) -> RunScore {
        let empty = LineSet::new();
        let read = |file: usize| read_of(file).unwrap_or(&empty);
        let mut files = Vec::with_capacity(if breakdown { self.lines.len() } else { 0 });
        let totals = file_totals(&self.lines, |i, g| {
            let r = read(i);
            let covered = g.intersection_len(r);
            if breakdown {
                files.push(FileScore {
                    path: self.names[i].clone(),
                    gold_lines: g.len(),
                    covered_lines: covered,
                    coverage: ratio(covered, g.len()),
                    hit: !r.is_empty(),
                });
            }
            (covered, !r.is_empty())
        });
        let spans = if !breakdown {
            Vec::new()
        } else {
            (self.spans.iter().zip(&self.span_sets))
                .map(|((path, start, end, file), span)| {
                    // A span whose file has no gold lines has none either.
                    let unread = file.map_or_else(LineSet::new, |i| span.difference(read(i)));
                    let gold_lines = span.len();
                    // One pass over the reads (the difference) instead of two.
                    let covered = gold_lines - unread.len();
                    SpanScore {
                        path: path.clone(),
                        start: *start,
                        end: *end,
                        gold_lines,
                        covered_lines: covered,
                        coverage: ratio(covered, gold_lines),
                        unread,
                    }
                })
                .collect()
        };
        finish(totals, read_lines, threshold, files, spans)
    }

    /// Scores one run's reads against this gold (with the breakdown when asked).
    pub fn score(
        &self,
        reads: &[&ReadSpan],
        lengths: &dyn FileLengths,
        threshold: f64,
        breakdown: bool,
    ) -> RunScore {
        let read = collect_lines(
            reads.iter().map(|r| (r.path.as_str(), r.start, r.end)),
            lengths,
        );
        let read_lines = read.values().map(LineSet::len).sum();
        self.score_by(
            read_lines,
            |i| read.get(self.file_path(i)),
            threshold,
            breakdown,
        )
    }
}

/// A task's gold lines per file ([`gold_files`]), each path as the rows will share it.
fn shared_files<'a>(
    gold: &'a [&GoldSpan],
    lengths: &dyn FileLengths,
) -> impl Iterator<Item = (Arc<str>, LineSet)> + 'a {
    let spans = gold.iter().map(|g| (g.path.as_str(), g.start, g.end));
    (gold_files(spans, lengths).into_iter()).map(|(path, set)| (Arc::from(path), set))
}
