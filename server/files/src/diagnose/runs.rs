//! What the loaded inputs give the library: its `DiagnoseInput` (each run's change and harness
//! report looked up here), every run diagnosed, and the notes on how the changes were found.

use super::{GroupBy, Inputs};
use readcov_core::stages::{DiagnosePartial, ReportFile, RunStages, TestReport};
use readcov_gold::diagnose::{diagnose, AgentChange, DiagnoseInput};
use std::collections::BTreeMap;

impl Inputs {
    /// The library's input over these loaded inputs (`diagnose` and explain's stages build it
    /// the same way; `threads`: tasks measured at once).
    pub fn with_diagnose_input<R>(&self, threads: usize, f: impl FnOnce(&DiagnoseInput) -> R) -> R {
        let change = |t: &str, r: &str| self.change(t, r);
        let reports = |t: &str, r: &str| self.report(t, r);
        f(&DiagnoseInput {
            gold: &self.gold,
            reads: &self.reads,
            gold_patches: &self.gold_patches,
            gold_edit_lines: &self.gold_edit_lines,
            change: &change,
            reports: &reports,
            outcomes: self.outcomes.as_ref(),
            files: &self.files,
            opts: &self.opts,
            threads,
        })
    }

    /// Every run diagnosed (the library call `readcov diagnose` makes), in the library's order,
    /// and the mergeable summary grouped by `by`.
    pub fn diagnose(&self, threads: usize, by: GroupBy) -> (Vec<RunStages>, DiagnosePartial) {
        let mut partial = DiagnosePartial::new(self.opts.threshold, by.label());
        let mut runs = Vec::new();
        self.with_diagnose_input(threads, |input| {
            diagnose(input, &mut |s| {
                partial.add(&by.key(&s), &s);
                runs.push(s);
            })
        });
        (runs, partial)
    }

    /// A run's change (`RunChanges::change`: its `--patches` entry, else its log's patch or
    /// its replay).
    pub fn change(&self, task: &str, run: &str) -> Option<AgentChange> {
        self.changes.change(task, run)
    }

    /// The harness report of a run: its own, joined with its task's.
    pub fn report(&self, task: &str, run: &str) -> Option<TestReport> {
        let own = self
            .run_reports
            .get(run)
            .and_then(|f| f.instances.get(task));
        let all = self.reports.instances.get(task);
        match (own, all) {
            (Some(o), Some(a)) => {
                let mut f = ReportFile::default();
                f.instances.insert(task.into(), a.clone());
                let mut g = ReportFile::default();
                g.instances.insert(task.into(), o.clone());
                f.merge(g);
                f.instances.remove(task)
            }
            (o, a) => o.or(a).cloned(),
        }
    }

    /// How the runs' changes were found, and what `--patches` gave that no run took: the notes
    /// an edge says after the diagnosis.
    pub fn match_notes(&self, runs: &[RunStages]) -> Vec<String> {
        let mut by: BTreeMap<&str, usize> = BTreeMap::new();
        for s in runs {
            *by.entry(s.change_source.as_str()).or_default() += 1;
        }
        if runs.is_empty() {
            return Vec::new();
        }
        let counts: Vec<String> = by.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let mut out = vec![format!(
            "note: changes of {} run(s): {}",
            runs.len(),
            counts.join(", ")
        )];
        let runs = runs.iter().map(|r| (r.task.as_str(), r.run.as_str()));
        let unused = self.changes.unused_predictions(runs);
        if !unused.is_empty() {
            out.push(format!(
                "note: {} --patches entr(y/ies) matched no run (an entry is a run's when its \
                 `model_name_or_path` is the run's name, or when it is its task's only entry and the \
                 task has one run): {}",
                unused.len(),
                named(&unused)
            ));
        }
        out
    }
}

/// Most unmatched entries a note names (then `…`).
const NAMED: usize = 5;

/// The first [`NAMED`] entries as `task (model_name_or_path)`, in the predictions' order: which
/// runs the user expected and readcov did not see (session 32: the note gave only a count).
fn named(unused: &[(&str, Option<&str>)]) -> String {
    let mut out: Vec<String> = (unused.iter().take(NAMED))
        .map(|(t, r)| match r {
            Some(r) => format!("{t} ({r})"),
            None => format!("{t} (no model_name_or_path)"),
        })
        .collect();
    if unused.len() > NAMED {
        out.push("…".into());
    }
    out.join(", ")
}
