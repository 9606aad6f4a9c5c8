//! Gemini CLI chat recordings (`tests/data/formats/gemini-cli`): `read_file` windows from the
//! tool's own `Showing lines A-B`, `grep_search` lines from its `L12:` / `L12-` lines, the
//! project root from `projectHash`, a failed `replace` not applied.

use super::*;
use readcov_import::Format;
use serde_json::Value;

const AIM: &str = "gemini-cli/BrianV1981-aim_control_pro_run2.json";
const POMODORO: &str = "gemini-cli/yoavf-ai-sessions_gemini-cli-pomodoro-timer.json";

/// Each tool call's output, in call order.
fn outputs(rel: &str) -> Vec<(String, String)> {
    let d: Value = serde_json::from_slice(&std::fs::read(formats().join(rel)).unwrap()).unwrap();
    d["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["toolCalls"].as_array())
        .flatten()
        .map(|c| {
            let r = &c["result"][0]["functionResponse"]["response"];
            let out = r["output"].as_str().or(r["error"].as_str()).unwrap_or("");
            (c["name"].as_str().unwrap().to_string(), out.to_string())
        })
        .collect()
}

#[test]
fn reads_are_the_lines_each_tool_showed() {
    let imp = sample(AIM);
    assert_eq!(imp.format, Some(Format::GeminiCli));
    assert!(imp
        .rows
        .iter()
        .all(|r| r.task == "ae1896cc-9b91-425b-9bbf-5b481f1496b7" && r.run == "gemini-cli"));
    let v = "django_repo/django/core/validators.py";
    // `read_file {start_line: 111, end_line: 180}`: "Status: Showing lines 111-180 of 555 total lines."
    reads(&imp, 2, &[(v, 111, 180)]);
    // `read_file TASK.md`: six lines of text and the empty seventh.
    reads(&imp, 0, &[("TASK.md", 1, 7)]);
    // `grep_search` with context 50 in django_repo/django: `File: core/validators.py`, L24- … L124-.
    reads(&imp, 1, &[(v, 24, 124)]);
    // Two matches with context 5: L74–L84 and L93–L103.
    reads(&imp, 7, &[(v, 74, 84), (v, 93, 103)]);
    // One search over three files: one call per file, each its own step.
    reads(
        &imp,
        12,
        &[("django_repo/tests/validators/tests.py", 245, 253)],
    );
    let shell = imp
        .summary
        .skipped
        .get(&Reason::UnknownCommand)
        .copied()
        .unwrap_or(0);
    assert!(shell >= 15, "{:?}", imp.summary.skipped);
}

#[test]
fn project_root_from_the_hash_and_a_failed_edit() {
    let imp = sample(POMODORO);
    // Absolute paths under /Users/yoavfarhi/dev/pomodoro/gemini (sha256 = projectHash) are
    // repository paths: 3 writes and 6 replacements replayed, none outside the repository.
    assert_eq!(imp.summary.skipped.get(&Reason::OutsideRepo), None);
    // All of them: the first `replace` of script.js takes the whole file with its final line
    // break, which the replay matched nowhere (7 events, script.js's three replacements "not
    // replayed", before the replay let an old text take the final break).
    assert_eq!(imp.summary.edit_events, 10);
    assert!(
        imp.summary.lost_edits.is_empty(),
        "{:?}",
        imp.summary.lost_edits
    );
    // The last `replace` came back with `response.error`: not applied.
    skipped(&imp, 10, Reason::ToolError);
}

#[test]
fn no_step_credited_with_more_lines_than_displayed() {
    // Steps are calls, and one grep over several files is several steps: count them the same way.
    let mut shown = Vec::new();
    for (name, out) in outputs(AIM) {
        match name.as_str() {
            "grep_search" => {
                let per_file: Vec<u32> = out
                    .split("\nFile: ")
                    .skip(1)
                    .map(|f| {
                        f.lines()
                            .filter(|l| {
                                l.starts_with('L')
                                    && l[1..].starts_with(|c: char| c.is_ascii_digit())
                            })
                            .count() as u32
                    })
                    .collect();
                shown.extend(if per_file.is_empty() {
                    vec![0]
                } else {
                    per_file
                });
            }
            _ => {
                let body = out
                    .split("--- FILE CONTENT (truncated) ---\n")
                    .last()
                    .unwrap_or("");
                shown.push(line_count(body));
            }
        }
    }
    credited_within(&sample(AIM), |_, step| shown[step as usize]);
}

#[test]
fn synthetic_read_many_files_and_offsets() {
    let log = serde_json::json!({"sessionId": "s", "projectHash": "x", "messages": [
        {"type": "gemini", "toolCalls": [
            {"id": "a", "name": "read_many_files", "args": {"paths": ["*.py"]},
             "result": [{"functionResponse": {"response": {"output": "--- src/app.py ---\n\na\nb\n\n--- End of content ---"}}}]},
            {"id": "b", "name": "read_file", "args": {"file_path": "src/app.py", "offset": 2, "limit": 2},
             "result": [{"functionResponse": {"response": {"output": "c\nd"}}}]},
            {"id": "c", "name": "read_file", "args": {"file_path": "src/app.py"}, "status": "cancelled"}
        ]}
    ]});
    let files = [("src/app.py", "a\nb\nc\nd\ne\n")];
    let imp = synthetic(&log.to_string(), &files);
    reads(&imp, 0, &[("src/app.py", 1, 2)]);
    // A 0-based `offset` 2 shows lines 3–4.
    reads(&imp, 1, &[("src/app.py", 3, 4)]);
    skipped(&imp, 2, Reason::MissingObservation);
}
