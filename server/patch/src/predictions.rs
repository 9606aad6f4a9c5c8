//! SWE-bench predictions: `instance_id`, `model_name_or_path`, `model_patch`, in any form the
//! harness takes — JSONL (one object per line), a JSON list of those objects, or a JSON object
//! keyed by instance id (sb-cli's form; a value may leave `instance_id` out). `task` and `run`
//! are read too (`readcov import --emit-patches` writes the SWE-bench names; the shipped
//! `model_patches.jsonl` uses these). `model_patch: null` is an empty submission. A bad entry is
//! a located error (file, line, field) and the others are kept.

use readcov_core::formats::{parse_jsonl, parse_object, Fields, InputError, Parsed};
use serde_json::Value;

/// Something lost rebuilding a run's change: a write readcov could not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loss {
    /// The file it concerns; `None`: it may concern any file.
    pub path: Option<String>,
    /// The file is not at the base (a file the run created): what is lost cannot change a
    /// base file.
    pub new_file: bool,
    /// What happened, as a phrase ("written by `sed -i …` (turn 12); 2 later write(s) not
    /// replayed").
    pub what: String,
}

impl Loss {
    /// Whether what was lost may have changed a file of the base.
    pub fn touches_base(&self) -> bool {
        !self.new_file
    }

    /// `path: what` (`any file: what` for a loss not tied to one file).
    pub fn sentence(&self) -> String {
        match &self.path {
            Some(p) if self.new_file => format!("{p} (new file): {}", self.what),
            Some(p) => format!("{p}: {}", self.what),
            None => format!("any file: {}", self.what),
        }
    }

    /// The JSON form `{path, new_file, what}`.
    pub fn to_json(&self) -> Value {
        serde_json::json!({"path": self.path, "new_file": self.new_file, "what": self.what})
    }

    /// Reads the JSON form back (a bare string is a loss that may concern any file).
    pub fn from_json(v: &Value) -> Option<Loss> {
        if let Some(s) = v.as_str() {
            return Some(Loss {
                path: None,
                new_file: false,
                what: s.to_string(),
            });
        }
        let o = v.as_object()?;
        Some(Loss {
            path: match o.get("path") {
                None | Some(Value::Null) => None,
                Some(p) => Some(p.as_str()?.to_string()),
            },
            new_file: o.get("new_file").map_or(Some(false), Value::as_bool)?,
            what: o.get("what")?.as_str()?.to_string(),
        })
    }
}

/// One submitted patch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prediction {
    pub task: String,
    /// `model_name_or_path` (or `run`).
    pub run: Option<String>,
    /// `None`: `model_patch` is `null` or missing (nothing submitted).
    pub patch: Option<String>,
    /// What was lost rebuilding the change (`partial`, written by `readcov import
    /// --emit-patches`); empty when complete or not said.
    pub partial: Vec<Loss>,
    pub file: String,
    /// 1-based line where the entry starts.
    pub line: usize,
}

/// One prediction as a JSONL line (with its `\n`): `instance_id`, `model_name_or_path`,
/// `model_patch`, and readcov's `partial` (what was lost rebuilding it) and `change_source`.
pub fn prediction_line(
    task: &str,
    run: &str,
    patch: &str,
    partial: &[Loss],
    source: &str,
) -> String {
    let partial: Vec<Value> = partial.iter().map(Loss::to_json).collect();
    let v = serde_json::json!({
        "instance_id": task,
        "model_name_or_path": run,
        "model_patch": patch,
        "partial": partial,
        "change_source": source,
    });
    format!("{v}\n")
}

/// Reads predictions in any of the three forms.
pub fn parse_predictions(bytes: &[u8], file: &str) -> Parsed<Prediction> {
    let text = String::from_utf8_lossy(bytes);
    let body = text.trim_start_matches('\u{feff}');
    let lead = body.len() - body.trim_start().len() + (text.len() - body.len());
    match body.trim_start().as_bytes().first() {
        Some(b'[') => container(&text, lead, file),
        Some(b'{') if one_record(body) => {
            let mut out = Parsed::default();
            let line = 1 + text[..lead].matches('\n').count();
            entry(&mut out, body.trim(), file, line, None);
            out
        }
        Some(b'{') if serde_json::from_str::<Value>(body).is_ok() => container(&text, lead, file),
        _ => parse_jsonl(bytes, file, |f| record(f, None)),
    }
}

