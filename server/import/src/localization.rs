//! Code-localization outputs and Loc-Bench gold as ranked *names* (files `a.py`, modules
//! `a.py:Class`, functions `a.py:Class.method`), one record per instance in JSONL — the inputs of
//! `readcov locbench`. Names are resolved to units through the workspace by readcov-units (the
//! `line: N` locations of Agentless, readcov gold as names); this module only reads.
//!
//! Predictions (`instance_id` names the task):
//! - LocAgent (`found_files`, `found_modules`, `found_entities`: ranked lists of names);
//! - retriever documents (`docs`: `path.py/Class/method`, as LocAgent's evaluation converts them:
//!   function `path.py:Class.method` (a document ending in `.__init__` has it stripped, one
//!   ending in `/__init__` keeps it: `Class.__init__`), module `path.py:Class`, file `path.py`,
//!   files and modules each once);
//! - Agentless (`found_files`, and `found_edit_locs`, else `found_related_locs`: per file a list
//!   of text blocks with lines `function: Class.method`, `class: Class`, `line: N`,
//!   `variable: name`; a list of such objects is one per sample, the first is read). Files are
//!   taken in `found_files` order (then the others by name); `function:` gives a function and its
//!   module, `class:` a module, `line: N` a line to resolve, `variable:` nothing.
//!
//! Gold: LocAgent's `file_changes` (`file`, `changes.edited_modules`, `changes.edited_entities`)
//! or Loc-Bench dataset rows' `edit_functions` (file = before `:`, module = file + the first
//! name, function as given), each deduplicated in order where the reference deduplicates.

use readcov_core::formats::{InputError, Parsed};
use serde_json::Value;
use std::collections::BTreeSet;

/// One instance's names, ranked (predictions) or listed (gold).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Localization {
    pub task: String,
    pub files: Vec<String>,
    pub modules: Vec<String>,
    pub functions: Vec<String>,
    /// Agentless `line: N` locations (file, line), in order, for the workspace to name.
    pub lines: Vec<(String, u32)>,
    /// `locagent`, `docs`, `agentless`, `file_changes`, `edit_functions`.
    pub shape: &'static str,
}

/// Predictions, one JSON object per line.
pub fn parse_predictions(bytes: &[u8], name: &str) -> Parsed<Localization> {
    parse_lines(bytes, name, predictions)
}

/// Loc-Bench gold, one JSON object per line.
pub fn parse_gold(bytes: &[u8], name: &str) -> Parsed<Localization> {
    parse_lines(bytes, name, gold)
}

/// Whether a JSONL record is a Loc-Bench gold row (`file_changes` or `edit_functions`).
pub fn is_gold_record(v: &Value) -> bool {
    v.get("instance_id").is_some()
        && (v.get("file_changes").is_some() || v.get("edit_functions").is_some())
}

type Bad = (&'static str, String);

fn parse_lines(
    bytes: &[u8],
    name: &str,
    one: fn(&Value) -> Result<Localization, Bad>,
) -> Parsed<Localization> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut out = Parsed {
        items: Vec::new(),
        errors: Vec::new(),
        records: 0,
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        out.records += 1;
        let got = serde_json::from_str::<Value>(line)
            .map_err(|e| ("line", format!("invalid JSON: {e}")))
            .and_then(|v| {
                let task = match v.get("instance_id") {
                    Some(Value::String(s)) if !s.is_empty() => s.clone(),
                    _ => return Err(("instance_id", "missing (a non-empty string)".into())),
                };
                one(&v).map(|l| Localization { task, ..l })
            });
        match got {
            Ok(l) => out.items.push(l),
            Err((field, message)) => out.errors.push(InputError::new(
                name,
                i + 1,
                (field != "line").then_some(field),
                message,
            )),
        }
    }
    out
}

fn predictions(v: &Value) -> Result<Localization, Bad> {
    if let Some(docs) = v.get("docs") {
        return from_docs(&strings(docs, "docs")?);
    }
    if v.get("found_edit_locs").is_some() || v.get("found_related_locs").is_some() {
        return agentless(v);
    }
    let list = |k: &'static str| match v.get(k) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(x) => strings(x, k),
    };
    let l = Localization {
        files: list("found_files")?,
        modules: list("found_modules")?,
        functions: list("found_entities")?,
        shape: "locagent",
        ..Localization::default()
    };
    if v.get("found_files").is_none()
        && v.get("found_modules").is_none()
        && v.get("found_entities").is_none()
    {
        return Err((
            "found_files",
            "no localization: expected found_files/found_modules/found_entities (LocAgent), \
             docs, or found_edit_locs/found_related_locs (Agentless)"
                .into(),
        ));
    }
    Ok(l)
}

