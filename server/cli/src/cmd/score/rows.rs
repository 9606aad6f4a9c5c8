//! JSON of one score row written straight from the structs, for `--format json|jsonl` without
//! unit columns. It gives byte for byte what going through `serde_json::Value` gives (keys in
//! alphabetical order, at every level), without building a map of owned keys per row: that was
//! the largest part of rendering 50,880 rows (profiled). The test below holds the two equal.

use super::before_edit;
use readcov_core::metrics::{FileScore, RunScore, SpanScore};
use readcov_core::{Interval, Status, TaskRunScore};
use serde::{Serialize, Serializer};
use serde_json::ser::{CompactFormatter, Formatter};
use serde_json::Value;
use std::io::Write;

/// Field order = alphabetical, as `Value` maps print.
#[derive(Serialize)]
pub struct Row<'a> {
    covered_lines: u64,
    f1: Option<f64>,
    file_hit: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    files: Option<Seq<'a, FileScore>>,
    files_hit: usize,
    gold_files: usize,
    gold_lines: u64,
    line_coverage: Option<f64>,
    passes_threshold: Option<bool>,
    precision: Option<f64>,
    read_before_edit: Value,
    read_lines: u64,
    run: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    spans: Option<Seq<'a, SpanScore>>,
    status: Status,
    task: &'a str,
}

/// A slice serialised through the alphabetical view of its items.
pub struct Seq<'a, T>(&'a [T]);

impl Serialize for Seq<'_, FileScore> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|f| File {
            coverage: f.coverage,
            covered_lines: f.covered_lines,
            gold_lines: f.gold_lines,
            hit: f.hit,
            path: &f.path,
        }))
    }
}

impl Serialize for Seq<'_, SpanScore> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|sp| Span {
            coverage: sp.coverage,
            covered_lines: sp.covered_lines,
            end: sp.end,
            gold_lines: sp.gold_lines,
            path: &sp.path,
            start: sp.start,
            unread: Seq(sp.unread.intervals()),
        }))
    }
}

impl Serialize for Seq<'_, Interval> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|i| Range {
            end: i.end,
            start: i.start,
        }))
    }
}

#[derive(Serialize)]
struct File<'a> {
    coverage: Option<f64>,
    covered_lines: u64,
    gold_lines: u64,
    hit: bool,
    path: &'a str,
}

#[derive(Serialize)]
struct Span<'a> {
    coverage: Option<f64>,
    covered_lines: u64,
    end: u32,
    gold_lines: u64,
    path: &'a str,
    start: u32,
    unread: Seq<'a, Interval>,
}

#[derive(Serialize)]
struct Range {
    end: u32,
    start: u32,
}

