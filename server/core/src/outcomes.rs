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
    let parsed = parse_jsonl(bytes, file, label);
    let mut out = merge_labels(vec![(file.to_string(), parsed)]);
    out.errors.sort_by_key(|e| e.line);
    out
}

/// `--outcomes RUN=FILE`: the file's labels are that run's. A label naming no run becomes the
/// run's (a harness report, a SWE-bench row); one naming another run is a located error.
pub fn for_run(parsed: &mut Parsed<Label>, run: &str, file: &str) {
    let mut kept = Vec::with_capacity(parsed.items.len());
    for mut l in parsed.items.drain(..) {
        match l.run.as_deref() {
            None => {
                l.run = Some(run.to_string());
                kept.push(l);
            }
            Some(r) if r == run => kept.push(l),
            Some(r) => parsed.errors.push(InputError::new(
                file,
                l.line,
                Some("run"),
                format!("names run `{r}`, but the file was given for run `{run}`"),
            )),
        }
    }
    parsed.items = kept;
}

/// The labels of several files (each already parsed, in order): a label that disagrees with an
/// earlier one for the same (task, run) is a located error of its file (the first stands); an
/// identical repeat is dropped.
pub fn merge_labels(files: Vec<(String, Parsed<Label>)>) -> Parsed<Label> {
    let mut seen: BTreeMap<(String, Option<String>), (bool, usize, usize)> = BTreeMap::new();
    let mut out = Parsed::default();
    let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    for (k, (file, parsed)) in files.into_iter().enumerate() {
        out.records += parsed.records;
        out.errors.extend(parsed.errors);
        for l in parsed.items {
            let key = (l.task.clone(), l.run.clone());
            match seen.get(&key) {
                Some(&(first, fk, line)) if first != l.resolved => {
                    let at = match fk == k {
                        true => format!("line {line}"),
                        false => format!("{}:{line}", names[fk]),
                    };
                    out.errors.push(InputError::new(
                        &file,
                        l.line,
                        Some("resolved"),
                        format!("conflicts with {at} for the same task (kept {at})"),
                    ));
                }
                Some(_) => {}
                None => {
                    seen.insert(key, (l.resolved, k, l.line));
                    out.items.push(l);
                }
            }
        }
    }
    out
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
