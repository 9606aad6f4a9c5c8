//! AutoCodeRover (`autocoderover`): the message threads it writes per task
//! (`conversation_round_N.json`, and `debug_agent_write_patch_N.json`, which holds the whole
//! conversation up to and after the patch), JSON arrays of `{role, content}`. The model calls
//! search APIs by name (`search_class`, `search_method_in_file`, `search_code`, …); AutoCodeRover
//! answers in a user message, `Result of CALL:` then the code it found as `<file>F</file> …
//! <code>…</code>`, without line numbers: each block is placed in the file by its text (needs the
//! file: `--workspace`). The code it shows of the bug locations before the patch is read too. The
//! patch reply's `<original>`/`<patched>` edits are replayed where AutoCodeRover says it extracted
//! the patch.

mod blocks;
pub mod folder;
mod place;

use crate::format::Format;
use crate::replay::EditOp;
use crate::runs::Runs;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use blocks::{Shows, BUG_LOCATIONS};

/// The answer to a search API call.
const SEARCH_RESULT: &str = "Result of search_";
use serde_json::Value;

/// Whether `v` is an AutoCodeRover message thread: an array of `{role, content}` messages opened
/// by a system message, with a search result, the bug-location code, or AutoCodeRover's own
/// system prompt.
pub fn is_thread(v: &Value) -> bool {
    let Some(items) = v.as_array() else {
        return false;
    };
    fn text(m: &Value) -> Option<&str> {
        m.get("content").and_then(Value::as_str)
    }
    fn role(m: &Value) -> Option<&str> {
        m.get("role").and_then(Value::as_str)
    }
    let messages = items.iter().all(|m| role(m).is_some() && text(m).is_some());
    let ours = items.iter().any(|m| {
        let t = text(m).unwrap_or("");
        (role(m) == Some("user") && (t.starts_with(SEARCH_RESULT) || t.starts_with(BUG_LOCATIONS)))
            || (role(m) == Some("system") && t.contains("invoke a few search API calls"))
    });
    messages && items.first().and_then(role) == Some("system") && ours
}

pub(crate) fn build(text: &str, parsed: Option<Value>, runs: &mut Runs) -> Result<(), String> {
    let doc = match parsed {
        Some(v) => v,
        None => serde_json::from_str::<Value>(text).map_err(|e| format!("invalid JSON: {e}"))?,
    };
    if !is_thread(&doc) {
        return Err("autocoderover: not a message thread (a JSON array of {role, content} messages with AutoCodeRover's search results)".into());
    }
    let messages: Vec<(&str, &str)> = doc
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| Some((m.get("role")?.as_str()?, m.get("content")?.as_str()?)))
                .collect()
        })
        .unwrap_or_default();
    let task = runs.task(task_of(runs.name).as_deref());
    let stem = crate::runs::stem(runs.name);
    let run = runs.run_id(Format::AutoCodeRover, Some(&stem));
    runs.run(&task, &run, |s| import(&messages, s));
    Ok(())
}

/// The task of a thread in AutoCodeRover's output folder `<instance_id>_<YYYY-MM-DD_HH-MM-SS>/`.
pub fn task_of(name: &str) -> Option<String> {
    let mut parts = name.rsplit(['/', '\\']);
    parts.next()?;
    let folder = parts.next()?;
    let cut = folder.len().checked_sub(20)?;
    let (id, stamp) = (folder.get(..cut)?, folder.get(cut..)?);
    let b = stamp.as_bytes();
    let shape = "_dddd-dd-dd_dd-dd-dd".as_bytes();
    let ok = b.len() == shape.len()
        && b.iter().zip(shape).all(|(c, s)| match s {
            b'd' => c.is_ascii_digit(),
            _ => c == s,
        });
    (ok && !id.is_empty()).then(|| id.to_string())
}

/// The result of a patch attempt, in the user message after it (`agent_write_patch.py`).
fn extracted(next: Option<&str>) -> bool {
    next.is_some_and(|t| {
        t.starts_with("Extracted a patch") || t.starts_with("Written a patch that resolves")
    })
}

