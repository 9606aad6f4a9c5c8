//! ATIF (Harbor's Agent Trajectory Interchange Format, v1.x) `trajectory.json`: `steps[]` with
//! `tool_calls[{tool_call_id, function_name, arguments}]` and `observation.results[{source_call_id,
//! content}]`. A result belongs to the call named by its `source_call_id`, else by its step's (or
//! its own) `extra.tool_call_id` (openclaw writes each result as a step of its own), else to the
//! call at the same position in the same step. ATIF does not normalise tool names: what a call
//! reads or edits comes from the data file `tools/atif.json` (agent → tool → kind and argument
//! names). A `raw` read (openclaw `read`) shows text without line numbers, from `offset`, cut by
//! `limit` (`[N more lines in file. Use offset=K to continue.]`) or by characters (`[... N more
//! characters truncated]`): only the lines shown count, the cut one included. Paths: ATIF names
//! no working directory, so `/workspace`, `/tmp_workspace`, `/app` and `/testbed` are checkout
//! roots and relative paths are repository paths.

use crate::format::Format;
use crate::numbered::Style;
use crate::openhands::{content_text, editor_op, trim_to_range};
use crate::replay::EditOp;
use crate::runs::{object_of, Runs};
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The tool mapping, compiled in (a test checks every entry names a known kind).
pub const TOOLS: &str = include_str!("../tools/atif.json");

fn tools() -> &'static Value {
    static T: OnceLock<Value> = OnceLock::new();
    T.get_or_init(|| serde_json::from_str(TOOLS).unwrap_or(Value::Null))
}

/// The mapping entry of `tool` for `agent` (an unlisted agent: the first table naming the tool).
pub fn entry(agent: &str, tool: &str) -> Option<&'static Map<String, Value>> {
    let agents = tools().get("agents")?.as_object()?;
    if let Some(e) = agents.get(agent).and_then(|a| a.get(tool)) {
        return e.as_object();
    }
    if agents.contains_key(agent) {
        return None;
    }
    agents.values().find_map(|a| a.get(tool)?.as_object())
}

pub(crate) fn build(text: &str, parsed: Option<Value>, runs: &mut Runs) -> Result<(), String> {
    let doc = object_of(Format::Atif, text, parsed)?;
    let task = runs.task(doc.get("session_id").and_then(Value::as_str));
    let run = runs.run_id(Format::Atif, None);
    runs.run(&task, &run, |s| {
        // ATIF names no working directory: the checkout roots Harbor's task images use
        // (`/testbed` is always one); relative paths stay relative to the repository.
        for root in HARBOR_ROOTS {
            s.roots.add(root);
        }
        import(&doc, s)
    });
    Ok(())
}

/// Where Harbor tasks keep the files an agent works on.
pub const HARBOR_ROOTS: [&str; 3] = ["/workspace", "/tmp_workspace", "/app"];

struct Call<'a> {
    turn: u32,
    id: &'a str,
    name: &'a str,
    args: &'a Value,
    /// The emitter left the arguments or the result out (OpenTelemetry spans without content
    /// capture): nothing can be known of what the call read.
    not_captured: bool,
}

/// Feeds an ATIF trajectory into `session`.
pub fn import(doc: &Value, session: &mut Session) {
    let agent = doc
        .pointer("/agent/name")
        .and_then(Value::as_str)
        .unwrap_or("");
    let steps = doc
        .get("steps")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let mut calls: Vec<Call> = Vec::new();
    let mut results: HashMap<String, String> = HashMap::new();
    for (turn, st) in steps.iter().enumerate() {
        let turn = u32::try_from(turn).unwrap_or(u32::MAX);
        let first = calls.len();
        for c in st
            .get("tool_calls")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice)
        {
            calls.push(Call {
                turn,
                id: c.get("tool_call_id").and_then(Value::as_str).unwrap_or(""),
                name: c.get("function_name").and_then(Value::as_str).unwrap_or(""),
                args: c.get("arguments").unwrap_or(&Value::Null),
                not_captured: c.pointer("/extra/not_captured").and_then(Value::as_bool)
                    == Some(true),
            });
        }
        let rs = st.pointer("/observation/results").and_then(Value::as_array);
        let mut unnamed = Vec::new();
        for r in rs.map_or(&[][..], Vec::as_slice) {
            let id = named(r.get("source_call_id"))
                .or_else(|| named(r.pointer("/extra/tool_call_id")))
                .or_else(|| named(st.pointer("/extra/tool_call_id")));
            let text = content_text(r.get("content")).unwrap_or_default();
            let failed = r.pointer("/extra/isError").and_then(Value::as_bool) == Some(true)
                || st.pointer("/extra/isError").and_then(Value::as_bool) == Some(true);
            let text = if failed {
                format!("ERROR: {text}")
            } else {
                text
            };
            match id {
                Some(id) => {
                    results.entry(id.to_string()).or_insert(text);
                }
                None => unnamed.push(text),
            }
        }
        // Results naming no call go, in order, to this step's calls that have none yet.
        let mut open = calls[first..]
            .iter()
            .filter(|c| !results.contains_key(c.id));
        let pairs: Vec<(String, String)> = unnamed
            .into_iter()
            .filter_map(|t| open.next().map(|c| (c.id.to_string(), t)))
            .collect();
        results.extend(pairs);
    }
    for (step, c) in calls.iter().enumerate() {
        let step = u32::try_from(step).unwrap_or(u32::MAX);
        let output = results.get(c.id).cloned();
        for (op, out) in ops(agent, c, output) {
            session.apply(&Action {
                turn: c.turn,
                step,
                tool: c.name.to_string(),
                command: c.args.to_string(),
                op,
                output: out,
            });
        }
    }
}

