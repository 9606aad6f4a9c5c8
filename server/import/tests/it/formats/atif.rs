//! ATIF v1.7 trajectories from Harbor (openclaw on kimi-k2.6; a terminus-2 golden). openclaw's
//! `read` shows raw text: windows checked against the result text and its trailer.

use super::*;
use serde_json::{json, Value};

const T3: &str = "atif/openclaw-kimi2.6__clawbench-t3-data-pipeline-report.trajectory.json";
const HDFS: &str = "atif/openclaw-kimi2.6__pinchbench-task-log-hdfs-block-ops.trajectory.json";
const SAM3: &str =
    "atif/openclaw-kimi2.6__wildclawbench-02-code-intelligence-task-2-sam3.trajectory.json";
const T2: &str = "atif/openclaw-kimi2.6__clawbench-t2-add-tests-normalizer.trajectory.json";
const GOLDEN: &str = "atif/harbor-golden__terminus-2__hello-world-invalid-json.trajectory.json";

#[test]
fn openclaw_reads_are_the_lines_shown() {
    let imp = sample(T3);
    // Three whole-file reads; the results show 28, 5 and 1 lines.
    reads(&imp, 0, &[("pipeline.py", 1, 28)]);
    reads(&imp, 1, &[("input/sales.csv", 1, 5)]);
    reads(&imp, 2, &[("input/regions.json", 1, 1)]);
    let imp = sample(SAM3);
    let d = "sam3/sam3/model/decoder.py";
    // `limit 100`: `[854 more lines in file. Use offset=101 to continue.]` after line 100.
    reads(&imp, 24, &[(d, 1, 100)]);
    reads(&imp, 25, &[(d, 101, 200)]);
    // `offset 801, limit 200` shows the last 153 lines.
    reads(&imp, 32, &[(d, 801, 953)]);
    reads(&imp, 43, &[("test_sam3.py", 1, 30)]);
    let imp = sample(HDFS);
    // `offset 381`: the text is cut after 107 lines (`[... 35359 more characters truncated]`),
    // the last one part-way: lines 381–487, not the 2,000-line default.
    reads(&imp, 1, &[("hdfs_datanode.log", 381, 487)]);
    reads(&imp, 0, &[("hdfs_datanode.log", 1, 116)]);
    // The golden terminus-2 run reads no file: keystrokes to a terminal are not parsed.
    let imp = sample(GOLDEN);
    assert!(imp.rows.is_empty() && imp.errors.is_empty());
    assert!(sample(T2).summary.read_events == 1);
}

/// Result text per tool call id, and the calls in order, from the raw trajectory.
fn displayed(rel: &str) -> Vec<u32> {
    let d: Value = serde_json::from_slice(&std::fs::read(formats().join(rel)).unwrap()).unwrap();
    let steps = d["steps"].as_array().unwrap();
    let mut by_id = BTreeMap::new();
    for st in steps {
        for r in st["observation"]["results"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let id = r["source_call_id"]
                .as_str()
                .or(st["extra"]["tool_call_id"].as_str());
            let text = match &r["content"] {
                Value::String(s) => s.clone(),
                Value::Array(p) => p.iter().filter_map(|x| x["text"].as_str()).collect(),
                _ => String::new(),
            };
            if let Some(id) = id {
                by_id.entry(id.to_string()).or_insert(text);
            }
        }
    }
    steps
        .iter()
        .flat_map(|st| st["tool_calls"].as_array().cloned().unwrap_or_default())
        .map(|c| {
            by_id
                .get(c["tool_call_id"].as_str().unwrap_or(""))
                .map_or(0, |t| line_count(t))
        })
        .collect()
}

#[test]
fn no_step_credited_with_more_lines_than_displayed() {
    for rel in [T3, HDFS, SAM3, T2] {
        let shown = displayed(rel);
        credited_within(&sample(rel), |_, step| shown[step as usize]);
    }
}

fn traj(agent: &str, steps: Value) -> String {
    json!({"schema_version": "ATIF-v1.7", "session_id": "s1", "agent": {"name": agent, "version": "1"}, "steps": steps}).to_string()
}

