//! Read-before-edit coverage in `readcov score`: for each edit, the share of the lines around it
//! (±10 lines until syntax units are wired in) the run had read before editing. No gold needed,
//! so it works on production logs; rows of runs without edits leave it empty.

use readcov_core::metrics::FileLengths;
use readcov_core::sheet::{read_before_edit_by_run, NoUnits, ReadBeforeEdit};
use readcov_core::{ReadSpan, Source, TaskRunScore};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

pub type ByRun = BTreeMap<(String, String), ReadBeforeEdit>;

pub fn by_run(reads: &[ReadSpan], sources: &BTreeSet<Source>, lengths: &dyn FileLengths) -> ByRun {
    read_before_edit_by_run(reads, sources, &NoUnits, lengths)
}

fn get<'a>(rbe: &'a ByRun, row: &TaskRunScore) -> Option<&'a ReadBeforeEdit> {
    rbe.get(&(row.task.clone(), row.run.clone()))
        .filter(|r| r.edits > 0)
}

/// Flat keys appended to every csv row.
pub const CSV_KEYS: [&str; 4] = [
    "edits",
    "read_before_edit_mean",
    "read_before_edit_worst",
    "read_before_edit_worst_event",
];

pub fn csv_cells(rbe: &ByRun, row: &TaskRunScore) -> Vec<String> {
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
            "region": "window",
        }),
    }
}

/// One row serialised with its `read_before_edit` key.
pub fn row_value(rbe: &ByRun, row: &TaskRunScore) -> Value {
    let mut v = serde_json::to_value(row).unwrap_or(Value::Null);
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
