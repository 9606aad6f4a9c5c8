//! Outcome labels: did the run's fix resolve the task? Read from JSONL with `instance_id` (or
//! `task`) and `resolved`, optionally narrowed to one `run`. The real data's `gold.jsonl` is such
//! a file as it stands (its extra fields are ignored), and so is a SWE-bench harness report
//! ([`labels_of_reports`]). Shared by reports and consensus gold.

use crate::formats::{parse_jsonl, Fields, InputError, Parsed};
use crate::stages::{HarnessStatus, ReportFile};
use serde_json::Value;
use std::collections::BTreeMap;

/// One label line: `run: None` labels every run of the task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub task: String,
    pub run: Option<String>,
    pub resolved: bool,
    /// 1-based line in the outcomes file, for conflict messages.
    pub line: usize,
}

/// Labels by task, with per-run overrides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcomes {
    by_task: BTreeMap<String, bool>,
    by_run: BTreeMap<(String, String), bool>,
}

impl Outcomes {
    /// The label for one (task, run): a per-run label wins over the task's.
    pub fn get(&self, task: &str, run: &str) -> Option<bool> {
        self.by_run
            .get(&(task.to_string(), run.to_string()))
            .or_else(|| self.by_task.get(task))
            .copied()
    }

    /// Per-run labels: (task, run, resolved), in (task, run) order.
    pub fn runs(&self) -> impl Iterator<Item = (&str, &str, bool)> {
        self.by_run
            .iter()
            .map(|((t, r), &ok)| (t.as_str(), r.as_str(), ok))
    }

    pub fn len(&self) -> usize {
        self.by_task.len() + self.by_run.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn label(f: &Fields) -> Result<Label, InputError> {
    // `task` wins when both are given; `instance_id` is the SWE-bench name for the same thing.
    let key = if f.obj.contains_key("task") {
        "task"
    } else {
        "instance_id"
    };
    let task = match f.obj.get(key) {
        Some(Value::String(s)) if !s.is_empty() => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        None | Some(Value::Null) => {
            return Err(f.err("instance_id", "missing (give `instance_id` or `task`)"))
        }
        Some(_) => return Err(f.err(key, "expected a non-empty string")),
    };
    let run = f.opt_string("run")?.map(str::to_string);
    let resolved = match f.obj.get("resolved") {
        Some(Value::Bool(b)) => *b,
        None | Some(Value::Null) => return Err(f.err("resolved", "missing")),
        Some(_) => return Err(f.err("resolved", "expected true or false")),
    };
    Ok(Label {
        task,
        run,
        resolved,
        line: f.line,
    })
}

/// Parses an outcomes JSONL file. A second label for the same key that disagrees with the first is
/// a located error (the first one stands); an identical repeat is accepted.
pub fn parse_outcomes(bytes: &[u8], file: &str) -> Parsed<Label> {
    let mut parsed = parse_jsonl(bytes, file, label);
    let mut seen: BTreeMap<(String, Option<String>), (bool, usize)> = BTreeMap::new();
    let mut kept = Vec::with_capacity(parsed.items.len());
    for l in parsed.items.drain(..) {
        match seen.get(&(l.task.clone(), l.run.clone())) {
            Some(&(first, line)) if first != l.resolved => parsed.errors.push(InputError::new(
                file,
                l.line,
                Some("resolved"),
                format!("conflicts with line {line} for the same task (kept line {line})"),
            )),
            Some(_) => {}
            None => {
                seen.insert((l.task.clone(), l.run.clone()), (l.resolved, l.line));
                kept.push(l);
            }
        }
    }
    parsed.errors.sort_by_key(|e| e.line);
    parsed.items = kept;
    parsed
}

/// A harness report's verdicts as labels, one per task (a report is one run's, and names no run).
pub struct ReportLabels {
    pub labels: Vec<Label>,
    /// Instances the harness could not evaluate (`error_ids`): no label either way.
    pub errors: Vec<String>,
    /// Instances whose report gives no verdict (a per-instance report without `resolved`).
    pub unknown: Vec<String>,
}

/// Resolved → `true`; unresolved and an empty patch → `false` (the run did not fix the task, as
/// SWE-bench's resolve rate counts it); a harness error is no outcome of the run's, so no label.
pub fn labels_of_reports(reports: &ReportFile) -> ReportLabels {
    let mut out = ReportLabels {
        labels: Vec::new(),
        errors: Vec::new(),
        unknown: Vec::new(),
    };
    for (task, r) in &reports.instances {
        let resolved = match r.harness {
            Some(HarnessStatus::Resolved) => true,
            Some(HarnessStatus::Unresolved | HarnessStatus::EmptyPatch) => false,
            Some(HarnessStatus::Error) => {
                out.errors.push(task.clone());
                continue;
            }
            None => {
                out.unknown.push(task.clone());
                continue;
            }
        };
        out.labels.push(Label {
            task: task.clone(),
            run: None,
            resolved,
            line: 1,
        });
    }
    out
}

impl FromIterator<Label> for Outcomes {
    fn from_iter<I: IntoIterator<Item = Label>>(iter: I) -> Self {
        let mut o = Outcomes::default();
        for l in iter {
            match l.run {
                Some(run) => o.by_run.insert((l.task, run), l.resolved),
                None => o.by_task.insert(l.task, l.resolved),
            };
        }
        o
    }
}

#[cfg(test)]
mod tests;
