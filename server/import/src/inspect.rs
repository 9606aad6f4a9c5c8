//! Inspect AI eval logs (`inspect`): a `.json` log (`{version, eval, samples[]}`) or an `.eval`
//! archive (zip: `header.json`, `samples/<id>_epoch_<n>.json`), read as the `.json` log it
//! holds. One run per sample and epoch: the sample's `messages` (else the last model event's
//! input, `input_refs` resolved into the sample's `message_pool`, and its output), `attachment://`
//! strings resolved. Assistant `tool_calls` name the tool in `function` with parsed `arguments`;
//! results are `tool` messages by `tool_call_id` (`error` set: a tool error). The calls become
//! ATIF calls of agent `inspect` (`bash {cmd}`, `text_editor`: the str_replace_editor of
//! OpenHands, `python`), so the tool mapping is the data in `tools/atif.json`. A sample's score
//! (`C`, 1, true) is its outcome label. A tool output the log's Inspect version cut is read as that
//! version cut it (`inspect/cut.rs`).

mod cut;

use crate::atif;
use crate::chat::RunLabel;
use crate::format::Format;
use crate::openhands::content_text;
use crate::runs::{object_of, Runs};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::io::Read;

/// Zip archives start with a local file header.
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// An `.eval` archive as the `.json` log it holds: `header.json`'s fields with `samples` from
/// `samples/*.json` in name order. What the entries unpack to is bounded in all (see
/// [`unpack_budget`]): past it the archive is an error, not read on (a zip bomb).
pub fn eval_to_json(bytes: &[u8]) -> Result<String, String> {
    eval_to_json_within(bytes, unpack_budget(bytes.len()))
}

/// The most bytes one archive's entries may unpack to, together: 200 times the archive (Inspect's
/// JSON deflates 5–20x), at least 64 MiB, at most 1 GiB. Each entry alone was capped at 1 GiB
/// before, with no total, and every sample is held at once: a 0.9 MB archive of three samples
/// unpacking to 300 MB each took 1.85 GB (hostile-input audit, session 20).
pub fn unpack_budget(archive_bytes: usize) -> u64 {
    const MAX_RATIO: u64 = 200;
    const AT_LEAST: u64 = 64 << 20;
    const AT_MOST: u64 = 1 << 30;
    ((archive_bytes as u64).saturating_mul(MAX_RATIO)).clamp(AT_LEAST, AT_MOST)
}

fn eval_to_json_within(bytes: &[u8], budget: u64) -> Result<String, String> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("inspect: not a readable .eval archive: {e}"))?;
    let mut names: Vec<String> = zip
        .file_names()
        .filter_map(|n| n.ok().map(|n| n.into_owned()))
        .collect();
    names.sort();
    let mut left = budget;
    let mut read = |name: &str| -> Result<Value, String> {
        let f = zip
            .by_name(name)
            .map_err(|e| format!("inspect: {name}: {e}"))?;
        let mut text = Vec::new();
        // One byte past what is left tells an entry that would overrun (its declared size may lie).
        f.take(left.saturating_add(1))
            .read_to_end(&mut text)
            .map_err(|e| format!("inspect: {name}: {e}"))?;
        left = left.checked_sub(text.len() as u64).ok_or_else(|| {
            format!(
                "inspect: {name}: the archive unpacks to more than {budget} bytes (200 times its \
                 size, at most 1 GiB): not read (a zip bomb?)"
            )
        })?;
        serde_json::from_slice(&text).map_err(|e| format!("inspect: {name}: invalid JSON: {e}"))
    };
    let header = if names.iter().any(|n| n == "header.json") {
        read("header.json")?
    } else {
        read("_journal/start.json")?
    };
    let mut doc = match header {
        Value::Object(m) => m,
        _ => return Err("inspect: header.json is not an object".to_string()),
    };
    let mut samples = Vec::new();
    for n in names
        .iter()
        .filter(|n| n.starts_with("samples/") && n.ends_with(".json"))
    {
        samples.push(read(n)?);
    }
    doc.insert("samples".to_string(), Value::Array(samples));
    Ok(Value::Object(doc).to_string())
}

/// Whether a JSON object is an Inspect log.
pub(crate) fn is_log(v: &Value) -> bool {
    v.pointer("/eval/task").is_some() && (v.get("samples").is_some() || v.get("plan").is_some())
}

