//! ContextBench inputs: gold rows (the data set's `gold_context` JSON string, or the legacy
//! `init_ctx` + `add_ctx` / `gold_ctx` layout), predictions in the benchmark's unified form
//! (`traj_data.pred_steps`, `pred_files`, `pred_spans`, `pred_symbols`) and readcov reads as
//! predictions (one step per turn). Bad values are located errors; the rest is kept.

use super::fields::{int, list, object, opt_id, text, At};
use crate::formats::{jsonl_lines, kind_of, parse_object, InputError, Parsed};
use serde_json::{Map, Value};

/// One annotated gold region: `file` as written, lines `start..=end` (1-based inclusive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CtxItem {
    pub file: String,
    pub start: i64,
    pub end: i64,
}

/// One gold row. `init` is the context a fix starts from (`gold_context`, `init_ctx`, or
/// `gold_ctx` when both of the legacy lists are empty); `add` is the legacy `add_ctx`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoldRow {
    /// The row's identity for output: `instance_id`, else `inst_id`, else `original_inst_id`.
    pub instance_id: String,
    /// Every id a prediction may use for this row.
    pub keys: Vec<String>,
    pub init: Vec<CtxItem>,
    pub add: Vec<CtxItem>,
    /// The gold patch (`patch`).
    pub patch: String,
    pub file: String,
    pub line: usize,
}

/// One retrieval step: files, line spans per file, symbol names per file (paths as written).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub files: Vec<String>,
    pub spans: Vec<(String, i64, i64)>,
    pub symbols: Vec<(String, Vec<String>)>,
}

/// One prediction: the steps of the trajectory and the final context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredRow {
    pub instance_id: String,
    /// The run, for predictions built from readcov reads.
    pub run: Option<String>,
    pub model_patch: String,
    /// `pred_steps`; empty means the final context is the only step.
    pub steps: Vec<Step>,
    pub final_step: Step,
    pub file: String,
    pub line: usize,
}

/// Parses gold rows (JSONL; one object per line).
pub fn parse_gold_rows(bytes: &[u8], file: &str) -> Parsed<GoldRow> {
    parse_rows(bytes, file, |_, _| None, gold_row)
}

/// Runs `row` over every object line of a JSONL file. Unlike `formats::parse_jsonl`, `row` may
/// also report errors that do not refuse the row (a bad region inside a kept row). `plain`
/// reads a line of the plain shape straight into its row (what `row` would give it, without
/// an error), `None` sending the line to the checked path.
fn parse_rows<T>(
    bytes: &[u8],
    file: &str,
    plain: impl Fn(&str, usize) -> Option<T>,
    row: impl Fn(&Map<String, Value>, &At, &mut Vec<InputError>) -> Result<T, InputError>,
) -> Parsed<T> {
    let mut out = Parsed::default();
    for (line, t) in jsonl_lines(bytes, file) {
        out.records += 1;
        if let Some(item) = t.as_ref().ok().and_then(|t| plain(t, line)) {
            out.items.push(item);
            continue;
        }
        let at = At { file, line };
        match t
            .and_then(|t| parse_object(t, file, line))
            .and_then(|o| row(&o, &at, &mut out.errors))
        {
            Ok(item) => out.items.push(item),
            Err(e) => out.errors.push(e),
        }
    }
    out
}

fn gold_row(
    o: &Map<String, Value>,
    at: &At,
    errors: &mut Vec<InputError>,
) -> Result<GoldRow, InputError> {
    let mut keys = Vec::new();
    for k in ["instance_id", "inst_id", "original_inst_id"] {
        if let Some(id) = opt_id(o, k, at)? {
            if !keys.contains(&id) {
                keys.push(id);
            }
        }
    }
    let Some(instance_id) = keys.first().cloned() else {
        return Err(at.err(
            "instance_id",
            "missing (also no `inst_id` or `original_inst_id`)",
        ));
    };
    if !["gold_context", "init_ctx", "add_ctx", "gold_ctx"]
        .iter()
        .any(|k| o.contains_key(*k))
    {
        return Err(at.err(
            "gold_context",
            "missing (also no `init_ctx`, `add_ctx` or `gold_ctx`)",
        ));
    }
    let mut init = ctx_list(list(o, "init_ctx", "init_ctx", at)?, "init_ctx", at, errors);
    let add = ctx_list(list(o, "add_ctx", "add_ctx", at)?, "add_ctx", at, errors);
    if init.is_empty() && add.is_empty() {
        init = ctx_list(list(o, "gold_ctx", "gold_ctx", at)?, "gold_ctx", at, errors);
    }
    if init.is_empty() && add.is_empty() {
        init = match o.get("gold_context") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::String(s)) => match serde_json::from_str::<Value>(s) {
                Ok(Value::Array(a)) => ctx_list(&a, "gold_context", at, errors),
                Ok(v) => {
                    return Err(at.err(
                        "gold_context",
                        format!("expected a JSON list in the string, found {}", kind_of(&v)),
                    ))
                }
                Err(e) => {
                    return Err(at.err("gold_context", format!("invalid JSON in the string: {e}")))
                }
            },
            Some(Value::Array(a)) => ctx_list(a, "gold_context", at, errors),
            Some(v) => {
                return Err(at.err(
                    "gold_context",
                    format!("expected a JSON string or a list, found {}", kind_of(v)),
                ))
            }
        };
    }
    Ok(GoldRow {
        instance_id,
        keys,
        init,
        add,
        patch: text(o, "patch", "patch", at)?,
        file: at.file.to_string(),
        line: at.line,
    })
}

