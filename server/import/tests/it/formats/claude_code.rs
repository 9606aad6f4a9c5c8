//! Claude Code 2.0.76 and 2.1.7 transcripts, with a 2.1 subagent. Windows read off the numbered
//! `tool_result` text (`    N→`) and `toolUseResult.file` (`startLine`, `numLines`, `totalLines`).

use super::*;
use serde_json::{json, Value};

/// Tool result text per step (tool_use order over assistant records), from the raw transcript.
fn displayed(rel: &str) -> Vec<String> {
    let text = std::fs::read_to_string(formats().join(rel)).unwrap();
    let recs: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let mut results = BTreeMap::new();
    let blocks = |r: &Value| {
        r.pointer("/message/content")
            .and_then(Value::as_array)
            .cloned()
    };
    for r in &recs {
        for b in blocks(r).unwrap_or_default() {
            if b["type"] == "tool_result" {
                let c = match &b["content"] {
                    Value::String(s) => s.clone(),
                    Value::Array(p) => p.iter().filter_map(|x| x["text"].as_str()).collect(),
                    _ => String::new(),
                };
                results.insert(b["tool_use_id"].as_str().unwrap_or("").to_string(), c);
            }
        }
    }
    recs.iter()
        .filter(|r| r["type"] == "assistant")
        .flat_map(|r| blocks(r).unwrap_or_default())
        .filter(|b| b["type"] == "tool_use")
        .map(|b| {
            results
                .get(b["id"].as_str().unwrap_or(""))
                .cloned()
                .unwrap_or_default()
        })
        .collect()
}

const SUB: &str = "claude-code/subagent-session-2.1.7/subagents/agent-a485154.jsonl";
const MAIN21: &str = "claude-code/subagent-session-2.1.7/turn-2.jsonl";
const MAIN20: &str = "claude-code/session-196820da.jsonl";

#[test]
fn subagent_2_1_7_is_a_run_of_the_session_keeping_its_agent_id() {
    let imp = sample(SUB);
    let main = sample(MAIN21);
    let session = "e9fb405b-169f-40eb-9396-7e75076f045d";
    assert!(imp
        .rows
        .iter()
        .all(|r| r.task == session && r.run == "claude-code/agent-a485154"));
    assert!(main
        .rows
        .iter()
        .all(|r| r.task == session && r.run == "claude-code"));
    // `Read README.md limit 150`: lines 1–150 shown (`numLines` 150 of `totalLines` 201).
    reads(&imp, 7, &[("README.md", 1, 150)]);
    // `limit 50` of a 159-line file; `limit 200` of 395.
    reads(
        &imp,
        9,
        &[("src/cli/commands/conversations/index.ts", 1, 50)],
    );
    reads(&imp, 11, &[("docs/COMMANDS.md", 1, 200)]);
    // `limit 80` on a 77-line file: 77 lines shown, not 80 (`totalLines` 78 counts the empty
    // piece after the final newline, numbered `78→` but no line of the file).
    reads(&imp, 17, &[("src/agents/registry.ts", 1, 77)]);
    // A Read of a missing file (`is_error`, `<tool_use_error>File does not exist.`).
    skipped(&imp, 14, Reason::ToolError);
    // `find … -exec cat {} \; | grep -A 5`: a `<persisted-output>` stub of a `find` (no read
    // command); the full text in `toolUseResult.stdout` was never shown either way.
    skipped(&imp, 15, Reason::UnknownCommand);
    // 10 Reads, and the 15 lines of the `Grep` over src/cli/commands (step 8).
    assert_eq!(imp.summary.read_events, 25);
    // The main session's own reads: four whole files.
    reads(&main, 9, &[("bin/codemie.js", 1, 27)]);
    reads(&main, 10, &[("src/cli/commands/setup.ts", 1, 336)]);
}

