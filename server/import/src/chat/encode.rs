//! The four ways chat-message datasets encode tool calls, each turned into the document an
//! existing importer already reads, so the tool vocabulary (OpenHands `str_replace_editor` /
//! `execute_bash`, mini-swe-agent's bash, SWE-agent's `open`/`goto`/`scroll_*`/`edit`) is the one
//! those importers know: nothing here says what a tool reads.

use crate::doc::{Call, Msg, OpenHandsLog, Role};
use crate::openhands::content_str;
use serde_json::{json, Map, Value};
use std::borrow::Cow;

/// How a row's messages carry tool calls and their results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Encoding {
    /// OpenAI `tool_calls` on assistant messages, results in `role: tool` messages naming the
    /// `tool_call_id` (SWE-Gym, OpenHands `fncall_messages`, SWE-rebench-openhands).
    ToolCalls,
    /// `<function=NAME><parameter=K>V</parameter></function>` in the assistant text, the result
    /// in the next user message (`OBSERVATION:` / `EXECUTION RESULT of [NAME]:`): SWE-smith,
    /// OpenHands `messages` for models without function calling.
    FunctionText,
    /// SWE-agent commands in the last fenced block of an `ai` (or assistant) message, the result
    /// in the next user message (nebius SWE-agent-trajectories).
    SweAgentText,
    /// mini-swe-agent: bash `tool_calls` (or one ```` ```bash ```` block) with
    /// `<returncode>`/`<output>` results and a final `exit` message.
    MiniSweAgent,
}

impl Encoding {
    pub const ALL: [Encoding; 4] = [
        Encoding::ToolCalls,
        Encoding::FunctionText,
        Encoding::SweAgentText,
        Encoding::MiniSweAgent,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Encoding::ToolCalls => "tool-calls",
            Encoding::FunctionText => "function-text",
            Encoding::SweAgentText => "swe-agent-text",
            Encoding::MiniSweAgent => "mini-swe-agent",
        }
    }
}

/// The importer a converted row goes to.
pub(crate) enum Doc<'a> {
    OpenHands(Value),
    /// Function-text messages as the OpenHands importer reads them, built without a `Value`
    /// document: the calls parsed from the text, the rest borrowed from the row.
    OpenHandsLog(OpenHandsLog<'a>),
    MiniSweAgent(Value),
    SweAgent(Value),
}

/// The key of the row's message list.
pub(crate) fn messages_key(row: &Value) -> Option<&'static str> {
    ["messages", "trajectory", "fncall_messages"]
        .into_iter()
        .find(|k| row.get(*k).is_some_and(Value::is_array))
}

fn role(m: &Value) -> &str {
    m.get("role").and_then(Value::as_str).unwrap_or("")
}

fn is_assistant(m: &Value) -> bool {
    matches!(role(m), "assistant" | "ai")
}

/// A message's text: `content` (a string or text parts) or nebius's `text`; borrowed from the
/// message unless it is made of parts (every observation is looked at several times).
pub(crate) fn text(m: &Value) -> Option<Cow<'_, str>> {
    content_str(m.get("content")).or_else(|| m.get("text").and_then(Value::as_str).map(Cow::from))
}

/// Which encoding `messages` use (`None`: no tool call in any of them).
pub(crate) fn detect(row: &Value, messages: &[Value]) -> Option<Encoding> {
    let mini_format = row
        .get("trajectory_format")
        .and_then(Value::as_str)
        .is_some_and(|f| f.contains("mini"));
    let mini = mini_format
        || messages.iter().any(|m| {
            role(m) == "exit"
                || super::at(m, "/extra/actions").is_some()
                || (matches!(role(m), "user" | "tool")
                    && text(m).is_some_and(|t| t.trim_start().starts_with("<returncode>")))
        });
    let assistants = || messages.iter().filter(|m| is_assistant(m));
    if mini {
        Some(Encoding::MiniSweAgent)
    } else if assistants().any(|m| {
        m.get("tool_calls")
            .and_then(Value::as_array)
            .is_some_and(|c| !c.is_empty())
    }) {
        Some(Encoding::ToolCalls)
    } else if assistants().any(|m| text(m).is_some_and(|t| t.contains("<function="))) {
        Some(Encoding::FunctionText)
    } else if assistants().any(|m| text(m).is_some_and(|t| fenced_action(&t).is_some())) {
        Some(Encoding::SweAgentText)
    } else {
        None
    }
}

