//! OpenAI Codex CLI rollouts (`rollout-*.jsonl`: `session_meta`, `turn_context`, `response_item`,
//! `event_msg`). Reads are shell commands: `exec_command {cmd, workdir}` (unified exec; when the
//! process outlives `yield_time_ms` its output is `Process running with session ID N` and the
//! text arrives in later `write_stdin {session_id: N}` polls, which are gathered into the exec
//! call's output), or the legacy `shell {command: [bash, -lc, script]}` whose output is a JSON
//! string `{output, metadata}`. What counts is what the model saw (the `Output:` parts of those
//! results); `event_msg exec_command_end.aggregated_output` stands in only when the log has no
//! result for the call. Edits: `apply_patch`, replayed from `patch_apply_end.changes[path]`
//! (`unified_diff` with line numbers; `add` creates, `delete`/`move_path` make the file
//! unaligned). Task: `session_meta.id`; the repository root: `session_meta.cwd`.

use crate::format::Format;
use crate::replay::EditOp;
use crate::runs::{jsonl_objects, Runs};
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

pub(crate) fn build(text: &str, runs: &mut Runs) -> Result<(), String> {
    let (records, bad) = jsonl_objects(text);
    runs.bad_records(bad, "line(s) are not valid JSON records");
    let meta = records
        .iter()
        .find(|r| r.get("type").and_then(Value::as_str) == Some("session_meta"))
        .and_then(|r| r.get("payload"));
    let task = runs.task(meta.and_then(|m| m.get("id")).and_then(Value::as_str));
    let run = runs.run_id(Format::Codex, None);
    runs.run(&task, &run, |s| {
        let cwds = records.iter().filter_map(|r| {
            let ty = r.get("type").and_then(Value::as_str);
            matches!(ty, Some("session_meta" | "turn_context"))
                .then(|| r.pointer("/payload/cwd").and_then(Value::as_str))
                .flatten()
        });
        for (i, cwd) in cwds.enumerate() {
            s.roots.add(cwd);
            if i == 0 {
                s.cwd = cwd.to_string();
            }
        }
        import_records(&records, s);
    });
    Ok(())
}

fn payloads<'a>(records: &'a [Value], kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    records
        .iter()
        .filter(move |r| r.get("type").and_then(Value::as_str) == Some(kind))
        .filter_map(|r| r.get("payload"))
}

fn str_of<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

/// A unified-exec result (`Chunk ID`, `Wall time`, `Process …`, `Output:`), as opposed to a
/// message such as `write_stdin failed: stdin is closed …`.
fn is_chunk(out: &str) -> bool {
    out.starts_with("Chunk ID:") || out.starts_with("Wall time:")
}

/// The text after the unified-exec header (`Chunk ID`, `Wall time`, `Process …`, `Output:`),
/// without the cut header (see [`without_cut_header`]).
fn body(out: &str) -> &str {
    without_cut_header(output_part(out))
}

/// The text after the unified-exec header, a cut header kept: [`crate::display`] takes it off
/// and keeps its line count, which places the cut's tail when the text is this chunk alone.
fn output_part(out: &str) -> &str {
    if is_chunk(out) {
        if let Some(i) = out.find("Output:\n") {
            return &out[i + "Output:\n".len()..];
        }
        return out.strip_suffix("Output:").map_or("", |_| "");
    }
    out
}

/// An output Codex cut by tokens, without the header its truncation puts first:
/// `Total output lines: N` and a blank line (codex-rs `formatted_truncate_text`, 0.125 as its
/// rollouts show; later builds add a `Warning: truncated output (original token count: N)` line
/// before it). They are Codex's, not lines of the output; an output not cut is left as it is.
fn without_cut_header(text: &str) -> &str {
    match crate::display::codex_total(text) {
        Some((_, b)) if crate::display::is_cut(b) => b,
        _ => text,
    }
}