#[test]
fn version_2_0_76_limit_windows() {
    let imp = sample(MAIN20);
    // `limit 100` of 229 lines; `limit 150` of 778.
    reads(
        &imp,
        37,
        &[(
            "src/providers/plugins/sso/session/processors/conversations/conversation-processor.ts",
            1,
            100,
        )],
    );
    reads(
        &imp,
        54,
        &[("src/agents/plugins/claude/claude.metrics.ts", 1, 150)],
    );
    reads(&imp, 1, &[("src/agents/CLAUDE.md", 1, 766)]);
    // A file under ~/.codemie, outside the session's cwd.
    skipped(&imp, 34, Reason::OutsideRepo);
}

#[test]
fn no_step_credited_with_more_lines_than_displayed() {
    for rel in [SUB, MAIN21, MAIN20] {
        let shown = displayed(rel);
        credited_within(&sample(rel), |_, step| line_count(&shown[step as usize]));
    }
}

/// One Read with `content` and `toolUseResult`, `is_error` as given.
fn read_log(content: &str, result: Value, is_error: bool) -> String {
    let a = json!({"type": "assistant", "cwd": "/r", "sessionId": "s", "message": {"id": "m", "content": [
        {"type": "tool_use", "id": "u1", "name": "Read", "input": {"file_path": "/r/a.py"}}]}});
    let u = json!({"type": "user", "cwd": "/r", "sessionId": "s", "toolUseResult": result,
        "message": {"content": [{"type": "tool_result", "tool_use_id": "u1", "content": content, "is_error": is_error}]}});
    format!("{a}\n{u}\n")
}

#[test]
fn read_window_is_start_line_and_num_lines() {
    let text = "     1→a\n     2→b\n     3→c\n     4→d\n";
    let file =
        json!({"file": {"filePath": "/r/a.py", "startLine": 2, "numLines": 2, "totalLines": 9}});
    let imp = synthetic(&read_log(text, file, false), &[]);
    reads(&imp, 0, &[("a.py", 2, 3)]);
    // Without the structured result the numbers decide.
    let imp = synthetic(&read_log(text, Value::Null, false), &[]);
    reads(&imp, 0, &[("a.py", 1, 4)]);
}

#[test]
fn is_error_reads_nothing_even_with_numbered_text() {
    let imp = synthetic(&read_log("     1→a\n", json!("Error"), true), &[]);
    skipped(&imp, 0, Reason::ToolError);
}

#[test]
fn persisted_output_stub_credits_only_its_preview() {
    let a = json!({"type": "assistant", "cwd": "/r", "sessionId": "s", "message": {"id": "m", "content": [
        {"type": "tool_use", "id": "u1", "name": "Bash", "input": {"command": "cat a.py"}}]}});
    let u = json!({"type": "user", "cwd": "/r", "sessionId": "s", "message": {"content": [{"type": "tool_result",
        "tool_use_id": "u1", "content": "<persisted-output>\nOutput too large (1MB). Full output saved to: /x.txt\n\nPreview (first 2KB):\na\nb\n</persisted-output>"}],
        }, "toolUseResult": {"stdout": "a\nb\nc\n"}});
    let imp = synthetic(&format!("{a}\n{u}\n"), &[("a.py", "a\nb\nc\n")]);
    reads(&imp, 0, &[("a.py", 1, 2)]);
}

/// Claude Code cuts a long tool output to its first characters, then `\n\n... [N lines
/// truncated] ...` (cli.js 2.0.76 and 2.1.7): `cat` of a 9-line file cut inside line 3 shows
/// lines 1-3, the third only in part. Before, the blank line before the marker was credited as a
/// fourth line shown.
#[test]
fn truncated_output_credits_the_lines_before_the_tools_blank_line() {
    let a = json!({"type": "assistant", "cwd": "/r", "sessionId": "s", "message": {"id": "m", "content": [
        {"type": "tool_use", "id": "u1", "name": "Bash", "input": {"command": "cat a.py"}}]}});
    let file = "l1\nl2\nline3\nl4\nl5\nl6\nl7\nl8\nl9\n";
    for (shown, lines) in [("l1\nl2\nlin", 3), ("l1\nl2\nline3\n", 3), ("l1\n", 1)] {
        let content = format!("{shown}\n\n... [7 lines truncated] ...");
        let u = json!({"type": "user", "cwd": "/r", "sessionId": "s", "message": {"content": [{"type": "tool_result",
            "tool_use_id": "u1", "content": content}]}});
        let imp = synthetic(&format!("{a}\n{u}\n"), &[("a.py", file)]);
        reads(&imp, 0, &[("a.py", 1, lines)]);
    }
}