/// Turns the row's messages (taken out of `row`) into the document of the importer for `enc`
/// (the `Value` encodings take them; the function-text log borrows them).
pub(crate) fn convert(enc: Encoding, messages: &mut Vec<Value>) -> Doc<'_> {
    match enc {
        Encoding::ToolCalls => {
            Doc::OpenHands(json!({ "messages": tool_results(std::mem::take(messages)) }))
        }
        Encoding::FunctionText => Doc::OpenHandsLog(OpenHandsLog {
            messages: function_text(messages),
            ..OpenHandsLog::default()
        }),
        Encoding::SweAgentText => Doc::SweAgent(json!({ "trajectory": swe_agent_steps(messages) })),
        Encoding::MiniSweAgent => {
            Doc::MiniSweAgent(json!({ "messages": mini_actions(std::mem::take(messages)) }))
        }
    }
}

/// SWE-Gym and OpenHands' own exports start each result with `OBSERVATION:\n`; the tool did not.
fn strip_observation(text: &str) -> &str {
    text.strip_prefix("OBSERVATION:\n")
        .or_else(|| text.strip_prefix("OBSERVATION:"))
        .unwrap_or(text)
}

fn tool_results(mut messages: Vec<Value>) -> Vec<Value> {
    for m in messages.iter_mut().filter(|m| role(m) == "tool") {
        let clean = text(m).and_then(|t| {
            let clean = strip_observation(&t);
            (clean.len() != t.len()).then(|| clean.to_string())
        });
        if let Some(clean) = clean {
            m["content"] = Value::String(clean);
        }
    }
    messages
}

/// `<function=NAME>` … `</function>` blocks of an assistant text: (name, arguments).
pub(crate) fn function_calls(text: &str) -> Vec<(String, Map<String, Value>)> {
    let mut calls = Vec::new();
    let mut rest = text;
    while let Some(s) = rest.find("<function=") {
        let after = &rest[s + "<function=".len()..];
        let Some(close) = after.find('>') else { break };
        let name = after[..close].trim().to_string();
        let body_end = after.find("</function>").unwrap_or(after.len());
        let body = &after[close + 1..body_end.max(close + 1)];
        calls.push((name, parameters(body)));
        rest = &after[body_end.max(close + 1)..];
    }
    calls
}

/// `<parameter=K>V</parameter>` pairs; a value that is a JSON array or (for line numbers) an
/// integer is kept as one, as the tool's schema types it.
fn parameters(body: &str) -> Map<String, Value> {
    let mut args = Map::new();
    let mut rest = body;
    while let Some(s) = rest.find("<parameter=") {
        let after = &rest[s + "<parameter=".len()..];
        let Some(close) = after.find('>') else { break };
        let key = after[..close].trim().to_string();
        let value_start = close + 1;
        let end = after[value_start..]
            .find("</parameter>")
            .map_or(after.len(), |e| value_start + e);
        let raw = &after[value_start..end];
        // The value sits between newlines that belong to the markup.
        let raw = raw.strip_prefix('\n').unwrap_or(raw);
        let raw = raw.strip_suffix('\n').unwrap_or(raw);
        let value = match serde_json::from_str::<Value>(raw.trim()) {
            Ok(v @ Value::Array(_)) => v,
            Ok(v @ Value::Number(_)) if key.ends_with("_line") => v,
            _ => Value::String(raw.to_string()),
        };
        args.insert(key, value);
        rest = &after[end.min(after.len())..];
    }
    args
}

/// The result text of a function-text call: the prefix the harness added taken off.
fn function_result(text: &str) -> &str {
    if let Some(r) = text.strip_prefix("EXECUTION RESULT of [") {
        if let Some(i) = r.find("]:") {
            let r = &r[i + 2..];
            return r.strip_prefix('\n').unwrap_or(r);
        }
    }
    strip_observation(text)
}