/// LocAgent's conversion of retriever documents (`path.py/Class/method`).
fn from_docs(docs: &[String]) -> Result<Localization, Bad> {
    let mut l = Localization {
        shape: "docs",
        ..Localization::default()
    };
    for d in docs {
        // The file: the longest prefix ending in `.py` followed by `/` or the end.
        let file = match d.rfind(".py/") {
            Some(i) => &d[..i + 3],
            None if d.ends_with(".py") => d.as_str(),
            None => return Err(("docs", format!("`{d}` names no `.py` file"))),
        };
        push_once(&mut l.files, file.to_string());
        let Some((fle, func)) = d.split_once(".py/") else {
            continue;
        };
        // LocAgent strips a `.__init__` ending of the document as written, before trimming
        // and turning `/` into `.`: `A/__init__` stays `A.__init__` (the name its oracle gives
        // a constructor), only a dotted `A.__init__` becomes `A`.
        let function = func.strip_suffix(".__init__").unwrap_or(func);
        l.functions.push(format!(
            "{fle}.py:{}",
            function.trim_matches('/').replace('/', ".")
        ));
        let func = func.trim_matches('/');
        let module = func.split('/').next().unwrap_or(func);
        push_once(&mut l.modules, format!("{fle}.py:{module}"));
    }
    Ok(l)
}

fn agentless(v: &Value) -> Result<Localization, Bad> {
    let files = match v.get("found_files") {
        None | Some(Value::Null) => Vec::new(),
        Some(x) => strings(x, "found_files")?,
    };
    let key = match v.get("found_edit_locs") {
        Some(x) if !is_empty(x) => "found_edit_locs",
        _ => "found_related_locs",
    };
    let mut locs = v.get(key).unwrap_or(&Value::Null);
    // One object per sample: the first is read.
    if let Value::Array(samples) = locs {
        locs = samples.first().unwrap_or(&Value::Null);
    }
    let by_file = match locs {
        Value::Object(o) => o,
        Value::Null => &serde_json::Map::new(),
        _ => return Err((key, "expected an object of file → locations".into())),
    };
    let mut order: Vec<&String> = files.iter().filter(|f| by_file.contains_key(*f)).collect();
    let listed: BTreeSet<&String> = order.iter().copied().collect();
    order.extend(by_file.keys().filter(|k| !listed.contains(k)));
    let mut l = Localization {
        shape: "agentless",
        ..Localization::default()
    };
    for file in order {
        let blocks = strings(&by_file[file.as_str()], key)?;
        for line in blocks.iter().flat_map(|b| b.lines()) {
            let line = line.trim();
            let (kind, what) = match line.split_once(':') {
                Some((k, w)) => (k.trim(), w.trim()),
                None => continue,
            };
            match kind {
                "function" | "method" => {
                    l.functions.push(format!("{file}:{what}"));
                    let module = what.split('.').next().unwrap_or(what);
                    push_once(&mut l.modules, format!("{file}:{module}"));
                }
                "class" => push_once(&mut l.modules, format!("{file}:{what}")),
                "line" | "lines" => {
                    let first = what.split(['-', ',']).next().unwrap_or(what).trim();
                    if let Ok(n) = first.parse::<u32>() {
                        if n >= 1 {
                            l.lines.push((file.clone(), n));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    l.files = files;
    Ok(l)
}

fn gold(v: &Value) -> Result<Localization, Bad> {
    let mut l = Localization::default();
    if let Some(changes) = v.get("file_changes") {
        l.shape = "file_changes";
        let Value::Array(changes) = changes else {
            return Err(("file_changes", "expected an array".into()));
        };
        for c in changes {
            let file = c
                .get("file")
                .and_then(Value::as_str)
                .ok_or(("file_changes.file", "missing (a string)".to_string()))?;
            l.files.push(file.to_string());
            let ch = c.get("changes").unwrap_or(&Value::Null);
            let list = |k: &'static str| match ch.get(k) {
                None | Some(Value::Null) => Ok(Vec::new()),
                Some(x) => strings(x, k),
            };
            l.modules.extend(list("edited_modules")?);
            l.functions.extend(list("edited_entities")?);
        }
        return Ok(l);
    }
    l.shape = "edit_functions";
    let funcs = strings(
        v.get("edit_functions").unwrap_or(&Value::Null),
        "edit_functions",
    )?;
    for f in &funcs {
        let file = f.split(':').next().unwrap_or(f);
        push_once(&mut l.files, file.to_string());
        let name = f.rsplit(':').next().unwrap_or(f);
        let module = name.split('.').next().unwrap_or(name);
        push_once(&mut l.modules, format!("{file}:{module}"));
    }
    l.functions = funcs;
    Ok(l)
}

fn push_once(v: &mut Vec<String>, s: String) {
    if !v.contains(&s) {
        v.push(s);
    }
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Array(a) => a.is_empty() || a.iter().all(is_empty),
        Value::Object(o) => o.is_empty() || o.values().all(is_empty),
        Value::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

/// A list of strings (a lone string is a list of one).
fn strings(v: &Value, field: &'static str) -> Result<Vec<String>, Bad> {
    match v {
        Value::String(s) => Ok(vec![s.clone()]),
        Value::Array(a) => a
            .iter()
            .map(|x| {
                x.as_str()
                    .map(str::to_string)
                    .ok_or((field, format!("expected strings, found {x}")))
            })
            .collect(),
        _ => Err((field, format!("expected a list of strings, found {v}"))),
    }
}

#[cfg(test)]
mod tests;