#[test]
fn subagent_run_id_and_task_from_session_id() {
    let line = |t: &str| {
        json!({"type": t, "isSidechain": true, "agentId": "abc", "sessionId": "S", "cwd": "/r",
        "message": {"id": "m", "content": [{"type": "tool_use", "id": "u", "name": "Read", "input": {"file_path": "/r/a.py"}},
        {"type": "tool_result", "tool_use_id": "u", "content": "     1→x\n"}]}})
    };
    let imp = synthetic(&format!("{}\n{}\n", line("assistant"), line("user")), &[]);
    assert_eq!(imp.rows.len(), 1);
    assert_eq!(
        (imp.rows[0].task.as_str(), imp.rows[0].run.as_str()),
        ("S", "claude-code/agent-abc")
    );
}

/// Lines read by `step`, per path, as a set (rows of one grep come per match and context run).
fn lines_of(imp: &Imported, step: u32) -> BTreeMap<String, Vec<u32>> {
    let mut by: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for (p, s, e) in rows(imp, None, step, EventKind::Read) {
        by.entry(p).or_default().extend(s..=e);
    }
    for v in by.values_mut() {
        v.sort_unstable();
        v.dedup();
    }
    by
}

#[test]
fn grep_content_without_n_reads_the_numbered_lines_shown() {
    // Claude Code's `Grep` numbers content lines unless `-n: false` (the schema: "Defaults to
    // true"). Both real content greps leave `-n` out and print `path:N:` / `path-N-` lines;
    // they used to be skipped as *output without line numbers*.
    let imp = sample(MAIN20);
    // `-C 3` around 2 matches in claude.metrics.ts and 7 in history-parser.ts (line 17 is not
    // in the output: the `--` after 16 stands for it).
    let r = |a: u32, b: u32| a..=b;
    let hp: Vec<u32> = [r(10, 16), r(18, 28), r(41, 47), r(86, 92), r(111, 117)]
        .into_iter()
        .flatten()
        .collect();
    let cm: Vec<u32> = r(19, 25).chain(r(446, 452)).collect();
    let want = BTreeMap::from([
        (
            "src/agents/plugins/claude/claude.metrics.ts".to_string(),
            cm,
        ),
        (
            "src/agents/plugins/claude/history-parser.ts".to_string(),
            hp,
        ),
    ]);
    assert_eq!(lines_of(&imp, 56), want);
    // The subagent's grep over src/cli/commands: 15 single matching lines in 13 files.
    let sub = lines_of(&sample(SUB), 8);
    assert_eq!(sub.values().map(Vec::len).sum::<usize>(), 15);
    assert_eq!(sub["src/cli/commands/profile/auth.ts"], vec![10, 27, 44]);
    assert_eq!(sub["src/cli/commands/hook.ts"], vec![1068]);
    // An explicit `-n: false` still hides the numbers.
    let a = json!({"type": "assistant", "cwd": "/r", "sessionId": "s", "message": {"id": "m", "content": [
        {"type": "tool_use", "id": "u1", "name": "Grep", "input": {"pattern": "x", "output_mode": "content", "-n": false}}]}});
    let u = json!({"type": "user", "cwd": "/r", "sessionId": "s", "message": {"content": [
        {"type": "tool_result", "tool_use_id": "u1", "content": "a.py:x = 1\n"}]}});
    skipped(
        &synthetic(&format!("{a}\n{u}\n"), &[]),
        0,
        Reason::NoLineNumbers,
    );
}

