//! Collects the runs one log holds (most formats: one; OpenHands eval output: one per instance;
//! a Claude Code subagent: its own run id), each through its own [`Session`] with the workspace
//! of its task, into one [`Imported`].

use crate::detect::{ImportError, ImportOptions, Imported};
use crate::format::Format;
use crate::paths::Roots;
use crate::session::Session;
use crate::FileProvider;
use serde_json::Value;

pub(crate) struct Runs<'a, 'p> {
    pub name: &'a str,
    pub opts: &'a ImportOptions,
    workspace_for: &'a dyn Fn(&str) -> Box<dyn FileProvider + 'p>,
    pub out: Imported,
}

impl<'a, 'p> Runs<'a, 'p> {
    pub fn new(
        name: &'a str,
        opts: &'a ImportOptions,
        workspace_for: &'a dyn Fn(&str) -> Box<dyn FileProvider + 'p>,
    ) -> Self {
        Runs {
            name,
            opts,
            workspace_for,
            out: Imported::default(),
        }
    }

    /// The task id: `--task`, else the log's own id, else the file name.
    pub fn task(&self, from_log: Option<&str>) -> String {
        self.opts
            .task
            .clone()
            .or_else(|| from_log.filter(|s| !s.is_empty()).map(str::to_string))
            .unwrap_or_else(|| stem(self.name))
    }

    /// The run id: `--run`, else the format name; `suffix` (a subagent) is appended after `/`.
    pub fn run_id(&self, format: Format, suffix: Option<&str>) -> String {
        let base = self
            .opts
            .run
            .clone()
            .unwrap_or_else(|| format.label().to_string());
        match suffix {
            Some(s) => format!("{base}/{s}"),
            None => base,
        }
    }

    /// The workspace files of `task` (a provider answering "no workspace" when none was given).
    pub fn files(&self, task: &str) -> Box<dyn FileProvider + 'p> {
        (self.workspace_for)(task)
    }

    /// One run: a fresh session with the workspace of `task`, fed by `feed`.
    pub fn run(&mut self, task: &str, run: &str, feed: impl FnOnce(&mut Session)) {
        let files = (self.workspace_for)(task);
        let mut session = Session::new(task, run, Roots::new(), "/testbed", files.as_ref());
        feed(&mut session);
        let (rows, summary, outcomes, change) = session.finish_with(!self.opts.no_replayed_changes);
        self.out.changes.push(change);
        self.out.rows.extend(rows);
        self.out.summary.add(&summary);
        self.out.outcomes.extend(outcomes);
    }

    /// Records that were not valid (counted as malformed, named in one error per log).
    pub fn bad_records(&mut self, n: usize, what: &str) {
        if n > 0 {
            self.out.summary.malformed_records += n;
            self.out.errors.push(ImportError {
                file: self.name.to_string(),
                message: format!("{n} {what}"),
            });
        }
    }

    /// One bad row of a dataset file, located by its line.
    pub fn bad_row(&mut self, line: usize, message: String) {
        self.out.summary.malformed_records += 1;
        self.out.errors.push(ImportError {
            file: format!("{}:{line}", self.name),
            message,
        });
    }

    /// The formats that are one JSON object holding one run (`parsed`: the text's value, when
    /// the caller has it).
    pub fn one_doc(
        &mut self,
        format: Format,
        text: &str,
        parsed: Option<Value>,
        feed: fn(&Value, &mut Session),
    ) -> Result<(), String> {
        let doc = object_of(format, text, parsed)?;
        let id = doc.get("instance_id").and_then(Value::as_str);
        self.one_run(format, id, |s| feed(&doc, s));
        Ok(())
    }

    /// The one run of a one-document log whose own id is `id` (its `instance_id`).
    pub fn one_run(&mut self, format: Format, id: Option<&str>, feed: impl FnOnce(&mut Session)) {
        let task = self.task(id);
        // SWE-agent writes `<instance_id>.traj` and keeps the id out of the log: the file name is
        // the task, said so, since a `<task>/<model>.traj` folder would make the model the task.
        if format == Format::SweAgent && self.opts.task.is_none() && id.is_none_or(str::is_empty) {
            self.out.notes.push(format!(
                "no instance id in the log: task `{task}` taken from the file name (set it with --task; a `<task>/<run>.traj` folder: --layout task/run)"
            ));
        }
        let run = self.run_id(format, None);
        self.run(&task, &run, feed);
    }
}

/// The log as one JSON object, or the error that says why not.
pub(crate) fn parse_object(format: Format, text: &str) -> Result<Value, String> {
    match serde_json::from_str::<Value>(text) {
        Ok(v) if v.is_object() => Ok(v),
        Ok(_) => Err(format!("{}: expected a JSON object", format.label())),
        Err(e) => Err(format!("{}: invalid JSON: {e}", format.label())),
    }
}

/// The log as one JSON object: `parsed` (the text's value, when the caller parsed it: a
/// document is built once, not once to detect and again here), else the text parsed.
pub(crate) fn object_of(
    format: Format,
    text: &str,
    parsed: Option<Value>,
) -> Result<Value, String> {
    match parsed {
        Some(v) if v.is_object() => Ok(v),
        Some(_) => Err(format!("{}: expected a JSON object", format.label())),
        None => parse_object(format, text),
    }
}

/// JSONL records that are JSON objects, and how many lines were not.
pub(crate) fn jsonl_objects(text: &str) -> (Vec<Value>, usize) {
    let mut records = Vec::new();
    let mut bad = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match serde_json::from_str::<Value>(line) {
            Ok(v) if v.is_object() => records.push(v),
            _ => bad += 1,
        }
    }
    (records, bad)
}

/// `astropy__astropy-12907.traj.json` → `astropy__astropy-12907`.
pub(crate) fn stem(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let mut s = base;
    for ext in [".json", ".jsonl", ".traj", ".trajectory", ".output"] {
        s = s.strip_suffix(ext).unwrap_or(s);
        s = s.strip_suffix(ext).unwrap_or(s);
    }
    if s.is_empty() {
        base.to_string()
    } else {
        s.to_string()
    }
}
