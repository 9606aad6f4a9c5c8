//! Gemini CLI chat recordings (`~/.gemini/tmp/<project>/chats/session-*.json`): one object with
//! `sessionId`, `projectHash` and `messages`; each `gemini` message carries its `toolCalls[]`
//! with the result inline (`result[].functionResponse.response.output`, or `.error`). The calls
//! become ATIF tool calls of agent `gemini-cli`, so what each tool reads or edits is the data in
//! `tools/atif.json` (`read_file`, `read_many_files`, `grep_search`, `write_file`, `replace`,
//! `run_shell_command`, …). What is shown without line numbers gets them here, from what the
//! tool says it showed: `read_file` from `Showing lines A-B` (else line 1, or its
//! `offset`/`start_line`), `read_many_files` per `--- path ---` section, `grep_search` from its
//! `L12:` / `L12-` lines per `File:`. The project root is the ancestor of the paths the log names
//! whose SHA-256 is `projectHash` (how Gemini CLI names the project).

mod cuts;

use crate::atif;
use crate::format::Format;
use crate::runs::{object_of, Runs};
use serde_json::{json, Value};

pub(crate) fn build(text: &str, parsed: Option<Value>, runs: &mut Runs) -> Result<(), String> {
    let doc = object_of(Format::GeminiCli, text, parsed)?;
    let task = runs.task(doc.get("sessionId").and_then(Value::as_str));
    let run = runs.run_id(Format::GeminiCli, None);
    let root = project_root(&doc);
    let steps = steps(&doc);
    let atif = json!({"agent": {"name": "gemini-cli"}, "steps": steps});
    runs.run(&task, &run, |s| {
        if let Some(r) = &root {
            s.roots.add(r);
            s.cwd = r.clone();
        }
        atif::import(&atif, s)
    });
    Ok(())
}

/// One ATIF step per `gemini` message with tool calls.
fn steps(doc: &Value) -> Vec<Value> {
    let messages = doc.get("messages").and_then(Value::as_array);
    let mut steps = Vec::new();
    for m in messages.map_or(&[][..], Vec::as_slice) {
        let Some(calls) = m.get("toolCalls").and_then(Value::as_array) else {
            continue;
        };
        let mut tool_calls = Vec::new();
        let mut results = Vec::new();
        for (k, c) in calls.iter().enumerate() {
            let id = c
                .get("id")
                .and_then(Value::as_str)
                .map_or_else(|| format!("call-{}-{k}", steps.len()), str::to_string);
            let name = c.get("name").and_then(Value::as_str).unwrap_or("");
            let args = c.get("args").cloned().unwrap_or(Value::Null);
            let response = c.pointer("/result/0/functionResponse/response");
            let output = output_text(c, response);
            let output = output.as_deref();
            let error = response
                .and_then(|r| r.get("error"))
                .and_then(Value::as_str);
            for (n, (args, out)) in split(name, args, output).into_iter().enumerate() {
                let id = if n == 0 {
                    id.clone()
                } else {
                    format!("{id}#{n}")
                };
                tool_calls
                    .push(json!({"tool_call_id": id, "function_name": name, "arguments": args}));
                match (out, error) {
                    (_, Some(e)) => results.push(
                        json!({"source_call_id": id, "content": e, "extra": {"isError": true}}),
                    ),
                    (Some(o), None) => results.push(json!({"source_call_id": id, "content": o})),
                    // No result (a cancelled call): the call has no observation.
                    (None, None) => {}
                }
            }
        }
        steps.push(json!({"tool_calls": tool_calls, "observation": {"results": results}}));
    }
    steps
}

/// What the model got of a call: `response.output`, and the text parts after the
/// `functionResponse` in `result` — Gemini CLI 0.9.0 (`convertToFunctionResponse`,
/// `core/coreToolScheduler.js`) answers a tool whose content is several parts (`read_many_files`:
/// one per file and the `--- End of content ---` line) with the output `Tool execution
/// succeeded.` and the parts themselves; 0.35.0 joins the parts into the output with line breaks.
fn output_text(call: &Value, response: Option<&Value>) -> Option<String> {
    let output = response
        .and_then(|r| r.get("output"))
        .and_then(Value::as_str)?;
    let parts = call.get("result").and_then(Value::as_array);
    let texts: Vec<&str> = parts
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .skip(1)
        .filter_map(|p| p.get("text").and_then(Value::as_str))
        .collect();
    if texts.is_empty() {
        return Some(output.to_string());
    }
    Some(format!("{output}\n{}", texts.concat()))
}