#[test]
fn read_to_the_end_drops_the_empty_line_numbered_after_the_final_newline() {
    // Claude Code numbers `content.split('\n')`: `"a\nb\n"` shows `1→a`, `2→b`, `3→` and says
    // `totalLines: 3`. Line 3 is no line of the file; it used to be credited without a workspace.
    let text = "     1→a\n     2→b\n     3→\n";
    let file = |start: u32, n: u32, content: &str| {
        json!({"file": {"filePath": "/r/a.py", "content": content, "startLine": start,
            "numLines": n, "totalLines": 3}})
    };
    let imp = synthetic(&read_log(text, file(1, 3, "a\nb\n"), false), &[]);
    reads(&imp, 0, &[("a.py", 1, 2)]);
    // With the workspace the same window.
    let imp = synthetic(
        &read_log(text, file(1, 3, "a\nb\n"), false),
        &[("a.py", "a\nb\n")],
    );
    reads(&imp, 0, &[("a.py", 1, 2)]);
    // A window that stops before the end keeps its last line, empty or not.
    let imp = synthetic(
        &read_log("     1→a\n     2→\n", file(1, 2, "a\n"), false),
        &[],
    );
    reads(&imp, 0, &[("a.py", 1, 2)]);
    // A file without a final newline: its last line is real.
    let imp = synthetic(
        &read_log(
            "     1→a\n     2→b\n",
            json!({"file": {"filePath": "/r/a.py",
        "content": "a\nb", "startLine": 1, "numLines": 2, "totalLines": 2}}),
            false,
        ),
        &[],
    );
    reads(&imp, 0, &[("a.py", 1, 2)]);
    // A hostile result whose window "reaches" a `totalLines` of 0: no overflow, nothing read.
    let hostile = json!({"file": {"filePath": "/r/a.py", "content": "\n", "startLine": 0,
        "numLines": 1, "totalLines": 0}});
    let imp = synthetic(&read_log("     1→\n", hostile, false), &[]);
    assert!(imp.rows.iter().all(|r| r.end >= r.start && r.start >= 1));
    // Real 2.1.7: the main session's whole-file reads (bin/codemie.js is 27 lines, `totalLines` 28).
    let main = sample(MAIN21);
    reads(&main, 9, &[("bin/codemie.js", 1, 27)]);
}

#[test]
fn grep_lines_ripgrep_omitted_are_not_read() {
    // `Grep` runs ripgrep with `--max-columns 500`: table.py's lines 4 (context) and 5 (a match)
    // are over 500 characters and print as `[Omitted long context line]` / `[Omitted long matching
    // line]`, their numbers shown and none of their text (ripgrep 14.1.1, as Claude Code 2.1.7
    // ships it; see the case's make.py).
    let imp = handmade("claude-code-grep-long-line", "transcript.jsonl");
    assert_eq!(imp.format, Some(readcov_import::Format::ClaudeCode));
    // A directory: match lines relative to the cwd, context lines absolute, as cli.js rewrites
    // them; before, the stand-ins were compared with the file's lines 4 and 5 and the whole
    // table.py read was dropped as *shown text differs from file*.
    let t = "pkg/table.py";
    // (One call's lines of one file may come as several adjacent rows: compared as lines.)
    let lines = |imp: &Imported, step: u32| {
        let mut by: BTreeMap<String, Vec<u32>> = BTreeMap::new();
        for (p, s, e) in rows(imp, None, step, EventKind::Read) {
            by.entry(p).or_default().extend(s..=e);
        }
        by.values_mut().for_each(|v| v.sort_unstable());
        by
    };
    let want = BTreeMap::from([
        ("pkg/other.py".to_string(), vec![1, 2]),
        (t.to_string(), vec![1, 2, 3, 6, 7]),
    ]);
    assert_eq!(lines(&imp, 0), want);
    // One file: `N:`/`N-` lines without the path, the same lines.
    reads(&imp, 1, &[(t, 1, 3), (t, 6, 7)]);
    // Without a workspace the stand-ins are not lines of the file either (before, 4 and 5 were
    // credited though none of their text was shown).
    let text = std::fs::read_to_string(
        formats().join("handmade/claude-code-grep-long-line/transcript.jsonl"),
    )
    .unwrap();
    let bare = import_as(None, "transcript.jsonl", &text, &[]);
    reads(&bare, 1, &[(t, 1, 3), (t, 6, 7)]);
}
