//! OpenHands V1 (software-agent-sdk) persisted conversations: `base_state.json` plus one
//! `events/event-NNNNN-<uuid>.json` per event. The CLI hands them over as one JSONL stream (base
//! state first, events in file order); a JSON array of events is read too. `ActionEvent.action`
//! is a `FileEditorAction` (`command: view` with optional `view_range`: numbered `cat -n` output;
//! `create`/`str_replace`/`insert`/`undo_edit`: edits) or a `TerminalAction` (bash); its
//! `ObservationEvent` names it by `action_id` (else by `tool_call_id`).

use crate::format::Format;
use crate::openhands::{content_text, editor_op, strip_trailer, trim_to_range};
use crate::runs::{jsonl_objects, Runs};
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use serde_json::Value;
use std::collections::HashMap;

/// `parsed`: the text's value, when the caller parsed it (a JSON array of events is taken
/// from it instead of parsing the text again).
pub(crate) fn build(text: &str, parsed: Option<Value>, runs: &mut Runs) -> Result<(), String> {
    let parsed = parsed.map_or_else(|| serde_json::from_str::<Value>(text), Ok);
    let records = match parsed {
        Ok(Value::Array(items)) => items,
        other => {
            drop(other);
            let (records, bad) = jsonl_objects(text);
            runs.bad_records(bad, "line(s) are not valid JSON events");
            records
        }
    };
    let base = records
        .iter()
        .find(|r| r.get("kind").is_none() && r.get("agent").is_some());
    let id = base.and_then(|b| b.get("id").and_then(Value::as_str));
    let task = runs.task(id);
    let run = runs.run_id(Format::OpenHandsV1, None);
    runs.run(&task, &run, |s| {
        if let Some(dir) = base
            .and_then(|b| b.pointer("/workspace/working_dir"))
            .and_then(Value::as_str)
        {
            s.roots.add(dir);
            s.cwd = dir.to_string();
        }
        import_events(&records, s);
    });
    Ok(())
}

fn kind(e: &Value) -> &str {
    e.get("kind").and_then(Value::as_str).unwrap_or("")
}

