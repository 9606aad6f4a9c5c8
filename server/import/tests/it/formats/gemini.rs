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

/// A `gemini` message with one call `id` whose result is `result` (parts as Gemini CLI records
/// them).
fn message(id: &str, name: &str, args: Value, result: Value) -> Value {
    serde_json::json!({"type": "gemini", "toolCalls": [{"id": id, "name": name, "args": args, "result": result}]})
}

fn answer(output: &str) -> Value {
    serde_json::json!([{"functionResponse": {"response": {"output": output}}}])
}

#[test]
fn what_gemini_cli_adds_is_not_a_line_of_the_file() {
    // Shapes from @google/gemini-cli-core's source (0.35.0 and 0.9.0, see docs/importers.md).
    let context = "\n\n--- Newly Discovered Project Context ---\n--- Context from: GEMINI.md ---\nUse tabs.\n--- End of Context from: GEMINI.md ---\n--- End Project Context ---";
    let big: String = (1..=100).map(|i| format!("l{i}\n")).collect();
    let log = serde_json::json!({"sessionId": "s", "projectHash": "x", "messages": [
        // 0.35.0 `read_file`: the project context after the file's text.
        message("c1", "read_file", serde_json::json!({"file_path": "a.py"}), answer(&format!("a\nb\nc\n{context}"))),
        // 0.9.0 `read_many_files`: `Tool execution succeeded.`, then one part per file (a cut
        // file opens with the tool's warning) and the closing line.
        message("c2", "read_many_files", serde_json::json!({"paths": ["*.py"]}), serde_json::json!([
            {"functionResponse": {"response": {"output": "Tool execution succeeded."}}},
            {"text": "--- b.py ---\n\n[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\nx\ny\n\n"},
            {"text": "\n--- End of content ---"}])),
        // 0.35.0 `read_many_files`: the parts joined, the project context last.
        message("c3", "read_many_files", serde_json::json!({"paths": ["a.py"]}),
            answer(&format!("--- a.py ---\n\na\nb\nc\n\n\n{context}"))),
        // 0.35.0 shell output over 40,000 characters: first and last characters, mid-line.
        message("c4", "run_shell_command", serde_json::json!({"command": "sed -n '1,100p' big.py"}),
            answer("Output too large. Showing first 8,000 and last 32,000 characters. For full output see: /t/o\nOutput: l1\nl2\nl\n\n... [41,234 characters omitted] ...\n\n99\nl100\nProcess Group PGID: 5")),
        // 0.9.0: whole first and last lines of the whole result.
        message("c5", "run_shell_command", serde_json::json!({"command": "sed -n '1,100p' big.py"}),
            answer("Tool output was too large and has been truncated.\nTruncated part of the output:\nCommand: sed -n '1,100p' big.py\nDirectory: (root)\nOutput: l1\nl2\n... [CONTENT TRUNCATED] ...\nl99\nl100\nError: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 7")),
    ]});
    let files = [
        ("a.py", "a\nb\nc\n"),
        ("b.py", "x\ny\nz\n"),
        ("big.py", big.as_str()),
    ];
    for ws in [&files[..], &[]] {
        let imp = synthetic(&log.to_string(), ws);
        reads(&imp, 0, &[("a.py", 1, 3)]);
        reads(&imp, 1, &[("b.py", 1, 2)]);
        reads(&imp, 2, &[("a.py", 1, 3)]);
        // Without the length, `1,100p` may end before line 100: only the head is certain
        // (before session 27 the tail was credited as 99–100 whatever the file's length).
        let tail: &[(&str, u32, u32)] = if ws.is_empty() {
            &[]
        } else {
            &[("big.py", 99, 100)]
        };
        reads(&imp, 3, &[&[("big.py", 1, 3)], tail].concat());
        reads(&imp, 4, &[&[("big.py", 1, 2)], tail].concat());
    }
}

#[test]
fn a_line_cut_at_2000_characters_was_shown_in_part() {
    // `read_file` of a file whose line 3 is 3,009 characters: Gemini CLI shows its first 2,000
    // and `... [truncated]` (`processSingleFileContent`, `utils/fileUtils.js`, 0.9.0 and 0.35.0).
    let imp = handmade("gemini-cli-long-line", "session.json");
    assert_eq!(imp.format, Some(Format::GeminiCli));
    // The whole file: every line, the cut one too (its start is the file's); before, the cut
    // line's text disagreed with the file and the read was dropped as *shown text differs*.
    reads(&imp, 0, &[("src/data.py", 1, 6)]);
    // `start_line: 3, end_line: 4`: the cut line and the one after it, still aligned.
    reads(&imp, 1, &[("src/data.py", 3, 4)]);
    // A cut line whose shown start is not the file's line is still checked, as a prefix.
    skipped(&imp, 2, Reason::TextMismatch);
    // Without a workspace the same lines (the marker is never a line of its own).
    let bare =
        std::fs::read_to_string(formats().join("handmade/gemini-cli-long-line/session.json"))
            .unwrap();
    let imp = import_as(None, "session.json", &bare, &[]);
    reads(&imp, 0, &[("src/data.py", 1, 6)]);
    reads(&imp, 1, &[("src/data.py", 3, 4)]);
    reads(&imp, 2, &[("src/other.py", 1, 3)]);
}
