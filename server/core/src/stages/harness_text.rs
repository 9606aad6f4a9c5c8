//! The harness's reports in text: an instance log — the SWE-bench harness forks'
//! `run_instance.log` (Multi-SWE-bench), OpenHands' `instance_ID.log` — whose `report: {…}` line
//! is the per-instance report as a Python literal and whose `Result for ID: resolved: True|False`
//! line is its verdict; and OpenHands' run summary `output.swebench_eval.md`, whose
//! `## Resolved Instances`, `## Unresolved Instances`, … sections list the instance ids.

use super::harness::{instance, ReportFile};
use super::input::{HarnessStatus, TestReport};
use super::pyrepr;
use crate::formats::InputError;
use std::collections::BTreeSet;

/// The markdown summary's sections, in the order a later list overrides an earlier one (as the
/// JSON run-level report's lists do: OpenHands lists an empty patch under "Unresolved" too).
const SECTIONS: [(&str, HarnessStatus); 4] = [
    ("Resolved Instances", HarnessStatus::Resolved),
    ("Unresolved Instances", HarnessStatus::Unresolved),
    ("Empty Patch Instances", HarnessStatus::EmptyPatch),
    ("Error Instances", HarnessStatus::Error),
];

/// Whether `text` is a harness log or OpenHands' run summary (input detection: the whole text).
/// A `report: {` line counts only when a dict follows (prose about the format is no report).
pub fn is_report_text(text: &str) -> bool {
    text.lines().any(|l| {
        let report = report_literal(l)
            .is_some_and(|(_, lit)| pyrepr::parse(lit).is_ok_and(|v| v.is_object()));
        report || result_line(l).is_some() || section(l).is_some()
    })
}

/// Reads a log or a run summary; `None` when `text` is neither.
pub(super) fn parse_text(text: &str, file: &str) -> Option<Result<ReportFile, InputError>> {
    if text.lines().any(|l| section(l).is_some()) {
        return Some(Ok(summary(text)));
    }
    if !is_report_text(text) {
        return None;
    }
    Some(log(text, file))
}

/// The literal after `report: ` on a log line.
fn report_literal(line: &str) -> Option<(&str, &str)> {
    let at = line.find("report: {")?;
    Some((&line[..at], &line[at + "report: ".len()..]))
}

/// `Result for ID: resolved: True|False`.
fn result_line(line: &str) -> Option<(&str, bool)> {
    let rest = line.trim().strip_prefix("Result for ")?;
    let (id, verdict) = rest.rsplit_once(": resolved: ")?;
    let resolved = match verdict.trim() {
        "True" | "true" => true,
        "False" | "false" => false,
        _ => return None,
    };
    Some((id.trim(), resolved))
}

/// A line naming the instance the log is about (OpenHands prefixes `[ID]`; both forks log
/// `Grading answer for ID...`; OpenHands starts with `Starting evaluation for instance ID.`).
fn names_instance(line: &str) -> Option<&str> {
    for (start, end) in [
        ("Grading answer for ", "..."),
        ("Starting evaluation for instance ", "."),
    ] {
        if let Some(at) = line.find(start) {
            let id = line[at + start.len()..].trim_end();
            return id
                .strip_suffix(end)
                .map(str::trim)
                .filter(|s| !s.is_empty());
        }
    }
    None
}

/// `… [ID] ` before `report:`: the id OpenHands' unwrapped report belongs to.
fn bracket_id(before: &str) -> Option<&str> {
    let before = before.trim_end().strip_suffix(']')?;
    let id = &before[before.rfind('[')? + 1..];
    (!id.is_empty() && !id.contains(' ')).then_some(id)
}

fn log(text: &str, file: &str) -> Result<ReportFile, InputError> {
    let mut out = ReportFile::default();
    let mut named: Option<String> = None;
    // An unwrapped report with no id yet: the next `Result for ID` line names it.
    let mut pending: Option<(usize, TestReport)> = None;
    let mut verdicts = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = i + 1;
        if let Some((id, resolved)) = result_line(line) {
            if let Some((_, r)) = pending.take() {
                out.instances.insert(id.to_string(), r);
            }
            verdicts.push((id.to_string(), resolved));
            continue;
        }
        if let Some(id) = names_instance(line) {
            named = Some(id.to_string());
        }
        let Some((before, literal)) = report_literal(line) else {
            continue;
        };
        let err = |field: Option<&str>, msg: String| InputError::new(file, at, field, msg);
        let value = pyrepr::parse(literal).map_err(|m| err(Some("report"), m))?;
        let Some(obj) = value.as_object() else {
            return Err(err(Some("report"), "expected a dict".into()));
        };
        if obj.contains_key("tests_status") {
            let r = instance(obj, "report", &err)?;
            match bracket_id(before).map(str::to_string).or(named.clone()) {
                Some(id) => {
                    out.instances.insert(id, r);
                }
                None => pending = Some((at, r)),
            }
            continue;
        }
        for (id, v) in obj {
            let inst = v
                .as_object()
                .filter(|o| o.contains_key("tests_status"))
                .ok_or_else(|| {
                    err(
                        Some(id),
                        "a report that is no per-instance report (`tests_status`)".into(),
                    )
                })?;
            out.instances
                .insert(id.clone(), instance(inst, &format!("report.{id}"), &err)?);
        }
    }
    if let Some((at, _)) = pending {
        return Err(InputError::new(
            file,
            at,
            Some("report"),
            "no instance id: no `[ID]` before the report, no `Result for ID` line after it",
        ));
    }
    // The verdict line stands for a report the log does not carry (the report's own
    // `resolved` is the same verdict when it does).
    for (id, resolved) in verdicts {
        let e = out.instances.entry(id).or_default();
        e.harness = e.harness.or(Some(match resolved {
            true => HarnessStatus::Resolved,
            false => HarnessStatus::Unresolved,
        }));
    }
    Ok(out)
}

/// The verdict a `## NAME` heading lists, for one of [`SECTIONS`]; `None` for any other line,
/// another heading too (`## Incomplete Instances`, `## Summary`: their lists are no verdict).
fn section(line: &str) -> Option<HarnessStatus> {
    let title = line.trim().strip_prefix("## ")?.trim();
    SECTIONS.iter().find(|(t, _)| *t == title).map(|(_, s)| *s)
}

fn summary(text: &str) -> ReportFile {
    let mut lists: Vec<(HarnessStatus, BTreeSet<String>)> = SECTIONS
        .iter()
        .map(|(_, s)| (*s, BTreeSet::new()))
        .collect();
    let mut current: Option<usize> = None;
    for line in text.lines() {
        if line.trim_start().starts_with("## ") {
            current = section(line).and_then(|s| lists.iter().position(|(x, _)| *x == s));
            continue;
        }
        let Some(item) = line.trim().strip_prefix("- ") else {
            continue;
        };
        // `- [ID](link)` or `- ID`.
        let id = match item.strip_prefix('[') {
            Some(rest) => rest.split(']').next().unwrap_or(""),
            None => item,
        };
        if let (Some(k), false) = (current, id.trim().is_empty()) {
            lists[k].1.insert(id.trim().to_string());
        }
    }
    let mut out = ReportFile::default();
    for (status, ids) in lists {
        for id in ids {
            out.instances.entry(id).or_default().harness = Some(status);
        }
    }
    out
}

#[cfg(test)]
mod tests;
