//! Chat-message trajectory datasets (`chat`): SWE-Gym, SWE-smith, nebius SWE-agent and
//! SWE-rebench-openhands trajectories, mini-swe-agent exports — one run per row, rows as JSONL,
//! a JSON array or Parquet. Each row's messages are read in the encoding they use
//! ([`encode::Encoding`]) by the importer that knows that tool vocabulary. The row also names its
//! task (`instance_id`, a dataset's `_<n>` suffix taken off and said), its run (model or agent
//! name, and what tells runs of one task apart), its outcome (`resolved`, `target`, `reward`:
//! [`RunLabel`]) and its final patch ([`final_patch`]).

pub mod encode;
mod row;

use crate::dataset;
use crate::format::Format;
use crate::runs::Runs;
use encode::{Doc, Encoding};
use row::{ChatMsg, Patch, Row};
use serde_json::Value;
use std::borrow::Cow;

/// What a row says of its run's outcome, and which field said it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunLabel {
    pub task: String,
    pub run: String,
    pub resolved: bool,
    pub field: &'static str,
}

/// A whole input: one row object, a JSON array of rows, or JSONL rows (`parsed`: the text's
/// value, when the caller parsed it; an array of rows is cut into rows, not taken from it).
pub(crate) fn build(text: &str, parsed: Option<Value>, runs: &mut Runs) -> Result<(), String> {
    match parsed {
        Some(v) if v.is_object() => {
            build_value(&v, text, 0, 1, runs);
            return Ok(());
        }
        Some(v) => drop(v),
        None => {}
    }
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        if let Ok(v) = serde_json::from_str::<Value>(text) {
            build_value(&v, text, 0, 1, runs);
            return Ok(());
        }
    }
    let rows = dataset::rows(text.as_bytes());
    if rows.is_empty() {
        return Err("chat: no rows".to_string());
    }
    for (index, r) in rows.into_iter().enumerate() {
        build_row(&text[r.range], index, r.line, runs);
    }
    Ok(())
}

/// One row (`index`: 0-based row number; `line`: where it starts in the file): read by the typed
/// parse, else as a `Value` (which says why a row is not one).
pub(crate) fn build_row(row: &str, index: usize, line: usize, runs: &mut Runs) {
    if let Some(typed) = row::typed(row) {
        build_typed(typed, row, index, line, runs, None);
        return;
    }
    match serde_json::from_str::<Value>(row) {
        Ok(v) if v.is_object() => build_value(&v, row, index, line, runs),
        Ok(_) => runs.bad_row(line, format!("row {index}: not a JSON object")),
        Err(e) => runs.bad_row(line, format!("row {index}: invalid JSON: {e}")),
    }
}

fn build_value(v: &Value, raw: &str, index: usize, line: usize, runs: &mut Runs) {
    build_typed(Row::from_value(v), raw, index, line, runs, Some(v));
}

/// One row read (`value`: its `Value`, when it was read as one; the note on a row without reads
/// lists its keys from it).
fn build_typed(
    mut row: Row,
    raw: &str,
    index: usize,
    line: usize,
    runs: &mut Runs,
    value: Option<&Value>,
) {
    let who = identity(&row, || row_hash(raw), runs);
    if let Some(raw) = &who.suffixed {
        runs.out.summary.id_suffixes += 1;
        if runs.out.summary.id_suffix_example.is_none() {
            runs.out.summary.id_suffix_example = Some((raw.clone(), who.task.clone()));
        }
    }
    if let Some((resolved, field)) = outcome(&row) {
        runs.out.labels.push(RunLabel {
            task: who.task.clone(),
            run: who.run.clone(),
            resolved,
            field,
        });
    }
    let key = row.lists.iter().position(Option::is_some);
    let messages = key.and_then(|k| row.lists[k].take()).unwrap_or_default();
    let enc = encode::detect(row.trajectory_format.as_deref(), &messages);
    let shape = match enc {
        Some(_) => String::new(),
        None => {
            let key = key.map(|k| row::LIST_KEYS[k]);
            match value {
                Some(v) => shape(v, key),
                // Rare (a row with no tool call): its keys are read from a `Value` of it.
                None => serde_json::from_str::<Value>(raw)
                    .map_or_else(|e| format!("a row ({e})"), |v| shape(&v, key)),
            }
        }
    };
    let before = runs.out.rows.len();
    let submission = submission(&mut row);
    match enc {
        Some(enc) => {
            *runs.out.summary.encodings.entry(enc.label()).or_default() += 1;
            let doc = encode::convert(enc, &messages);
            runs.run(&who.task, &who.run, |s| {
                match &doc {
                    Doc::OpenHands(log) => crate::openhands::import_log(log, s),
                    Doc::MiniSweAgent(log) => crate::mini_swe_agent::import_log(log, s),
                    Doc::SweAgent(steps) => crate::swe_agent::import_steps(steps, s),
                }
                // The row's own final patch (the converted messages carry none).
                s.submission = submission;
            });
        }
        None => runs.run(&who.task, &who.run, |s| s.submission = submission),
    }
    if runs.out.rows.len() == before {
        let what = match enc {
            Some(enc) => format!("{} messages, none turned into a read", enc.label()),
            None => format!("no tool call found in {shape}"),
        };
        runs.out.notes.push(format!(
            "line {line}: row {index} ({} / {}): no reads: {what}",
            who.task, who.run
        ));
    }
}