/// A list of `{file, start_line, end_line}`; a bad item is an error and is left out. Lines
/// default to 1 as in the reference; a start below 1 or an end before the start is refused
/// (the reference would count a negative size).
fn ctx_list(items: &[Value], field: &str, at: &At, errors: &mut Vec<InputError>) -> Vec<CtxItem> {
    let mut out = Vec::new();
    for (i, v) in items.iter().enumerate() {
        let f = format!("{field}[{i}]");
        let item = match v {
            Value::Object(it) => (|| {
                let file = text(it, "file", &format!("{f}.file"), at)?;
                if file.is_empty() {
                    return Err(at.err(&format!("{f}.file"), "missing"));
                }
                let start = int(it, "start_line", 1, &format!("{f}.start_line"), at)?;
                let end = int(it, "end_line", 1, &format!("{f}.end_line"), at)?;
                if start < 1 || end < start {
                    return Err(at.err(
                        &f,
                        format!("lines {start}-{end}: need 1 <= start_line <= end_line"),
                    ));
                }
                Ok(CtxItem { file, start, end })
            })(),
            other => Err(at.err(&f, format!("expected an object, found {}", kind_of(other)))),
        };
        match item {
            Ok(it) => out.push(it),
            Err(e) => errors.push(e),
        }
    }
    out
}

/// Parses predictions in ContextBench's unified form (JSONL).
pub fn parse_preds(bytes: &[u8], file: &str) -> Parsed<PredRow> {
    let sorted = plain::map_sorts();
    parse_rows(
        bytes,
        file,
        |t, line| plain::plain_pred(t, file, line, sorted),
        pred_row,
    )
}

/// [`parse_preds`] by the checked path alone (the plain rows' reader off): what it must give on
/// any bytes. For the equivalence tests and the `contextbench_plain` fuzz target.
pub fn parse_preds_checked(bytes: &[u8], file: &str) -> Parsed<PredRow> {
    parse_rows(bytes, file, |_, _| None, pred_row)
}

fn pred_row(
    o: &Map<String, Value>,
    at: &At,
    errors: &mut Vec<InputError>,
) -> Result<PredRow, InputError> {
    let instance_id = match opt_id(o, "instance_id", at)? {
        Some(id) => id,
        None => {
            opt_id(o, "original_inst_id", at)?.ok_or_else(|| at.err("instance_id", "missing"))?
        }
    };
    let empty = Map::new();
    let traj = object(o, "traj_data", "traj_data", at)?.unwrap_or(&empty);
    let mut steps = Vec::new();
    for (i, s) in list(traj, "pred_steps", "traj_data.pred_steps", at)?
        .iter()
        .enumerate()
    {
        let f = format!("traj_data.pred_steps[{i}]");
        match s {
            Value::Object(s) => steps.push(step(s, ["files", "spans", "symbols"], &f, at, errors)),
            other => {
                errors.push(at.err(&f, format!("expected an object, found {}", kind_of(other))))
            }
        }
    }
    let final_step = step(
        traj,
        ["pred_files", "pred_spans", "pred_symbols"],
        "traj_data",
        at,
        errors,
    );
    Ok(PredRow {
        instance_id,
        run: None,
        model_patch: text(o, "model_patch", "model_patch", at)?,
        steps,
        final_step,
        file: at.file.to_string(),
        line: at.line,
    })
}

mod from_reads;
mod plain;
mod step;

pub use from_reads::preds_from_reads;
#[cfg(test)]
use step::plain_span;
use step::step;

#[cfg(test)]
mod tests;
