//! A chat row as the chat layer reads it ([`Row`]): the fields that name its task, run, outcome
//! and patch, and its messages. It is borrowed from a `serde_json::Value` ([`Row::from_value`]),
//! or read from the row's text by a typed parse ([`typed`]) that keeps only these fields and
//! skips the rest — a tool schema list, `eval_logs`, most of `test_result`, each message's
//! `system_prompt` — without building it (building the row's `Value` and dropping it was a third
//! of an import's instructions). Skipped values go through `doc::de`'s checking skip, as a
//! `Value` would check them, so the typed parse accepts exactly the rows a `Value` accepts; a row
//! it refuses (not an object, bad JSON) is read as a `Value`, which says why (tests:
//! `typed_rows_read_as_the_value`, `typed_parse_refuses_what_the_value_refuses`).

#[cfg(test)]
pub(super) mod tests;
mod typed;

use crate::doc::{Call, MiniAction};
use serde_json::Value;
use std::borrow::Cow;

pub(crate) use typed::typed;

/// The run-name fields, in the order the first non-empty one names the run.
pub(crate) const NAME_FIELDS: [&str; 6] = [
    "/run_id",
    "/model_name",
    "/model",
    "/agent",
    "/agent_name",
    "/info/config/model/model_name",
];

/// The fields that tell runs of one task apart.
pub(crate) const TRAJ_FIELDS: [&str; 2] = ["/traj_id", "/trajectory_id"];

/// The outcome fields, in the order the first one holding a boolean or number says it.
pub(crate) const OUTCOME_FIELDS: [&str; 4] = [
    "/resolved",
    "/target",
    "/reward",
    "/test_result/report/resolved",
];

/// The patch fields, in the order [`super::final_patch`] reads them.
pub(crate) const PATCH_FIELDS: [&str; 5] = [
    "/test_result/git_patch",
    "/patch",
    "/generated_patch",
    "/model_patch",
    "/info/submission",
];

/// The keys a row's message list may have, in the order the first array among them counts.
pub(crate) const LIST_KEYS: [&str; 3] = ["messages", "trajectory", "fncall_messages"];

/// A patch field's value, as far as `change::submitted` and `final_patch` tell values apart.
#[derive(Debug, PartialEq)]
pub(crate) enum Patch<'a> {
    Str(Cow<'a, str>),
    Null,
    Other,
}

/// A chat row: each field as `Value::pointer(..)` and `as_str` / `as_array` gave it.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Row<'a> {
    /// `instance_id`, when a string.
    pub instance_id: Option<Cow<'a, str>>,
    /// [`NAME_FIELDS`], each when a string.
    pub names: [Option<Cow<'a, str>>; 6],
    /// [`TRAJ_FIELDS`], each when a string.
    pub trajs: [Option<Cow<'a, str>>; 2],
    /// [`OUTCOME_FIELDS`]: a boolean, or a number (1 or more: true); `None` for other values.
    pub outcomes: [Option<bool>; 4],
    /// [`PATCH_FIELDS`], each when present.
    pub patches: [Option<Patch<'a>>; 5],
    /// `trajectory_format`, when a string.
    pub trajectory_format: Option<Cow<'a, str>>,
    /// [`LIST_KEYS`], each when an array.
    pub lists: [Option<Vec<ChatMsg<'a>>>; 3],
}

/// One message, as the chat layer reads it.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct ChatMsg<'a> {
    /// `role`, when a string.
    pub role: Option<Cow<'a, str>>,
    /// [`crate::openhands::content_str`] of `content`.
    pub content: Option<Cow<'a, str>>,
    /// nebius's `text`, when a string.
    pub text: Option<Cow<'a, str>>,
    pub tool_call_id: Option<Cow<'a, str>>,
    /// `tool_calls`, when an array.
    pub tool_calls: Option<Vec<Call<'a>>>,
    /// mini-swe-agent's `extra.actions`: `Some` when present, holding its items when an array.
    pub actions: Option<Option<Vec<MiniAction<'a>>>>,
}

fn str_at<'v>(v: &'v Value, path: &str) -> Option<Cow<'v, str>> {
    super::at(v, path)
        .and_then(Value::as_str)
        .map(Cow::Borrowed)
}

fn flag(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => n.as_f64().map(|x| x >= 1.0),
        _ => None,
    }
}

impl<'a> Patch<'a> {
    fn of(v: &'a Value) -> Patch<'a> {
        match v {
            Value::String(s) => Patch::Str(Cow::Borrowed(s)),
            Value::Null => Patch::Null,
            _ => Patch::Other,
        }
    }
}

impl<'a> Row<'a> {
    /// The row read from its `Value` (an object; any other value reads as an empty row).
    pub(crate) fn from_value(v: &'a Value) -> Row<'a> {
        Row {
            instance_id: str_at(v, "/instance_id"),
            names: NAME_FIELDS.map(|p| str_at(v, p)),
            trajs: TRAJ_FIELDS.map(|p| str_at(v, p)),
            outcomes: OUTCOME_FIELDS.map(|p| super::at(v, p).and_then(flag)),
            patches: PATCH_FIELDS.map(|p| super::at(v, p).map(Patch::of)),
            trajectory_format: str_at(v, "/trajectory_format"),
            lists: LIST_KEYS.map(|k| {
                v.get(k)
                    .and_then(Value::as_array)
                    .map(|a| a.iter().map(ChatMsg::from_value).collect())
            }),
        }
    }
}

impl<'a> ChatMsg<'a> {
    /// The message read from its `Value`.
    pub(crate) fn from_value(m: &'a Value) -> ChatMsg<'a> {
        let calls = m.get("tool_calls").and_then(Value::as_array);
        ChatMsg {
            role: str_at(m, "/role"),
            content: crate::openhands::content_str(m.get("content")),
            text: str_at(m, "/text"),
            tool_call_id: str_at(m, "/tool_call_id"),
            tool_calls: calls.map(|c| {
                c.iter()
                    .map(|call| Call {
                        id: str_at(call, "/id"),
                        name: str_at(call, "/function/name"),
                        arguments: str_at(call, "/function/arguments"),
                        params: None,
                    })
                    .collect()
            }),
            actions: super::at(m, "/extra/actions").map(|a| {
                a.as_array().map(|a| {
                    a.iter()
                        .map(|a| MiniAction {
                            command: str_at(a, "/command"),
                            tool_call_id: str_at(a, "/tool_call_id"),
                        })
                        .collect()
                })
            }),
        }
    }
}
