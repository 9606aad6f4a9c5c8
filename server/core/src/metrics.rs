//! Coverage metrics for one run against one task's gold: file hit, line coverage, precision, F1,
//! and breakdowns per gold file and per gold span.
//!
//! A task with no gold lines is *unscored* — never a coverage of 0.0 — and a run with no reads
//! scores 0 on every ratio.

use crate::lineset::LineSet;
use crate::span::{GoldSpan, ReadSpan};
use serde::Serialize;
use std::collections::BTreeMap;

/// Lines per file: the unit every metric is computed on.
pub type FileLines = BTreeMap<String, LineSet>;

/// Default pass mark for line coverage (the SWE-Explore "50% wall").
pub const DEFAULT_THRESHOLD: f64 = 0.5;

/// File lengths, when known, clip spans that run past the end of a file.
pub trait FileLengths {
    fn lines_in(&self, path: &str) -> Option<u32>;
}

/// No lengths known: spans are taken as written.
pub struct UnknownLengths;

impl FileLengths for UnknownLengths {
    fn lines_in(&self, _: &str) -> Option<u32> {
        None
    }
}

impl FileLengths for BTreeMap<String, u32> {
    fn lines_in(&self, path: &str) -> Option<u32> {
        self.get(path).copied()
    }
}

impl FileLengths for std::collections::HashMap<String, u32> {
    fn lines_in(&self, path: &str) -> Option<u32> {
        self.get(path).copied()
    }
}

/// Collects spans into per-file line sets, clipped to known file lengths.
pub fn collect_lines<'a>(
    spans: impl IntoIterator<Item = (&'a str, u32, u32)>,
    lengths: &dyn FileLengths,
) -> FileLines {
    let mut by_file: BTreeMap<&str, Vec<crate::lineset::Interval>> = BTreeMap::new();
    for (path, start, end) in spans {
        if let Some(iv) = crate::lineset::Interval::new(start, end) {
            by_file.entry(path).or_default().push(iv);
        }
    }
    by_file
        .into_iter()
        .map(|(path, ivs)| {
            let set = LineSet::from_intervals(ivs);
            let set = match lengths.lines_in(path) {
                Some(n) => set.clip(n),
                None => set,
            };
            (path.to_string(), set)
        })
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Scored,
    /// No gold lines: nothing to measure against.
    Unscored,
}

/// Coverage of one gold file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FileScore {
    pub path: String,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub coverage: Option<f64>,
    /// The run read at least one line of this file (any line, not only gold ones).
    pub hit: bool,
}

/// Coverage of one gold span, with the sub-ranges nobody read.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpanScore {
    pub path: String,
    pub start: u32,
    pub end: u32,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub coverage: Option<f64>,
    pub unread: LineSet,
}

/// Every figure for one run against one task's gold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunScore {
    pub status: Status,
    pub file_hit: Option<f64>,
    pub line_coverage: Option<f64>,
    pub precision: Option<f64>,
    pub f1: Option<f64>,
    pub gold_files: usize,
    pub files_hit: usize,
    pub gold_lines: u64,
    pub read_lines: u64,
    pub covered_lines: u64,
    pub passes_threshold: Option<bool>,
    pub files: Vec<FileScore>,
    pub spans: Vec<SpanScore>,
}

/// `num / den`, or `None` for an empty denominator.
pub fn ratio(num: u64, den: u64) -> Option<f64> {
    (den > 0).then(|| num as f64 / den as f64)
}

/// Harmonic mean, 0 when both are 0.
pub fn f1(precision: f64, recall: f64) -> f64 {
    if precision + recall == 0.0 {
        0.0
    } else {
        2.0 * precision * recall / (precision + recall)
    }
}

/// Scores reads against gold. `gold_spans` gives the per-span breakdown; `gold` must be the union
/// of those spans (as built by [`collect_lines`]), so overlapping gold spans count once.
pub fn score(
    gold_spans: &[(String, u32, u32)],
    gold: &FileLines,
    read: &FileLines,
    threshold: f64,
) -> RunScore {
    let read_lines: u64 = read.values().map(LineSet::len).sum();
    score_with(
        gold_spans,
        &clip_spans(gold_spans, gold),
        gold,
        read_lines,
        |path| read.get(path),
        threshold,
        true,
    )
}

/// Each gold span's lines that exist: the span within its file's gold set, so a span past the
/// end of a file is measured on the lines that exist.
fn clip_spans(gold_spans: &[(String, u32, u32)], gold: &FileLines) -> Vec<LineSet> {
    let empty = LineSet::new();
    gold_spans
        .iter()
        .map(|(p, s, e)| LineSet::span(*s, *e).intersection(gold.get(p).unwrap_or(&empty)))
        .collect()
}