fn import(messages: &[(&str, &str)], s: &mut Session) {
    s.cwd = "/testbed".to_string();
    // AutoCodeRover cleans the repository before each patch attempt: only the last one it
    // extracted is on the files at the end.
    let last_extracted = (0..messages.len())
        .filter(|&i| messages[i].0 == "assistant" && extracted(user_after(messages, i)))
        .filter(|&i| !blocks::edits(messages[i].1).is_empty())
        .max();
    let mut step = 0u32;
    let mut turn = 0u32;
    for (i, &(role, content)) in messages.iter().enumerate() {
        if role == "assistant" {
            turn = u32::try_from(i).unwrap_or(u32::MAX);
            let edits = blocks::edits(content);
            for e in &edits {
                let op = if Some(i) == last_extracted {
                    edit_op(s, e)
                } else {
                    Op::Skip(Reason::ToolError)
                };
                s.apply(&Action {
                    turn,
                    step,
                    tool: "write_patch".into(),
                    command: format!("{}: <original>/<patched>", e.file),
                    op,
                    output: Some(String::new()),
                });
                step += 1;
            }
            continue;
        }
        if role != "user" {
            continue;
        }
        for c in blocks::calls(content) {
            let op = read_op(s, &c);
            let tool = c.call.split('(').next().unwrap_or(c.call).trim();
            s.apply(&Action {
                turn,
                step,
                tool: tool.replace(' ', "_"),
                command: c.call.to_string(),
                op,
                output: Some(c.output.to_string()),
            });
            step += 1;
        }
    }
}

/// The user message right after message `i` (the result of a patch attempt).
fn user_after<'a>(messages: &[(&str, &'a str)], i: usize) -> Option<&'a str> {
    messages.get(i + 1).filter(|m| m.0 == "user").map(|m| m.1)
}

/// The current text of `path`, as written (`None`: not known — no workspace, a write lost it).
fn current(s: &mut Session, path: &str) -> Result<(crate::session::Key, Vec<String>), Reason> {
    let cwd = s.cwd.clone();
    let key = s.locate(path, &cwd)?;
    let (in_ws, st) = s.state(&key);
    if !*in_ws || st.is_dirty() {
        return Err(Reason::NoLineNumbers);
    }
    let len = st.current_len().ok_or(Reason::NoLineNumbers)?;
    let lines = (1..=len)
        .map(|n| st.text_at(n).map(str::to_string))
        .collect::<Option<Vec<String>>>()
        .ok_or(Reason::NoLineNumbers)?;
    Ok((key, lines))
}

/// The read of one tool output: each `<code>` block placed in its file and handed on as the
/// numbered lines it shows (a view, so the text is checked against the file as replayed).
fn read_op(s: &mut Session, c: &blocks::Call) -> Op {
    let snippets = match blocks::shows(c.output) {
        Shows::Code(v) => v,
        Shows::NotFound => return Op::Skip(Reason::ToolError),
        Shows::NamesOnly => return Op::Skip(Reason::NoLineNumbers),
    };
    let mut parts = Vec::new();
    for sn in snippets {
        let lines = blocks::code_lines(sn.code);
        if let Some(numbered) = blocks::numbered(&lines) {
            // v2 shows the numbers: read by them (the text is still checked against the file).
            let mut out = String::new();
            for (n, t) in numbered {
                out.push_str(&format!("{n:>6}\t{t}\n"));
            }
            parts.push((view(sn.file), out));
            continue;
        }
        let shown = lines;
        let placed = current(s, sn.file).and_then(|(_, file)| {
            let keys: Vec<String> = file.iter().map(|l| crate::display::normalize(l)).collect();
            place::place(&keys, &shown)
        });
        parts.push(match placed {
            Ok(lines) => {
                let mut out = String::new();
                for (n, t) in lines.iter().zip(&shown) {
                    out.push_str(&format!("{n:>6}\t{t}\n"));
                }
                (view(sn.file), out)
            }
            Err(r) => (Op::Skip(r), String::new()),
        });
    }
    // A view carries the numbered lines made for it: it runs as a part of its own.
    match parts.as_slice() {
        [(Op::Skip(r), _)] => Op::Skip(*r),
        _ => Op::Seq(parts),
    }
}

/// A view of `path` whose output the reader numbered (`{n:>6}\t{text}`).
fn view(path: &str) -> Op {
    Op::View {
        path: path.to_string(),
        style: crate::numbered::Style::CatN,
        total: None,
    }
}

/// An edit of the attempt AutoCodeRover extracted: the region `apply_edit` matches, replaced by
/// the patched lines. Without the file's text it is a replacement of the original text, which
/// the replay lists as not replayed (no base, or not found).
fn edit_op(s: &mut Session, e: &blocks::Edit) -> Op {
    // A file the workspace lacks is left to the replay, as every format's edit of one is.
    let lines = current(s, &e.file).map(|(_, l)| l).unwrap_or_default();
    let edit = match place::edit_region(&lines, &e.original) {
        Some((start, end)) => EditOp::Lines {
            start,
            end,
            text: place::edit_text(&lines[start as usize - 1], &e.original, &e.patched),
        },
        None => EditOp::StrReplace {
            old: e.original.clone(),
            new: e.patched.clone(),
        },
    };
    Op::Edit {
        path: e.file.clone(),
        edit,
        shows: None,
    }
}

#[cfg(test)]
mod tests;
