//! Codex CLI 0.125 rollout (unified exec: every exec call's text arrives in `write_stdin` polls),
//! no workspace: the codemie-code checkout is not shipped. Windows checked against the text the
//! polls displayed (and `exec_command_end.aggregated_output`, the whole output, as a bound).

use super::*;
use serde_json::{json, Value};

const ROLLOUT: &str =
    "codex-rollout/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl";

/// Lines displayed per step (exec calls in order, `write_stdin` polls skipped, `apply_patch`
/// counted as a step): the `Output:` part of the exec result plus that of every later poll of the
/// same session id. (`exec_command_end.aggregated_output` is no bound: this build caps it near
/// 10 KB, while a poll showed 430 lines of a 460-line `rg`, cut in the middle by tokens.)
fn displayed() -> Vec<u32> {
    let text = std::fs::read_to_string(formats().join(ROLLOUT)).unwrap();
    let recs: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let items: Vec<&Value> = recs.iter().map(|r| &r["payload"]).collect();
    let out = |id: &Value| -> String {
        let o = items
            .iter()
            .find(|p| p["type"] == "function_call_output" && p["call_id"] == *id)
            .and_then(|p| p["output"].as_str())
            .unwrap_or("");
        o.split_once("Output:\n").map_or(o, |(_, b)| b).to_string()
    };
    let calls: Vec<&Value> = items
        .iter()
        .copied()
        .filter(|p| {
            matches!(
                p["type"].as_str(),
                Some("function_call" | "custom_tool_call")
            )
        })
        .collect();
    let mut shown = Vec::new();
    for (k, c) in calls.iter().enumerate() {
        if c["name"] == "write_stdin" {
            continue;
        }
        let mut text = out(&c["call_id"]);
        let first = items
            .iter()
            .find(|p| p["type"] == "function_call_output" && p["call_id"] == c["call_id"])
            .and_then(|p| p["output"].as_str())
            .unwrap_or("");
        if let Some(sid) = first
            .split("session ID ")
            .nth(1)
            .and_then(|s| s.split('\n').next())
        {
            for later in &calls[k + 1..] {
                let args: Value = serde_json::from_str(later["arguments"].as_str().unwrap_or("{}"))
                    .unwrap_or_default();
                if later["name"] == "write_stdin"
                    && args["session_id"]
                        .as_u64()
                        .map(|n| n.to_string())
                        .as_deref()
                        == Some(sid)
                {
                    text += &out(&later["call_id"]);
                }
            }
        }
        shown.push(if text.is_empty() {
            0
        } else {
            line_count(&text)
        });
    }
    shown
}

#[test]
fn rollout_reads_from_write_stdin_continuations() {
    let imp = sample(ROLLOUT);
    assert!(imp.errors.is_empty(), "{:?}", imp.errors);
    // Task and root from `session_meta` (id, cwd).
    assert!(imp
        .rows
        .iter()
        .all(|r| r.task == "019e1625-789d-76c0-80ab-3724b5ddb799" && r.run == "codex"));
    // `sed -n '400,480p'`: exec said "Process running with session ID …"; the poll showed 81
    // lines, the first empty, the last `          event: async (input) => {`.
    reads(
        &imp,
        5,
        &[(
            "src/agents/plugins/codemie-code-hooks/shell-hooks-source.ts",
            400,
            480,
        )],
    );
    // `cat package.json`: 159 lines, `{` to `}`.
    reads(&imp, 40, &[("package.json", 1, 159)]);
    // `sed -n '180,240p' docs/AGENTS.md` printed 55 lines: the file ends at 234.
    reads(&imp, 20, &[("docs/AGENTS.md", 180, 234)]);
    // `sed -n '70,150p' A && sed -n '1,220p' B`: both windows, in output order.
    reads(
        &imp,
        23,
        &[
            ("src/agents/plugins/codemie-code.plugin.ts", 70, 150),
            (
                "src/agents/plugins/__tests__/codemie-code-reasoning.test.ts",
                1,
                220,
            ),
        ],
    );
    // The first command reads a plugin SKILL.md under ~/.codex: outside the repository.
    skipped(&imp, 0, Reason::OutsideRepo);
    // apply_patch edits cannot be replayed without the base files, so the later
    // `nl -ba … | sed -n` reads of the patched files are unaligned, not guessed.
    assert!(imp
        .summary
        .skipped
        .get(&Reason::UnalignedAfterEdit)
        .is_some_and(|n| *n >= 3));
}