pub(crate) fn build(text: &str, parsed: Option<Value>, runs: &mut Runs) -> Result<(), String> {
    let doc = object_of(Format::Inspect, text, parsed)?;
    let model = doc
        .pointer("/eval/model")
        .and_then(Value::as_str)
        .unwrap_or("model");
    let samples = doc
        .get("samples")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    if samples.is_empty() {
        return Err("inspect: the log has no samples".to_string());
    }
    // The version says how a long tool output was cut (`inspect/cut.rs`).
    let keep = doc
        .pointer("/eval/packages/inspect_ai")
        .and_then(Value::as_str)
        .and_then(cut::keep_of);
    for s in samples {
        let id = match s.get("id") {
            Some(Value::String(x)) => Some(x.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        let task = runs.task(id.as_deref());
        let epoch = s.get("epoch").and_then(Value::as_u64).unwrap_or(1);
        let run = runs.run_id(Format::Inspect, Some(&format!("{model}/epoch-{epoch}")));
        let steps = steps(&messages(s), keep);
        let atif = json!({"agent": {"name": "inspect"}, "steps": steps});
        runs.run(&task, &run, |ses| {
            for root in atif::HARBOR_ROOTS {
                ses.roots.add(root);
            }
            atif::import(&atif, ses)
        });
        if let Some((resolved, field)) = score(s) {
            runs.out.labels.push(RunLabel {
                task,
                run,
                resolved,
                field,
            });
        }
    }
    Ok(())
}

/// The sample's conversation, `attachment://` references resolved.
fn messages(s: &Value) -> Vec<Value> {
    let own = s
        .get("messages")
        .and_then(Value::as_array)
        .filter(|m| !m.is_empty());
    let mut list = match own {
        Some(m) => m.clone(),
        None => from_events(s),
    };
    if let Some(att) = s.get("attachments").and_then(Value::as_object) {
        for m in &mut list {
            resolve(m, att);
        }
    }
    list
}

/// The last model event's input (`input`, or `input_refs` ranges into `message_pool`) and its
/// output message.
fn from_events(s: &Value) -> Vec<Value> {
    let pool = s
        .get("message_pool")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let events = s
        .get("events")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let Some(last) = events
        .iter()
        .rev()
        .find(|e| e.get("event").and_then(Value::as_str) == Some("model"))
    else {
        return Vec::new();
    };
    let mut out: Vec<Value> = last
        .get("input")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for r in last
        .get("input_refs")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
    {
        let (a, b) = (
            r.get(0).and_then(Value::as_u64),
            r.get(1).and_then(Value::as_u64),
        );
        if let (Some(a), Some(b)) = (a, b) {
            let (a, b) = (a as usize, (b as usize).min(pool.len()));
            out.extend(pool.get(a..b).unwrap_or(&[]).iter().cloned());
        }
    }
    out.extend(last.pointer("/output/choices/0/message").cloned());
    out
}

fn resolve(v: &mut Value, att: &Map<String, Value>) {
    match v {
        Value::String(s) => {
            if let Some(t) = s
                .strip_prefix("attachment://")
                .and_then(|k| att.get(k))
                .and_then(Value::as_str)
            {
                *s = t.to_string();
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| resolve(x, att)),
        Value::Object(o) => o.values_mut().for_each(|x| resolve(x, att)),
        _ => {}
    }
}

/// One ATIF step per assistant message with tool calls, results from the `tool` messages.
fn steps(messages: &[Value], keep: Option<cut::Keep>) -> Vec<Value> {
    let mut results: HashMap<&str, Value> = HashMap::new();
    for m in messages
        .iter()
        .filter(|m| m.get("role").and_then(Value::as_str) == Some("tool"))
    {
        let Some(id) = m.get("tool_call_id").and_then(Value::as_str) else {
            continue;
        };
        let text = content_text(m.get("content")).unwrap_or_default();
        let text = keep.and_then(|k| cut::recut(&text, k)).unwrap_or(text);
        let r = match m.get("error").filter(|e| !e.is_null()) {
            Some(e) => {
                let msg = e.get("message").and_then(Value::as_str).unwrap_or("error");
                json!({"source_call_id": id, "content": format!("{msg}\n{text}"), "extra": {"isError": true}})
            }
            None => json!({"source_call_id": id, "content": text}),
        };
        results.insert(id, r);
    }
    let mut steps = Vec::new();
    for m in messages
        .iter()
        .filter(|m| m.get("role").and_then(Value::as_str) == Some("assistant"))
    {
        let Some(calls) = m
            .get("tool_calls")
            .and_then(Value::as_array)
            .filter(|c| !c.is_empty())
        else {
            continue;
        };
        let mut tool_calls = Vec::new();
        let mut rs = Vec::new();
        for c in calls {
            let id = c.get("id").and_then(Value::as_str).unwrap_or("");
            let name = c
                .get("function")
                .and_then(|f| f.as_str().or_else(|| f.get("name").and_then(Value::as_str)))
                .unwrap_or("");
            let args = c.get("arguments").cloned().unwrap_or(Value::Null);
            tool_calls.push(json!({"tool_call_id": id, "function_name": name, "arguments": args}));
            rs.extend(results.get(id).cloned());
        }
        steps.push(json!({"tool_calls": tool_calls, "observation": {"results": rs}}));
    }
    steps
}

/// The first score's value as an outcome: `C` (correct), a number 1 or more, or `true`.
fn score(s: &Value) -> Option<(bool, &'static str)> {
    let (_, first) = s.get("scores")?.as_object()?.iter().next()?;
    let resolved = match first.get("value")? {
        Value::String(v) => v == "C",
        Value::Number(n) => n.as_f64()? >= 1.0,
        Value::Bool(b) => *b,
        _ => return None,
    };
    Some((resolved, "scores"))
}

#[cfg(test)]
mod tests;