impl<'a> Row<'a> {
    /// Without `breakdown` (`--summary`), the row has no `files` and `spans` keys.
    pub fn new(r: &'a TaskRunScore, rbe: &before_edit::ByRun, breakdown: bool) -> Row<'a> {
        let s = &r.score;
        Row {
            covered_lines: s.covered_lines,
            f1: s.f1,
            file_hit: s.file_hit,
            files: breakdown.then_some(Seq(&s.files)),
            files_hit: s.files_hit,
            gold_files: s.gold_files,
            gold_lines: s.gold_lines,
            line_coverage: s.line_coverage,
            passes_threshold: s.passes_threshold,
            precision: s.precision,
            read_before_edit: before_edit::json_value(rbe, r),
            read_lines: s.read_lines,
            run: &r.run,
            spans: breakdown.then_some(Seq(&s.spans)),
            status: s.status,
            task: &r.task,
        }
    }
}

/// One jsonl row of a run with no edits, written by hand: the same bytes as [`Row`] through
/// serde_json (the test below holds them equal) with the keys as constant bytes, so only task,
/// run and paths go through string escaping. The lean path's rendering was a fifth of
/// `readcov score`'s time through serde, most of it escaping the constant keys (profiled).
pub fn write_row_without_edits<S: AsRef<str>>(
    w: &mut impl Write,
    r: &TaskRunScore<S>,
    breakdown: bool,
) -> std::io::Result<()> {
    let s = &r.score;
    w.write_all(b"{\"covered_lines\":")?;
    int(w, s.covered_lines)?;
    w.write_all(b",\"f1\":")?;
    opt_float(w, s.f1)?;
    w.write_all(b",\"file_hit\":")?;
    opt_float(w, s.file_hit)?;
    if breakdown {
        write_files(w, s)?;
    }
    w.write_all(b",\"files_hit\":")?;
    int(w, s.files_hit as u64)?;
    w.write_all(b",\"gold_files\":")?;
    int(w, s.gold_files as u64)?;
    w.write_all(b",\"gold_lines\":")?;
    int(w, s.gold_lines)?;
    w.write_all(b",\"line_coverage\":")?;
    opt_float(w, s.line_coverage)?;
    w.write_all(match s.passes_threshold {
        Some(true) => b",\"passes_threshold\":true,\"precision\":" as &[u8],
        Some(false) => b",\"passes_threshold\":false,\"precision\":",
        None => b",\"passes_threshold\":null,\"precision\":",
    })?;
    opt_float(w, s.precision)?;
    w.write_all(b",\"read_before_edit\":null,\"read_lines\":")?;
    int(w, s.read_lines)?;
    w.write_all(b",\"run\":")?;
    string(w, r.run.as_ref())?;
    if breakdown {
        write_spans(w, s)?;
    }
    w.write_all(match s.status {
        Status::Scored => b",\"status\":\"scored\",\"task\":" as &[u8],
        Status::Unscored => b",\"status\":\"unscored\",\"task\":",
        Status::NoRun => b",\"status\":\"no_run\",\"task\":",
    })?;
    string(w, r.task.as_ref())?;
    w.write_all(b"}\n")
}

/// `,"files":[...]`
fn write_files(w: &mut impl Write, s: &RunScore) -> std::io::Result<()> {
    w.write_all(b",\"files\":[")?;
    for (i, f) in s.files.iter().enumerate() {
        w.write_all(if i == 0 {
            b"{\"coverage\":"
        } else {
            b",{\"coverage\":"
        })?;
        opt_float(w, f.coverage)?;
        w.write_all(b",\"covered_lines\":")?;
        int(w, f.covered_lines)?;
        w.write_all(b",\"gold_lines\":")?;
        int(w, f.gold_lines)?;
        w.write_all(if f.hit {
            b",\"hit\":true,\"path\":"
        } else {
            b",\"hit\":false,\"path\":"
        })?;
        string(w, &f.path)?;
        w.write_all(b"}")?;
    }
    w.write_all(b"]")
}

/// `,"spans":[...]`, each with its unread ranges.
fn write_spans(w: &mut impl Write, s: &RunScore) -> std::io::Result<()> {
    w.write_all(b",\"spans\":[")?;
    for (i, sp) in s.spans.iter().enumerate() {
        w.write_all(if i == 0 {
            b"{\"coverage\":"
        } else {
            b",{\"coverage\":"
        })?;
        opt_float(w, sp.coverage)?;
        w.write_all(b",\"covered_lines\":")?;
        int(w, sp.covered_lines)?;
        w.write_all(b",\"end\":")?;
        int(w, u64::from(sp.end))?;
        w.write_all(b",\"gold_lines\":")?;
        int(w, sp.gold_lines)?;
        w.write_all(b",\"path\":")?;
        string(w, &sp.path)?;
        w.write_all(b",\"start\":")?;
        int(w, u64::from(sp.start))?;
        w.write_all(b",\"unread\":[")?;
        for (j, iv) in sp.unread.intervals().iter().enumerate() {
            w.write_all(if j == 0 { b"{\"end\":" } else { b",{\"end\":" })?;
            int(w, u64::from(iv.end))?;
            w.write_all(b",\"start\":")?;
            int(w, u64::from(iv.start))?;
            w.write_all(b"}")?;
        }
        w.write_all(b"]}")?;
    }
    w.write_all(b"]")
}

/// The csv cells of [`super::render::KEYS`], comma-separated (no line end): the same text the
/// cells had when taken from the row's `serde_json::Value` (the test below holds them equal),
/// without building that Value — with every gold file and span in it — for each row.
pub fn write_csv_summary<S: AsRef<str>>(
    w: &mut impl Write,
    r: &TaskRunScore<S>,
) -> std::io::Result<()> {
    let s = &r.score;
    w.write_all(crate::render::csv_field(r.task.as_ref()).as_bytes())?;
    w.write_all(b",")?;
    w.write_all(crate::render::csv_field(r.run.as_ref()).as_bytes())?;
    w.write_all(match s.status {
        Status::Scored => b",scored," as &[u8],
        Status::Unscored => b",unscored,",
        Status::NoRun => b",no_run,",
    })?;
    for x in [s.file_hit, s.line_coverage, s.precision, s.f1] {
        if let Some(x) = x.filter(|x| x.is_finite()) {
            CompactFormatter.write_f64(w, x)?;
        }
        w.write_all(b",")?;
    }
    for n in [s.gold_lines, s.read_lines, s.covered_lines] {
        int(w, n)?;
        w.write_all(b",")?;
    }
    w.write_all(match s.passes_threshold {
        Some(true) => b"true," as &[u8],
        Some(false) => b"false,",
        None => b",",
    })?;
    int(w, s.gold_files as u64)?;
    w.write_all(b",")?;
    int(w, s.files_hit as u64)
}

fn int(w: &mut impl Write, n: u64) -> std::io::Result<()> {
    CompactFormatter.write_u64(w, n)
}

/// As serde_json prints an `Option<f64>`: null for none and for a non-finite value.
fn opt_float(w: &mut impl Write, v: Option<f64>) -> std::io::Result<()> {
    match v {
        Some(x) if x.is_finite() => CompactFormatter.write_f64(w, x),
        _ => w.write_all(b"null"),
    }
}

fn string(w: &mut impl Write, s: &str) -> std::io::Result<()> {
    serde_json::to_writer(w, s).map_err(std::io::Error::from)
}

#[cfg(test)]
mod tests;
