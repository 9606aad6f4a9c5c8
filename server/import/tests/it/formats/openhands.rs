//! OpenHands eval `output.jsonl` (V0 `history`, three ponyc instances, no workspace) and OpenHands
//! V1 persisted conversations (the sample has no file read: synthetic cases cover `view`).

use super::*;
use serde_json::{json, Value};

const EVAL: &str = "openhands/eval-output/multi_swe_bench-ponyc-llama-4-maverick.output.jsonl";

/// Observation text per (instance, step): agent actions in history order, observation by `cause`.
fn displayed() -> BTreeMap<(String, u32), String> {
    let text = std::fs::read_to_string(formats().join(EVAL)).unwrap();
    let mut out = BTreeMap::new();
    for l in text.lines() {
        let d: Value = serde_json::from_str(l).unwrap();
        let h = d["history"].as_array().unwrap();
        let task = d["instance_id"].as_str().unwrap().to_string();
        let actions = h
            .iter()
            .filter(|e| e.get("action").is_some() && e["source"] != "user");
        for (step, e) in actions.enumerate() {
            let obs = h
                .iter()
                .find(|o| o.get("observation").is_some() && o["cause"] == e["id"]);
            let c = obs
                .and_then(|o| o["content"].as_str())
                .unwrap_or("")
                .to_string();
            out.insert((task.clone(), step as u32), c);
        }
    }
    out
}

#[test]
fn eval_output_one_run_per_instance() {
    let imp = sample(EVAL);
    assert_eq!(imp.summary.runs, 3);
    let tasks: std::collections::BTreeSet<&str> =
        imp.rows.iter().map(|r| r.task.as_str()).collect();
    assert_eq!(
        tasks.into_iter().collect::<Vec<_>>(),
        [
            "ponylang__ponyc-4588",
            "ponylang__ponyc-4593",
            "ponylang__ponyc-4595"
        ]
    );
    let of = |task: &str, step: u32| -> Vec<Row> {
        imp.rows
            .iter()
            .filter(|r| r.task == task && r.step == Some(step) && r.kind == EventKind::Read)
            .map(|r| (r.path.clone(), r.start, r.end))
            .collect()
    };
    let p = "src/libponyc/ast/parser.c";
    // `view_range [650, 700]`: 51 numbered lines 650–700.
    assert_eq!(of("ponylang__ponyc-4595", 10), own(&[(p, 650, 700)]));
    // Whole view clipped (`<response clipped>`) after line 627.
    assert_eq!(of("ponylang__ponyc-4595", 5), own(&[(p, 1, 627)]));
    // `grep -n "DECL(pattern);" parser.c` → `29:DECL(pattern);`.
    assert_eq!(of("ponylang__ponyc-4595", 6), own(&[(p, 29, 29)]));
    let c = "packages/cli/cli.pony";
    // `[100, -1]` on a 122-line file; `[1, -1]`.
    assert_eq!(of("ponylang__ponyc-4593", 15), own(&[(c, 100, 122)]));
    assert_eq!(of("ponylang__ponyc-4593", 16), own(&[(c, 1, 122)]));
    // `[100, 150]` was refused: `ERROR: Invalid view_range` shows nothing.
    assert!(of("ponylang__ponyc-4593", 14).is_empty());
    assert_eq!(
        of("ponylang__ponyc-4588", 34),
        own(&[("Makefile", 190, 195)])
    );
    assert!(imp
        .summary
        .skipped
        .get(&Reason::ToolError)
        .is_some_and(|n| *n >= 1));
}

#[test]
fn eval_output_no_step_credited_with_more_lines_than_displayed() {
    let shown = displayed();
    let imp = sample(EVAL);
    let mut credited: BTreeMap<(String, u32), u32> = BTreeMap::new();
    for r in imp.rows.iter().filter(|r| r.kind == EventKind::Read) {
        *credited
            .entry((r.task.clone(), r.step.unwrap()))
            .or_default() += r.end - r.start + 1;
    }
    for (k, n) in credited {
        let d = line_count(&shown[&k]);
        assert!(n <= d, "{k:?}: credited {n}, displayed {d}");
    }
}

fn v1(events: &[Value]) -> String {
    let base = json!({"id": "conv1", "agent": {"llm": {"model": "m"}}, "workspace": {"working_dir": "/w/repo"}});
    std::iter::once(&base)
        .chain(events)
        .map(|e| format!("{e}\n"))
        .collect()
}

fn action(id: &str, action: Value) -> Value {
    json!({"id": id, "kind": "ActionEvent", "source": "agent", "tool_name": "file_editor", "tool_call_id": format!("c{id}"), "action": action})
}

fn observation(action_id: &str, text: &str, extra: Value) -> Value {
    let mut o = json!({"content": [{"type": "text", "text": text}], "is_error": false});
    if let (Some(o), Some(x)) = (o.as_object_mut(), extra.as_object()) {
        o.extend(x.clone());
    }
    json!({"id": format!("o{action_id}"), "kind": "ObservationEvent", "source": "environment", "action_id": action_id, "observation": o})
}

