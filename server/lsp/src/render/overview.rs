//! `readcov/overview` laid out: an [`Explanation`] as a header and groups of rows that both
//! editors draw as they are — gold files (never-opened ones first-class) with their unread
//! lines, the files read instead, the agent's edits, coverage per turn as one line — each row
//! with its figures first, the path after, and the 0-based lines a click opens. Every figure
//! comes from the explanation; this module only words and places it.

use crate::store::GoldShown;
use crate::view::pct;
use readcov_core::explain::{Explanation, TurnCoverage, Verdict};
use readcov_core::words::threshold as pct_threshold;
use readcov_core::LineSet;
use serde_json::{json, Value};
use tower_lsp_server::ls_types::Uri;

mod rows;

use rows::{edits, gold_file, read_instead};

/// Where a row points: the file's URI, and disk lines as the lines an editor shows now.
pub trait Locate {
    fn uri(&self, path: &str) -> Option<Uri>;
    /// 1-based inclusive disk lines → 1-based inclusive current lines.
    fn lines(&self, path: &str, start: u32, end: u32) -> (u32, u32);
}

/// Disk lines of `path` → the lines a row shows now, interval by interval.
pub fn placed(place: &dyn Locate, path: &str, lines: &LineSet) -> LineSet {
    LineSet::from_intervals((lines.intervals().iter()).filter_map(|iv| {
        let (s, e) = place.lines(path, iv.start, iv.end);
        readcov_core::Interval::new(s, e)
    }))
}

fn lines(s: u32, e: u32) -> String {
    if s == e {
        format!("line {s}")
    } else {
        format!("lines {s}–{e}")
    }
}

fn range(s: u32, e: u32) -> String {
    if s == e {
        s.to_string()
    } else {
        format!("{s}–{e}")
    }
}

/// One row: figures (`label`) first, the path (`description`) after; `startLine`/`endLine`
/// 0-based current lines (what a click opens), `kind` for the icon.
fn row(place: &dyn Locate, kind: &str, path: &str, at: (u32, u32), label: String) -> Value {
    let (s, e) = place.lines(path, at.0, at.1);
    json!({
        "kind": kind, "label": label, "description": path, "path": path,
        "uri": place.uri(path).map(|u| u.as_str().to_string()),
        "startLine": s - 1, "endLine": e - 1, "tooltip": Value::Null, "children": [],
    })
}

/// The verdict as the status bar says it: `0% < 50% (0/6 gold lines)`, or `unscored`.
fn figure(coverage: Option<f64>, covered: u64, gold: u64, threshold: f64) -> String {
    match coverage {
        None => "unscored (no gold lines)".into(),
        Some(c) => format!(
            "{} {} {} ({covered}/{gold} gold lines)",
            pct(c, threshold),
            if c >= threshold { "≥" } else { "<" },
            pct_threshold(threshold)
        ),
    }
}

/// The header line: `TASK · run R · 0% < 50% (0/6 gold lines) · file hit 1/2 · gold edit`.
pub fn title(e: &Explanation, gold: &str) -> String {
    format!(
        "{} · run {} · {} · file hit {}/{} · gold {gold}",
        e.task,
        e.run,
        figure(e.line_coverage, e.covered_lines, e.gold_lines, e.threshold),
        e.files_hit,
        e.gold_files
    )
}

/// Why nothing is shown when the gold gave no line: the load's own words (as `readcov gold`).
fn gold_note(e: Option<&Explanation>, shown: &GoldShown) -> Option<String> {
    let empty = shown.spans == 0 || e.is_some_and(|e| e.gold_lines == 0);
    if !empty {
        return None;
    }
    let why = if shown.notes.is_empty() {
        "no gold span for this task".to_string()
    } else {
        shown.notes.join("; ")
    };
    Some(format!("no gold lines under gold `{}`: {why}", shown.label))
}

fn gold_json(shown: &GoldShown) -> Value {
    json!({ "label": shown.label, "spans": shown.spans, "notes": shown.notes })
}

/// The answer when the task cannot be explained.
pub fn failed(shown: &GoldShown, error: &str, needs_run: bool) -> Value {
    json!({
        "title": format!("readcov overview · gold {}", shown.label),
        "error": error, "needsRun": needs_run, "gold": gold_json(shown),
        "note": gold_note(None, shown), "groups": [], "whatIf": null, "change": null,
    })
}

const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/// The most bars a timeline line shows: more turns are bucketed (each bar the bucket's last).
const MAX_BARS: usize = 40;

