//! Read-before-edit coverage in `readcov score` (and the units behind it for `readcov sheet`): for
//! each edit, the share of its enclosing syntax unit — found by tree-sitter in the `--workspace`
//! copy of the file, or ±10 lines where no unit is known — the run had read before editing. No
//! gold needed, so it works on production logs; rows of runs without edits leave it empty.

use readcov_core::sheet::ReadBeforeEdit;
use readcov_core::TaskRunScore;
use serde_json::{json, Value};

/// Read-before-edit per (task, run), as `readcov_files::scored` computes it.
pub use readcov_files::scored::ByRun;

fn get<'a, S: AsRef<str>>(rbe: &'a ByRun, row: &TaskRunScore<S>) -> Option<&'a ReadBeforeEdit> {
    if rbe.is_empty() {
        return None;
    }
    rbe.get(&(row.task.as_ref().to_string(), row.run.as_ref().to_string()))
        .filter(|r| r.edits > 0)
}

/// Flat keys appended to every csv row.
pub const CSV_KEYS: [&str; 4] = [
    "edits",
    "read_before_edit_mean",
    "read_before_edit_worst",
    "read_before_edit_worst_event",
];

pub fn csv_cells<S: AsRef<str>>(rbe: &ByRun, row: &TaskRunScore<S>) -> Vec<String> {
    match get(rbe, row) {
        None => vec!["0".into(), String::new(), String::new(), String::new()],
        Some(r) => vec![
            r.edits.to_string(),
            r.mean.map_or(String::new(), |m| m.to_string()),
            r.worst
                .as_ref()
                .map_or(String::new(), |w| w.coverage.to_string()),
            r.worst
                .as_ref()
                .map_or(String::new(), |w| w.event_id.clone()),
        ],
    }
}

/// The `read_before_edit` object added to each json/jsonl row (`null` for a run with no edits).
pub fn json_value(rbe: &ByRun, row: &TaskRunScore) -> Value {
    match get(rbe, row) {
        None => Value::Null,
        Some(r) => json!({
            "edits": r.edits,
            "mean": r.mean,
            "worst": r.worst.as_ref().map(|w| w.coverage),
            "worst_event_id": r.worst.as_ref().map(|w| w.event_id.clone()),
            "worst_path": r.worst.as_ref().map(|w| w.path.clone()),
            "worst_region": r.worst.as_ref().map(|w| w.region),
        }),
    }
}

/// A serialised row with its `read_before_edit` key added.
pub fn with_key(mut v: Value, rbe: &ByRun, row: &TaskRunScore) -> Value {
    if let Value::Object(m) = &mut v {
        m.insert("read_before_edit".into(), json_value(rbe, row));
    }
    v
}

/// Whether the table needs the read-before-edit columns at all.
pub fn any_edits(rbe: &ByRun) -> bool {
    rbe.values().any(|r| r.edits > 0)
}

/// `mean` and `worst (event)` cells for the table.
pub fn table_cells(rbe: &ByRun, row: &TaskRunScore) -> [String; 2] {
    match get(rbe, row) {
        None => ["-".into(), "-".into()],
        Some(r) => [
            crate::render::ratio(r.mean),
            r.worst.as_ref().map_or("-".into(), |w| {
                format!(
                    "{} ({})",
                    crate::render::ratio(Some(w.coverage)),
                    w.event_id
                )
            }),
        ],
    }
}