/// One call as the ATIF calls it stands for, with the output as the agent saw it, numbered
/// where the tool's text says which lines it shows (a call that shows several files is one call
/// per file).
fn split(name: &str, args: Value, output: Option<&str>) -> Vec<(Value, Option<String>)> {
    let Some(out) = output else {
        return vec![(args, None)];
    };
    match name {
        "read_file" => {
            let out = cuts::without_context(out);
            let (from, body) = read_window(&args, out);
            // The text is the window's lines joined by line breaks (`lines.slice(a, b).join('\n')`,
            // `processSingleFileContent`); `number_raw` drops a final break as the file's own,
            // which it is only when the window reaches the file's end (`N total lines` counts
            // the empty string after that break). A window that stops earlier on an empty line
            // ends in that line's break: give it back so the line counts as shown.
            let shown = if ends_before_file_end(out) {
                atif::number_raw(&format!("{body}\n"), from)
            } else {
                atif::number_raw(body, from)
            };
            vec![(args, Some(shown))]
        }
        "read_many_files" => sections(cuts::without_context(out))
            .into_iter()
            .map(|(path, body)| (json!({"file_path": path}), Some(atif::number_raw(body, 1))))
            .collect(),
        "grep_search" | "search_file_content" => {
            let dir = args
                .get("dir_path")
                .or_else(|| args.get("path"))
                .and_then(Value::as_str)
                .unwrap_or("");
            let hits = grep_hits(out);
            if hits.is_empty() {
                return vec![(args, Some(String::new()))];
            }
            hits.into_iter()
                .map(|(file, lines)| {
                    let path = match dir.trim_end_matches('/') {
                        "" | "." => file,
                        d => format!("{d}/{file}"),
                    };
                    (json!({"file_path": path}), Some(lines))
                })
                .collect()
        }
        "run_shell_command" => vec![(args, Some(shell_output(out)))],
        _ => vec![(args, Some(out.to_string()))],
    }
}

/// Where a `read_file` output starts and its text: `Status: Showing lines A-B of N total lines.`
/// and the text after `--- FILE CONTENT (truncated) ---`, else the whole output from line 1 (or
/// the call's `start_line`, or its 0-based `offset` + 1).
fn read_window<'a>(args: &Value, out: &'a str) -> (u32, &'a str) {
    const MARK: &str = "--- FILE CONTENT (truncated) ---\n";
    if let (Some(status), Some(m)) = (showing(out), out.find(MARK)) {
        let from = status
            .split(['-', ' '])
            .next()
            .and_then(|n| n.parse::<u32>().ok());
        if let Some(from) = from {
            return (from.max(1), &out[m + MARK.len()..]);
        }
    }
    let num = |k: &str| args.get(k).and_then(Value::as_u64);
    let from = num("start_line")
        .or_else(|| num("offset").map(|o| o + 1))
        .unwrap_or(1);
    (u32::try_from(from.max(1)).unwrap_or(u32::MAX), out)
}

/// What follows `Showing lines ` in a `read_file` status (`A-B of N total lines.` and the rest of
/// the output), if there is one: the window's first line, last line and the file's length.
fn showing(out: &str) -> Option<&str> {
    const STATUS: &str = "Showing lines ";
    out.find(STATUS).map(|s| &out[s + STATUS.len()..])
}

/// Whether `read_file` says its window stops before the file's end: `Showing lines A-B of N
/// total lines.` with `B < N`.
fn ends_before_file_end(out: &str) -> bool {
    let Some(status) = showing(out) else {
        return false;
    };
    let line = status.split('\n').next().unwrap_or("");
    let num = |t: Option<&str>| t.and_then(|t| t.trim().parse::<u64>().ok());
    let end = num(line.split(" of ").next().and_then(|r| r.split('-').nth(1)));
    let total = num(line
        .split(" of ")
        .nth(1)
        .and_then(|r| r.strip_suffix(" total lines.")));
    matches!((end, total), (Some(b), Some(n)) if b < n)
}