#[test]
fn v1_view_range_edit_and_terminal() {
    let file: String = (1..=10).map(|i| format!("l{i}\n")).collect();
    let log = v1(&[
        action("1", json!({"kind": "FileEditorAction", "command": "view", "path": "/w/repo/a.py", "view_range": [3, 4]})),
        observation("1", "Here's the result of running `cat -n` on /w/repo/a.py:\n     3\tl3\n     4\tl4\n     5\tl5\n", json!({})),
        action("2", json!({"kind": "FileEditorAction", "command": "str_replace", "path": "/w/repo/a.py", "old_str": "l2\n", "new_str": "x\ny\n"})),
        observation("2", "The file /w/repo/a.py has been edited.", json!({})),
        action("3", json!({"kind": "TerminalAction", "command": "sed -n '8,9p' a.py"})),
        observation("3", "l7\nl8\n", json!({"metadata": {"working_dir": "/w/repo"}})),
        action("4", json!({"kind": "FileEditorAction", "command": "view", "path": "/w/repo/b.py"})),
        observation("4", "ERROR: no such file", json!({"is_error": true})),
        action("5", json!({"kind": "FileEditorAction", "command": "view", "path": "/w/repo/a.py"})),
    ]);
    let imp = synthetic(&log, &[("a.py", &file)]);
    assert_eq!(imp.rows.first().map(|r| r.task.as_str()), Some("conv1"));
    // The extra numbered line after `view_range` is not counted.
    reads(&imp, 0, &[("a.py", 3, 4)]);
    assert_eq!(rows(&imp, None, 1, EventKind::Edit), own(&[("a.py", 2, 2)]));
    // After replacing line 2 by two lines, current 8–9 are base 7–8.
    reads(&imp, 2, &[("a.py", 7, 8)]);
    skipped(&imp, 3, Reason::ToolError);
    skipped(&imp, 4, Reason::MissingObservation);
}

#[test]
fn v1_sample_layout_imports_without_reads() {
    // The real conversation (base_state + 8 event files), assembled as the CLI does.
    let dir = formats().join("openhands/v1-sdk-conversation/cd94562403b9487ebdd4018e3f531dfd");
    let mut text = String::new();
    let mut files = vec![dir.join("base_state.json")];
    let mut events: Vec<PathBuf> = std::fs::read_dir(dir.join("events"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    events.sort();
    files.extend(events);
    for f in files {
        let v: Value = serde_json::from_slice(&std::fs::read(f).unwrap()).unwrap();
        text.push_str(&format!("{v}\n"));
    }
    let imp = synthetic(&text, &[]);
    assert!(imp.errors.is_empty(), "{:?}", imp.errors);
    // `pwd > tool_output.txt` (a write, no read) and `finish`.
    assert_eq!(imp.summary.actions, 2);
    assert!(imp.rows.is_empty());
    skipped(&imp, 0, Reason::UnknownCommand);
}

/// The eval history keeps a command's whole output, but the model was sent it cut to
/// `max_message_chars` (OpenHands 0.35.0 `truncate_content`: the first and last half around
/// `[... Observation truncated due to length ...]`, counted over the output with its suffix and
/// status lines). Before, every line of the history's output was credited.
#[test]
fn eval_run_output_is_credited_as_cut_to_max_message_chars() {
    let file: String = (1..=60).map(|i| format!("line{i:02}\n")).collect();
    let suffix = "\n[The command completed with exit code 0.]";
    // 118 characters of suffix and status lines: 256 leaves 10 of the output in the tail.
    let line = json!({"instance_id": "t1", "metadata": {"llm_config": {"max_message_chars": 256}},
        "history": [
        {"id": 1, "source": "agent", "action": "run", "args": {"command": "cat /workspace/o__r__1/a.py"}},
        {"id": 2, "cause": 1, "source": "agent", "observation": "run", "content": file,
         "extras": {"command": "cat /workspace/o__r__1/a.py", "metadata": {"exit_code": 0, "working_dir": "/workspace",
            "py_interpreter_path": "", "prefix": "", "suffix": suffix}}},
    ]});
    let imp = synthetic(&format!("{line}\n"), &[("a.py", &file)]);
    // Shown: `line01` … `line18`, `li` (the head's 128 characters), then `19`, `line20` of the
    // last 128 (the rest of them is the suffix and status lines).
    reads(&imp, 0, &[("a.py", 1, 19), ("a.py", 59, 60)]);
    // Within the limit the output is shown whole.
    let small = line
        .to_string()
        .replace("\"max_message_chars\":256", "\"max_message_chars\":30000");
    reads(
        &synthetic(&format!("{small}\n"), &[("a.py", &file)]),
        0,
        &[("a.py", 1, 60)],
    );
}

#[test]
fn a_v1_terminal_output_is_read_as_it_was_sent() {
    // `cat big.py` printed 50,893 characters; the SDK persisted them all but sent the model the
    // first 14,944 and the last 14,943 characters of the output with its status lines (see the case's
    // make.py): lines 1–602 and the start of 603, the end of 1431 and 1432–2000. Before, all
    // 2,000 lines were credited.
    let imp = handmade("openhands-v1-long-output", "conversation.json");
    assert_eq!(imp.format, Some(readcov_import::Format::OpenHandsV1));
    reads(&imp, 0, &[("big.py", 1, 603), ("big.py", 1431, 2000)]);
}
