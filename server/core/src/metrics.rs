//! Coverage metrics for one run against one task's gold: file hit, line coverage, precision, F1,
//! and breakdowns per gold file and per gold span.
//!
//! A task with no gold lines is *unscored* — never a coverage of 0.0 — and a run with no reads
//! scores 0 on every ratio.

use crate::lineset::{Interval, LineSet};
use crate::span::{GoldSpan, ReadSpan};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

mod prepared;
pub use prepared::PreparedGold;

/// Lines per file: the unit every metric is computed on.
pub type FileLines = BTreeMap<String, LineSet>;

/// Default pass mark for line coverage (the SWE-Explore "50% wall").
pub const DEFAULT_THRESHOLD: f64 = 0.5;

/// A pass mark as every edge takes it (`--threshold`, Python's `threshold=`, the editor's
/// setting): a number from 0 to 1, NaN refused. `-0.0` comes back as `0.0`, so no output
/// echoes a negative zero the user never meant.
pub fn checked_threshold(t: f64) -> Result<f64, String> {
    if (0.0..=1.0).contains(&t) {
        Ok(t + 0.0)
    } else {
        Err(format!("{t} is not between 0 and 1"))
    }
}

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
    let mut by_file: BTreeMap<&str, Vec<Interval>> = BTreeMap::new();
    for (path, start, end) in spans {
        if let Some(iv) = Interval::new(start, end) {
            by_file.entry(path).or_default().push(iv);
        }
    }
    (by_file.into_iter())
        .map(|(path, ivs)| (path.to_string(), file_lines(path, ivs, lengths)))
        .collect()
}

/// One file's lines from its intervals, clipped to its known length.
fn file_lines(
    path: &str,
    ivs: impl IntoIterator<Item = Interval>,
    lengths: &dyn FileLengths,
) -> LineSet {
    let set = LineSet::from_intervals(ivs);
    match lengths.lines_in(path) {
        Some(n) => set.clip(n),
        None => set,
    }
}

/// [`collect_lines`] as a vector sorted by path, borrowing the paths: for a task's few gold
/// files, sorting the spans is cheaper than a map with a string per file (profiled: preparing
/// gold this way takes under half the instructions).
pub(crate) fn gold_files<'a>(
    spans: impl IntoIterator<Item = (&'a str, u32, u32)>,
    lengths: &dyn FileLengths,
) -> Vec<(&'a str, LineSet)> {
    let mut spans: Vec<(&str, Interval)> = (spans.into_iter())
        .filter_map(|(path, start, end)| Some((path, Interval::new(start, end)?)))
        .collect();
    spans.sort_unstable_by(|a, b| a.0.cmp(b.0));
    (spans.chunk_by(|a, b| a.0 == b.0))
        .map(|file| {
            let path = file[0].0;
            (path, file_lines(path, file.iter().map(|s| s.1), lengths))
        })
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Scored,
    /// No gold lines: nothing to measure against.
    Unscored,
    /// The task has gold but no run read anything for it (no reads file names it): nothing was
    /// measured, so it is shown and counted apart, never scored as a failure and never in a mean
    /// (docs/formats.md, "Tasks, runs and rows").
    #[serde(rename = "no_run")]
    NoRun,
}

impl Status {
    /// How the status reads in a table (`no run`, with a space).
    pub fn label(self) -> &'static str {
        match self {
            Status::Scored => "scored",
            Status::Unscored => "unscored",
            Status::NoRun => "no run",
        }
    }
}

/// Coverage of one gold file. Its path is shared with every other row of the task (a row per run
/// used to copy each gold path twice: profiled as the largest cost of the breakdown).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FileScore {
    pub path: Arc<str>,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub coverage: Option<f64>,
    /// The run read at least one line of this file (any line, not only gold ones).
    pub hit: bool,
}

/// Coverage of one gold span, with the sub-ranges nobody read.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpanScore {
    pub path: Arc<str>,
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
    let spans = gold_spans.iter().map(|(p, s, e)| (p.as_str(), *s, *e));
    let g = PreparedGold::from_lines(spans, gold.clone());
    let read_lines = read.values().map(LineSet::len).sum();
    g.score_by(read_lines, |i| read.get(g.file_path(i)), threshold, true)
}

/// Per gold file (with lines) its covered lines and whether it was read; summed: gold lines,
/// gold files, files hit, covered lines.
pub(crate) struct FileTotals {
    pub gold_lines: u64,
    pub gold_files: usize,
    pub files_hit: usize,
    pub covered_lines: u64,
}

/// Calls `of` with each gold file that has lines (its index among all of `gold`'s files, and
/// its lines) for its covered lines and whether it was read, and sums.
fn file_totals(gold: &[LineSet], mut of: impl FnMut(usize, &LineSet) -> (u64, bool)) -> FileTotals {
    let mut t = FileTotals {
        gold_lines: 0,
        gold_files: 0,
        files_hit: 0,
        covered_lines: 0,
    };
    for (i, g) in gold.iter().enumerate().filter(|(_, g)| !g.is_empty()) {
        let (covered, hit) = of(i, g);
        t.gold_lines += g.len();
        t.gold_files += 1;
        t.files_hit += usize::from(hit);
        t.covered_lines += covered;
    }
    t
}

/// The row from the totals: unscored without gold lines.
pub(crate) fn finish(
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

/// Scores one run's read spans against one task's core gold spans.
pub fn score_spans(
    gold: &[&GoldSpan],
    reads: &[&ReadSpan],
    lengths: &dyn FileLengths,
    threshold: f64,
) -> RunScore {
    PreparedGold::new(gold, lengths).score(reads, lengths, threshold, true)
}

#[cfg(test)]
mod threshold_tests {
    use super::checked_threshold;
    #[test]
    fn a_threshold_is_a_number_from_0_to_1_and_negative_zero_is_zero() {
        let zero = checked_threshold(-0.0).unwrap();
        assert!(zero == 0.0 && zero.is_sign_positive());
        assert_eq!(checked_threshold(0.75), Ok(0.75));
        assert_eq!(
            checked_threshold(1.5),
            Err("1.5 is not between 0 and 1".to_string())
        );
        assert!(checked_threshold(f64::NAN).is_err());
        assert!(checked_threshold(-0.1).is_err());
    }
}
