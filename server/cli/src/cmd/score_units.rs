//! The unit side of `readcov score --workspace`: parses the gold files found in the workspace,
//! scores units per row, and renders the extra keys and table columns.

use crate::render::{percent, ratio};
use readcov_core::{FileLengths, GoldSpan, ReadSpan, ScoreOptions, TaskRunScore};
use readcov_units::{unit_scores, FileSyntax, UnitScore};
use serde_json::Value;
use std::path::Path;

/// The flat unit keys added to jsonl/csv rows (and json rows) when `--workspace` is given.
pub const UNIT_KEYS: [&str; 7] = [
    "gold_units",
    "unit_hit",
    "coverage_widened_to_units",
    "coverage_widened_by_lines",
    "extra_lines_units",
    "extra_lines_by_lines",
    "gold_units_hit",
];

pub use readcov_files::syntax::load_syntax;

/// Unit figures per row (see [`readcov_units::unit_scores`]), with notes on stderr once per file
/// (prefixed with `task` when each task has its own workspace: `--workspaces`).
#[allow(clippy::too_many_arguments)]
pub fn compute(
    ws: Option<&Path>,
    task: Option<&str>,
    rows: &[TaskRunScore],
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    widen: u32,
) -> Vec<UnitScore> {
    let syntax = load_syntax(ws, gold);
    let task = task.map_or(String::new(), |t| format!("{t}: "));
    for (path, s) in &syntax {
        let path = format!("{task}{path}");
        match s {
            FileSyntax::Unsupported => {
                say!("note: {path}: no grammar for this language; line metrics only")
            }
            FileSyntax::Unavailable(why) => {
                say!("note: {path}: {why}; line metrics only")
            }
            FileSyntax::Units { parse_errors, .. } if *parse_errors > 0 => {
                say!("note: {path}: {parse_errors} parse error(s); units from the rest of the file")
            }
            FileSyntax::Units { .. } => {}
        }
    }
    unit_scores(rows, gold, reads, lengths, opts, &syntax, widen)
}

/// A row as one flat JSON object: line metrics, then unit figures when present.
pub fn row_value(row: &TaskRunScore, unit: Option<&UnitScore>) -> Value {
    let mut v = serde_json::to_value(row).expect("serialisable");
    if let (Value::Object(map), Some(u)) = (&mut v, unit) {
        if let Value::Object(extra) = serde_json::to_value(u).expect("serialisable") {
            map.extend(extra);
        }
    }
    v
}

/// Extra table headers, for `--widen n`.
pub fn headers(widen: u32) -> Vec<String> {
    vec![
        "units_hit".into(),
        "cov_units".into(),
        "+lines_units".into(),
        format!("cov_±{widen}"),
        format!("+lines_±{widen}"),
    ]
}

/// Extra table cells for one row.
pub fn cells(u: &UnitScore) -> Vec<String> {
    vec![
        format!("{}/{}", u.gold_units_hit, u.gold_units),
        ratio(u.coverage_widened_to_units),
        u.extra_lines_units.to_string(),
        ratio(u.coverage_widened_by_lines),
        u.extra_lines_by_lines.to_string(),
    ]
}

/// `--detail` lines: each gold unit with how much of it the run read.
pub fn detail(u: &UnitScore) -> String {
    let mut out = String::new();
    for g in &u.unit_detail {
        let seen = if g.hit { "read" } else { "never opened" };
        out += &format!(
            "    unit {} {} {}:{}-{}: {}/{} lines read ({}), {} gold line(s), {seen}\n",
            g.kind,
            readcov_core::shown::shown(&g.name),
            readcov_core::shown::shown(&g.path),
            g.start,
            g.end,
            g.read_lines,
            g.end - g.start + 1,
            percent(Some(g.read_fraction)),
            g.gold_lines
        );
    }
    for n in &u.unit_notes {
        out += &format!("    note: {}\n", readcov_core::shown::shown(n));
    }
    out
}
