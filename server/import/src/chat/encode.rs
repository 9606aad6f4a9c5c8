//! The four ways chat-message datasets encode tool calls, each turned into the document an
//! existing importer already reads, so the tool vocabulary (OpenHands `str_replace_editor` /
//! `execute_bash`, mini-swe-agent's bash, SWE-agent's `open`/`goto`/`scroll_*`/`edit`) is the one
//! those importers know: nothing here says what a tool reads.

mod fntext;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) use fntext::function_calls;
pub(crate) use fntext::function_text;

use super::row::ChatMsg;
use crate::doc::{Call, MiniAction, MiniLog, Msg, OpenHandsLog, Role};
use crate::swe_agent::Step;
use serde_json::Value;
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

/// The importer a converted row goes to: its typed document, borrowing the row's messages.
pub(crate) enum Doc<'a> {
    OpenHands(OpenHandsLog<'a>),
    MiniSweAgent(MiniLog<'a>),
    SweAgent(Vec<Step<'a>>),
}

/// The key of the row's message list (in a `Value`).
pub(crate) fn messages_key(row: &Value) -> Option<&'static str> {
    super::row::LIST_KEYS
        .into_iter()
        .find(|k| row.get(*k).is_some_and(Value::is_array))
}

fn role<'m>(m: &'m ChatMsg) -> &'m str {
    m.role.as_deref().unwrap_or("")
}

fn is_assistant(m: &ChatMsg) -> bool {
    matches!(role(m), "assistant" | "ai")
}

/// A message's text: `content` (a string or text parts) or nebius's `text`.
pub(crate) fn text<'m>(m: &'m ChatMsg) -> Option<&'m str> {
    m.content.as_deref().or(m.text.as_deref())
}

/// Which encoding `messages` use (`format`: the row's `trajectory_format`; `None`: no tool call
/// in any of them).
pub(crate) fn detect(format: Option<&str>, messages: &[ChatMsg]) -> Option<Encoding> {
    let mini = format.is_some_and(|f| f.contains("mini"))
        || messages.iter().any(|m| {
            role(m) == "exit"
                || m.actions.is_some()
                || (matches!(role(m), "user" | "tool")
                    && text(m).is_some_and(|t| t.trim_start().starts_with("<returncode>")))
        });
    let assistants = || messages.iter().filter(|m| is_assistant(m));
    if mini {
        Some(Encoding::MiniSweAgent)
    } else if assistants().any(|m| m.tool_calls.as_ref().is_some_and(|c| !c.is_empty())) {
        Some(Encoding::ToolCalls)
    } else if assistants().any(|m| text(m).is_some_and(fntext::has_function)) {
        Some(Encoding::FunctionText)
    } else if assistants().any(|m| text(m).is_some_and(|t| fenced_action(t).is_some())) {
        Some(Encoding::SweAgentText)
    } else {
        None
    }
}

/// Turns the row's messages into the document of the importer for `enc`, borrowing them.
pub(crate) fn convert<'m>(enc: Encoding, messages: &'m [ChatMsg]) -> Doc<'m> {
    match enc {
        Encoding::ToolCalls => Doc::OpenHands(OpenHandsLog {
            messages: messages.iter().map(tool_result).collect(),
            ..OpenHandsLog::default()
        }),
        Encoding::FunctionText => Doc::OpenHands(OpenHandsLog {
            messages: function_text(messages),
            ..OpenHandsLog::default()
        }),
        Encoding::SweAgentText => Doc::SweAgent(swe_agent_steps(messages)),
        Encoding::MiniSweAgent => Doc::MiniSweAgent(MiniLog {
            messages: messages.iter().map(mini_actions).collect(),
            ..MiniLog::default()
        }),
    }
}

fn borrow<'m>(s: &'m Option<Cow<str>>) -> Option<Cow<'m, str>> {
    s.as_deref().map(Cow::Borrowed)
}

/// The message as the importers read it (what `Msg::from_value` gives of its `Value`).
pub(crate) fn msg<'m>(m: &'m ChatMsg) -> Msg<'m> {
    Msg {
        role: match role(m) {
            "assistant" => Role::Assistant,
            "tool" => Role::Tool,
            _ => Role::Other,
        },
        content: borrow(&m.content),
        tool_call_id: borrow(&m.tool_call_id),
        tool_calls: m.tool_calls.as_deref().map_or_else(Vec::new, |c| {
            c.iter()
                .map(|c| Call {
                    id: borrow(&c.id),
                    name: borrow(&c.name),
                    arguments: borrow(&c.arguments),
                    params: None,
                })
                .collect()
        }),
        actions: m.actions.as_ref().and_then(Option::as_deref).map(|a| {
            a.iter()
                .map(|a| MiniAction {
                    command: borrow(&a.command),
                    tool_call_id: borrow(&a.tool_call_id),
                })
                .collect()
        }),
    }
}

/// SWE-Gym and OpenHands' own exports start each result with `OBSERVATION:\n`; the tool did not.
fn strip_observation(text: &str) -> &str {
    text.strip_prefix("OBSERVATION:\n")
        .or_else(|| text.strip_prefix("OBSERVATION:"))
        .unwrap_or(text)
}