#[test]
fn rollout_no_step_credited_with_more_lines_than_displayed() {
    let shown = displayed();
    credited_within(&sample(ROLLOUT), |_, step| shown[step as usize]);
}

fn rec(ty: &str, payload: Value) -> String {
    format!(
        "{}\n",
        json!({"timestamp": "t", "type": ty, "payload": payload})
    )
}

fn call(id: &str, name: &str, args: Value) -> String {
    rec(
        "response_item",
        json!({"type": "function_call", "name": name, "arguments": args.to_string(), "call_id": id}),
    )
}

fn output(id: &str, text: &str) -> String {
    rec(
        "response_item",
        json!({"type": "function_call_output", "call_id": id, "output": text}),
    )
}

const HEAD_RUNNING: &str = "Chunk ID: a\nWall time: 1.0 seconds\nProcess running with session ID 7\nOriginal token count: 0\nOutput:\n";
const HEAD_DONE: &str = "Chunk ID: b\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 9\nOutput:\n";

#[test]
fn exec_continuation_patch_replay_and_numbered_read() {
    let file: String = (1..=10).map(|i| format!("l{i}\n")).collect();
    let mut log = rec(
        "session_meta",
        json!({"id": "S1", "cwd": "/r", "git": {"commit_hash": "c"}}),
    );
    // Step 0: the text arrives in two polls of session 7.
    log += &call(
        "c1",
        "exec_command",
        json!({"cmd": "sed -n '2,5p' a.py", "workdir": "/r"}),
    );
    log += &output("c1", HEAD_RUNNING);
    log += &call("p1", "write_stdin", json!({"session_id": 7, "chars": ""}));
    log += &output("p1", &format!("{HEAD_RUNNING}l2\nl3\n"));
    log += &call("p2", "write_stdin", json!({"session_id": 7, "chars": ""}));
    log += &output("p2", &format!("{HEAD_DONE}l4\nl5\n"));
    // Step 1: apply_patch replaces line 3 with two lines.
    log += &rec(
        "response_item",
        json!({"type": "custom_tool_call", "name": "apply_patch", "call_id": "e1",
        "input": "*** Begin Patch\n*** Update File: a.py\n@@\n l2\n-l3\n+x\n+y\n*** End Patch\n"}),
    );
    log += &rec(
        "event_msg",
        json!({"type": "patch_apply_end", "call_id": "e1", "success": true,
        "changes": {"/r/a.py": {"type": "update", "unified_diff": "@@ -2,2 +2,3 @@\n l2\n-l3\n+x\n+y\n", "move_path": null}}}),
    );
    // Step 2: `nl -ba a.py | sed -n '5,6p'` on the edited copy: current 5–6 are base 4–5.
    log += &call(
        "c2",
        "exec_command",
        json!({"cmd": "nl -ba a.py | sed -n '5,6p'", "workdir": "/r"}),
    );
    log += &output("c2", &format!("{HEAD_DONE}     5\tl4\n     6\tl5\n"));
    // Step 3: no result in the log: the event's aggregated output stands in.
    log += &call(
        "c3",
        "exec_command",
        json!({"cmd": "head -n 2 a.py", "workdir": "/r"}),
    );
    log += &rec(
        "event_msg",
        json!({"type": "exec_command_end", "call_id": "c3", "aggregated_output": "l1\nl2\n"}),
    );
    // Step 4: the legacy shell tool, output as a JSON string; current 9–10 are base 8–9.
    log += &call(
        "c4",
        "shell",
        json!({"command": ["bash", "-lc", "sed -n '9,10p' a.py"], "workdir": "/r"}),
    );
    log += &output(
        "c4",
        &json!({"output": "l8\nl9\n", "metadata": {"exit_code": 0}}).to_string(),
    );
    // Step 5: a failed patch.
    log += &rec(
        "response_item",
        json!({"type": "custom_tool_call", "name": "apply_patch", "call_id": "e2", "input": "*** Begin Patch\n"}),
    );
    log += &rec(
        "event_msg",
        json!({"type": "patch_apply_end", "call_id": "e2", "success": false, "changes": {}}),
    );
    let imp = synthetic(&log, &[("a.py", &file)]);
    assert!(imp.rows.iter().all(|r| r.task == "S1"));
    reads(&imp, 0, &[("a.py", 2, 5)]);
    assert_eq!(rows(&imp, None, 1, EventKind::Edit), own(&[("a.py", 3, 3)]));
    reads(&imp, 2, &[("a.py", 4, 5)]);
    reads(&imp, 3, &[("a.py", 1, 2)]);
    reads(&imp, 4, &[("a.py", 8, 9)]);
    skipped(&imp, 5, Reason::ToolError);
    // The polls are part of step 0, not actions of their own.
    assert_eq!(imp.summary.actions, 6);
}

