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
    // Whether `--task` named some run's task: never when several instances each name theirs.
    let mut task_used = false;
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
        task_used |= id.is_none();
        let run = runs.run_id(Format::OpenHandsEval, None);
        // What the model was sent of an observation is cut to this many characters (0.35.0:
        // `LLMConfig.max_message_chars`, 30,000 by default; the eval metadata records it).
        let max = inst
            .pointer("/metadata/llm_config/max_message_chars")
            .and_then(Value::as_i64)
            .unwrap_or(DEFAULT_MAX_MESSAGE_CHARS);
        runs.run(&task, &run, |s| {
            s.submission = crate::change::submitted(inst.pointer("/test_result/git_patch"));
            import_history(history, max, s)
        });
    }
    // Before session 31 an unused `--task` (`task=`) was passed over in silence.
    if runs.opts.task.is_some() && !task_used && lines.len() > 1 {
        runs.out.notes.push(format!(
            "--task not used: the file's {} instances each name their task (`instance_id`); it \
             names the task of a one-instance file only",
            lines.len()
        ));
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

/// `LLMConfig.max_message_chars` of OpenHands 0.35.0 (`openhands/core/config/llm_config.py`).
const DEFAULT_MAX_MESSAGE_CHARS: i64 = 30_000;

/// What the model saw of a `run` observation. The history keeps the command's whole output, but
/// the prompt holds `truncate_content(obs.to_agent_observation(), max_message_chars)`
/// (`openhands/memory/conversation_memory.py`, 0.35.0): the output with its prefix, suffix and
/// status lines, and when that is longer than `max` characters only its first and last `max // 2`
/// around `[... Observation truncated due to length ...]` (`events/serialization/event.py`).
/// `None`: shown whole (the content itself is the output). A `read` is not cut again (the
/// editor clipped it already: `<response clipped>`).
fn shown_run(content: &str, ob: &Value, max: i64) -> Option<String> {
    let meta = ob.pointer("/extras/metadata");
    let field = |k: &str| {
        meta.and_then(|m| m.get(k))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let mut status = String::new();
    if !field("working_dir").is_empty() {
        status.push_str(&format!(
            "\n[Current working directory: {}]",
            field("working_dir")
        ));
    }
    if !field("py_interpreter_path").is_empty() {
        status.push_str(&format!(
            "\n[Python interpreter: {}]",
            field("py_interpreter_path")
        ));
    }
    let code = meta
        .and_then(|m| m.get("exit_code"))
        .and_then(Value::as_i64);
    if let Some(c) = code.filter(|c| *c != -1) {
        status.push_str(&format!("\n[Command finished with exit code {c}]"));
    }
    let (prefix, suffix) = (field("prefix"), field("suffix"));
    let parts = [prefix, content, suffix, status.as_str()];
    // Nearly every output is sent whole: its length in bytes already says so.
    if max < 0 || parts.iter().map(|t| t.len()).sum::<usize>() as i64 <= max {
        return None;
    }
    let chars: usize = parts.iter().map(|t| t.chars().count()).sum();
    if chars as i64 <= max {
        return None;
    }
    // Python slices by characters; `text[-0:]` is the whole text. The cut is placed in the
    // whole text, then only the content's part of each side is kept (the prefix, suffix and
    // status lines are the tool's).
    let text = format!("{prefix}{content}{suffix}{status}");
    let half = (max / 2) as usize;
    let at = |n: usize| text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
    let head_end = at(half).saturating_sub(prefix.len());
    let tail_start = if half == 0 { 0 } else { at(chars - half) }.saturating_sub(prefix.len());
    if head_end >= content.len() || tail_start == 0 {
        return None;
    }
    Some(format!(
        "{}\n[... Observation truncated due to length ...]\n{}",
        &content[..head_end],
        &content[tail_start.min(content.len())..]
    ))
}

/// Feeds one instance's V0 event stream into `session`, its `run` observations cut as the model
/// was sent them (`max`: the instance's `max_message_chars`, [`shown_run`]).
fn import_history(history: &[Value], max: i64, session: &mut Session) {
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
                let output = match (output, ob) {
                    (Some(o), Some(ob)) => Some(shown_run(&o, ob, max).unwrap_or(o)),
                    (o, _) => o,
                };
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
