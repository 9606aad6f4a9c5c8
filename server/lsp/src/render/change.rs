//! The change layer as both editors draw it (issue 38): the lines the gold change changed and the
//! lines the run's change changed, as their own layer beside the reads; the verdict of the stage
//! diagnosis and its reason for the status and the overview; each gold change unit with its text
//! after the gold change and after the run's, for a side-by-side diff. Every figure comes from
//! [`Diagnosis`] (`readcov_gold::diagnose`); this module only words and places it.

use super::overview::{placed, Locate};
use crate::change::Diagnosis;
use crate::document::Document;
use readcov_core::stages::{ChangeSource, Verdict};
use readcov_core::LineSet;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Whether there is a layer to draw: a gold change or a run's change is known.
pub fn has_layer(d: &Diagnosis) -> bool {
    d.layer.gold.is_some() || d.layer.run.is_some()
}

/// The status words of a verdict: `failed at edit`, `every stage passed`, `stage unknown`.
pub fn status(d: &Diagnosis) -> String {
    match d.stages.as_ref().map(|s| s.verdict) {
        Some(Verdict::None) => "every stage passed".into(),
        Some(Verdict::Unknown) | None => "stage unknown".into(),
        Some(Verdict::NoChange) => "changed nothing".into(),
        Some(v) => format!("failed at {}", v.as_str()),
    }
}

/// `1828–1829, 1640` (1-based).
fn ranges(lines: &LineSet) -> String {
    let parts: Vec<String> = (lines.intervals().iter())
        .map(|iv| match iv.start == iv.end {
            true => iv.start.to_string(),
            false => format!("{}–{}", iv.start, iv.end),
        })
        .collect();
    parts.join(", ")
}

/// What the layer says of one file: `gold changes 1828–1829 · this run changed nothing here`,
/// in the lines the editor shows now (`now`: disk lines → current lines), where the layer is
/// drawn: after an edit above them it said the disk lines beside a layer drawn lower.
fn file_text(d: &Diagnosis, path: &str, now: &dyn Fn(&LineSet) -> LineSet) -> String {
    let gold = match &d.layer.gold {
        None => "no gold change known".to_string(),
        Some(files) => match files.get(path) {
            Some(l) => format!("gold changes {}", ranges(&now(l))),
            None => "no gold change here".into(),
        },
    };
    let run = match &d.layer.run {
        None => "this run's change is not known".to_string(),
        Some(files) => match files.get(path) {
            Some(l) => format!("this run changed {}", ranges(&now(l))),
            None => "this run changed nothing here".into(),
        },
    };
    format!("{gold} · {run}")
}

/// 0-based current-line ranges of disk `lines` in `doc`.
fn current(doc: &Document, lines: Option<&LineSet>) -> Value {
    let Some(lines) = lines else {
        return json!([]);
    };
    let now = doc.map.to_current(lines);
    let out: Vec<Value> = (now.intervals().iter())
        .map(|iv| json!({ "startLine": iv.start - 1, "endLine": iv.end - 1 }))
        .collect();
    Value::Array(out)
}

/// `lineStates.change` of the document of `path`, or null when there is no layer.
pub fn line_states(d: &Diagnosis, path: &str, doc: &Document) -> Value {
    if !has_layer(d) {
        return Value::Null;
    }
    let of = |m: &Option<BTreeMap<String, LineSet>>| m.as_ref().and_then(|f| f.get(path)).cloned();
    let stages = d.stages.as_ref();
    json!({
        "verdict": stages.map(|s| s.verdict.as_str()),
        "reason": stages.map(|s| s.reason.clone()),
        "source": d.layer.source.as_str(),
        "status": status(d),
        "text": file_text(d, path, &|l| doc.map.to_current(l)),
        "gold": current(doc, of(&d.layer.gold).as_ref()),
        "run": current(doc, of(&d.layer.run).as_ref()),
        "goldKnown": d.layer.gold.is_some(),
        "runKnown": d.layer.run.is_some(),
    })
}

/// `N line(s) in M file(s)` of a change's lines.
fn count(files: &BTreeMap<String, LineSet>) -> String {
    let lines: u64 = files.values().map(LineSet::len).sum();
    format!("{lines} line(s) in {} file(s)", files.len())
}