/// `Process running with session ID 48230` in an exec result: the session its text continues in.
fn running_session(out: &str) -> Option<u64> {
    let head = &out[..out.find("Output:").unwrap_or(out.len())];
    let i = head.find("Process running with session ID ")?;
    head[i + "Process running with session ID ".len()..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// A legacy `shell` result: a JSON string `{"output": …}`, else the text itself.
fn legacy_output(out: &str) -> String {
    serde_json::from_str::<Value>(out)
        .ok()
        .and_then(|v| v.get("output").and_then(Value::as_str).map(str::to_string))
        .unwrap_or_else(|| out.to_string())
}

/// Feeds Codex rollout records into `session`.
pub fn import_records(records: &[Value], session: &mut Session) {
    let items: Vec<&Value> = payloads(records, "response_item").collect();
    let mut outputs: HashMap<&str, String> = HashMap::new();
    for p in &items {
        let ty = str_of(p, "type");
        if ty == "function_call_output" || ty == "custom_tool_call_output" {
            let out = match p.get("output") {
                Some(Value::String(s)) => s.clone(),
                Some(v) => v
                    .get("content")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                None => String::new(),
            };
            outputs.insert(str_of(p, "call_id"), out);
        }
    }
    let mut ends: HashMap<&str, &Value> = HashMap::new();
    for p in payloads(records, "event_msg") {
        if matches!(str_of(p, "type"), "exec_command_end" | "patch_apply_end") {
            ends.insert(str_of(p, "call_id"), p);
        }
    }
    let calls: Vec<&Value> = items
        .iter()
        .copied()
        .filter(|p| {
            matches!(
                str_of(p, "type"),
                "function_call" | "custom_tool_call" | "local_shell_call"
            )
        })
        .collect();
    let args = |p: &Value| -> Option<Value> {
        match p.get("arguments") {
            Some(Value::String(s)) => serde_json::from_str(s).ok(),
            Some(v) => Some(v.clone()),
            None => p.get("action").cloned(),
        }
    };
    let mut polled: HashSet<&str> = HashSet::new();
    let mut step = 0u32;
    for (k, call) in calls.iter().enumerate() {
        let id = str_of(call, "call_id");
        let name = str_of(call, "name");
        if polled.contains(id) || name == "write_stdin" {
            continue;
        }
        let a = args(call);
        let mut cwd = None;
        let (op, output, command) = match (name, &a) {
            ("apply_patch", _) => {
                patch(session, call, ends.get(id).copied(), outputs.get(id), step);
                step += 1;
                continue;
            }
            ("exec_command", Some(a)) => {
                cwd = a.get("workdir").and_then(Value::as_str);
                let script = str_of(a, "cmd").to_string();
                let out = outputs.get(id).map(|o| {
                    // Its cut header stays while no poll follows (its count is this chunk's).
                    let mut text = output_part(o).to_string();
                    // Later polls of the same process carry the rest of what the model saw.
                    let mut session_id = running_session(o);
                    for later in &calls[k + 1..] {
                        let Some(sid) = session_id else { break };
                        let la = args(later);
                        if str_of(later, "name") != "write_stdin"
                            || la
                                .as_ref()
                                .and_then(|x| x.get("session_id"))
                                .and_then(Value::as_u64)
                                != Some(sid)
                        {
                            continue;
                        }
                        let lid = str_of(later, "call_id");
                        polled.insert(lid);
                        let lo = outputs.get(lid).map_or("", String::as_str);
                        if !is_chunk(lo) {
                            // `write_stdin failed: stdin is closed …`: the poll showed nothing of
                            // the process, which runs on; a later poll carries its text.
                            continue;
                        }
                        // The first chunk's cut header counts that chunk alone: off it comes
                        // (`without_cut_header` gives a suffix of the text: drop what precedes it).
                        let header = text.len() - without_cut_header(&text).len();
                        text.drain(..header);
                        text.push_str(body(lo));
                        session_id = running_session(lo).map(|_| sid);
                    }
                    text
                });
                let out = out.or_else(|| aggregated(ends.get(id)));
                (
                    Op::Bash {
                        script: script.clone(),
                    },
                    out,
                    script,
                )
            }
            ("shell" | "container.exec", Some(a)) | ("", Some(a)) => {
                cwd = a.get("workdir").and_then(Value::as_str);
                let script = shell_script(a.get("command"));
                let out = outputs
                    .get(id)
                    .map(|o| legacy_output(o))
                    .or_else(|| aggregated(ends.get(id)));
                (
                    Op::Bash {
                        script: script.clone(),
                    },
                    out,
                    script,
                )
            }
            ("update_plan", _) => (Op::Quiet, None, String::new()),
            (_, None) if name == "exec_command" || name == "shell" => (
                Op::Skip(Reason::Malformed),
                outputs.get(id).cloned(),
                str_of(call, "arguments").to_string(),
            ),
            _ => (
                Op::Skip(Reason::UnknownTool),
                outputs.get(id).cloned(),
                name.to_string(),
            ),
        };
        if let Some(dir) = cwd {
            session.cwd = dir.to_string();
        }
        session.apply(&Action {
            turn: step,
            step,
            tool: if name.is_empty() {
                "local_shell".into()
            } else {
                name.to_string()
            },
            command,
            op,
            output,
        });
        step += 1;
    }
}

fn aggregated(end: Option<&&Value>) -> Option<String> {
    end.and_then(|e| e.get("aggregated_output"))
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// `["bash", "-lc", "sed -n '1,160p' README.md"]` → the script; a bare argv is joined.
fn shell_script(cmd: Option<&Value>) -> String {
    let words: Vec<&str> = cmd
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    match words.as_slice() {
        [sh, flag, script] if sh.ends_with("sh") && flag.starts_with('-') && flag.contains('c') => {
            script.to_string()
        }
        _ => match cmd {
            Some(Value::String(s)) => s.clone(),
            _ => words.join(" "),
        },
    }
}

/// One `apply_patch`: an edit action per file it changed, replayed from `patch_apply_end`.
fn patch(
    session: &mut Session,
    call: &Value,
    end: Option<&Value>,
    out: Option<&String>,
    step: u32,
) {
    let input = call
        .get("input")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let act = |op: Op| Action {
        turn: step,
        step,
        tool: "apply_patch".into(),
        command: input.clone(),
        op,
        output: out.cloned().or_else(|| Some(String::new())),
    };
    let ok = end.is_some_and(|e| e.get("success").and_then(Value::as_bool) != Some(false));
    let changes = end
        .and_then(|e| e.get("changes"))
        .and_then(Value::as_object);
    let Some(changes) = changes.filter(|_| ok) else {
        let reason = if end.is_some() && !ok {
            Reason::ToolError
        } else {
            // No record of what was applied (no `patch_apply_end`, or one of a build whose
            // `PatchApplyEndEvent` had only `stdout`, `stderr` and `success`): the files it names
            // are unaligned from now on. The summary says which: with no end event, whether the
            // patch applied at all is unknown.
            let why = if end.is_none() {
                "the log has no patch_apply_end for it, so whether and how it applied is unknown"
            } else {
                "its patch_apply_end records no changes, so how it changed the file is unknown"
            };
            for path in patch_paths(&input) {
                session.apply(&act(Op::Edit {
                    path,
                    edit: EditOp::Opaque(why),
                    shows: None,
                }));
            }
            return;
        };
        session.apply(&act(Op::Skip(reason)));
        return;
    };
    for (path, ch) in changes {
        let edit = match (str_of(ch, "type"), ch.get("move_path")) {
            ("add", _) => EditOp::Create {
                text: str_of(ch, "content").to_string(),
            },
            ("update", None | Some(Value::Null)) => match hunks(str_of(ch, "unified_diff")) {
                Some(h) => EditOp::Hunks(h),
                None => EditOp::Opaque(NO_DIFF),
            },
            _ => EditOp::Opaque(NO_DIFF),
        };
        session.apply(&act(Op::Edit {
            path: path.clone(),
            edit,
            shows: None,
        }));
        // A move writes the file's text onto `move_path`: what is there is no longer that
        // path's base text (as `mv` onto a file in a shell command).
        if let Some(dest) = ch.get("move_path").and_then(Value::as_str) {
            session.apply(&act(Op::Edit {
                path: dest.to_string(),
                edit: EditOp::Opaque(
                    "a move onto the file whose text the log does not record, so how it changed the file is unknown",
                ),
                shows: None,
            }));
        }
    }
}

/// A change `patch_apply_end` records without hunks to replay (a delete, a move, a diff with
/// no `@@` header).
const NO_DIFF: &str =
    "its patch_apply_end records no diff hunks for the file, so how it changed the file is unknown";

/// The files an `apply_patch` input names (`*** Update File: p`, `*** Add File: p`, …).
fn patch_paths(input: &str) -> Vec<String> {
    input
        .lines()
        .filter_map(|l| {
            ["*** Update File: ", "*** Add File: ", "*** Delete File: "]
                .iter()
                .find_map(|p| l.strip_prefix(p))
        })
        .map(|p| p.trim().to_string())
        .collect()
}

/// `@@ -246,2 +246,16 @@` hunks of a unified diff: (old start, lines with their ' '/'-'/'+').
/// The start is where the hunk's first old line is; a hunk of no old line (`@@ -5,0 +6 @@`)
/// states the line it follows (the format's quirk), so it starts one further down.
fn hunks(diff: &str) -> Option<Vec<(u32, Vec<String>)>> {
    let mut out: Vec<(u32, Vec<String>)> = Vec::new();
    for line in diff.lines() {
        if line.starts_with("@@ -") {
            let (start, count, _, _) = readcov_patch::hunk_header(line)?;
            let start = if count == 0 {
                start.checked_add(1)?
            } else {
                start
            };
            out.push((start, Vec::new()));
        } else if let Some((_, lines)) = out.last_mut() {
            if line.starts_with([' ', '-', '+']) || line.is_empty() {
                lines.push(if line.is_empty() {
                    " ".to_string()
                } else {
                    line.to_string()
                });
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests;
