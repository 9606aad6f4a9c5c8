//! A one-document log parsed once, as the importers read it: a `serde_json::Value`, or the typed
//! parse of the two shapes that make most real corpora (an OpenHands completion log, a
//! mini-swe-agent trajectory), which keeps only the fields the importers use and skips the rest
//! (the `messages` copy of an OpenHands log, mini-swe-agent's `extra.response`) without
//! building it (profiled: building and dropping the `Value` was the largest part of an import).
//!
//! The typed parse accepts exactly the JSON text `serde_json::Value` accepts (the skipped parts
//! are checked the same way: depth, escapes, numbers) and only top-level keys for which format
//! detection cannot answer anything else; any other document is refused and read as a `Value`,
//! so a log imports the same either way (test `typed_and_value_imports_agree`).

pub(crate) mod de;
mod shapes;
#[cfg(test)]
mod tests;

use crate::format::{detect_value, Format};
use serde_json::Value;
use std::borrow::Cow;

/// A log parsed once (a reader that parsed a file to tell its kind hands it to the import).
#[derive(Debug)]
pub enum Doc {
    Value(Value),
    OpenHands(OpenHandsLog<'static>),
    MiniSweAgent(MiniLog<'static>),
}

impl Doc {
    /// The typed parse of `bytes` when they are one of the typed shapes; `None`: read them as a
    /// `Value` (or as text) instead.
    pub fn typed(bytes: &[u8]) -> Option<Doc> {
        // Checked as UTF-8 once, by the fast validator, not string by string by the parser.
        Doc::typed_str(std::str::from_utf8(bytes).ok()?)
    }

    /// [`Doc::typed`] of a text.
    fn typed_str(text: &str) -> Option<Doc> {
        use memchr::memmem::Finder;
        use std::sync::OnceLock;
        // The key that names the shape, looked for first (one SIMD scan): a document without it
        // is not parsed twice.
        static KEYS: OnceLock<[Finder<'static>; 2]> = OnceLock::new();
        let [openhands, mini] = KEYS.get_or_init(|| {
            [
                Finder::new(b"\"fncall_messages\""),
                Finder::new(b"\"trajectory_format\""),
            ]
        });
        // The document outlives the text (a reader hands it on without its bytes): owned.
        if openhands.find(text.as_bytes()).is_some() {
            if let Ok(shapes::OpenHandsTop(log)) = serde_json::from_str(text) {
                return Some(Doc::OpenHands(log.into_owned()));
            }
        }
        if mini.find(text.as_bytes()).is_some() {
            if let Ok(shapes::MiniTop(log)) = serde_json::from_str(text) {
                return Some(Doc::MiniSweAgent(log.into_owned()));
            }
        }
        None
    }

    /// The text's typed parse, else its `Value` (`None`: the text is not one JSON value).
    pub(crate) fn parse(text: &str) -> Option<Doc> {
        if let Some(doc) = Doc::typed_str(text) {
            return Some(doc);
        }
        serde_json::from_str::<Value>(text).ok().map(Doc::Value)
    }

    /// The format detection names for this document.
    pub fn format(&self) -> Option<Format> {
        match self {
            Doc::Value(v) => detect_value(v),
            Doc::OpenHands(_) => Some(Format::OpenHands),
            Doc::MiniSweAgent(_) => Some(Format::MiniSweAgent),
        }
    }

    /// The document as a `Value`, when it was parsed as one (the formats without a typed parse
    /// take it; they parse the text themselves otherwise).
    pub fn into_value(self) -> Option<Value> {
        match self {
            Doc::Value(v) => Some(v),
            Doc::OpenHands(_) | Doc::MiniSweAgent(_) => None,
        }
    }
}

/// The role of a message, as far as the importers tell roles apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Role {
    Assistant,
    Tool,
    #[default]
    Other,
}

impl Role {
    fn of(role: Option<&str>) -> Role {
        match role {
            Some("assistant") => Role::Assistant,
            Some("tool") => Role::Tool,
            _ => Role::Other,
        }
    }
}

/// One message: what `v.get(key).and_then(Value::as_str)` and friends gave the importers.
#[derive(Debug, Default, PartialEq)]
pub struct Msg<'a> {
    pub role: Role,
    /// [`crate::openhands::content_str`] of `content`.
    pub content: Option<Cow<'a, str>>,
    pub tool_call_id: Option<Cow<'a, str>>,
    /// `tool_calls`, when an array (else none).
    pub tool_calls: Vec<Call<'a>>,
    /// mini-swe-agent's `extra.actions`, when an array.
    pub actions: Option<Vec<MiniAction<'a>>>,
}

/// An OpenAI tool call: `id`, `function.name`, `function.arguments` (each when a string).
#[derive(Debug, Default, PartialEq)]
pub struct Call<'a> {
    pub id: Option<Cow<'a, str>>,
    pub name: Option<Cow<'a, str>>,
    pub arguments: Option<Cow<'a, str>>,
    /// `arguments` already parsed, when the call was made from parsed parameters (a
    /// function-text call: its `<parameter=K>` pairs): the importer takes them instead of
    /// parsing `arguments` again (profiled: 9.4 M of 428 M instructions on 300 chat rows).
    /// `None`: parse `arguments`.
    pub params: Option<serde_json::Map<String, Value>>,
}

