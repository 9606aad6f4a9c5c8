//! SWE-bench harness reports, the input of the tests stage: the per-instance `report.json`
//! (`{instance_id: {patch_successfully_applied, resolved, tests_status: {FAIL_TO_PASS:
//! {success, failure}, PASS_TO_PASS: {…}}}}`) and the run-level report (`resolved_ids`,
//! `unresolved_ids`, `empty_patch_ids`, `error_ids`; Multi-SWE-bench's `results.json` names the
//! resolved list `resolved`). Their text forms — an instance log's `report: {…}` line, OpenHands'
//! `output.swebench_eval.md` — are read by [`super::harness_text`]. A file in none of these
//! shapes, or a list of the wrong type, is a located error.

use super::input::{HarnessStatus, TestLists, TestReport};
use crate::formats::{kind_of, InputError};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The reports of one file, by instance id.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportFile {
    pub instances: BTreeMap<String, TestReport>,
}

impl ReportFile {
    /// Adds `o`'s reports: a per-instance report and a run-level one of the same instance join.
    pub fn merge(&mut self, o: ReportFile) {
        for (id, r) in o.instances {
            let e = self.instances.entry(id).or_default();
            e.fail_to_pass = r.fail_to_pass.or(e.fail_to_pass.take());
            e.pass_to_pass = r.pass_to_pass.or(e.pass_to_pass.take());
            e.patch_applied = r.patch_applied.or(e.patch_applied);
            e.harness = r.harness.or(e.harness);
        }
    }
}

const RUN_LISTS: [(&str, HarnessStatus); 5] = [
    ("resolved_ids", HarnessStatus::Resolved),
    ("resolved", HarnessStatus::Resolved),
    ("unresolved_ids", HarnessStatus::Unresolved),
    ("empty_patch_ids", HarnessStatus::EmptyPatch),
    ("error_ids", HarnessStatus::Error),
];

/// Whether a JSON object is a harness report (input detection): a run-level report's id list,
/// or per-instance reports (`tests_status`) by instance id.
pub fn is_report_object(obj: &Map<String, Value>) -> bool {
    let run_level = RUN_LISTS
        .iter()
        .any(|(k, _)| obj.get(*k).is_some_and(Value::is_array));
    let per_instance = !obj.is_empty()
        && obj.values().all(|v| {
            v.as_object()
                .is_some_and(|o| o.contains_key("tests_status"))
        });
    run_level || per_instance
}

/// Reads one report file: either JSON shape, or a text form ([`super::harness_text`]).
pub fn parse_reports(bytes: &[u8], file: &str) -> Result<ReportFile, InputError> {
    let err = |field: Option<&str>, msg: String| InputError::new(file, 1, field, msg);
    // JSON first (a document opens with `{` or `[`); a text that is no JSON may be a log (whose
    // lines may open with `[ID]`), else the JSON error stands.
    let json = serde_json::from_slice::<Value>(bytes);
    let doc = match json {
        Ok(doc) => doc,
        Err(e) => {
            let text = String::from_utf8_lossy(bytes);
            if let Some(r) = super::harness_text::parse_text(&text, file) {
                return r;
            }
            let start = text.trim_start_matches('\u{feff}').trim_start();
            return Err(err(
                None,
                match start.starts_with(['{', '[']) {
                    true => format!("invalid JSON: {e}"),
                    false => {
                        "neither a SWE-bench harness report (JSON: `tests_status` by instance \
                              id, or `resolved_ids`, `unresolved_ids`, …) nor a harness log (a \
                              `report: {…}` or `Result for ID: resolved:` line) nor OpenHands' \
                              `output.swebench_eval.md`"
                            .into()
                    }
                },
            ));
        }
    };
    let Value::Object(obj) = doc else {
        return Err(err(
            None,
            format!("expected a JSON object, found {}", kind_of(&doc)),
        ));
    };
    let mut out = ReportFile::default();
    if RUN_LISTS
        .iter()
        .any(|(k, _)| obj.get(*k).is_some_and(Value::is_array))
    {
        for (key, status) in RUN_LISTS {
            let Some(v) = obj.get(key) else { continue };
            for id in
                ids(v).ok_or_else(|| err(Some(key), "expected a list of instance ids".into()))?
            {
                out.instances.entry(id).or_default().harness = Some(status);
            }
        }
        return Ok(out);
    }
    for (id, v) in &obj {
        let inst = v.as_object().filter(|o| o.contains_key("tests_status")).ok_or_else(|| {
            err(
                Some(id),
                "neither a per-instance report (`tests_status`) nor a run-level report (`resolved_ids`, `unresolved_ids`, …)".into(),
            )
        })?;
        out.instances.insert(id.clone(), instance(inst, id, &err)?);
    }
    Ok(out)
}

fn ids(v: &Value) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|x| x.as_str().map(str::to_string))
        .collect()
}

/// One instance of a per-instance report.
pub(super) fn instance(
    o: &Map<String, Value>,
    id: &str,
    err: &dyn Fn(Option<&str>, String) -> InputError,
) -> Result<TestReport, InputError> {
    let status = o.get("tests_status").and_then(Value::as_object);
    let lists = |bucket: &str| -> Result<Option<TestLists>, InputError> {
        let Some(b) = status.and_then(|s| s.get(bucket)) else {
            return Ok(None);
        };
        let field = format!("{id}.tests_status.{bucket}");
        let get = |k: &str| match b.get(k) {
            None | Some(Value::Null) => Some(Vec::new()),
            Some(v) => ids(v),
        };
        match (get("success"), get("failure")) {
            (Some(s), Some(f)) => Ok(Some((s, f))),
            _ => Err(err(
                Some(&field),
                "expected `success` and `failure` lists of test ids".into(),
            )),
        }
    };
    let resolved = o.get("resolved").and_then(Value::as_bool);
    Ok(TestReport {
        fail_to_pass: lists("FAIL_TO_PASS")?,
        pass_to_pass: lists("PASS_TO_PASS")?,
        patch_applied: o.get("patch_successfully_applied").and_then(Value::as_bool),
        harness: resolved.map(|r| match r {
            true => HarnessStatus::Resolved,
            false => HarnessStatus::Unresolved,
        }),
    })
}