#[test]
fn a_failed_poll_shows_nothing_and_the_next_poll_still_counts() {
    // The sample's shape (step 1): a poll sending ^C to a closed stdin fails, the next poll
    // brings the output. Before, the failure message passed for a line of the file and the
    // poll after it was dropped: `sed -n '2,6p'` read 2–4 instead of 2–6.
    let file: String = (1..=10).map(|i| format!("l{i}\n")).collect();
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    log += &call(
        "c1",
        "exec_command",
        json!({"cmd": "sed -n '2,6p' a.py", "workdir": "/r"}),
    );
    log += &output("c1", HEAD_RUNNING);
    log += &call("p1", "write_stdin", json!({"session_id": 7, "chars": ""}));
    log += &output("p1", &format!("{HEAD_RUNNING}l2\nl3\n"));
    log += &call(
        "p2",
        "write_stdin",
        json!({"session_id": 7, "chars": "\u{3}"}),
    );
    log += &output(
        "p2",
        "write_stdin failed: stdin is closed for this session; rerun exec_command with tty=true to keep stdin open",
    );
    log += &call("p3", "write_stdin", json!({"session_id": 7, "chars": ""}));
    log += &output("p3", &format!("{HEAD_DONE}l4\nl5\nl6\n"));
    reads(&synthetic(&log, &[("a.py", &file)]), 0, &[("a.py", 2, 6)]);
    reads(&synthetic(&log, &[]), 0, &[("a.py", 2, 6)]);
}

#[test]
fn a_moved_file_is_unaligned_at_its_new_path() {
    // `apply_patch` with `*** Move to:` (`move_path`): e.py now holds d.py's edited text. Before,
    // a later `cat e.py` credited e.py 1–1 as if it showed e.py's base text.
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    log += &rec(
        "response_item",
        json!({"type": "custom_tool_call", "name": "apply_patch", "call_id": "e1",
        "input": "*** Begin Patch\n*** Update File: d.py\n*** Move to: e.py\n@@\n-x\n+y\n*** End Patch\n"}),
    );
    log += &rec(
        "event_msg",
        json!({"type": "patch_apply_end", "call_id": "e1", "success": true,
        "changes": {"/r/d.py": {"type": "update", "unified_diff": "@@ -1 +1 @@\n-x\n+y\n", "move_path": "/r/e.py"}}}),
    );
    log += &call(
        "c1",
        "exec_command",
        json!({"cmd": "cat e.py", "workdir": "/r"}),
    );
    log += &output("c1", &format!("{HEAD_DONE}y\n"));
    for ws in [&[("d.py", "x\n"), ("e.py", "old\n")][..], &[]] {
        let imp = synthetic(&log, ws);
        reads(&imp, 1, &[]);
        skipped(&imp, 1, Reason::UnalignedAfterEdit);
    }
}

#[test]
fn exec_still_running_shows_nothing() {
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    log += &call(
        "c1",
        "exec_command",
        json!({"cmd": "cat a.py", "workdir": "/r"}),
    );
    log += &output("c1", HEAD_RUNNING);
    let imp = synthetic(&log, &[("a.py", "a\nb\n")]);
    skipped(&imp, 0, Reason::NothingShown);
}

#[test]
fn window_beside_a_multi_file_grep_gets_only_its_own_lines() {
    // No workspace: `sed -n '1,10p'` of a 3-line file printed 3 lines, then `rg -n` printed 2.
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    log += &call(
        "c1",
        "exec_command",
        json!({"cmd": "sed -n '1,10p' a.py && rg -n x b.py c.py", "workdir": "/r"}),
    );
    log += &output(
        "c1",
        &format!("{HEAD_DONE}a1\na2\na3\nb.py:4:x\nc.py:9:x\n"),
    );
    let imp = synthetic(&log, &[]);
    reads(&imp, 0, &[("a.py", 1, 3), ("b.py", 4, 4), ("c.py", 9, 9)]);
}