/// A document that is one prediction object (a one-line JSONL file, or a pretty-printed row).
fn one_record(body: &str) -> bool {
    serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| v.as_object().map(|o| o.contains_key("model_patch")))
        .unwrap_or(false)
}

fn record(f: &Fields, key: Option<&str>) -> Result<Prediction, InputError> {
    let task = match (f.opt_string("instance_id")?, f.opt_string("task")?, key) {
        (Some(t), _, _) | (None, Some(t), _) | (None, None, Some(t)) => t.to_string(),
        (None, None, None) => return Err(f.err("instance_id", "missing")),
    };
    let run = match f.opt_string("model_name_or_path")? {
        Some(r) => Some(r.to_string()),
        None => f.opt_string("run")?.map(str::to_string),
    };
    let patch = match f.obj.get("model_patch") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(f.err("model_patch", "expected a string (a diff) or null")),
    };
    let bad = || {
        f.err(
            "partial",
            "expected a list of {path, new_file, what} objects",
        )
    };
    let partial = match f.obj.get("partial") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => (a.iter())
            .map(Loss::from_json)
            .collect::<Option<Vec<_>>>()
            .ok_or_else(bad)?,
        Some(_) => return Err(bad()),
    };
    Ok(Prediction {
        task,
        run,
        patch,
        partial,
        file: f.file.to_string(),
        line: f.line,
    })
}

/// The entries of a JSON list or of an object keyed by instance id, each parsed on its own so
/// one bad entry costs only itself; `lead` is where the document starts in `text`.
fn container(text: &str, lead: usize, file: &str) -> Parsed<Prediction> {
    let mut out = Parsed::default();
    let line_at = |at: usize| {
        1 + text.as_bytes()[..at]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
    };
    for item in top_level(text, lead) {
        let line = line_at(item.at);
        let key = item.key.as_deref();
        entry(&mut out, &text[item.at..item.end], file, line, key);
    }
    out
}

/// One entry (a JSON object's text starting at `line`) read into `out`.
fn entry(out: &mut Parsed<Prediction>, text: &str, file: &str, line: usize, key: Option<&str>) {
    out.records += 1;
    let read = parse_object(text, file, line).and_then(|obj| {
        let f = Fields {
            obj: &obj,
            file,
            line,
        };
        record(&f, key)
    });
    match read {
        Ok(p) => out.items.push(p),
        Err(e) => out.errors.push(e),
    }
}

struct Item {
    key: Option<String>,
    at: usize,
    end: usize,
}

/// The byte ranges of the top-level values of the list or object starting at `lead` (with the
/// key of each member of an object). Strings and nesting are followed; nothing else is checked
/// here (each value is parsed on its own afterwards).
fn top_level(text: &str, lead: usize) -> Vec<Item> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut esc) = (0usize, false, false);
    let mut start: Option<usize> = None;
    let mut key: Option<String> = None;
    let mut key_from: Option<usize> = None;
    let keyed = b.get(lead) == Some(&b'{');
    for (i, &c) in b.iter().enumerate().skip(lead) {
        if in_str {
            match (esc, c) {
                (true, _) => esc = false,
                (false, b'\\') => esc = true,
                (false, b'"') => {
                    in_str = false;
                    if let Some(k) = key_from.take() {
                        key = serde_json::from_str(&text[k..=i]).ok();
                    }
                }
                _ => {}
            }
            continue;
        }
        match c {
            b'"' => {
                in_str = true;
                if depth == 1 && keyed && start.is_none() && key.is_none() {
                    key_from = Some(i);
                } else if depth == 1 && start.is_none() {
                    start = Some(i);
                }
            }
            b'{' | b'[' => {
                if depth == 1 && start.is_none() {
                    start = Some(i);
                }
                depth += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 1 {
                    if let Some(s) = start.take() {
                        out.push(Item {
                            key: key.take(),
                            at: s,
                            end: i + 1,
                        });
                    }
                } else if depth == 0 {
                    if let Some(s) = start.take() {
                        out.push(Item {
                            key: key.take(),
                            at: s,
                            end: i,
                        });
                    }
                    break;
                }
            }
            b',' if depth == 1 => {
                if let Some(s) = start.take() {
                    out.push(Item {
                        key: key.take(),
                        at: s,
                        end: i,
                    });
                }
                key = None;
            }
            c if depth == 1 && start.is_none() && !c.is_ascii_whitespace() && c != b':' => {
                start = Some(i)
            }
            _ => {}
        }
    }
    out
}