/// The overview's `change` (verdict, reason, the whole change in one line) and its group: one
/// row per gold change unit (changed by the run or not, with both texts for the diff), one per
/// file the run changed that holds no gold change, one per file it created, one per test
/// file it changed or created (the stages leave those out).
pub fn overview(d: &Diagnosis, place: &dyn Locate) -> Option<(Value, Value)> {
    if !has_layer(d) {
        return None;
    }
    let l = &d.layer;
    let gold = l.gold.as_ref().map_or("no gold change known".into(), |g| {
        format!("gold changes {}", count(g))
    });
    let run = match (&l.run, l.source) {
        (None, _) => "this run's change is not known (give `patches`, or a trajectory)".into(),
        (Some(r), ChangeSource::None) => format!("this run changed {}", count(r)),
        (Some(r), src) => format!("this run changed {} (from {})", count(r), src.as_str()),
    };
    let tests = match l.test_files.len() {
        0 => String::new(),
        n => format!(" · {n} test file(s) aside"),
    };
    let summary = format!("{gold} · {run}{tests}");
    let stages = d.stages.as_ref();
    let text = match stages {
        Some(s) => format!("{}: {}", status(d), s.reason),
        None => status(d),
    };
    let mut rows = Vec::new();
    for u in &l.units {
        let (s, e) = place.lines(&u.unit.path, u.unit.start, u.unit.end);
        let compared = stages
            .and_then(|s| s.stages.change.units.as_ref())
            .and_then(|cu| {
                cu.iter()
                    .find(|c| (c.path.as_str(), c.start) == (&u.unit.path, u.unit.start))
            });
        let label = match (
            u.changed,
            compared.and_then(|c| c.same),
            compared.and_then(|c| c.similarity),
        ) {
            (false, _, _) => "not changed by the run".to_string(),
            (true, Some(true), _) => "changed · same as the gold's".into(),
            (true, _, Some(sim)) => {
                format!(
                    "changed · differs from the gold's (similarity {})",
                    readcov_core::words::ratio(sim, None)
                )
            }
            (true, _, _) => "changed".into(),
        };
        let diff = match (&u.gold_text, &u.agent_text) {
            (Some(g), Some(a)) => json!({
                "title": format!("{} ({}:{}-{}): gold ↔ run {}", u.unit.name, u.unit.path, u.unit.start, u.unit.end, d.run.as_deref().unwrap_or("-")),
                "goldText": g, "agentText": a,
            }),
            _ => Value::Null,
        };
        rows.push(json!({
            "kind": if u.changed { "change-unit" } else { "change-missed" },
            "label": label,
            "description": format!("{} {} · {}", u.unit.kind, u.unit.name, u.unit.path),
            "path": u.unit.path,
            "uri": place.uri(&u.unit.path).map(|x| x.as_str().to_string()),
            "startLine": s - 1, "endLine": e - 1,
            "tooltip": format!(
                "{} · {}",
                file_text(d, &u.unit.path, &|l| placed(place, &u.unit.path, l)),
                label
            ),
            "children": [],
            "diff": diff,
        }));
    }
    let gold_files = l.gold.as_ref();
    for (path, lines) in l.run.iter().flatten() {
        if gold_files.is_some_and(|g| g.contains_key(path)) {
            continue;
        }
        let (first, last) = (lines.first().unwrap_or(1), lines.last().unwrap_or(1));
        let (s, e) = place.lines(path, first, last);
        rows.push(json!({
            "kind": "change-elsewhere",
            "label": format!("run changed {} · no gold change here", ranges(&placed(place, path, lines))),
            "description": path, "path": path,
            "uri": place.uri(path).map(|x| x.as_str().to_string()),
            "startLine": s - 1, "endLine": e - 1, "tooltip": Value::Null, "children": [], "diff": Value::Null,
        }));
    }
    for path in &l.new_files {
        rows.push(json!({
            "kind": "change-new", "label": "created by the run (not at the base)",
            "description": path, "path": path, "uri": Value::Null,
            "startLine": 0, "endLine": 0, "tooltip": Value::Null, "children": [], "diff": Value::Null,
        }));
    }
    // Test files the run changed or created: the stages leave them out (docs/diagnose.md), and
    // so does the layer, but the overview says they were changed (it said nothing: a run whose
    // only other change was to `test_requests.py` looked as if it had changed nothing there).
    for path in &l.test_files {
        rows.push(json!({
            "kind": "change-test", "label": "test file changed by the run (left out of the stages)",
            "description": path, "path": path, "uri": Value::Null,
            "startLine": 0, "endLine": 0, "tooltip": Value::Null, "children": [], "diff": Value::Null,
        }));
    }
    let change = json!({
        "verdict": stages.map(|s| s.verdict.as_str()),
        "reason": stages.map(|s| s.reason.clone()),
        "source": l.source.as_str(),
        "status": status(d),
        "text": text,
        "summary": summary,
    });
    let group = json!({ "id": "change", "label": "change", "description": summary, "rows": rows });
    Some((change, group))
}