#[test]
fn rg_over_a_file_whose_name_holds_dash_number_dash() {
    // Step 10, `rg -n "compart|compact|context" src tests docs …`: one match line is
    // `tests/integration/metrics/fixtures/gemini/session-2026-01-16T11-01-file-ops-37b7abef.json:17:…`.
    // Its first `-N-` made it line 2026 of a file `…/gemini/session`; it is line 17 of the JSON.
    let imp = sample(ROLLOUT);
    let dir = "tests/integration/metrics/fixtures/gemini/";
    let of_step: Vec<(String, u32, u32)> = imp
        .rows
        .iter()
        .filter(|r| r.step == Some(10) && r.path.starts_with(dir))
        .map(|r| (r.path.clone(), r.start, r.end))
        .collect();
    assert!(of_step.contains(&(
        format!("{dir}session-2026-01-16T11-01-file-ops-37b7abef.json"),
        17,
        17
    )));
    assert!(
        imp.rows.iter().all(|r| r.path != format!("{dir}session")),
        "{of_step:?}"
    );
}

#[test]
fn the_truncation_header_is_not_a_line_of_the_output() {
    // Codex cuts an output over its token budget as `Total output lines: N`, a blank line, then
    // head…N tokens truncated…tail (the sample's polls of `rg`, step 6 on). Before, the header and
    // the blank line were taken as the first two lines of `cat`: 1–6 credited for 1–4 shown.
    let file: String = (1..=100).map(|i| format!("l{i}\n")).collect();
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    log += &call(
        "c1",
        "exec_command",
        json!({"cmd": "cat a.py", "workdir": "/r"}),
    );
    let cut = "Total output lines: 100\n\nl1\nl2\nl3\nl…90 tokens truncated…98\nl99\nl100\n";
    log += &output("c1", &format!("{HEAD_DONE}{cut}"));
    // The legacy `shell` tool's JSON result is cut the same way.
    log += &call(
        "c2",
        "shell",
        json!({"command": ["bash", "-lc", "cat a.py"], "workdir": "/r"}),
    );
    log += &output("c2", &json!({"output": cut, "metadata": {}}).to_string());
    let imp = synthetic(&log, &[("a.py", &file)]);
    reads(&imp, 0, &[("a.py", 1, 4), ("a.py", 98, 100)]);
    reads(&imp, 1, &[("a.py", 1, 4), ("a.py", 98, 100)]);
}

#[test]
fn without_a_workspace_the_header_places_the_tail_of_a_cut_whole_file_read() {
    // `Total output lines: N` is `content.lines().count()` of the whole output: for a `cat` alone
    // in its call, the file's length, so the tail shown is lines N-t+1..N. When polls continue
    // the process, the header counts its chunk only: the head alone is placed. Before session 28
    // both credited nothing without a workspace (*file length unknown*).
    let cut = "Total output lines: 100\n\nl1\nl2\nl3\nl…90 tokens truncated…98\nl99\nl100\n";
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    log += &call(
        "c1",
        "exec_command",
        json!({"cmd": "cat a.py", "workdir": "/r"}),
    );
    log += &output("c1", &format!("{HEAD_DONE}{cut}"));
    log += &call(
        "c2",
        "shell",
        json!({"command": ["bash", "-lc", "cat a.py"], "workdir": "/r"}),
    );
    log += &output("c2", &json!({"output": cut, "metadata": {}}).to_string());
    log += &call(
        "c3",
        "exec_command",
        json!({"cmd": "cat a.py", "workdir": "/r"}),
    );
    let first = "Total output lines: 50\n\nl1\nl2\nl3\nl…90 tokens truncated…48\n";
    log += &output("c3", &format!("{HEAD_RUNNING}{first}"));
    log += &call("p1", "write_stdin", json!({"session_id": 7, "chars": ""}));
    log += &output("p1", &format!("{HEAD_DONE}l99\nl100\n"));
    let imp = synthetic(&log, &[]);
    reads(&imp, 0, &[("a.py", 1, 4), ("a.py", 98, 100)]);
    reads(&imp, 1, &[("a.py", 1, 4), ("a.py", 98, 100)]);
    reads(&imp, 2, &[("a.py", 1, 4)]);
}

#[test]
fn an_applied_patch_without_its_changes_leaves_the_file_unaligned() {
    // Older codex-rs `PatchApplyEndEvent`s carry `stdout`, `stderr` and `success` only (the
    // `changes` came later, mirroring `PatchApplyBeginEvent`). Before, such a successful patch was
    // a *tool error* and a later read of the file was credited as base text.
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    log += &rec(
        "response_item",
        json!({"type": "custom_tool_call", "name": "apply_patch", "call_id": "e1",
        "input": "*** Begin Patch\n*** Update File: d.py\n@@\n-x\n+y\n+z\n*** End Patch\n"}),
    );
    log += &rec(
        "event_msg",
        json!({"type": "patch_apply_end", "call_id": "e1", "success": true,
        "stdout": "Success. Updated the following files:\nM d.py\n", "stderr": ""}),
    );
    log += &call(
        "c1",
        "exec_command",
        json!({"cmd": "sed -n '1,3p' d.py", "workdir": "/r"}),
    );
    log += &output("c1", &format!("{HEAD_DONE}y\nz\nw\n"));
    for ws in [&[("d.py", "x\nw\n")][..], &[]] {
        let imp = synthetic(&log, ws);
        reads(&imp, 1, &[]);
        skipped(&imp, 1, Reason::UnalignedAfterEdit);
    }
}