/// One of mini-swe-agent's `extra.actions`: `command` and `tool_call_id` (each when a string).
#[derive(Debug, Default, PartialEq)]
pub struct MiniAction<'a> {
    pub command: Option<Cow<'a, str>>,
    pub tool_call_id: Option<Cow<'a, str>>,
}

/// An OpenHands completion log: `fncall_messages` (else `messages`) and the final response's
/// message (`fncall_response.choices[0].message`, which may hold one more tool call).
#[derive(Debug, Default, PartialEq)]
pub struct OpenHandsLog<'a> {
    pub instance_id: Option<Cow<'a, str>>,
    pub messages: Vec<Msg<'a>>,
    pub last: Option<Msg<'a>>,
}

/// A mini-swe-agent trajectory: `messages` and `info.submission`
/// ([`crate::change::submitted`] of it).
#[derive(Debug, Default, PartialEq)]
pub struct MiniLog<'a> {
    pub instance_id: Option<Cow<'a, str>>,
    pub submission: Option<String>,
    pub messages: Vec<Msg<'a>>,
}

/// A text kept past the document it was borrowed from.
fn owned(s: Option<Cow<str>>) -> Option<Cow<'static, str>> {
    s.map(|s| Cow::Owned(s.into_owned()))
}

impl Msg<'_> {
    /// The message with its texts owned (an owned text is moved, a borrowed one copied).
    pub fn into_owned(self) -> Msg<'static> {
        Msg {
            role: self.role,
            content: owned(self.content),
            tool_call_id: owned(self.tool_call_id),
            tool_calls: self.tool_calls.into_iter().map(Call::into_owned).collect(),
            actions: self
                .actions
                .map(|a| a.into_iter().map(MiniAction::into_owned).collect()),
        }
    }
}

impl Call<'_> {
    /// [`Msg::into_owned`] of a call.
    pub fn into_owned(self) -> Call<'static> {
        Call {
            id: owned(self.id),
            name: owned(self.name),
            arguments: owned(self.arguments),
            params: self.params,
        }
    }
}

impl MiniAction<'_> {
    /// [`Msg::into_owned`] of an action.
    pub fn into_owned(self) -> MiniAction<'static> {
        MiniAction {
            command: owned(self.command),
            tool_call_id: owned(self.tool_call_id),
        }
    }
}

impl OpenHandsLog<'_> {
    /// [`Msg::into_owned`] of a log.
    pub fn into_owned(self) -> OpenHandsLog<'static> {
        OpenHandsLog {
            instance_id: owned(self.instance_id),
            messages: self.messages.into_iter().map(Msg::into_owned).collect(),
            last: self.last.map(Msg::into_owned),
        }
    }
}

impl MiniLog<'_> {
    /// [`Msg::into_owned`] of a log.
    pub fn into_owned(self) -> MiniLog<'static> {
        MiniLog {
            instance_id: owned(self.instance_id),
            submission: self.submission,
            messages: self.messages.into_iter().map(Msg::into_owned).collect(),
        }
    }
}

fn str_of<'a>(v: &'a Value, key: &str) -> Option<Cow<'a, str>> {
    v.get(key).and_then(Value::as_str).map(Cow::Borrowed)
}

impl<'a> Msg<'a> {
    /// The message as the importers read it from a `Value`.
    pub fn from_value(m: &'a Value) -> Msg<'a> {
        let calls = m.get("tool_calls").and_then(Value::as_array);
        Msg {
            role: Role::of(m.get("role").and_then(Value::as_str)),
            content: crate::openhands::content_str(m.get("content")),
            tool_call_id: str_of(m, "tool_call_id"),
            tool_calls: calls.map_or_else(Vec::new, |c| {
                c.iter()
                    .map(|call| Call {
                        id: str_of(call, "id"),
                        name: call
                            .pointer("/function/name")
                            .and_then(Value::as_str)
                            .map(Cow::Borrowed),
                        arguments: call
                            .pointer("/function/arguments")
                            .and_then(Value::as_str)
                            .map(Cow::Borrowed),
                        params: None,
                    })
                    .collect()
            }),
            actions: m
                .pointer("/extra/actions")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .map(|a| MiniAction {
                            command: str_of(a, "command"),
                            tool_call_id: str_of(a, "tool_call_id"),
                        })
                        .collect()
                }),
        }
    }
}

fn messages_of<'a>(v: Option<&'a Value>) -> Vec<Msg<'a>> {
    v.and_then(Value::as_array)
        .map_or_else(Vec::new, |m| m.iter().map(Msg::from_value).collect())
}

impl<'a> OpenHandsLog<'a> {
    /// The log as read from its `Value`.
    pub fn from_value(doc: &'a Value) -> OpenHandsLog<'a> {
        OpenHandsLog {
            instance_id: str_of(doc, "instance_id"),
            messages: messages_of(doc.get("fncall_messages").or_else(|| doc.get("messages"))),
            last: doc
                .pointer("/fncall_response/choices/0/message")
                .map(Msg::from_value),
        }
    }
}

impl<'a> MiniLog<'a> {
    /// The log as read from its `Value`.
    pub fn from_value(doc: &'a Value) -> MiniLog<'a> {
        MiniLog {
            instance_id: str_of(doc, "instance_id"),
            submission: crate::change::submitted(doc.pointer("/info/submission")),
            messages: messages_of(doc.get("messages")),
        }
    }
}