/// Task and run of a row.
struct Identity {
    task: String,
    run: String,
    /// The raw `instance_id` when a dataset suffix was taken off it.
    suffixed: Option<String>,
}

/// `instance_id` is the task, without the `_<n>` a dataset appends to tell rows of one instance
/// apart (`python__mypy-15976_0`: only after a SWE-bench-style `-<number>`). The run is the
/// model or agent name, then what tells runs of one task apart: that suffix, else the row's
/// trajectory id, else a hash of the row (so a run's name never depends on where the row is).
fn identity(row: &Row, hash: impl Fn() -> u64, runs: &Runs) -> Identity {
    let raw = filled(&row.instance_id);
    let (task, suffix) = match raw.map(split_suffix) {
        Some((t, s)) => (runs.task(Some(t)), s),
        None => (runs.task(None), None),
    };
    let name = runs.opts.run.clone().unwrap_or_else(|| {
        row.names
            .iter()
            .find_map(filled)
            .map_or_else(|| Format::Chat.label().to_string(), str::to_string)
    });
    let traj = row.trajs.iter().find_map(filled);
    let tag = match (suffix, traj) {
        (Some(n), _) => n.to_string(),
        (None, Some(t)) => t
            .strip_prefix(raw.unwrap_or_default())
            .map(|r| r.trim_start_matches(['.', '_', '-']))
            .filter(|r| !r.is_empty())
            .unwrap_or(t)
            .to_string(),
        (None, None) => format!("{:016x}", hash())[..8].to_string(),
    };
    Identity {
        task,
        run: format!("{name}/{tag}"),
        suffixed: suffix.and(raw).map(str::to_string),
    }
}

/// A field's text, when a non-empty string.
fn filled<'r>(s: &'r Option<Cow<str>>) -> Option<&'r str> {
    s.as_deref().filter(|s| !s.is_empty())
}

/// `python__mypy-15976_0` → (`python__mypy-15976`, `0`); ids without that shape are left whole.
pub fn split_suffix(id: &str) -> (&str, Option<&str>) {
    let Some((base, n)) = id.rsplit_once('_') else {
        return (id, None);
    };
    let numbered = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let swe_bench = base
        .rsplit_once('-')
        .is_some_and(|(head, num)| head.contains("__") && numbered(num));
    if numbered(n) && swe_bench {
        (base, Some(n))
    } else {
        (id, None)
    }
}

/// The run's outcome as the row states it: `resolved` (SWE-Gym, SWE-smith, SWE-rebench), `target`
/// (nebius), `reward` (1 or more: resolved), or the harness report inside `test_result`.
fn outcome(row: &Row) -> Option<(bool, &'static str)> {
    const NAMES: [&str; 4] = [
        "resolved",
        "target",
        "reward",
        "test_result.report.resolved",
    ];
    row.outcomes
        .iter()
        .zip(NAMES)
        .find_map(|(b, name)| b.map(|b| (b, name)))
}