fn named(v: Option<&Value>) -> Option<&str> {
    v.and_then(Value::as_str).filter(|s| !s.is_empty())
}

fn arg<'a>(args: &'a Value, e: &Map<String, Value>, key: &str) -> Option<&'a Value> {
    args.get(e.get(key)?.as_str()?)
}

fn arg_str(args: &Value, e: &Map<String, Value>, key: &str) -> Option<String> {
    arg(args, e, key)
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// The actions one call stands for (several edits of one call are applied in turn).
fn ops(agent: &str, c: &Call, output: Option<String>) -> Vec<(Op, Option<String>)> {
    if c.not_captured {
        return vec![(Op::Skip(Reason::NotCaptured), output)];
    }
    let Some(e) = entry(agent, c.name) else {
        return vec![(Op::Skip(Reason::UnknownTool), output)];
    };
    let failed = output.as_deref().is_some_and(|o| o.starts_with("ERROR: "));
    let kind = e.get("kind").and_then(Value::as_str).unwrap_or("other");
    let path = arg_str(c.args, e, "path");
    if failed && kind != "quiet" {
        return vec![(Op::Skip(Reason::ToolError), output)];
    }
    let one = |op: Op| vec![(op, output.clone())];
    match (kind, path) {
        ("quiet", _) => one(Op::Quiet),
        ("bash", _) => one(Op::Bash {
            script: script(arg(c.args, e, "command")),
        }),
        ("editor", _) => match c.args.as_object() {
            Some(a) => {
                let op = editor_op(a, output.as_deref());
                let out = output
                    .as_deref()
                    .map(|o| trim_to_range(o, a.get("view_range")));
                vec![(op, out)]
            }
            None => one(Op::Skip(Reason::Malformed)),
        },
        ("read", Some(path)) => {
            let style = match e.get("output").and_then(Value::as_str) {
                // Claude Code's `Read` numbers `    12→text` up to 2.1.85 and `12\ttext` since
                // 2.1.86: a Harbor trajectory of a newer run shows the compact form (before
                // session 40 it was taken as arrow lines and showed none).
                Some("arrow") => crate::claude_code::read_style(output.as_deref()),
                Some("catn") => Style::CatN,
                _ => {
                    let from = arg(c.args, e, "offset")
                        .and_then(Value::as_u64)
                        .unwrap_or(1);
                    let from = u32::try_from(from.max(1)).unwrap_or(u32::MAX);
                    let out = output.as_deref().map(|o| number_raw(o, from));
                    let op = Op::View {
                        path,
                        style: Style::Arrow,
                        total: None,
                    };
                    return vec![(op, out)];
                }
            };
            one(Op::View {
                path,
                style,
                total: None,
            })
        }
        ("write", Some(path)) => one(Op::Edit {
            path,
            edit: EditOp::Create {
                text: arg_str(c.args, e, "content").unwrap_or_default(),
            },
            shows: None,
        }),
        ("edit", Some(path)) => {
            let pairs: Vec<(Option<String>, Option<String>)> =
                match arg(c.args, e, "edits").and_then(Value::as_array) {
                    Some(list) => list
                        .iter()
                        .map(|x| (arg_str(x, e, "old"), arg_str(x, e, "new")))
                        .collect(),
                    None => vec![(arg_str(c.args, e, "old"), arg_str(c.args, e, "new"))],
                };
            pairs
                .into_iter()
                .map(|p| match p {
                    (Some(old), new) => (
                        Op::Edit {
                            path: path.clone(),
                            edit: EditOp::StrReplace {
                                old,
                                new: new.unwrap_or_default(),
                            },
                            shows: None,
                        },
                        output.clone(),
                    ),
                    _ => (Op::Skip(Reason::Malformed), output.clone()),
                })
                .collect()
        }
        ("read" | "write" | "edit", None) => one(Op::Skip(Reason::Malformed)),
        _ => one(Op::Skip(Reason::UnknownCommand)),
    }
}

/// A command argument: a script string, or an argv (`[bash, -lc, script]`: the script).
fn script(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => a.last().and_then(Value::as_str).unwrap_or("").to_string(),
        _ => String::new(),
    }
}

/// Raw text shown from line `from` as `N→text` lines. The tool's trailer is dropped: `[N more
/// lines in file. …]` (after a blank line) ends the window; `[... N more characters truncated]`
/// cuts the last line, which counts as shown up to the cut (marked clipped so only its start must
/// match the file).
pub fn number_raw(text: &str, from: u32) -> String {
    let mut body = text;
    let mut cut = false;
    if let Some(i) = body
        .rfind("[... ")
        .filter(|i| body[*i..].trim_end().ends_with("characters truncated]"))
    {
        body = &body[..i];
        cut = true;
    } else if let Some(i) = body
        .rfind("\n\n[")
        .filter(|i| body[*i..].contains(" more lines in file."))
    {
        body = &body[..i];
    }
    if body.is_empty() {
        return String::new();
    }
    let body = body.strip_suffix('\n').filter(|_| !cut).unwrap_or(body);
    let lines: Vec<&str> = body.split('\n').collect();
    let last = lines.len() - 1;
    let mut out = String::new();
    for (k, l) in lines.iter().enumerate() {
        let n = u64::from(from) + k as u64;
        let l = l.strip_suffix('\r').unwrap_or(l);
        let clip = if cut && k == last {
            "<response clipped>"
        } else {
            ""
        };
        out.push_str(&format!("{n:>6}\u{2192}{l}{clip}\n"));
    }
    out
}

#[cfg(test)]
mod tests;
