//! The diagnosis in the report (`readcov diagnose`'s rows, issue 37): where each run failed, per
//! agent. The rows come from the caller, made by the one diagnosis (`readcov_gold::diagnose`,
//! core's stages on the scoring walk); here they are only counted and kept for the views: the
//! summary per run label is core's own (`DiagnosePartial`, as `diagnose --group-by run`), the
//! stage table counts each stage's own mark, and each run keeps its change and the gold's as
//! text for the drill-down.

use readcov_core::stages::{DiagnosePartial, GroupSummary, Mark, RunStages, StageMarks};
use serde::Serialize;
use std::collections::BTreeMap;

/// Every diagnosed run, and what the report shows of them.
#[derive(Clone, Debug, Serialize)]
pub struct Diagnosis {
    /// By (task, run).
    pub runs: BTreeMap<(String, String), RunStages>,
    /// One row per run label (an agent or a model), then `*` for all when there are several:
    /// core's summary, the very figures `readcov diagnose --group-by run` prints.
    pub summary: Vec<GroupSummary>,
    /// Per run label, in the summary's order: how each stage went.
    pub stage_table: Vec<StageCounts>,
    /// Gold patch text by task (absent: the gold had no patch, e.g. spans only).
    pub gold_patches: BTreeMap<String, String>,
    /// Each run's change as a patch, by (task, run), when one was known.
    pub run_patches: BTreeMap<(String, String), String>,
    /// Some run had a harness report (the stage table then has a tests column).
    pub has_tests: bool,
}

/// One stage's runs by mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MarkCounts {
    pub passed: u64,
    pub failed: u64,
    pub not_judged: u64,
}

impl MarkCounts {
    fn add(&mut self, m: Mark) {
        match m {
            Mark::Passed => self.passed += 1,
            Mark::Failed => self.failed += 1,
            Mark::NotJudged => self.not_judged += 1,
        }
    }

    /// Runs the stage could be judged on.
    pub fn judged(&self) -> u64 {
        self.passed + self.failed
    }
}

/// How each stage went for the runs of one run label.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StageCounts {
    pub group: String,
    pub runs: u64,
    /// Runs of a task with no gold lines (verdict `unknown`, nothing judged): in the
    /// denominators, never hidden.
    pub unscored: u64,
    pub search: MarkCounts,
    pub read: MarkCounts,
    pub edit: MarkCounts,
    pub change: MarkCounts,
    pub tests: MarkCounts,
}

impl StageCounts {
    fn add(&mut self, s: &RunStages) {
        let StageMarks {
            search,
            read,
            edit,
            change,
            tests,
        } = s.marks;
        self.runs += 1;
        self.unscored += u64::from(s.stages.read.line_coverage.is_none());
        self.search.add(search);
        self.read.add(read);
        self.edit.add(edit);
        self.change.add(change);
        self.tests.add(tests);
    }

    /// The stages in table order, by name.
    pub fn stages(&self) -> [(&'static str, MarkCounts); 5] {
        [
            ("search", self.search),
            ("read", self.read),
            ("edit", self.edit),
            ("change", self.change),
            ("tests", self.tests),
        ]
    }
}

impl Diagnosis {
    /// Counts `runs` per run label. `threshold` is the read stage's (the summary keeps it).
    pub fn new(
        runs: Vec<RunStages>,
        threshold: f64,
        gold_patches: BTreeMap<String, String>,
        run_patches: BTreeMap<(String, String), String>,
    ) -> Diagnosis {
        let mut partial = DiagnosePartial::new(threshold, "run");
        let mut counts: BTreeMap<String, StageCounts> = BTreeMap::new();
        let mut all = StageCounts {
            group: "*".into(),
            ..StageCounts::default()
        };
        for s in &runs {
            partial.add(&s.run, s);
            let c = counts.entry(s.run.clone()).or_insert_with(|| StageCounts {
                group: s.run.clone(),
                ..StageCounts::default()
            });
            c.add(s);
            all.add(s);
        }
        let summary = partial.finish();
        let mut stage_table: Vec<StageCounts> = counts.into_values().collect();
        // The summary adds `*` for several groups; the table does the same, in the same order.
        if stage_table.len() > 1 {
            stage_table.push(all);
        }
        Diagnosis {
            has_tests: runs.iter().any(|s| s.stages.tests.is_some()),
            runs: (runs.into_iter())
                .map(|s| ((s.task.clone(), s.run.clone()), s))
                .collect(),
            summary,
            stage_table,
            gold_patches,
            run_patches,
        }
    }

    /// The diagnosis of one (task, run), if it was diagnosed.
    pub fn of(&self, task: &str, run: &str) -> Option<&RunStages> {
        self.runs.get(&(task.to_string(), run.to_string()))
    }
}