/// A tool-call row's message: a tool result's text without the `OBSERVATION:` its exporter
/// put before it (a result with only a `text` takes it as its content when it had one).
fn tool_result<'m>(m: &'m ChatMsg) -> Msg<'m> {
    let mut out = msg(m);
    if role(m) == "tool" {
        if let Some(t) = text(m) {
            let clean = strip_observation(t);
            if clean.len() != t.len() {
                out.content = Some(Cow::Borrowed(clean));
            }
        }
    }
    out
}

/// The command of a SWE-agent reply: the last outermost fenced block, as SWE-agent's
/// `ThoughtActionParser` takes it (a fence with an info string always opens a block; a bare
/// fence closes the open one, else opens).
pub(crate) fn fenced_action(text: &str) -> Option<&str> {
    static FENCE: std::sync::OnceLock<memchr::memmem::Finder<'static>> = std::sync::OnceLock::new();
    let fence = FENCE.get_or_init(|| memchr::memmem::Finder::new("```"));
    let bytes = text.as_bytes();
    let mut open: Vec<usize> = Vec::new();
    let mut last = None;
    // Only the lines that start with a fence count: they are found by searching for fences
    // (one SIMD scan), not by looking at every line (test `fences_found_as_every_line_gave`).
    // A match never straddles a line start (a line break is no backtick), so none is missed.
    for offset in fence.find_iter(bytes) {
        if offset > 0 && bytes[offset - 1] != b'\n' {
            continue;
        }
        let end = memchr::memchr(b'\n', &bytes[offset..]).map_or(bytes.len(), |i| offset + i + 1);
        let line = &text[offset..end];
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
    }
    let (s, e) = last?;
    let cmd = text.get(s..e)?.trim_end_matches(['\n', '\r']);
    // Borrowed from the message: the step lends it on (it was copied here, then again).
    (!cmd.trim().is_empty()).then_some(cmd)
}

/// SWE-agent's prompt after every observation: every classic config's `next_step_template` is
/// `{observation}⏎(Open file: …)⏎(Current directory: …)⏎[(Interactive session: …)⏎]bash-$`. The
/// observation is the text before the prompt's first line, less the one line break the template
/// put there: its own blank last lines were shown, and are kept (before session 33 every blank
/// line before the prompt was taken off, and a line break added). A text with no prompt is kept.
pub(crate) fn strip_prompt(obs: &str) -> Cow<'_, str> {
    // Where the prompt's first line starts, its lines looked at from the end (blank lines after
    // `bash-$` aside).
    let mut prompt = None;
    let mut end = obs.len();
    for line in obs.rsplit('\n') {
        let start = end - line.len();
        let t = line.trim();
        if t == "bash-$"
            || t.starts_with("(Open file:")
            || t.starts_with("(Current directory:")
            || t.starts_with("(Interactive session:")
        {
            prompt = Some(start);
        } else if !t.is_empty() || prompt.is_some() {
            break;
        }
        end = start.saturating_sub(1);
    }
    Cow::Borrowed(prompt.map_or(obs, |p| &obs[..p.saturating_sub(1)]))
}

/// The SWE-agent steps of the messages: each assistant message's fenced command, with the text
/// of the next user or tool message before the next assistant one, the prompt taken off.
fn swe_agent_steps<'m>(messages: &'m [ChatMsg]) -> Vec<Step<'m>> {
    let mut steps = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        if !is_assistant(m) {
            continue;
        }
        let Some(action) = text(m).and_then(fenced_action) else {
            continue;
        };
        let obs = messages[i + 1..]
            .iter()
            .take_while(|r| !is_assistant(r))
            .find(|r| matches!(role(r), "user" | "tool"))
            .and_then(text)
            .map(strip_prompt);
        // The last `submit` has no observation: the run ended there (nothing was missed).
        let submit = action.trim() == "submit";
        steps.push(Step {
            action: Some(Cow::Borrowed(action)),
            observation: obs.or_else(|| submit.then_some(Cow::Borrowed(""))),
        });
    }
    steps
}

/// A mini-swe-agent message; an assistant's without `extra.actions` (a dataset's export keeps
/// only the OpenAI fields) has its bash `tool_calls` as its actions.
fn mini_actions<'m>(m: &'m ChatMsg) -> Msg<'m> {
    let mut out = msg(m);
    if !is_assistant(m) || m.actions.is_some() {
        return out;
    }
    let Some(calls) = &m.tool_calls else {
        return out;
    };
    let command = |c: &Call| -> Option<Cow<'m, str>> {
        let args: Value = serde_json::from_str(c.arguments.as_deref()?).ok()?;
        args.get("command")
            .and_then(Value::as_str)
            .map(|s| Cow::Owned(s.to_string()))
    };
    out.actions = Some(
        calls
            .iter()
            .map(|c| MiniAction {
                command: command(c),
                tool_call_id: borrow(&c.id),
            })
            .collect(),
    );
    out
}
