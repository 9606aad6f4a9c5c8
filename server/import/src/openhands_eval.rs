//! OpenHands eval `output.jsonl`: one instance per line (`instance_id`, `instance.base_commit`,
//! `history`), each its own run with its own workspace. `history` is the V0 event stream: actions
//! `{id, action, args}` and observations `{cause: <action id>, observation, content, extras}`.
//! Reads: `read` (`str_replace_editor view`, numbered `cat -n`, optional `view_range`) and `run`
//! (bash, cwd from `extras.metadata.working_dir`); edits: `edit` with an editor `command`.

use crate::format::Format;
use crate::openhands::{editor_op, trim_to_range};
use crate::runs::{jsonl_objects, Runs};
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use serde_json::{Map, Value};
use std::collections::HashMap;

pub(crate) fn build(text: &str, runs: &mut Runs) -> Result<(), String> {
    let (lines, bad) = jsonl_objects(text);
    runs.bad_records(bad, "line(s) are not valid JSON instances");
    for (i, inst) in lines.iter().enumerate() {
        let Some(history) = inst.get("history").and_then(Value::as_array) else {
            runs.bad_records(1, &format!("instance {} has no `history` array", i + 1));
            continue;
        };
        // `--task` names the task of a one-instance file; several instances keep their own ids.
        let id = inst.get("instance_id").and_then(Value::as_str);
        let task = match (lines.len(), id) {
            (1, _) => runs.task(id),
            (_, Some(id)) => id.to_string(),
            (_, None) => format!("{}#{}", runs.task(None), i + 1),
        };
        let run = runs.run_id(Format::OpenHandsEval, None);
        runs.run(&task, &run, |s| {
            s.submission = crate::change::submitted(inst.pointer("/test_result/git_patch"));
            import_history(history, s)
        });
    }
    Ok(())
}

/// The observation text of each action, by the action's id.
fn observations(history: &[Value]) -> HashMap<String, &Value> {
    let mut out = HashMap::new();
    for e in history {
        if let (Some(cause), Some(_)) = (id_of(e.get("cause")), e.get("observation")) {
            out.entry(cause).or_insert(e);
        }
    }
    out
}

/// Ids are numbers in some builds, strings in others.
fn id_of(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Feeds one instance's V0 event stream into `session`.
pub fn import_history(history: &[Value], session: &mut Session) {
    session.cwd = "/workspace".to_string();
    let obs = observations(history);
    let mut step = 0u32;
    for e in history {
        let Some(kind) = e.get("action").and_then(Value::as_str) else {
            continue;
        };
        if e.get("source").and_then(Value::as_str) == Some("user") {
            continue;
        }
        let empty = Map::new();
        let args = e.get("args").and_then(Value::as_object).unwrap_or(&empty);
        let ob = id_of(e.get("id")).and_then(|id| obs.get(&id).copied());
        let output = ob.and_then(|o| o.get("content").and_then(Value::as_str).map(str::to_string));
        let mut new_cwd = None;
        let (op, output, tool) = match kind {
            "read" => {
                let mut a = args.clone();
                a.insert("command".into(), Value::from("view"));
                let op = editor_op(&a, output.as_deref());
                let out = output.map(|o| trim_to_range(&o, a.get("view_range")));
                (op, out, "str_replace_editor")
            }
            "edit" => (
                editor_op(args, output.as_deref()),
                output,
                "str_replace_editor",
            ),
            "run" => {
                new_cwd = ob
                    .and_then(|o| o.pointer("/extras/metadata/working_dir"))
                    .and_then(Value::as_str)
                    .map(str::to_string);
                let script = args.get("command").and_then(Value::as_str).unwrap_or("");
                (
                    Op::Bash {
                        script: script.to_string(),
                    },
                    output,
                    "execute_bash",
                )
            }
            "think" | "finish" | "message" | "system" | "recall" | "condensation" => {
                (Op::Quiet, output, kind)
            }
            _ => (Op::Skip(Reason::UnknownTool), output, kind),
        };
        let command = match kind {
            "run" => args
                .get("command")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            _ => Value::Object(args.clone()).to_string(),
        };
        session.apply_then_cd(
            &Action {
                turn: step,
                step,
                tool: tool.to_string(),
                command,
                op,
                output,
            },
            new_cwd,
        );
        step += 1;
    }
}
