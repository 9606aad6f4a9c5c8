//! SARIF 2.1.0 export: one result per gold span whose line coverage is under the threshold, with
//! the span as its region and the unread sub-ranges as related locations. Code-scanning viewers
//! then show "the agent never read this" where the fix had to be.

use crate::model::Report;
use serde_json::{json, Value};

pub const RULE_ID: &str = "readcov/gold-span-under-read";
/// Base id for workspace-relative paths; mapped to the workspace when one is known.
pub const SRCROOT: &str = "SRCROOT";

/// Percent-encodes a path for a URI reference, keeping `/` and RFC 3986 unreserved characters.
pub fn uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn artifact(path: &str) -> Value {
    if path.starts_with('/') {
        json!({ "uri": format!("file://{}", uri_path(path)) })
    } else {
        json!({ "uri": uri_path(path), "uriBaseId": SRCROOT })
    }
}

/// A name from the inputs as a plain text message quotes it (SARIF 2.1.0 §3.11.5–6): `{` and `}`
/// doubled (single ones are placeholders a viewer fills from `arguments`), and `\`, `[` and `]`
/// escaped with a backslash, so a task named `[text](https://host/)` is no embedded link a viewer
/// renders as one.
pub fn message_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '{' => out.push_str("{{"),
            '}' => out.push_str("}}"),
            '\\' | '[' | ']' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Renders the SARIF log. `workspace` (an absolute directory) fills `originalUriBaseIds`; without
/// it, with one folder per task (`report --workspaces DIR`), `DIR` does and each task's files are
/// `<task>/<path>` under it (`folders`).
pub fn render(report: &Report, workspace: Option<&str>) -> String {
    let folders = report.task_folders.as_ref().filter(|_| workspace.is_none());
    let mut results = Vec::new();
    for row in &report.rows {
        for sp in &row.score.spans {
            let Some(cov) = sp.coverage else { continue };
            if cov >= report.threshold {
                continue;
            }
            let file = artifact(&crate::folders::exported(folders, &row.task, &sp.path));
            // Report the lines that exist: a span running past the end of its file is clipped.
            let end = sp_last(sp).unwrap_or(sp.end).min(sp.end);
            let unread = sp.unread.to_string();
            let message = format!(
                "{} / {}: {} of {} gold lines read ({}, under the {} threshold); unread lines {}",
                message_name(&row.task),
                message_name(&row.run),
                sp.covered_lines,
                sp.gold_lines,
                readcov_core::words::share(cov, Some(report.threshold)),
                readcov_core::words::threshold(report.threshold),
                unread
            );
            let related: Vec<Value> = sp
                .unread
                .intervals()
                .iter()
                .enumerate()
                .map(|(i, iv)| {
                    json!({
                        "id": i,
                        "physicalLocation": {
                            "artifactLocation": file.clone(),
                            "region": { "startLine": iv.start, "endLine": iv.end }
                        },
                        "message": { "text": format!("unread lines {}-{}", iv.start, iv.end) }
                    })
                })
                .collect();
            let mut result = json!({
                "ruleId": RULE_ID,
                "ruleIndex": 0,
                "level": "warning",
                "message": { "text": message },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": file.clone(),
                        "region": { "startLine": sp.start, "endLine": end }
                    }
                }],
                "partialFingerprints": {
                    "readcovSpan/v1": format!("{}|{}|{}|{}|{}", row.task, row.run, sp.path, sp.start, sp.end)
                },
                "properties": {
                    "task": row.task,
                    "run": row.run,
                    "lineCoverage": cov,
                    "goldLines": sp.gold_lines,
                    "coveredLines": sp.covered_lines,
                    "threshold": report.threshold,
                }
            });
            if !related.is_empty() {
                result["relatedLocations"] = Value::Array(related);
            }
            if let Some(r) = row.resolved {
                result["properties"]["resolved"] = json!(r);
            }
            results.push(result);
        }
    }
    let mut run = json!({
        "tool": { "driver": {
            "name": "readcov",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": [{
                "id": RULE_ID,
                "name": "GoldSpanUnderRead",
                "shortDescription": { "text": "The agent read too few lines of a span the fix needed." },
                "fullDescription": { "text": "Line coverage of this gold span (gold lines the run read / gold lines in the span) is under the readcov threshold. Repairs mostly fail when agents read under half of the lines a fix needs." },
                "help": { "text": "Read the unread lines listed in the message (or the related locations) before editing." },
                "defaultConfiguration": { "level": "warning" }
            }]
        }},
        "columnKind": "utf16CodeUnits",
        "results": results,
        "properties": { "threshold": report.threshold }
    });
    if let Some(ws) = workspace.or(folders.map(|f| f.root.as_str())) {
        let base = if ws.ends_with('/') {
            ws.to_string()
        } else {
            format!("{ws}/")
        };
        run["originalUriBaseIds"] =
            json!({ SRCROOT: { "uri": format!("file://{}", uri_path(&base)) } });
    }
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run]
    });
    serde_json::to_string_pretty(&log).unwrap_or_default() + "\n"
}

/// The last existing line of a span. A gold span is contiguous and only ever clipped at the end of
/// its file, so its surviving lines are `start..start + gold_lines`.
fn sp_last(sp: &readcov_core::metrics::SpanScore) -> Option<u32> {
    let len = u32::try_from(sp.gold_lines).ok()?;
    len.checked_sub(1).map(|n| sp.start.saturating_add(n))
}

#[cfg(test)]
mod tests;