/// The messages as OpenHands messages: an assistant's `<function=...>` blocks become its tool
/// calls (arguments as the JSON text the tool would have been sent), and the next user or tool
/// message their result (borrowed, the harness's prefix taken off).
pub(super) fn function_text(messages: &[Value]) -> Vec<Msg<'_>> {
    let mut pending: Option<String> = None;
    let mut out = Vec::with_capacity(messages.len());
    for (i, m) in messages.iter().enumerate() {
        if is_assistant(m) {
            let calls = text(m).map(|t| function_calls(&t)).unwrap_or_default();
            let tool_calls: Vec<Call> = calls
                .into_iter()
                .enumerate()
                .map(|(k, (name, args))| Call {
                    id: Some(Cow::Owned(format!("fn-{i}-{k}"))),
                    name: Some(Cow::Owned(name)),
                    arguments: Some(Cow::Owned(Value::Object(args).to_string())),
                })
                .collect();
            // Only one result follows a message: it answers the first call.
            pending = (!tool_calls.is_empty()).then(|| format!("fn-{i}-0"));
            let mut msg = Msg::from_value(m);
            msg.role = Role::Assistant;
            msg.tool_calls = tool_calls;
            out.push(msg);
        } else if let (Some(_), "user" | "tool") = (&pending, role(m)) {
            let content = text(m).map(|t| match t {
                Cow::Borrowed(t) => Cow::Borrowed(function_result(t)),
                Cow::Owned(t) => Cow::Owned(function_result(&t).to_string()),
            });
            out.push(Msg {
                role: Role::Tool,
                content,
                tool_call_id: pending.take().map(Cow::Owned),
                ..Msg::default()
            });
        } else {
            out.push(Msg::from_value(m));
        }
    }
    out
}

/// The command of a SWE-agent reply: the last outermost fenced block, as SWE-agent's
/// `ThoughtActionParser` takes it (a fence with an info string always opens a block; a bare
/// fence closes the open one, else opens).
pub(crate) fn fenced_action(text: &str) -> Option<String> {
    let mut open: Vec<usize> = Vec::new();
    let mut last = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        // `^```(\S*)\s*$`: a fence whose info string holds no blank.
        let tag = body.strip_prefix("```").map(str::trim_end);
        if let Some(tag) = tag.filter(|t| !t.contains(char::is_whitespace)) {
            if tag.is_empty() && !open.is_empty() {
                let start = open.pop().unwrap_or(0);
                if open.is_empty() {
                    last = Some((start, offset));
                }
            } else {
                open.push(offset + line.len());
            }
        }
        offset += line.len();
    }
    let (s, e) = last?;
    let cmd = text.get(s..e)?.trim_end_matches(['\n', '\r']);
    (!cmd.trim().is_empty()).then(|| cmd.to_string())
}

/// SWE-agent's prompt after every observation: `(Open file: …)`, `(Current directory: …)`, `bash-$`.
/// Its lines are looked at from the end; the rest is copied once.
pub(crate) fn strip_prompt(obs: &str) -> String {
    // The observation is `obs[..keep]`: the lines before the prompt, without their last break.
    let mut keep = obs.len();
    for line in obs.rsplit('\n') {
        let t = line.trim();
        if !(t.is_empty()
            || t == "bash-$"
            || t.starts_with("(Open file:")
            || t.starts_with("(Current directory:"))
        {
            break;
        }
        keep = (keep - line.len()).saturating_sub(1);
    }
    let mut out = String::with_capacity(keep + 1);
    out.push_str(&obs[..keep]);
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

fn swe_agent_steps(messages: &[Value]) -> Vec<Value> {
    let mut steps = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        if !is_assistant(m) {
            continue;
        }
        let Some(action) = text(m).and_then(|t| fenced_action(&t)) else {
            continue;
        };
        let obs = messages[i + 1..]
            .iter()
            .take_while(|r| !is_assistant(r))
            .find(|r| matches!(role(r), "user" | "tool"))
            .and_then(text)
            .map(|t| strip_prompt(&t));
        // The last `submit` has no observation: the run ended there (nothing was missed).
        let submit = action.trim() == "submit";
        let mut step = json!({ "action": action });
        if let Some(o) = obs.or_else(|| submit.then(String::new)) {
            step["observation"] = Value::String(o);
        }
        steps.push(step);
    }
    steps
}

/// mini-swe-agent rows without `extra.actions` (a dataset's export keeps only the OpenAI
/// fields): the actions are the bash `tool_calls`.
fn mini_actions(mut messages: Vec<Value>) -> Vec<Value> {
    for m in messages.iter_mut().filter(|m| is_assistant(m)) {
        if super::at(m, "/extra/actions").is_some() {
            continue;
        }
        let Some(calls) = m.get("tool_calls").and_then(Value::as_array) else {
            continue;
        };
        let actions: Vec<Value> = calls
            .iter()
            .map(|c| {
                let args: Value = super::at(c, "/function/arguments")
                    .and_then(Value::as_str)
                    .and_then(|a| serde_json::from_str(a).ok())
                    .unwrap_or(Value::Null);
                json!({"command": args.get("command").cloned().unwrap_or(Value::Null),
                       "tool_call_id": c.get("id").cloned().unwrap_or(Value::Null)})
            })
            .collect();
        m["extra"] = json!({ "actions": actions });
    }
    messages
}
