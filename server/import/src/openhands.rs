//! OpenHands (CodeAct) trajectories: `fncall_messages` in OpenAI tool-call form, each tool result in
//! a `tool` message naming its `tool_call_id`. Reads: `str_replace_editor view` (numbered `cat -n`
//! output; directory views are not reads) and `execute_bash`; edits: `create`, `str_replace`,
//! `insert`, `undo_edit`. The bash shell persists and reports its cwd after every command.

use crate::doc::{Msg, OpenHandsLog, Role};
use crate::numbered::Style;
use crate::replay::EditOp;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;

pub(crate) mod args;
pub(crate) mod trim;

pub(crate) use trim::{strip_trailer, trim_to_end, trim_to_range};

/// Text of a message `content`: a string, or a list of `{type: text, text}` parts.
pub fn content_text(v: Option<&Value>) -> Option<String> {
    content_str(v).map(Cow::into_owned)
}

/// [`content_text`] borrowed from the message when it is one string (tool results are the
/// largest texts of a log: copied once, into the action, not on every look).
pub fn content_str(v: Option<&Value>) -> Option<Cow<'_, str>> {
    match v? {
        Value::String(s) => Some(Cow::Borrowed(s)),
        Value::Array(parts) => Some(Cow::Owned(
            parts
                .iter()
                .filter_map(|p| p.get("text").and_then(Value::as_str).or_else(|| p.as_str()))
                .collect::<Vec<_>>()
                .join(""),
        )),
        _ => None,
    }
}

/// The repository root named in `<uploaded_files>` (the first user message).
fn uploaded_root(messages: &[Msg]) -> Option<String> {
    messages.iter().take(4).find_map(|m| {
        let text = m.content.as_deref()?;
        let s = text.find("<uploaded_files>")? + "<uploaded_files>".len();
        let e = s + text[s..].find("</uploaded_files>")?;
        text[s..e]
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with('/'))
            .map(str::to_string)
    })
}

/// Whether an editor output opens with the tool's directory-listing header (`Here's the files and
/// directories up to 2 levels deep in /x, excluding hidden items:`). Only the first line counts:
/// a file whose text says "files and directories" is still a file.
pub fn listing_header(out: &str) -> bool {
    let first = out.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let first = first.trim_start();
    [
        "Here's the files and directories",
        "Here are the files and directories",
    ]
    .iter()
    .any(|h| first.starts_with(h))
}

pub(crate) fn editor_op(args: &Map<String, Value>, out: Option<&str>) -> Op {
    editor_op_of(args::Args::of_map(args), out)
}

/// [`editor_op`] of the arguments' fields (moved into the op, not copied).
pub(crate) fn editor_op_of(args: args::Args, out: Option<&str>) -> Op {
    let Some(path) = args.path else {
        return Op::Skip(Reason::Malformed);
    };
    let failed = out.is_some_and(|o| o.trim_start().starts_with("ERROR"));
    let cmd = args.command.as_deref().unwrap_or("");
    if failed {
        return Op::Skip(Reason::ToolError);
    }
    // The snippet after `str_replace`/`insert` is numbered from where the match starts, one line
    // off when `old_str` starts mid-line: not a trustworthy read. `undo_edit` shows the whole file.
    let edit = |path, edit| Op::Edit {
        path,
        edit,
        shows: None,
    };
    match cmd {
        "view" if out.is_some_and(listing_header) => Op::Listing {
            path,
            style: Style::CatN,
        },
        "view" => Op::View {
            path,
            style: Style::CatN,
            total: None,
        },
        "create" => edit(
            path,
            EditOp::Create {
                text: args.file_text.unwrap_or_default(),
            },
        ),
        "str_replace" => match args.old_str {
            Some(old) => edit(
                path,
                EditOp::StrReplace {
                    old,
                    new: args.new_str.unwrap_or_default(),
                },
            ),
            None => Op::Skip(Reason::Malformed),
        },
        "insert" => match args.insert_line.and_then(|n| u32::try_from(n).ok()) {
            Some(after) => edit(
                path,
                EditOp::Insert {
                    after,
                    text: args.new_str.unwrap_or_default(),
                },
            ),
            None => Op::Skip(Reason::Malformed),
        },
        "undo_edit" => Op::Edit {
            path,
            edit: EditOp::Undo,
            shows: Some(Style::CatN),
        },
        _ => Op::Skip(Reason::UnknownCommand),
    }
}

/// Feeds an OpenHands trajectory object into `session`.
pub fn import(doc: &Value, session: &mut Session) {
    import_log(&OpenHandsLog::from_value(doc), session);
}

/// [`import`] of the log as read (typed, or from its `Value`).
pub(crate) fn import_log(log: &OpenHandsLog, session: &mut Session) {
    let messages = log.messages.as_slice();
    if let Some(root) = uploaded_root(messages) {
        session.roots.add(&root);
    }
    session.cwd = "/workspace".to_string();
    let mut results: HashMap<&str, Option<&str>> = HashMap::new();
    for m in messages {
        if m.role == Role::Tool {
            if let Some(id) = m.tool_call_id.as_deref() {
                results.insert(id, m.content.as_deref());
            }
        }
    }
    let mut assistants: Vec<&Msg> = messages
        .iter()
        .filter(|m| m.role == Role::Assistant)
        .collect();
    // The final response may carry one more tool call, which never got a result.
    assistants.extend(log.last.as_ref());
    let mut step = 0u32;
    for (turn, m) in assistants.into_iter().enumerate() {
        for call in &m.tool_calls {
            let name = call.name.as_deref().unwrap_or("").to_string();
            let raw_args = call.arguments.as_deref().unwrap_or("");
            let id = call.id.as_deref().unwrap_or("");
            let output: Option<&str> = results.get(id).copied().flatten();
            // The fields used, not a `Map` of every value (`args::Args`); a call made from
            // parameters (chat rows' function text) has its map already.
            let args = match &call.params {
                Some(p) => Some(args::Args::of_map(p)),
                None => args::Args::parse(raw_args),
            };
            let mut new_cwd = None;
            let (op, output, command) = match (name.as_str(), args) {
                (_, None) => (
                    Op::Skip(Reason::Malformed),
                    output.map(Cow::Borrowed),
                    raw_args.to_string(),
                ),
                // SWE-agent 1.x (SWE-smith) names the same shell tool `bash`.
                ("execute_bash" | "bash", Some(a)) => {
                    let script = a.command.unwrap_or_default();
                    let output = output.map(|o| {
                        let (body, cwd) = strip_trailer(o);
                        new_cwd = cwd;
                        body
                    });
                    (
                        Op::Bash {
                            script: script.clone(),
                        },
                        output,
                        script,
                    )
                }
                ("str_replace_editor", Some(a)) => {
                    let end = a.view_end;
                    let op = editor_op_of(a, output);
                    let output = output.map(|o| trim_to_end(o, end));
                    (op, output, raw_args.to_string())
                }
                ("think" | "finish" | "submit" | "task_tracker", _) => {
                    (Op::Quiet, output.map(Cow::Borrowed), raw_args.to_string())
                }
                (_, Some(_)) => (
                    Op::Skip(Reason::UnknownTool),
                    output.map(Cow::Borrowed),
                    raw_args.to_string(),
                ),
            };
            // The output is lent, not moved into the action: most are the row's own text.
            session.apply_output_then_cd(
                &Action {
                    turn: u32::try_from(turn).unwrap_or(u32::MAX),
                    step,
                    tool: name,
                    command,
                    op,
                    output: None,
                },
                output.as_deref(),
                new_cwd,
            );
            step += 1;
        }
    }
}