/// The run's final patch as the row states it (for the stage diagnosis; it is the run's
/// `submitted` change, `Imported::changes`): `test_result.git_patch`
/// (SWE-Gym, OpenHands), `patch` (SWE-smith), `generated_patch` (nebius), `model_patch`
/// (SWE-rebench, SWE-bench predictions), `info.submission` (mini-swe-agent).
pub fn final_patch(row: &Value) -> Option<&str> {
    row::PATCH_FIELDS
        .iter()
        .find_map(|p| at(row, p).and_then(Value::as_str))
        .filter(|p| !p.trim().is_empty())
}

/// The row's submission as the run's change (`Session::submission`): the first patch field
/// present (`change::submitted` of it); an empty or null one says the run submitted nothing.
fn submission(row: &mut Row) -> Option<String> {
    match row.patches.iter_mut().find_map(Option::take)? {
        Patch::Str(s) => Some(s.into_owned()),
        Patch::Null => Some(String::new()),
        Patch::Other => None,
    }
}

/// What a row looked like, for the note on a row that gave no reads: its keys and the keys of
/// its messages (`{instance_id, trajectory[13]: {role, text}}`).
fn shape(row: &Value, key: Option<&str>) -> String {
    let keys = |v: &Value| -> String {
        v.as_object()
            .map(|o| o.keys().map(String::as_str).collect::<Vec<_>>().join(", "))
            .unwrap_or_else(|| "not objects".to_string())
    };
    let messages = key
        .and_then(|k| row.get(k))
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let mut item_keys: Vec<String> = messages.iter().take(8).map(keys).collect();
    item_keys.dedup();
    let top: Vec<&str> = row
        .as_object()
        .map(|o| {
            o.keys()
                .map(String::as_str)
                .filter(|k| Some(*k) != key)
                .collect()
        })
        .unwrap_or_default();
    match key {
        Some(k) => format!(
            "{{{}, {k}[{}]: {{{}}}}}",
            top.join(", "),
            messages.len(),
            item_keys.first().map_or("", String::as_str)
        ),
        None => format!("{{{}}} (no messages or trajectory list)", top.join(", ")),
    }
}

/// `v.pointer(path)` for a path of object keys without `~` escapes (every path this module
/// reads), without the copy of each key `pointer` makes (a `String` per key: a row's fields are
/// looked up some thirty times).
pub(crate) fn at<'v>(v: &'v Value, path: &str) -> Option<&'v Value> {
    path.strip_prefix('/')?
        .split('/')
        .try_fold(v, |v, k| v.get(k))
}

/// FNV-1a of the row's bytes as the file has them.
fn row_hash(raw: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in raw.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Whether a JSON value looks like a chat-dataset row: a message list in an encoding above, or
/// a `trajectory` whose steps are messages (not SWE-agent's `{action, observation}`).
pub(crate) fn is_row(v: &Value) -> bool {
    let Some(key) = encode::messages_key(v) else {
        return false;
    };
    let items = v
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    if key == "trajectory" {
        return items
            .iter()
            .any(|m| m.get("role").is_some() && m.get("action").is_none());
    }
    detect_value(v, items).is_some()
}

/// [`encode::detect`] of a `Value` row and its messages.
fn detect_value(v: &Value, items: &[Value]) -> Option<Encoding> {
    let messages: Vec<ChatMsg> = items.iter().map(ChatMsg::from_value).collect();
    encode::detect(
        v.get("trajectory_format").and_then(Value::as_str),
        &messages,
    )
}

/// A single object that is a dataset row rather than one of the single-log formats: messages in
/// a text encoding, or any messages beside a dataset's outcome or run fields. (An OpenHands
/// completion log has `fncall_messages`; a mini-swe-agent file its own markers: both are
/// detected before this.)
pub(crate) fn is_dataset_row(v: &Value) -> bool {
    let Some(key) = encode::messages_key(v) else {
        return false;
    };
    let items = v
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    match detect_value(v, items) {
        Some(Encoding::FunctionText | Encoding::SweAgentText) => true,
        Some(Encoding::ToolCalls) => [
            "resolved",
            "target",
            "reward",
            "test_result",
            "run_id",
            "traj_id",
            "model_name",
        ]
        .iter()
        .any(|k| v.get(*k).is_some()),
        Some(Encoding::MiniSweAgent) | None => false,
    }
}

#[cfg(test)]
mod tests;
