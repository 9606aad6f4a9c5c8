//! The typed conversions against the `Value` documents the rows were turned into before (kept
//! here as the oracles): tool-call, SWE-agent and mini-swe-agent rows.

use super::{convert, Doc, Encoding};
use crate::chat::row::tests::vendored_rows;
use crate::chat::row::ChatMsg;
use crate::doc::{MiniLog, OpenHandsLog};
use crate::swe_agent::Step;
use serde_json::{json, Value};
use std::borrow::Cow;

fn role(m: &Value) -> &str {
    m.get("role").and_then(Value::as_str).unwrap_or("")
}

fn is_assistant(m: &Value) -> bool {
    matches!(role(m), "assistant" | "ai")
}

fn text(m: &Value) -> Option<Cow<'_, str>> {
    crate::openhands::content_str(m.get("content"))
        .or_else(|| m.get("text").and_then(Value::as_str).map(Cow::from))
}

fn strip_observation(text: &str) -> &str {
    text.strip_prefix("OBSERVATION:\n")
        .or_else(|| text.strip_prefix("OBSERVATION:"))
        .unwrap_or(text)
}

/// The tool-call document: results without their `OBSERVATION:`.
fn tool_results(mut messages: Vec<Value>) -> Value {
    for m in messages.iter_mut().filter(|m| role(m) == "tool") {
        let clean = text(m).and_then(|t| {
            let clean = strip_observation(&t);
            (clean.len() != t.len()).then(|| clean.to_string())
        });
        if let Some(clean) = clean {
            m["content"] = Value::String(clean);
        }
    }
    json!({ "messages": messages })
}

/// The SWE-agent document: `{action, observation}` steps.
fn swe_agent_steps(messages: &[Value]) -> Value {
    let mut steps = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        if !is_assistant(m) {
            continue;
        }
        let Some(action) = text(m).and_then(|t| super::fenced_action(&t).map(str::to_string))
        else {
            continue;
        };
        let obs = messages[i + 1..]
            .iter()
            .take_while(|r| !is_assistant(r))
            .find(|r| matches!(role(r), "user" | "tool"))
            .and_then(text)
            .map(|t| super::strip_prompt(&t).into_owned());
        let submit = action.trim() == "submit";
        let mut step = json!({ "action": action });
        if let Some(o) = obs.or_else(|| submit.then(String::new)) {
            step["observation"] = Value::String(o);
        }
        steps.push(step);
    }
    json!({ "trajectory": steps })
}

/// The mini-swe-agent document: bash `tool_calls` as `extra.actions`.
fn mini_actions(mut messages: Vec<Value>) -> Value {
    for m in messages.iter_mut().filter(|m| is_assistant(m)) {
        if crate::chat::at(m, "/extra/actions").is_some() {
            continue;
        }
        let Some(calls) = m.get("tool_calls").and_then(Value::as_array) else {
            continue;
        };
        let actions: Vec<Value> = calls
            .iter()
            .map(|c| {
                let args: Value = crate::chat::at(c, "/function/arguments")
                    .and_then(Value::as_str)
                    .and_then(|a| serde_json::from_str(a).ok())
                    .unwrap_or(Value::Null);
                json!({"command": args.get("command").cloned().unwrap_or(Value::Null),
                       "tool_call_id": c.get("id").cloned().unwrap_or(Value::Null)})
            })
            .collect();
        m["extra"] = json!({ "actions": actions });
    }
    json!({ "messages": messages })
}

/// The steps as `swe_agent::import` reads them from the document.
fn steps_of(doc: &Value) -> Vec<Step<'_>> {
    fn s<'v>(t: &'v Value, k: &str) -> Option<Cow<'v, str>> {
        t.get(k).and_then(Value::as_str).map(Cow::Borrowed)
    }
    doc["trajectory"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|t| Step {
            action: s(t, "action"),
            observation: s(t, "observation"),
        })
        .collect()
}