#[test]
fn a_token_marker_on_a_line_of_its_own_is_no_line() {
    // Older codex-rs (`truncate_middle`) cut at line breaks: `{head}…N tokens truncated…\n{tail}`.
    // Before, the line break after the marker was taken as an empty first tail line: `cat` of a
    // 100-line file showing 1–3 and 98–100 was credited 1–3 and 97–100.
    let file: String = (1..=100).map(|i| format!("l{i}\n")).collect();
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    log += &call(
        "c1",
        "shell",
        json!({"command": ["bash", "-lc", "cat a.py"], "workdir": "/r"}),
    );
    let cut = "l1\nl2\nl3\n…900 tokens truncated…\nl98\nl99\nl100\n";
    log += &output("c1", &json!({"output": cut, "metadata": {}}).to_string());
    reads(
        &synthetic(&log, &[("a.py", &file)]),
        0,
        &[("a.py", 1, 3), ("a.py", 98, 100)],
    );
}

#[test]
fn an_older_line_cut_credits_only_the_head_and_tail() {
    // codex-rs `truncate_formatted_exec_output` (autumn 2025, see the case's make.py): `cat` of a
    // 300-line file shows `Total output lines: 300`, lines 1–128, `[... omitted 44 of 300 lines
    // ...]` and lines 173–300. Before, the header, the marker and the blank lines around it were
    // output lines and the head and tail one run: 1–261 credited.
    let imp = handmade("codex-omitted-lines", "rollout.jsonl");
    assert_eq!(imp.format, Some(readcov_import::Format::Codex));
    let big = "pkg/big.py";
    reads(&imp, 0, &[(big, 1, 128), (big, 173, 300)]);
    // `grep -n`: the numbers shown, the same lines (the 3.4 KB text fills no byte budget, so the
    // tail starts a whole line, 173 with it).
    reads(&imp, 1, &[(big, 1, 128), (big, 173, 300)]);
    // Without a workspace the `cat` (a cut whole-file read) takes the file's length from the
    // marker's `of 300 lines` (before session 28: nothing, *file length unknown*); the numbered
    // lines need no length.
    let text =
        std::fs::read_to_string(formats().join("handmade/codex-omitted-lines/rollout.jsonl"))
            .unwrap();
    let bare = import_as(None, "rollout.jsonl", &text, &[]);
    reads(&bare, 0, &[(big, 1, 128), (big, 173, 300)]);
    reads(&bare, 1, &[(big, 1, 128), (big, 173, 300)]);
}

#[test]
fn grep_only_matching_is_numbered_but_shows_no_line_whole() {
    // `grep -on` prints `3:foo`: a line number beside the matched part, not the line. It credits
    // nothing, for that reason: before, it was *output without line numbers* (it has numbers), and
    // `--only-matching` (the long form) credited line 3 as if shown whole. Without `-n`, `-o` is
    // still output without line numbers.
    let mut log = rec("session_meta", json!({"id": "S", "cwd": "/r"}));
    for (id, cmd, out) in [
        ("c1", "grep -on foo a.py", "3:foo\n7:foo\n"),
        ("c2", "grep -n --only-matching foo a.py", "3:foo\n"),
        ("c3", "cat a.py | grep -on foo", "3:foo\n"),
        ("c4", "grep -o foo a.py", "foo\n"),
    ] {
        log += &call(id, "exec_command", json!({"cmd": cmd, "workdir": "/r"}));
        log += &output(id, &format!("{HEAD_DONE}{out}"));
    }
    let imp = synthetic(&log, &[]);
    assert!(imp.rows.is_empty(), "{:?}", imp.rows);
    let why: Vec<_> = imp
        .outcomes
        .iter()
        .map(|(step, _, r)| (*step, r.map(|r| r.label())))
        .collect();
    let parts = Some("only matched parts shown");
    let numbers = Some("output without line numbers");
    assert_eq!(why, [(0, parts), (1, parts), (2, parts), (3, numbers)]);
}