/// Feeds V1 events into `session`.
pub fn import_events(events: &[Value], session: &mut Session) {
    let mut obs: HashMap<&str, &Value> = HashMap::new();
    for e in events.iter().filter(|e| {
        matches!(
            kind(e),
            "ObservationEvent" | "AgentErrorEvent" | "UserRejectObservation"
        )
    }) {
        for k in ["action_id", "tool_call_id"] {
            if let Some(id) = e.get(k).and_then(Value::as_str) {
                obs.entry(id).or_insert(e);
            }
        }
    }
    for (step, e) in events
        .iter()
        .filter(|e| kind(e) == "ActionEvent")
        .enumerate()
    {
        let step = u32::try_from(step).unwrap_or(u32::MAX);
        let action = e.get("action").cloned().unwrap_or(Value::Null);
        let ob = ["id", "tool_call_id"]
            .iter()
            .find_map(|k| e.get(*k).and_then(Value::as_str).and_then(|id| obs.get(id)))
            .copied();
        let failed = ob.is_some_and(|o| {
            kind(o) != "ObservationEvent"
                || o.pointer("/observation/is_error").and_then(Value::as_bool) == Some(true)
        });
        let output = ob.and_then(|o| {
            content_text(o.pointer("/observation/content"))
                .or_else(|| o.get("error").and_then(Value::as_str).map(str::to_string))
        });
        let tool = e
            .get("tool_name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let mut new_cwd = None;
        let (op, output) = match (kind(&action), action.as_object()) {
            (_, _) if failed => (Op::Skip(Reason::ToolError), output),
            ("FileEditorAction" | "StrReplaceEditorAction", Some(a)) => {
                let op = editor_op(a, output.as_deref());
                let out = output.map(|o| trim_to_range(&o, a.get("view_range")));
                (op, out)
            }
            ("TerminalAction" | "ExecuteBashAction", Some(a)) => {
                new_cwd = ob
                    .and_then(|o| o.pointer("/observation/metadata/working_dir"))
                    .and_then(Value::as_str)
                    .map(str::to_string);
                let script = a.get("command").and_then(Value::as_str).unwrap_or("");
                let output = output.map(|o| {
                    let sent = ob
                        .and_then(|ob| ob.get("observation"))
                        .and_then(|obs| sent_terminal(&o, obs));
                    strip_trailer(sent.as_deref().unwrap_or(&o)).0.into_owned()
                });
                (
                    Op::Bash {
                        script: script.to_string(),
                    },
                    output,
                )
            }
            ("FinishAction" | "ThinkAction" | "TaskTrackerAction", _) => (Op::Quiet, output),
            _ => (Op::Skip(Reason::UnknownTool), output),
        };
        let command = match &op {
            Op::Bash { script } => script.clone(),
            _ => action.to_string(),
        };
        session.apply_then_cd(
            &Action {
                turn: step,
                step,
                tool,
                command,
                op,
                output,
            },
            new_cwd,
        );
    }
}

/// `MAX_CMD_OUTPUT_SIZE` and `maybe_truncate`'s notice (`openhands-tools/.../terminal/constants.py`,
/// `openhands/sdk/utils/truncate.py`).
const SENT_MAX: usize = 30_000;
const SENT_NOTICE: &str = "<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you.</NOTE>";

/// What the model was sent of a terminal observation whose persisted text is `content`: the SDK
/// keeps the whole output and cuts it only when sending it (`TerminalObservation.to_llm_content`,
/// `openhands-tools/openhands/tools/terminal/definition.py`, read at software-agent-sdk commit
/// 146906adc392): `maybe_truncate` of `prefix + text + suffix` and the status lines
/// (`[Current working directory: …]`, `[Python interpreter: …]`, `[Command finished with exit code
/// N]`) at 30,000 characters keeps the first `(30,000 − notice) / 2` characters, rounded up, and the
/// last ones that fit with the notice. Given back with OpenHands' cut-middle line (both ends
/// mid-line), or clipped when the tail is all status lines; `None`: sent whole.
fn sent_terminal(content: &str, obs: &Value) -> Option<String> {
    let meta = obs.get("metadata");
    let field = |k: &str| {
        meta.and_then(|m| m.get(k))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let (prefix, suffix) = (field("prefix"), field("suffix"));
    let mut status = String::new();
    for (k, label) in [
        ("working_dir", "Current working directory"),
        ("py_interpreter_path", "Python interpreter"),
    ] {
        if !field(k).is_empty() {
            status.push_str(&format!("\n[{label}: {}]", field(k)));
        }
    }
    let code = meta
        .and_then(|m| m.get("exit_code"))
        .and_then(Value::as_i64);
    if let Some(c) = code.filter(|c| *c != -1) {
        status.push_str(&format!("\n[Command finished with exit code {c}]"));
    }
    let parts = [prefix, content, suffix, status.as_str()];
    // Nearly every output is sent whole: its length in bytes already says so.
    if parts.iter().map(|t| t.len()).sum::<usize>() <= SENT_MAX {
        return None;
    }
    let chars: usize = parts.iter().map(|t| t.chars().count()).sum();
    if chars <= SENT_MAX {
        return None;
    }
    let available = SENT_MAX - SENT_NOTICE.chars().count();
    let head = available / 2 + available % 2;
    let tail = available - head;
    let text = parts.concat();
    let at = |n: usize| text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
    let head_end = at(head).saturating_sub(prefix.len()).min(content.len());
    let tail_start = at(chars - tail).saturating_sub(prefix.len());
    if tail_start >= content.len() {
        return Some(format!("{}<response clipped>", &content[..head_end]));
    }
    Some(format!(
        "{}\n[... Observation truncated due to length ...]\n{}",
        &content[..head_end],
        &content[tail_start..]
    ))
}
