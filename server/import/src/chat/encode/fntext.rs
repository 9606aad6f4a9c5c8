//! Function-text messages (SWE-smith; OpenHands `messages` for models without function calling):
//! `<function=NAME><parameter=K>V</parameter></function>` blocks in the assistant text become the
//! tool calls they spell, with their arguments written as the JSON text the tool would have been
//! sent — straight from the parameters, not through a `serde_json::Map` and its serialiser (that
//! round trip was most of converting these rows; test `arguments_are_the_map_serialised`).

use super::{is_assistant, msg, role, strip_observation, text};
use crate::chat::row::ChatMsg;
use crate::doc::{Call, Msg, Role};
use memchr::memmem::Finder;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::sync::OnceLock;

/// The markup's tags, each searched for by a finder built once (`str::find` builds a two-way
/// searcher on every call: 9.3 M of the 405 M instructions of 300 chat rows).
struct Tags {
    function: Finder<'static>,
    function_end: Finder<'static>,
    parameter: Finder<'static>,
    parameter_end: Finder<'static>,
}

fn tags() -> &'static Tags {
    static TAGS: OnceLock<Tags> = OnceLock::new();
    TAGS.get_or_init(|| Tags {
        function: Finder::new("<function="),
        function_end: Finder::new("</function>"),
        parameter: Finder::new("<parameter="),
        parameter_end: Finder::new("</parameter>"),
    })
}

/// Where `tag` first starts in `hay` (a tag is ASCII: its start is a character boundary).
fn find(tag: &Finder, hay: &str) -> Option<usize> {
    tag.find(hay.as_bytes())
}

/// Where the first `>` is in `hay`.
fn close(hay: &str) -> Option<usize> {
    memchr::memchr(b'>', hay.as_bytes())
}

/// Whether an assistant text holds a `<function=` block ([`super::detect`]).
pub(crate) fn has_function(text: &str) -> bool {
    find(&tags().function, text).is_some()
}

/// `<function=NAME>` … `</function>` blocks of an assistant text: (name, body).
fn function_blocks(text: &str) -> Vec<(String, &str)> {
    let tags = tags();
    let mut calls = Vec::new();
    let mut rest = text;
    while let Some(s) = find(&tags.function, rest) {
        let after = &rest[s + "<function=".len()..];
        let Some(close) = close(after) else { break };
        let name = after[..close].trim().to_string();
        let body_end = find(&tags.function_end, after).unwrap_or(after.len());
        let body = &after[close + 1..body_end.max(close + 1)];
        calls.push((name, body));
        rest = &after[body_end.max(close + 1)..];
    }
    calls
}

/// A parameter's value: JSON (an array, or a number for a `*_line` key), else its text.
enum Param<'t> {
    Json(Value),
    Text(&'t str),
}

/// `<parameter=K>V</parameter>` pairs of a body, in order; a value that is a JSON array or (for
/// line numbers) an integer is kept as one, as the tool's schema types it.
fn params(body: &str) -> Vec<(&str, Param<'_>)> {
    let tags = tags();
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(s) = find(&tags.parameter, rest) {
        let after = &rest[s + "<parameter=".len()..];
        let Some(close) = close(after) else { break };
        let key = after[..close].trim();
        let value_start = close + 1;
        let end = find(&tags.parameter_end, &after[value_start..])
            .map_or(after.len(), |e| value_start + e);
        let raw = &after[value_start..end];
        // The value sits between newlines that belong to the markup.
        let raw = raw.strip_prefix('\n').unwrap_or(raw);
        let raw = raw.strip_suffix('\n').unwrap_or(raw);
        // Only text that starts as an array (or a number, for a line key) can parse as one.
        let trimmed = raw.trim();
        let line = key.ends_with("_line");
        let maybe = trimmed.starts_with('[')
            || (line && trimmed.starts_with(|c: char| c == '-' || c.is_ascii_digit()));
        let value = match maybe.then(|| serde_json::from_str::<Value>(trimmed)) {
            Some(Ok(v @ Value::Array(_))) => Param::Json(v),
            Some(Ok(v @ Value::Number(_))) if line => Param::Json(v),
            _ => Param::Text(raw),
        };
        out.push((key, value));
        rest = &after[end.min(after.len())..];
    }
    out
}

