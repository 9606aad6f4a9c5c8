//! Claude Code JSONL transcripts: one record per line; assistant records carry `tool_use` blocks,
//! user records the matching `tool_result` (and a structured `toolUseResult`). Reads: `Read`
//! (numbered `    12→text` output, `12\ttext` since 2.1.86; `offset`/`limit` show in the numbers),
//! `Grep` in content mode with
//! line numbers, `Bash`. Edits: `Edit`/`MultiEdit` (replayed from `structuredPatch`), `Write`.
//! The repository root is the transcript's `cwd`. A `Read`'s window is `toolUseResult.file`
//! (`startLine`, `numLines`); `is_error` results read nothing; a `<persisted-output>` stub only its preview.

use crate::format::Format;
use crate::numbered::Style;
use crate::openhands::content_text;
use crate::replay::EditOp;
use crate::runs::{jsonl_objects, Runs};
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use serde_json::Value;
use std::collections::HashMap;

fn hunks(patch: &Value) -> Option<Vec<(u32, Vec<String>)>> {
    patch
        .as_array()?
        .iter()
        .map(|h| {
            let start = u32::try_from(h.get("oldStart")?.as_u64()?).ok()?;
            let lines = h
                .get("lines")?
                .as_array()?
                .iter()
                .map(|l| l.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()?;
            Some((start, lines))
        })
        .collect()
}

fn looks_like_file(p: &str) -> bool {
    p.rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.') && !last.starts_with('.'))
}

/// Whether a content-mode `Grep` searched one file. ripgrep names no path when it searches one
/// file (`12:text`, `12-text`) and always does for a directory (`src/a.ts:12:text`), so the
/// output decides: every line path-less, one of them a match. An output with no line (no match,
/// an error) falls back on the path's look (a last component with an extension). Before session
/// 29 the look alone decided: a `Grep` of `Makefile` or `Dockerfile` read nothing, and one of a
/// directory named `v1.2` nothing either.
fn searched_one_file(path: &str, output: Option<&str>) -> bool {
    let shown = output.map(crate::display::displayed);
    let mut lines = shown
        .iter()
        .flat_map(|d| d.lines())
        .filter(|(l, part)| *part != crate::display::Part::Suffix && !l.is_empty() && *l != "--")
        .map(|(l, _)| l)
        .peekable();
    if lines.peek().is_none() {
        return looks_like_file(path);
    }
    let mut a_match = false;
    for l in lines {
        let digits = l.bytes().take_while(u8::is_ascii_digit).count();
        match l.as_bytes().get(digits) {
            Some(b':') if digits > 0 => a_match = true,
            Some(b'-') if digits > 0 => {}
            _ => return false,
        }
    }
    a_match
}

fn op_for(name: &str, input: &Value, result: Option<&Value>, output: Option<&str>) -> Op {
    let s = |k: &str| input.get(k).and_then(Value::as_str).map(str::to_string);
    let failed = output.is_some_and(|o| o.contains("<tool_use_error>"));
    if failed {
        return Op::Skip(Reason::ToolError);
    }
    match name {
        "Read" => match s("file_path") {
            Some(path) => {
                let total = result
                    .and_then(|r| r.pointer("/file/totalLines"))
                    .and_then(Value::as_u64)
                    // Saturating: a hostile `startLine: 0, numLines: 1, totalLines: 0` reaches it too.
                    .map(|t| t.saturating_sub(u64::from(result.is_some_and(reaches_phantom_line))));
                Op::View {
                    path,
                    style: read_style(output),
                    total: total.and_then(|n| u32::try_from(n).ok()),
                }
            }
            None => Op::Skip(Reason::Malformed),
        },
        "Edit" | "MultiEdit" => {
            let Some(path) = s("file_path") else {
                return Op::Skip(Reason::Malformed);
            };
            let edit = match result
                .and_then(|r| r.get("structuredPatch"))
                .and_then(hunks)
            {
                Some(h) => EditOp::Hunks(h),
                None => match (s("old_string"), s("new_string")) {
                    (Some(old), Some(new))
                        if input.get("replace_all").and_then(Value::as_bool) != Some(true) =>
                    {
                        EditOp::StrReplace { old, new }
                    }
                    _ => EditOp::Opaque(crate::replay::UNRECORDED_EDIT),
                },
            };
            Op::Edit {
                path,
                edit,
                shows: Some(read_style(output)),
            }
        }
        "Write" => match s("file_path") {
            Some(path) => Op::Edit {
                path,
                edit: EditOp::Create {
                    text: s("content").unwrap_or_default(),
                },
                shows: None,
            },
            None => Op::Skip(Reason::Malformed),
        },
        "Grep" => {
            // `-n` defaults to true in content mode (the tool's schema: "Defaults to true"; both
            // real 2.0.76 and 2.1.7 content greps without it print `path:N:` lines): only an
            // explicit `false` hides the numbers.
            let numbered = input.get("-n").and_then(Value::as_bool) != Some(false);
            if input.get("output_mode").and_then(Value::as_str) != Some("content") || !numbered {
                return Op::Skip(Reason::NoLineNumbers);
            }
            match s("path").filter(|p| searched_one_file(p, output)) {
                // One file: ripgrep prints `N:text` without the path.
                Some(path) => Op::View {
                    path,
                    style: Style::Grep,
                    total: None,
                },
                // Reuse the bash reader: a recursive numbered grep prints `path:N:` lines.
                None => Op::Bash {
                    script: "grep -rn PATTERN .".into(),
                },
            }
        }
        "Bash" => Op::Bash {
            script: s("command").unwrap_or_default(),
        },
        "Glob" | "LS" => Op::Skip(Reason::UnknownCommand),
        "TodoWrite" | "Task" | "ExitPlanMode" | "WebFetch" | "WebSearch" => Op::Quiet,
        _ => Op::Skip(Reason::UnknownTool),
    }
}

/// Claude Code JSONL as runs: a transcript is one run of the task named by its `sessionId`; a
/// subagent transcript (`<session>/subagents/agent-<id>.jsonl`, every line `isSidechain` with
/// `agentId`) is a run of the same task whose run id keeps the agent id (`claude-code/agent-<id>`),
/// so it can be filtered.
pub(crate) fn build(text: &str, runs: &mut Runs) -> Result<(), String> {
    let (records, bad) = jsonl_objects(text);
    runs.bad_records(bad, "line(s) are not valid JSON records");
    if records.is_empty() && bad > 0 {
        return Ok(());
    }
    let agent = records
        .iter()
        .find(|r| r.get("isSidechain").and_then(Value::as_bool) == Some(true))
        .and_then(|r| r.get("agentId").and_then(Value::as_str))
        .map(str::to_string);
    // The session id ties a subagent to its session, whatever the files are called. `claude -p
    // --output-format stream-json` writes it `session_id` (Harbor keeps that stream as every run's
    // `agent/claude-code.txt`, so the file name names no run).
    let session = records.iter().find_map(|r| {
        r.get("sessionId")
            .or_else(|| r.get("session_id"))
            .and_then(Value::as_str)
    });
    let task = runs.task(session);
    let run = runs.run_id(
        Format::ClaudeCode,
        agent.as_ref().map(|a| format!("agent-{a}")).as_deref(),
    );
    runs.run(&task, &run, |s| import_records(&records, s));
    Ok(())
}

/// What the tool result showed: text, whether it is an error, the structured result.
type Shown = (Option<String>, bool, Option<Value>);

/// Feeds Claude Code records into `session`.
pub fn import_records(records: &[Value], session: &mut Session) {
    if let Some(cwd) = records
        .iter()
        .find_map(|r| r.get("cwd").and_then(Value::as_str))
    {
        session.roots.add(cwd);
        session.cwd = cwd.to_string();
    }
    let mut results: HashMap<String, Shown> = HashMap::new();
    for r in records {
        for b in content_blocks(r, "tool_result") {
            if let Some(id) = b.get("tool_use_id").and_then(Value::as_str) {
                results.insert(
                    id.to_string(),
                    (
                        content_text(b.get("content")),
                        b.get("is_error").and_then(Value::as_bool) == Some(true),
                        // `tool_use_result` in the stream-json output (2.1.19 in Harbor runs).
                        r.get("toolUseResult")
                            .or_else(|| r.get("tool_use_result"))
                            .cloned(),
                    ),
                );
            }
        }
    }
    let mut turn_ids: Vec<String> = Vec::new();
    let mut step = 0u32;
    for r in records
        .iter()
        .filter(|r| r.get("type").and_then(Value::as_str) == Some("assistant"))
    {
        let id = r
            .pointer("/message/id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        if turn_ids.last() != Some(&id) || id.is_empty() {
            turn_ids.push(id);
        }
        let turn = u32::try_from(turn_ids.len() - 1).unwrap_or(u32::MAX);
        for b in content_blocks(r, "tool_use") {
            let name = b
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let input = b.get("input").cloned().unwrap_or(Value::Null);
            let use_id = b.get("id").and_then(Value::as_str).unwrap_or("");
            let (output, is_error, structured) =
                results.get(use_id).cloned().unwrap_or((None, false, None));
            // A `<persisted-output>` stub credits only its preview (see `display`), never the
            // full text `toolUseResult.stdout` keeps.
            let op = if is_error {
                Op::Skip(Reason::ToolError)
            } else {
                op_for(&name, &input, structured.as_ref(), output.as_deref())
            };
            let output = match (&op, &structured) {
                (
                    Op::View {
                        style: Style::Arrow | Style::CatN,
                        ..
                    },
                    Some(res),
                ) if name == "Read" => output.map(|o| clip_to_window(&o, res)),
                _ => output,
            };
            if let Some(cwd) = r.get("cwd").and_then(Value::as_str) {
                session.cwd = cwd.to_string();
            }
            session.apply(&Action {
                turn,
                step,
                tool: name,
                command: input.to_string(),
                op,
                output,
            });
            step += 1;
        }
    }
}

/// Whether the window ends on the empty line Claude Code numbers after a file's final newline.
/// The tool splits the text on `\n` (`totalLines` of `"a\n"` is 2) and prints `     2→` for that
/// empty last piece, which is no line of the file (`wc -l` says 1): a window that reaches
/// `totalLines` of a `file.content` ending in `\n` ends one line earlier (as OpenHands `view`).
fn reaches_phantom_line(res: &Value) -> bool {
    let num = |k: &str| res.pointer(&format!("/file/{k}")).and_then(Value::as_u64);
    let ends_nl = res
        .pointer("/file/content")
        .and_then(Value::as_str)
        .is_some_and(|c| c.ends_with('\n'));
    match (num("startLine"), num("numLines"), num("totalLines")) {
        (Some(start), Some(n), Some(total)) => {
            ends_nl && n >= 1 && start.saturating_add(n).saturating_sub(1) == total
        }
        _ => false,
    }
}

/// Keeps only the numbered lines inside `toolUseResult.file` `startLine`..+`numLines` (the exact
/// window the tool read); lines outside it in the text are not file lines.
fn clip_to_window(out: &str, res: &Value) -> String {
    let num = |k: &str| res.pointer(&format!("/file/{k}")).and_then(Value::as_u64);
    let (Some(start), Some(n)) = (num("startLine"), num("numLines")) else {
        return out.to_string();
    };
    let mut end = start.saturating_add(n).saturating_sub(1);
    if reaches_phantom_line(res) {
        end = end.saturating_sub(1);
    }
    out.split_inclusive('\n')
        .filter(|l| match line_number(l) {
            Some((k, _)) => k >= start && k <= end,
            None => true,
        })
        .collect()
}

/// The number of a `Read` line and its numbering: `    12→text` (Claude Code up to 2.1.85, padded
/// to six places) or `12\ttext` (the compact form 2.1.86 brought in: "Read tool now uses compact
/// line-number format", its changelog; flush left, a tab, as the real 2.1.220 transcripts of
/// bg002h/bitcoin_tax show). `None` for a line of neither form.
fn line_number(line: &str) -> Option<(u64, Style)> {
    let (n, style) = crate::numbered::tab_or_arrow(line)?;
    Some((n.parse().ok()?, style))
}

/// The numbering of a `Read` (or an `Edit`'s snippet) result, from its first numbered line: the
/// compact `12\t` lines read as `cat -n`, else the arrow. Before session 40 every `Read` was taken
/// as arrow lines, so a 2.1.86+ result (`1\t# SPEC …`) showed no line (*no lines shown*).
pub(crate) fn read_style(output: Option<&str>) -> Style {
    match output.unwrap_or("").lines().find_map(line_number) {
        Some((_, Style::CatN)) => Style::CatN,
        _ => Style::Arrow,
    }
}

/// The blocks of a record's `message.content` whose `type` is `kind`.
fn content_blocks<'a>(record: &'a Value, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    record
        .pointer("/message/content")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
        .iter()
        .filter(move |b| b.get("type").and_then(Value::as_str) == Some(kind))
}

#[cfg(test)]
mod tests;