/// Message lists of odd shapes: results with and without the prefix, as parts or `text`, an
/// `ai` role, calls whose arguments are not JSON or hold no command, `extra` without actions.
fn odd_lists() -> Vec<Vec<Value>> {
    let list = json!([
        {"role": "ai", "tool_calls": [{"id": "a", "function": {"name": "bash", "arguments": "{\"command\": \"ls\"}"}}, 3,
                                      {"id": 4, "function": {"arguments": "not json"}}],
         "content": "x\n```\nopen a.py\n```\n"},
        {"role": "tool", "text": "OBSERVATION:\n[File: /r/a.py (3 lines total)]\n1:x\n(Open file: /r/a.py)\nbash-$"},
        {"role": "assistant", "tool_calls": [{"id": "b", "function": {"name": "bash", "arguments": "[1]"}}],
         "extra": {"other": 1}, "content": [{"text": "```\nsubmit\n```"}]},
        {"role": "tool", "content": [{"type": "text", "text": "OBSERVATION:"}, "z"], "tool_call_id": "b"},
        {"role": "user", "content": "OBSERVATION:\nno prompt"},
        {"role": "assistant", "extra": {"actions": null}, "tool_calls": []},
        {"role": "tool", "content": 5, "text": "OBSERVATION:x"},
        {"role": "assistant", "content": "```\nsubmit\n```"},
        "not an object"
    ]);
    vec![list.as_array().expect("list").clone()]
}

#[test]
fn typed_conversions_are_what_the_value_documents_gave() {
    let mut lists: Vec<Vec<Value>> = vendored_rows()
        .iter()
        .filter_map(|r| {
            ["messages", "trajectory"]
                .iter()
                .find_map(|k| r.get(*k).and_then(Value::as_array).cloned())
        })
        .collect();
    lists.extend(odd_lists());
    let (mut calls, mut steps, mut actions) = (0, 0, 0);
    for list in &lists {
        let msgs: Vec<ChatMsg> = list.iter().map(ChatMsg::from_value).collect();

        let want = tool_results(list.clone());
        let Doc::OpenHands(got) = convert(Encoding::ToolCalls, &msgs) else {
            panic!("tool calls")
        };
        calls += got
            .messages
            .iter()
            .map(|m| m.tool_calls.len())
            .sum::<usize>();
        assert_eq!(got, OpenHandsLog::from_value(&want));

        let want = swe_agent_steps(list);
        let Doc::SweAgent(got) = convert(Encoding::SweAgentText, &msgs) else {
            panic!("steps")
        };
        steps += got.len();
        assert_eq!(got, steps_of(&want));

        let want = mini_actions(list.clone());
        let Doc::MiniSweAgent(got) = convert(Encoding::MiniSweAgent, &msgs) else {
            panic!("mini")
        };
        actions += got
            .messages
            .iter()
            .filter_map(|m| m.actions.as_ref())
            .map(Vec::len)
            .sum::<usize>();
        assert_eq!(got, MiniLog::from_value(&want));
    }
    assert!(
        calls > 50 && steps > 50 && actions > 20,
        "{calls} calls, {steps} steps, {actions} actions"
    );
}

/// `fenced_action` as it looked at every line (the oracle of the fence search).
fn fenced_action_by_lines(text: &str) -> Option<String> {
    let mut open: Vec<usize> = Vec::new();
    let mut last = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
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

/// The fences found by searching are the lines that start with one, on every vendored message.
#[test]
fn fences_found_as_every_line_gave() {
    let mut fenced = 0;
    for row in vendored_rows() {
        for key in ["messages", "trajectory"] {
            for m in row[key].as_array().into_iter().flatten() {
                for t in [
                    text(m),
                    m.get("text").and_then(Value::as_str).map(Cow::Borrowed),
                ]
                .into_iter()
                .flatten()
                {
                    let got = super::fenced_action(&t);
                    fenced += usize::from(got.is_some());
                    assert_eq!(got.map(str::to_string), fenced_action_by_lines(&t), "{t:?}");
                }
            }
        }
    }
    assert!(fenced > 20, "{fenced} fenced commands");
}

proptest::proptest! {
    #[test]
    fn generated_fences_found_as_every_line_gave(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "```", "``", "`", "\n", "\r", " ", "\t", "bash", "ls", "é", "````",
        ]), 0..32),
    ) {
        let t: String = parts.concat();
        proptest::prop_assert_eq!(super::fenced_action(&t).map(str::to_string), fenced_action_by_lines(&t));
    }
}