/// The metric itself, with the reads given as the total lines read and the read set of each gold
/// file (`read_of` is only asked about gold paths); `span_sets` is [`clip_spans`] of
/// `gold_spans`. Without `breakdown`, `files` and `spans` stay empty and nothing per file is
/// allocated: the summary figures alone are the same either way.
fn score_with<'r>(
    gold_spans: &[(String, u32, u32)],
    span_sets: &[LineSet],
    gold: &FileLines,
    read_lines: u64,
    read_of: impl Fn(&str) -> Option<&'r LineSet>,
    threshold: f64,
    breakdown: bool,
) -> RunScore {
    let empty = LineSet::new();
    let read = |path: &str| read_of(path).unwrap_or(&empty);
    let mut files = Vec::new();
    let totals = file_totals(gold, |path, g| {
        let r = read(path);
        let covered = g.intersection_len(r);
        if breakdown {
            files.push(FileScore {
                path: path.to_string(),
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
        gold_spans
            .iter()
            .zip(span_sets)
            .map(|((path, start, end), span)| {
                let r = read(path);
                let covered = span.intersection_len(r);
                SpanScore {
                    path: path.clone(),
                    start: *start,
                    end: *end,
                    gold_lines: span.len(),
                    covered_lines: covered,
                    coverage: ratio(covered, span.len()),
                    unread: span.difference(r),
                }
            })
            .collect()
    };
    finish(totals, read_lines, threshold, files, spans)
}

/// Per gold file (with lines) its covered lines and whether it was read; summed: gold lines,
/// gold files, files hit, covered lines.
struct FileTotals {
    gold_lines: u64,
    gold_files: usize,
    files_hit: usize,
    covered_lines: u64,
}

fn file_totals(gold: &FileLines, mut of: impl FnMut(&str, &LineSet) -> (u64, bool)) -> FileTotals {
    let mut t = FileTotals {
        gold_lines: 0,
        gold_files: 0,
        files_hit: 0,
        covered_lines: 0,
    };
    for (path, g) in gold.iter().filter(|(_, g)| !g.is_empty()) {
        let (covered, hit) = of(path, g);
        t.gold_lines += g.len();
        t.gold_files += 1;
        t.files_hit += usize::from(hit);
        t.covered_lines += covered;
    }
    t
}

/// The row from the totals: unscored without gold lines.
fn finish(
    t: FileTotals,
    read_lines: u64,
    threshold: f64,
    files: Vec<FileScore>,
    spans: Vec<SpanScore>,
) -> RunScore {
    if t.gold_lines == 0 {
        return RunScore {
            status: Status::Unscored,
            file_hit: None,
            line_coverage: None,
            precision: None,
            f1: None,
            gold_files: 0,
            files_hit: 0,
            gold_lines: 0,
            read_lines,
            covered_lines: 0,
            passes_threshold: None,
            files,
            spans,
        };
    }
    let coverage = t.covered_lines as f64 / t.gold_lines as f64;
    let precision = ratio(t.covered_lines, read_lines).unwrap_or(0.0);
    RunScore {
        status: Status::Scored,
        file_hit: ratio(t.files_hit as u64, t.gold_files as u64),
        line_coverage: Some(coverage),
        precision: Some(precision),
        f1: Some(f1(precision, coverage)),
        gold_files: t.gold_files,
        files_hit: t.files_hit,
        gold_lines: t.gold_lines,
        read_lines,
        covered_lines: t.covered_lines,
        passes_threshold: Some(coverage >= threshold),
        files,
        spans,
    }
}

/// One task's gold, prepared once and scored against any number of runs.
pub struct PreparedGold {
    pub spans: Vec<(String, u32, u32)>,
    pub lines: FileLines,
    /// Each span clipped to its file's gold lines: the same for every run of the task.
    span_sets: Vec<LineSet>,
}

impl PreparedGold {
    pub fn new(gold: &[&GoldSpan], lengths: &dyn FileLengths) -> PreparedGold {
        let spans: Vec<(String, u32, u32)> = gold
            .iter()
            .map(|g| (g.path.clone(), g.start, g.end))
            .collect();
        let lines = collect_lines(
            gold.iter().map(|g| (g.path.as_str(), g.start, g.end)),
            lengths,
        );
        let span_sets = clip_spans(&spans, &lines);
        PreparedGold {
            spans,
            lines,
            span_sets,
        }
    }

    /// The gold lines per file only, for scoring without the breakdown (`score_by` with
    /// `breakdown` then lists no spans): the spans and their clipped sets were a third of
    /// preparing a task's gold, for rows that never show them.
    pub fn summary_only(gold: &[&GoldSpan], lengths: &dyn FileLengths) -> PreparedGold {
        let lines = collect_lines(
            gold.iter().map(|g| (g.path.as_str(), g.start, g.end)),
            lengths,
        );
        PreparedGold {
            spans: Vec::new(),
            lines,
            span_sets: Vec::new(),
        }
    }

    /// Scores a run given as its total lines read and the read set of each gold file; with
    /// `breakdown`, per gold file and per gold span too.
    pub fn score_by<'r>(
        &self,
        read_lines: u64,
        read_of: impl Fn(&str) -> Option<&'r LineSet>,
        threshold: f64,
        breakdown: bool,
    ) -> RunScore {
        score_with(
            &self.spans,
            &self.span_sets,
            &self.lines,
            read_lines,
            read_of,
            threshold,
            breakdown,
        )
    }

    /// The summary figures of a run given as its total lines read and, per gold file, its
    /// covered lines and whether it was read (`None`: not read) — what [`Self::score_by`]
    /// gives without the breakdown, for a caller that counted them without building sets.
    pub fn score_counts(
        &self,
        read_lines: u64,
        counts_of: impl Fn(&str) -> Option<(u64, bool)>,
        threshold: f64,
    ) -> RunScore {
        let totals = file_totals(&self.lines, |path, _| counts_of(path).unwrap_or((0, false)));
        finish(totals, read_lines, threshold, Vec::new(), Vec::new())
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
        self.score_by(read_lines, |path| read.get(path), threshold, breakdown)
    }
}

/// Scores one run's read spans against one task's core gold spans.
pub fn score_spans(
    gold: &[&GoldSpan],
    reads: &[&ReadSpan],
    lengths: &dyn FileLengths,
    threshold: f64,
) -> RunScore {
    PreparedGold::new(gold, lengths).score(reads, lengths, threshold, true)
}
