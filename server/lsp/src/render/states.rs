//! The `readcov/lineStates` reply: each line's state, the what-if lines, the file's figures, and
//! the shown run(s)' edits of the file, in 0-based current lines.

use crate::document::Document;
use crate::view::FileView;
use readcov_core::LineSet;
use serde_json::{json, Value};
use tower_lsp_server::ls_types::Uri;

/// What is shown while large read logs load (hover), instead of a figure that would be wrong.
pub const LOADING: &str = "readcov: loading reads…";

/// `readcov/lineStates` while large read logs load: no ranges, no figures, `loading: true`.
pub fn line_states_loading(uri: &Uri, threshold: f64) -> Value {
    json!({
        "uri": uri.as_str(), "ranges": [], "goldLines": 0, "coveredLines": 0, "coverage": null,
        "threshold": threshold, "fileHit": null, "stale": null, "differs": null, "loading": true,
    })
}

/// The `readcov/lineStates` reply.
pub fn line_states(uri: &Uri, v: &FileView) -> Value {
    let ranges: Vec<Value> = v
        .line_states()
        .into_iter()
        .map(|(s, e, state)| json!({"startLine": s - 1, "endLine": e - 1, "state": state}))
        .collect();
    let what_if: Vec<Value> = (v.what_if.intervals().iter())
        .map(|iv| json!({"startLine": iv.start - 1, "endLine": iv.end - 1}))
        .collect();
    json!({
        "uri": uri.as_str(),
        "ranges": ranges,
        "whatIf": what_if,
        "goldLines": v.gold.len(),
        "coveredLines": v.covered,
        "whatIfLines": v.what_if_covered(),
        "baseCoverage": v.base_coverage(),
        "coverage": v.coverage(),
        "threshold": v.threshold,
        "fileHit": v.file_hit,
        "stale": v.stale,
        "differs": v.base_note.as_ref().map(|(message, mapped)| json!({"message": message, "mapped": mapped})),
    })
}

/// `lineStates.edits`: the shown run(s)' edits of this file in current 0-based lines (an edit
/// whose lines were all deleted since opening is left out), flagged when they touched gold
/// lines not read before them.
pub fn edit_states(doc: &Document, edits: &[readcov_core::explain::EditNote]) -> Value {
    let out: Vec<Value> = (edits.iter())
        .filter_map(|e| {
            let cur = doc.map.to_current(&LineSet::span(e.start, e.end));
            let (s, end) = (cur.first()?, cur.last()?);
            Some(json!({
                "startLine": s - 1, "endLine": end - 1, "turn": e.turn,
                "goldLines": e.gold_lines, "beforeReading": e.before_reading,
            }))
        })
        .collect();
    Value::Array(out)
}
