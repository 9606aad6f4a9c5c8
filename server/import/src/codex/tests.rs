use super::*;

#[test]
fn exec_output_parts() {
    let o = "Chunk ID: a\nWall time: 1.0 seconds\nProcess running with session ID 48230\nOriginal token count: 0\nOutput:\n";
    assert_eq!(running_session(o), Some(48230));
    assert_eq!(body(o), "");
    let o = "Chunk ID: b\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nx\ny\n";
    assert_eq!(running_session(o), None);
    assert_eq!(body(o), "x\ny\n");
    assert_eq!(body("plain"), "plain");
    assert_eq!(
        legacy_output(r#"{"output":"a\n","metadata":{"exit_code":0}}"#),
        "a\n"
    );
}

#[test]
fn unified_diff_hunks_and_shell_argv() {
    let h = hunks("@@ -246,2 +246,4 @@\n \n+a\n+b\n   });\n@@ -300 +302 @@\n-x\n+y\n").unwrap();
    assert_eq!(h.len(), 2);
    assert_eq!(
        h[0],
        (
            246,
            vec![" ".into(), "+a".into(), "+b".into(), "   });".into()]
        )
    );
    assert_eq!(h[1].0, 300);
    let argv = serde_json::json!(["bash", "-lc", "sed -n '1,5p' a"]);
    assert_eq!(shell_script(Some(&argv)), "sed -n '1,5p' a");
}

#[test]
fn the_truncation_header_goes_only_with_a_cut() {
    let cut = "Total output lines: 9\n\na\nb…3 tokens truncated…c\n";
    let o = format!("Chunk ID: b\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 9\nOutput:\n{cut}");
    assert_eq!(body(&o), "a\nb…3 tokens truncated…c\n");
    let warned = format!("Warning: truncated output (original token count: 9)\n{cut}");
    assert_eq!(without_cut_header(&warned), "a\nb…3 tokens truncated…c\n");
    // Not cut: a file that starts with those words is the file.
    let plain = "Total output lines: 9\n\na\n";
    assert_eq!(without_cut_header(plain), plain);
}

/// A rollout of `apply_patch` calls on `src/a.ts` of the workspace, as codex-rs 0.125.0 writes
/// them (the shipped sample's `custom_tool_call`, `patch_apply_end` with `changes` and
/// `custom_tool_call_output`): its edit rows as (step, start, end).
fn patched(diffs: &[&str]) -> Vec<(u32, u32, u32)> {
    let mut log = serde_json::json!({"timestamp": "t", "type": "session_meta",
        "payload": {"id": "s", "cwd": "/repo", "originator": "codex-tui", "cli_version": "0.125.0"}})
    .to_string()
        + "\n";
    for (i, diff) in diffs.iter().enumerate() {
        let id = format!("c{i}");
        let recs = [
            serde_json::json!({"timestamp": "t", "type": "response_item", "payload": {"type": "custom_tool_call",
                "status": "completed", "call_id": id, "name": "apply_patch",
                "input": format!("*** Begin Patch\n*** Update File: src/a.ts\n{diff}*** End Patch\n")}}),
            serde_json::json!({"timestamp": "t", "type": "event_msg", "payload": {"type": "patch_apply_end",
                "call_id": id, "stdout": "Success.", "stderr": "", "success": true, "status": "completed",
                "changes": {"/repo/src/a.ts": {"type": "update", "unified_diff": diff, "move_path": null}}}}),
            serde_json::json!({"timestamp": "t", "type": "response_item", "payload": {"type": "custom_tool_call_output",
                "call_id": id, "output": "{\"output\":\"Success.\\n\",\"metadata\":{\"exit_code\":0}}"}}),
        ];
        for r in recs {
            log += &format!("{r}\n");
        }
    }
    let mut ws = std::collections::BTreeMap::new();
    ws.insert(
        "src/a.ts".to_string(),
        (1..=10).map(|i| format!("line{i}\n")).collect::<String>(),
    );
    let opts = crate::ImportOptions::default();
    let got = crate::import(log.as_bytes(), "rollout-x.jsonl", &opts, &ws);
    got.rows
        .iter()
        .filter(|r| r.kind == readcov_core::span::EventKind::Edit)
        .map(|r| (r.step.unwrap_or(0), r.start, r.end))
        .collect()
}

/// A Codex `update` of a line an earlier patch wrote (codex-rs' diffs have one context line, as
/// the shipped sample's `@@ -98,2 +98,7 @@`): the base line before it, as a `str_replace` of it
/// gives; before session 38 no row. Deleting it or adding after it: the same row; a change of a
/// base line beside it: that base line, as before.
#[test]
fn an_update_of_a_line_an_earlier_patch_wrote() {
    let add = "@@ -5,2 +5,3 @@\n line5\n+  threshold: 0.9,\n line6\n";
    let change = "@@ -5,3 +5,3 @@\n line5\n-  threshold: 0.9,\n+  threshold: 0.8,\n line6\n";
    assert_eq!(patched(&[add, change]), [(0, 5, 5), (1, 5, 5)]);
    let delete = "@@ -5,3 +5,2 @@\n line5\n-  threshold: 0.9,\n line6\n";
    assert_eq!(patched(&[add, delete]), [(0, 5, 5), (1, 5, 5)]);
    let after = "@@ -6,2 +6,3 @@\n   threshold: 0.9,\n+  prune: true,\n line6\n";
    assert_eq!(patched(&[add, after]), [(0, 5, 5), (1, 5, 5)]);
    let both = "@@ -5,3 +5,2 @@\n-line5\n-  threshold: 0.9,\n+  threshold: 0.8,\n line6\n";
    assert_eq!(patched(&[add, both]), [(0, 5, 5), (1, 5, 5)]);
    let spans = "@@ -4,4 +4,3 @@\n-line4\n+LINE4\n line5\n-  threshold: 0.9,\n line6\n";
    assert_eq!(patched(&[add, spans]), [(0, 5, 5), (1, 4, 5)]);
}

/// A hunk with no old line states the line it follows: `@@ -5,0 +6 @@` inserts after line 5 (the
/// row: line 5, the base line before it), `@@ -0,0 +1 @@` at the top (no base line before it: no
/// row). Before session 38 it went in before the stated line (row 4).
#[test]
fn a_hunk_of_no_old_line_follows_its_stated_line() {
    assert_eq!(patched(&["@@ -5,0 +6 @@\n+inserted\n"]), [(0, 5, 5)]);
    assert_eq!(patched(&["@@ -0,0 +1,1 @@\n+top\n"]), []);
    let h = hunks("@@ -5,0 +6,2 @@\n+a\n+b\n@@ -9 +11 @@\n-x\n+y\n").unwrap();
    assert_eq!((h[0].0, h[1].0), (6, 9));
}
