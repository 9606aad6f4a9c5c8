//! The unit side of `readcov score --workspace`: parses the gold files found in the workspace,
//! scores units per row, and renders the extra keys and table columns.

use crate::render::{percent_at, ratio};
use readcov_core::TaskRunScore;
use readcov_units::UnitScore;
use serde_json::Value;

/// The flat unit keys added to jsonl/csv rows (and json rows) when `--workspace` is given.
pub use readcov_units::UNIT_KEYS;

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

/// `--detail` lines: each gold unit with how much of it the run read, that share kept on its
/// side of `threshold` (`--threshold`; before session 36 only all / none were kept: 80/82 read
/// printed "98%" beside a 98% threshold).
pub fn detail(u: &UnitScore, threshold: f64) -> String {
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
            percent_at(Some(g.read_fraction), Some(threshold)),
            g.gold_lines
        );
    }
    for n in &u.unit_notes {
        out += &format!("    note: {}\n", readcov_core::shown::shown(n));
    }
    out
}