#[test]
fn results_matched_by_source_call_id_then_extra_then_position() {
    let file: String = (1..=6).map(|i| format!("l{i}\n")).collect();
    let steps = json!([
        {"step_id": 1, "source": "agent", "tool_calls": [
            {"tool_call_id": "a", "function_name": "Read", "arguments": {"file_path": "/workspace/f.py", "offset": 2, "limit": 2}},
            {"tool_call_id": "b", "function_name": "Bash", "arguments": {"command": "sed -n '5,6p' f.py"}}],
         "observation": {"results": [
            {"source_call_id": "b", "content": "l5\nl6\n"},
            {"content": "     2→l2\n     3→l3\n"}]}},
        {"step_id": 2, "source": "agent", "tool_calls": [
            {"tool_call_id": "c", "function_name": "Edit", "arguments": {"file_path": "/workspace/f.py", "old_string": "l1\n", "new_string": "x\ny\n"}},
            {"tool_call_id": "d", "function_name": "Read", "arguments": {"file_path": "/workspace/f.py"}}]},
        {"step_id": 3, "source": "agent", "extra": {"tool_call_id": "c"}, "observation": {"results": [{"content": "ok"}]}},
        {"step_id": 4, "source": "agent", "observation": {"results": [{"content": "     1→x\n     2→y\n     3→l2\n", "extra": {"tool_call_id": "d"}}]}}
    ]);
    // claude-code tools: `Read` output is numbered `N→`.
    let imp = synthetic(&traj("claude-code", steps), &[("f.py", &file)]);
    reads(&imp, 0, &[("f.py", 2, 3)]);
    reads(&imp, 1, &[("f.py", 5, 6)]);
    assert_eq!(rows(&imp, None, 2, EventKind::Edit), own(&[("f.py", 1, 1)]));
    // After l1 became two lines, shown 1–3 are agent, agent, base 2.
    reads(&imp, 3, &[("f.py", 2, 2)]);
}

/// Claude Code 2.1.86+ numbers a `Read` `12\ttext` (its changelog: "compact line-number
/// format"; real 2.1.220 transcripts in tests/data/formats/claude-code/subagent-2.1.220-reads.jsonl).
/// A Harbor trajectory of such a run carries that text as the observation: before session 40 the
/// tool table's `arrow` read it as arrow lines and credited nothing.
#[test]
fn claude_code_compact_read_numbering_is_read() {
    let file: String = (1..=6).map(|i| format!("l{i}\n")).collect();
    let steps = json!([
        {"step_id": 1, "source": "agent", "tool_calls": [
            {"tool_call_id": "a", "function_name": "Read", "arguments": {"file_path": "/workspace/f.py", "offset": 2, "limit": 3}}],
         "observation": {"results": [{"source_call_id": "a", "content": "2\tl2\n3\tl3\n4\tl4\n"}]}},
        {"step_id": 2, "source": "agent", "tool_calls": [
            {"tool_call_id": "b", "function_name": "Read", "arguments": {"file_path": "/workspace/f.py"}}],
         "observation": {"results": [{"source_call_id": "b", "content": "     5\u{2192}l5\n     6\u{2192}l6\n"}]}}
    ]);
    let imp = synthetic(&traj("claude-code", steps), &[("f.py", &file)]);
    reads(&imp, 0, &[("f.py", 2, 4)]);
    // The arrow form still reads as before.
    reads(&imp, 1, &[("f.py", 5, 6)]);
}

#[test]
fn mapping_rules_for_openclaw_openhands_and_unknowns() {
    let steps = |calls: Value, results: Value| json!([{"step_id": 1, "source": "agent", "tool_calls": calls, "observation": {"results": results}}]);
    let ws = [("a.py", "a\nb\nc\nd\n")];
    // openclaw `read` raw, cut by characters: the partial last line counts.
    let t = traj(
        "openclaw",
        steps(
            json!([{"tool_call_id": "r", "function_name": "read", "arguments": {"path": "a.py", "offset": 2}}]),
            json!([{"source_call_id": "r", "content": "b\nc[... 10 more characters truncated]"}]),
        ),
    );
    reads(&synthetic(&t, &ws), 0, &[("a.py", 2, 3)]);
    // An error result reads nothing.
    let t = traj(
        "openclaw",
        steps(
            json!([{"tool_call_id": "r", "function_name": "read", "arguments": {"path": "a.py"}}]),
            json!([{"source_call_id": "r", "content": "a\nb", "extra": {"isError": true}}]),
        ),
    );
    skipped(&synthetic(&t, &ws), 0, Reason::ToolError);
    // OpenHands' editor through the same table.
    let t = traj(
        "openhands",
        steps(
            json!([{"tool_call_id": "v", "function_name": "str_replace_editor", "arguments": {"command": "view", "path": "/workspace/a.py", "view_range": [2, 3]}}]),
            json!([{"source_call_id": "v", "content": "Here's the result of running `cat -n` on /workspace/a.py:\n     2\tb\n     3\tc\n     4\td\n"}]),
        ),
    );
    reads(&synthetic(&t, &ws), 0, &[("a.py", 2, 3)]);
    // A tool the table does not list for a listed agent.
    let t = traj(
        "openclaw",
        steps(
            json!([{"tool_call_id": "x", "function_name": "browse", "arguments": {}}]),
            json!([{"source_call_id": "x", "content": "?"}]),
        ),
    );
    skipped(&synthetic(&t, &ws), 0, Reason::UnknownTool);
    // An agent the table does not list: tool names are looked up in every table.
    let t = traj(
        "my-agent",
        steps(
            json!([{"tool_call_id": "e", "function_name": "exec_command", "arguments": {"cmd": "head -n 2 a.py"}}]),
            json!([{"source_call_id": "e", "content": "a\nb\n"}]),
        ),
    );
    reads(&synthetic(&t, &ws), 0, &[("a.py", 1, 2)]);
}
