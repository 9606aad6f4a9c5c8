//! Malformed logs never crash the importer: each case is counted in the summary, and what can
//! still be read is read.

use readcov_import::{import, ImportOptions, NoFiles, Reason};
use serde_json::json;
use std::collections::BTreeMap;

fn openhands(calls: &[(&str, serde_json::Value, Option<&str>)]) -> Vec<u8> {
    let mut messages = vec![
        json!({"role": "user", "content": "<uploaded_files>\n/workspace/o__r__1\n</uploaded_files>"}),
    ];
    for (i, (name, args, out)) in calls.iter().enumerate() {
        let id = format!("c{i}");
        messages.push(json!({"role": "assistant", "content": "", "tool_calls": [
            {"id": id, "type": "function", "function": {"name": name, "arguments": args.to_string()}}]}));
        if let Some(o) = out {
            messages.push(json!({"role": "tool", "tool_call_id": id, "content": o}));
        }
    }
    json!({"fncall_messages": messages})
        .to_string()
        .into_bytes()
}

fn files() -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.insert(
        "dir with space/it's.py".to_string(),
        "a\nb\nc\n".to_string(),
    );
    m
}

#[test]
fn truncated_json_is_counted_not_fatal() {
    let full = openhands(&[("execute_bash", json!({"command": "cat x.py"}), Some("x"))]);
    let cut = &full[..full.len() / 2];
    let got = import(cut, "cut.json", &ImportOptions::default(), &NoFiles);
    assert!(got.rows.is_empty());
    assert_eq!(got.summary.malformed_records, 1);
    assert_eq!(got.errors.len(), 1);
    assert!(
        got.errors[0].to_string().starts_with("cut.json: "),
        "{}",
        got.errors[0]
    );
}

#[test]
fn unknown_tool_missing_observation_and_bad_arguments() {
    let log = openhands(&[
        ("browser", json!({"url": "x"}), Some("page")),
        (
            "execute_bash",
            json!({"command": "cat /workspace/o__r__1/a.py"}),
            None,
        ),
        ("str_replace_editor", json!("not an object"), Some("?")),
    ]);
    let mut bad = String::from_utf8(log).unwrap();
    // Arguments that are not JSON at all.
    bad = bad.replace("\\\"not an object\\\"", "{oops");
    let got = import(
        bad.as_bytes(),
        "t.json",
        &ImportOptions::default(),
        &NoFiles,
    );
    let skipped: Vec<(Reason, usize)> = got.summary.skipped.into_iter().collect();
    assert_eq!(
        skipped,
        vec![
            (Reason::UnknownTool, 1),
            (Reason::MissingObservation, 1),
            (Reason::Malformed, 1)
        ]
    );
}

#[test]
fn paths_with_spaces_and_quotes() {
    let log = openhands(&[
        (
            "execute_bash",
            json!({"command": "cd /workspace/o__r__1 && sed -n '2,3p' \"dir with space/it's.py\""}),
            Some("b\nc\n"),
        ),
        (
            "execute_bash",
            json!({"command": "head -n 1 /workspace/o__r__1/dir\\ with\\ space/it\\'s.py"}),
            Some("a\n"),
        ),
    ]);
    let got = import(&log, "t.json", &ImportOptions::default(), &files());
    let rows: Vec<(String, u32, u32)> = got
        .rows
        .iter()
        .map(|r| (r.path.clone(), r.start, r.end))
        .collect();
    let p = "dir with space/it's.py".to_string();
    assert_eq!(rows, vec![(p.clone(), 2, 3), (p, 1, 1)]);
}

#[test]
fn binary_output_and_bytes() {
    // Non-UTF-8 bytes inside a tool result, and a JSONL transcript with a binary line.
    let mut log = openhands(&[(
        "execute_bash",
        json!({"command": "cat /workspace/o__r__1/dir\\ with\\ space/it\\'s.py"}),
        Some("BIN"),
    )]);
    let at = log.windows(3).position(|w| w == b"BIN").unwrap();
    // Invalid UTF-8 in the log itself, and escaped control characters in the output.
    log.splice(at..at + 3, *b"\xff\xfe\\u0000\\u0001");
    let got = import(&log, "bin.json", &ImportOptions::default(), &files());
    assert_eq!(got.summary.actions, 1);
    // `cat` shows no numbers: the span comes from the command and the workspace length (3), but
    // the output displayed one line only, so only one line is credited.
    let rows: Vec<(u32, u32)> = got.rows.iter().map(|r| (r.start, r.end)).collect();
    assert_eq!(rows, vec![(1, 1)]);
    let claude = b"{\"type\":\"user\",\"cwd\":\"/r\",\"sessionId\":\"s\"}\n\xff\xfe garbage\n{\"type\":\"assistant\"";
    let got = import(claude, "c.jsonl", &ImportOptions::default(), &NoFiles);
    assert_eq!(
        got.summary.malformed_records, 2,
        "the binary line and the truncated last record"
    );
    let got = import(
        b"\x00\x01\x02",
        "b.bin",
        &ImportOptions::default(),
        &NoFiles,
    );
    assert_eq!(got.summary.malformed_records, 1);
}

#[test]
fn huge_ranges_without_a_workspace_are_bounded_by_the_output() {
    let log = openhands(&[
        (
            "execute_bash",
            json!({"command": "sed -n '1,4000000000p' /testbed/x.py"}),
            Some("a\nb\n"),
        ),
        (
            "execute_bash",
            json!({"command": "sed -n '5,4000000000p' /testbed/x.py | head -n 3999999999"}),
            Some(""),
        ),
    ]);
    let got = import(&log, "t.json", &ImportOptions::default(), &NoFiles);
    let rows: Vec<(u32, u32)> = got.rows.iter().map(|r| (r.start, r.end)).collect();
    assert_eq!(rows, vec![(1, 2)]);
}
