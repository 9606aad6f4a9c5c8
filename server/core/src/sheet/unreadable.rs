//! Run records that could not be parsed still are planned trials. When a broken line is still a
//! JSON object whose `task` and `condition` read as ids, the trial is counted in its condition and
//! task (planned and unreadable) and sharded by its task; otherwise only in the overall line.

use super::record::{parse_run, RunRecord};
use crate::formats::{parse_jsonl, Fields, InputError, Parsed};
use crate::span::DEFAULT_ID;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// A run record line that could not be graded, and where it belongs when the line says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnreadableRun {
    pub line: usize,
    /// `None` when the line is no JSON object or its `task` is no id.
    pub task: Option<String>,
    /// `None` when the line is no JSON object or its `condition` is no string.
    pub condition: Option<String>,
}

/// A parsed runs file: the records, the located errors, and one [`UnreadableRun`] per error.
#[derive(Debug, Default)]
pub struct RunFile {
    pub parsed: Parsed<RunRecord>,
    pub unreadable: Vec<UnreadableRun>,
}

/// Where a line belongs, read as leniently as a valid record would be: absent = `default`.
fn locate(f: &Fields) -> (Option<String>, Option<String>) {
    let task = f.id("task").ok();
    let condition = match f.obj.get("condition") {
        None | Some(Value::Null) => Some(DEFAULT_ID.to_string()),
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => None,
    };
    (task, condition)
}

/// Parses a runs JSONL file. Unknown keys are errors: a misspelt evidence key must not silently
/// read as "no evidence". A (task, run) pair is unique in the file; the same pair seen twice is
/// an error on the later line (run ids may repeat across tasks, as when a run is named after its
/// agent). Every error line is also an [`UnreadableRun`].
pub fn parse_run_file(bytes: &[u8], file: &str) -> RunFile {
    type Row = (
        usize,
        (Option<String>, Option<String>),
        Result<RunRecord, InputError>,
    );
    let rows: Parsed<Row> = parse_jsonl(bytes, file, |f| Ok((f.line, locate(f), parse_run(f))));
    let mut out = RunFile::default();
    out.parsed.records = rows.records;
    // Lines that are no JSON object at all: nothing to locate them by.
    let mut located: BTreeMap<usize, (Option<String>, Option<String>)> =
        rows.errors.iter().map(|e| (e.line, (None, None))).collect();
    out.parsed.errors = rows.errors;
    let mut seen = BTreeSet::new();
    for (line, place, result) in rows.items {
        match result {
            Ok(r) if seen.insert((r.task.clone(), r.run.clone())) => out.parsed.items.push(r),
            Ok(r) => {
                let msg = format!(
                    "run `{}` of task `{}` appears more than once",
                    r.run, r.task
                );
                out.parsed
                    .errors
                    .push(InputError::new(file, line, Some("run"), msg));
                located.insert(line, place);
            }
            Err(e) => {
                out.parsed.errors.push(e);
                located.insert(line, place);
            }
        }
    }
    out.parsed.errors.sort_by_key(|e| e.line);
    out.unreadable = located
        .into_iter()
        .map(|(line, (task, condition))| UnreadableRun {
            line,
            task,
            condition,
        })
        .collect();
    out
}

/// [`parse_run_file`] without the unreadable list.
pub fn parse_runs(bytes: &[u8], file: &str) -> Parsed<RunRecord> {
    parse_run_file(bytes, file).parsed
}

#[cfg(test)]
mod tests;