/// `read_many_files`: `--- path ---` then the file's text, per file.
fn sections(out: &str) -> Vec<(String, &str)> {
    let mut found: Vec<(String, usize, usize)> = Vec::new();
    let mut at = 0;
    for line in out.split_inclusive('\n') {
        let t = line.trim_end();
        if let Some(p) = t.strip_prefix("--- ").and_then(|r| r.strip_suffix(" ---")) {
            if let Some(last) = found.last_mut() {
                last.2 = at;
            }
            found.push((p.to_string(), at + line.len(), out.len()));
        }
        at += line.len();
    }
    found
        .into_iter()
        .filter(|(p, _, _)| p != "End of content")
        // `--- path ---\n\n<text>\n\n`: the blank line after the header is the separator's.
        .map(|(p, s, e)| {
            let body = &out[s..e];
            let body = body.strip_prefix('\n').unwrap_or(body);
            // A file cut to its first lines opens with the tool's warning, not the file's text.
            let body = body.strip_prefix(cuts::CUT_FILE).unwrap_or(body);
            (p, body.trim_end_matches('\n'))
        })
        .collect()
}

/// `grep_search`: `File: rel` then `L12: match` / `L12- context` lines, per file, as `12→text`.
fn grep_hits(out: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = Vec::new();
    for line in out.lines() {
        if let Some(f) = line.strip_prefix("File: ") {
            files.push((f.trim().to_string(), String::new()));
            continue;
        }
        let Some(rest) = line.strip_prefix('L') else {
            continue;
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let (num, tail) = rest.split_at(digits);
        let text = tail
            .strip_prefix(": ")
            .or_else(|| tail.strip_prefix("- "))
            .or_else(|| tail.strip_prefix(':'))
            .or_else(|| tail.strip_prefix('-'));
        if let (Some(text), Ok(n), Some(f)) = (text, num.parse::<u32>(), files.last_mut()) {
            f.1.push_str(&format!("{n:>6}\u{2192}{text}\n"));
        }
    }
    files.retain(|(_, l)| !l.is_empty());
    files
}

/// `run_shell_command`: the `Output:` part (`(empty)` is nothing), without the `Error:`,
/// `Exit Code:`, `Signal:`, `Background PIDs:` and `Process Group PGID:` lines after it.
fn shell_output(out: &str) -> String {
    let Some(s) = out.find("Output: ") else {
        return out.to_string();
    };
    let body = &out[s + "Output: ".len()..];
    let ends = [
        "\nError: ",
        "\nExit Code: ",
        "\nSignal: ",
        "\nBackground PIDs: ",
        "\nProcess Group PGID: ",
    ];
    let end = ends
        .iter()
        .filter_map(|e| body.find(e))
        .min()
        .unwrap_or(body.len());
    let body = &body[..end];
    if body.trim() == "(empty)" {
        String::new()
    } else {
        format!("{}\n", cuts::shell_cut(body))
    }
}

/// The project root: the ancestor of an absolute path in the log whose SHA-256 (hex) is the
/// session's `projectHash`; `None` when none is.
fn project_root(doc: &Value) -> Option<String> {
    let hash = doc.get("projectHash").and_then(Value::as_str)?;
    let mut seen = std::collections::HashSet::new();
    let mut candidates = Vec::new();
    collect_paths(doc, &mut candidates);
    for p in candidates {
        let mut dir = p.as_str();
        while let Some(i) = dir.rfind('/') {
            dir = &dir[..i];
            if dir.is_empty() || !seen.insert(dir.to_string()) {
                break;
            }
            if readcov_core::base::sha256_hex(dir.as_bytes()) == hash {
                return Some(dir.to_string());
            }
        }
    }
    None
}

/// Absolute paths named in tool arguments and results (`/x/y` words).
fn collect_paths(doc: &Value, out: &mut Vec<String>) {
    let messages = doc.get("messages").and_then(Value::as_array);
    for c in messages
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|m| m.get("toolCalls").and_then(Value::as_array))
        .flatten()
    {
        let texts = [
            c.pointer("/args/file_path").and_then(Value::as_str),
            c.pointer("/result/0/functionResponse/response/output")
                .and_then(Value::as_str),
        ];
        for t in texts.into_iter().flatten() {
            out.extend(
                t.split(|ch: char| ch.is_whitespace() || ch == '"' || ch == '\'')
                    .filter(|w| w.starts_with('/') && w.len() > 1)
                    .take(4)
                    .map(|w| w.trim_end_matches(['.', ',', ':', ')']).to_string()),
            );
        }
    }
}

#[cfg(test)]
mod tests;