/// Coverage per turn as one line: `0% (turn 1) → 100% (turn 9) · 50% reached in turn 7 · ▁▁▃█`.
pub fn timeline(
    points: &[TurnCoverage],
    first_at: Option<u32>,
    threshold: f64,
    untimed: usize,
) -> String {
    let untimed = if untimed > 0 {
        format!(" · {untimed} read(s) without a turn")
    } else {
        String::new()
    };
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return format!("no read with a turn{untimed}");
    };
    let per = points.len().div_ceil(MAX_BARS);
    let bars: String = (points.chunks(per))
        .map(|c| {
            let cov = c
                .last()
                .and_then(|p| p.coverage)
                .unwrap_or(0.0)
                .clamp(0.0, 1.0);
            BARS[((cov * 7.0).round() as usize).min(7)]
        })
        .collect();
    let at = |p: &TurnCoverage| {
        format!(
            "{} (turn {})",
            p.coverage.map_or("—".into(), |c| pct(c, threshold)),
            p.turn
        )
    };
    let reached = match first_at {
        Some(t) => format!("{} reached in turn {t}", pct_threshold(threshold)),
        None => format!("never reached {}", pct_threshold(threshold)),
    };
    // Figures first, the bars after: a narrow side bar cuts the end of a row.
    format!("{} → {} · {reached}{untimed} · {bars}", at(first), at(last))
}

fn group(id: &str, label: &str, description: String, rows: Vec<Value>) -> Value {
    json!({ "id": id, "label": label, "description": description, "rows": rows })
}

/// The whole overview of `e` (spans already merged for display); `layer`: the same run with
/// the what-if reads counted, when there are any.
pub fn overview(
    e: &Explanation,
    shown: &GoldShown,
    layer: Option<&Explanation>,
    change: Option<(Value, Value)>,
    place: &dyn Locate,
) -> Value {
    let files: Vec<Value> = e.files.iter().map(|f| gold_file(f, e, place)).collect();
    let opened = e.files.iter().filter(|f| f.opened).count();
    let instead = read_instead(e, place);
    let other_lines: u64 = e.read_elsewhere.iter().map(|o| o.lines).sum();
    let edit_rows = edits(e, place);
    let before = e.edits.iter().filter(|x| x.before_reading).count();
    let line = timeline(
        &e.timeline,
        e.first_turn_at_threshold,
        e.threshold,
        e.untimed_reads,
    );
    let mut groups = vec![group(
        "gold",
        "gold files",
        format!(
            "{opened}/{} opened · {}/{} lines read",
            e.files.len(),
            e.covered_lines,
            e.gold_lines
        ),
        files,
    )];
    groups.push(group(
        "readInstead",
        "read instead",
        format!(
            "{} file(s) without gold · {other_lines} lines",
            instead.len()
        ),
        instead,
    ));
    groups.push(group(
        "edits",
        "edits",
        format!(
            "{} edit(s) · {before} of gold lines not read before",
            edit_rows.len()
        ),
        edit_rows,
    ));
    let (change, change_group) = change.unzip();
    groups.extend(change_group);
    groups.push(group(
        "timeline",
        "coverage per turn",
        line.clone(),
        Vec::new(),
    ));
    let what_if = layer.map(|l| {
        json!({
            "lineCoverage": l.line_coverage, "coveredLines": l.covered_lines,
            "text": format!(
                "what-if {} ({}/{}) with your what-if reads · the run's own {}",
                l.line_coverage.map_or("—".into(), |c| pct(c, e.threshold)),
                l.covered_lines,
                l.gold_lines,
                e.line_coverage.map_or("—".into(), |c| pct(c, e.threshold))
            ),
        })
    });
    json!({
        "task": e.task, "run": e.run, "runs": e.runs, "status": e.status,
        "verdict": e.verdict, "threshold": e.threshold, "lineCoverage": e.line_coverage,
        "coveredLines": e.covered_lines, "goldLines": e.gold_lines, "fileHit": e.file_hit,
        "filesHit": e.files_hit, "goldFiles": e.gold_files,
        "below": e.verdict == Verdict::Below,
        "title": title(e, &shown.label),
        "gold": gold_json(shown),
        "note": gold_note(Some(e), shown),
        "error": null, "needsRun": false,
        "whatIf": what_if,
        // The stage diagnosis: what the run changed beside what the fix changed (`render::change`).
        "change": change,
        "timeline": line,
        "groups": groups,
    })
}

#[cfg(test)]
mod tests;
