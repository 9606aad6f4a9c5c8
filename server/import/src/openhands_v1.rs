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
                (
                    Op::Bash {
                        script: script.to_string(),
                    },
                    output.map(|o| strip_trailer(&o).0.into_owned()),
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