/// The arguments of a call: the JSON text `serde_json::Value::Object(parameters).to_string()`
/// writes (keys in order, a repeated key taking its last value, compact, strings escaped by
/// serde_json), and that object, which the importer takes instead of parsing the text again
/// (test `arguments_are_the_map_serialised`: the object is what parsing the text gives).
fn arguments(body: &str) -> (String, Map<String, Value>) {
    let mut params = params(body);
    // Stable: among equal keys the last written stays last, and is the one kept.
    params.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = Vec::with_capacity(body.len() + 16);
    let mut map = Map::new();
    out.push(b'{');
    let mut params = params.into_iter().peekable();
    while let Some((key, value)) = params.next() {
        if params.peek().is_some_and(|next| next.0 == key) {
            continue;
        }
        if out.len() > 1 {
            out.push(b',');
        }
        // Writing into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut out, key);
        out.push(b':');
        let value = match value {
            Param::Json(v) => {
                let _ = serde_json::to_writer(&mut out, &v);
                v
            }
            Param::Text(t) => {
                let _ = serde_json::to_writer(&mut out, t);
                Value::String(t.to_string())
            }
        };
        map.insert(key.to_string(), value);
    }
    out.push(b'}');
    (String::from_utf8(out).unwrap_or_default(), map)
}

/// `<function=NAME>` … `</function>` blocks of an assistant text: (name, arguments as a map).
#[cfg(test)]
pub(crate) fn function_calls(text: &str) -> Vec<(String, serde_json::Map<String, Value>)> {
    function_blocks(text)
        .into_iter()
        .map(|(name, body)| (name, parameters(body)))
        .collect()
}

/// The parameters of a body as a JSON object (the oracle of [`arguments`]).
#[cfg(test)]
fn parameters(body: &str) -> serde_json::Map<String, Value> {
    params(body)
        .into_iter()
        .map(|(k, v)| {
            let v = match v {
                Param::Json(v) => v,
                Param::Text(t) => Value::String(t.to_string()),
            };
            (k.to_string(), v)
        })
        .collect()
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
pub(crate) fn function_text<'m>(messages: &'m [ChatMsg]) -> Vec<Msg<'m>> {
    let mut pending: Option<String> = None;
    let mut out = Vec::with_capacity(messages.len());
    for (i, m) in messages.iter().enumerate() {
        if is_assistant(m) {
            let calls = text(m).map(function_blocks).unwrap_or_default();
            let tool_calls: Vec<Call> = calls
                .into_iter()
                .enumerate()
                .map(|(k, (name, body))| {
                    let (text, params) = arguments(body);
                    Call {
                        id: Some(Cow::Owned(format!("fn-{i}-{k}"))),
                        name: Some(Cow::Owned(name)),
                        arguments: Some(Cow::Owned(text)),
                        params: Some(params),
                    }
                })
                .collect();
            // Only one result follows a message: it answers the first call.
            pending = (!tool_calls.is_empty()).then(|| format!("fn-{i}-0"));
            let mut msg = msg(m);
            msg.role = Role::Assistant;
            msg.tool_calls = tool_calls;
            out.push(msg);
        } else if let (Some(_), "user" | "tool") = (&pending, role(m)) {
            out.push(Msg {
                role: Role::Tool,
                content: text(m).map(|t| Cow::Borrowed(function_result(t))),
                tool_call_id: pending.take().map(Cow::Owned),
                ..Msg::default()
            });
        } else {
            out.push(msg(m));
        }
    }
    out
}

#[cfg(test)]
mod tests;
