//! `readcov diagnose` as one library call: every run's stages and verdict
//! (`readcov_core::stages`), with what core cannot do itself done here — each task's base files
//! read once (through [`TaskFiles`]), their syntax units found (`readcov-units`), the gold patch
//! and each run's change applied to them (`readcov-patch`, offsets as `git apply` finds them) —
//! and the outcome labels set beside the verdicts. Tasks are independent: measured on
//! `threads` threads, rows handed out in task, then run order (the same bytes for any count).

mod change;
mod layer;

pub use change::{change_of, lost_of, paths_of, Texts};
pub use layer::{change_layer, ChangeLayer};

use crate::{PatchRow, TaskFiles};
use readcov_core::outcomes::Outcomes;
use readcov_core::stages::{
    diagnose as stages_of, BaseSyntax, Change, ChangeSource, RunInput, RunStages, TaskInput,
    TestReport,
};
use readcov_core::{GoldSpan, LineSet, ReadSpan, ScoreOptions};
use readcov_patch::Loss;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// A run's change as given: its patch, where it came from, what was lost rebuilding it.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentChange {
    pub source: ChangeSource,
    pub patch: String,
    pub lost: Vec<Loss>,
}

/// Everything one diagnosis reads.
pub struct DiagnoseInput<'a> {
    pub gold: &'a [GoldSpan],
    pub reads: &'a [ReadSpan],
    /// Gold patches (SWE-bench rows, a diff): the gold change of their task.
    pub gold_patches: &'a [PatchRow],
    /// Without a patch, the gold rows of origin `edit` (a gold JSONL file `readcov gold` wrote):
    /// the gold change lines by task and path (their text after the fix is then unknown).
    pub gold_edit_lines: &'a BTreeMap<String, BTreeMap<String, LineSet>>,
    /// Each run's change, when known: by (task, run).
    pub change: &'a (dyn Fn(&str, &str) -> Option<AgentChange> + Sync),
    /// Harness reports by task (and `run` when the report names the run it is about).
    pub reports: &'a (dyn Fn(&str, &str) -> Option<TestReport> + Sync),
    pub outcomes: Option<&'a Outcomes>,
    pub files: &'a (dyn TaskFiles + Sync),
    pub opts: &'a ScoreOptions,
    /// Tasks measured at once (1: on the caller's thread).
    pub threads: usize,
}

/// Diagnoses every run, handing each row to `emit` in task, then run order.
pub fn diagnose(input: &DiagnoseInput, emit: &mut dyn FnMut(RunStages)) {
    let mut tasks: BTreeSet<&str> = input.gold.iter().map(|g| g.task.as_str()).collect();
    tasks.extend(input.reads.iter().map(|r| r.task.as_str()));
    let mut gold: BTreeMap<&str, Vec<GoldSpan>> = BTreeMap::new();
    for g in input.gold {
        gold.entry(g.task.as_str()).or_default().push(g.clone());
    }
    let mut reads: BTreeMap<&str, Vec<&ReadSpan>> = BTreeMap::new();
    for r in input.reads {
        reads.entry(r.task.as_str()).or_default().push(r);
    }
    let tasks: Vec<(&str, Vec<GoldSpan>, Vec<&ReadSpan>)> = (tasks.into_iter())
        .map(|t| {
            (
                t,
                gold.remove(t).unwrap_or_default(),
                reads.remove(t).unwrap_or_default(),
            )
        })
        .collect();
    let rows = readcov_core::par::map_ordered(&tasks, input.threads, |_, (task, gold, reads)| {
        one_task(input, task, gold, reads)
    });
    rows.into_iter().flatten().for_each(emit);
}

/// One run's stages (`readcov explain`): [`diagnose`] on that task and run alone — the same
/// figures as its row of the whole diagnosis, since a run is measured on its own rows only.
/// `None` when the run read nothing in the task (`diagnose` gives it no row).
pub fn diagnose_run(input: &DiagnoseInput, task: &str, run: &str) -> Option<RunStages> {
    let gold: Vec<GoldSpan> = (input.gold.iter())
        .filter(|g| g.task == task)
        .cloned()
        .collect();
    let reads: Vec<&ReadSpan> = (input.reads.iter())
        .filter(|r| r.task == task && r.run == run)
        .collect();
    one_task(input, task, &gold, &reads)
        .into_iter()
        .find(|s| s.run == run)
}

/// One task's runs.
fn one_task(
    input: &DiagnoseInput,
    task: &str,
    gold: &[GoldSpan],
    reads: &[&ReadSpan],
) -> Vec<RunStages> {
    let runs: BTreeSet<&str> = reads.iter().map(|r| r.run.as_str()).collect();
    let changes: BTreeMap<&str, AgentChange> = (runs.iter())
        .filter_map(|r| Some((*r, (input.change)(task, r)?)))
        .collect();
    let gold_patch = input.gold_patches.iter().find(|p| p.task == task);
    // Every file a stage may look at: gold files, files read, files either change touches.
    let mut paths: BTreeSet<String> = gold.iter().map(|g| g.path.to_string()).collect();
    paths.extend(reads.iter().map(|r| r.path.clone()));
    paths.extend(gold_patch.iter().flat_map(|p| paths_of(&p.patch)));
    paths.extend(changes.values().flat_map(|c| paths_of(&c.patch)));
    let has_ws = input.files.has_workspace(task);
    let texts: Texts = match has_ws {
        true => (paths.into_iter())
            .filter_map(|p| {
                let t = input.files.read(task, &p)?;
                Some((p, Arc::from(t)))
            })
            .collect(),
        false => Texts::new(),
    };
    let lengths: BTreeMap<String, u32> = (texts.iter())
        .map(|(p, t)| (p.clone(), readcov_core::base::count_lines(t.as_bytes())))
        .collect();
    let gold_change = match gold_patch {
        Some(p) => Some(change_of(&p.patch, &p.file, &texts)),
        None => input.gold_edit_lines.get(task).map(edit_rows_change),
    };
    let syntax = has_ws.then(|| syntax_of(&texts));
    let mut out = Vec::new();
    stages_of(
        gold,
        reads,
        &lengths,
        input.opts,
        &mut |_| TaskInput {
            syntax: syntax.clone(),
            gold_change: gold_change.clone(),
        },
        &mut |t, r| {
            let given = changes.get(r);
            let change = given.map(|c| {
                let mut ch = change_of(&c.patch, c.source.as_str(), &texts);
                ch.lost = lost_of(&c.lost);
                ch
            });
            RunInput {
                source: given.map_or(ChangeSource::None, |c| c.source),
                change,
                tests: (input.reports)(t, r),
            }
        },
        &mut |mut s| {
            s.resolved = input.outcomes.and_then(|o| o.get(&s.task, &s.run));
            out.push(s)
        },
    );
    out
}

/// Each file's syntax as the stages take it, from the one walk (`readcov_units::units_of_paths`
/// over the texts read once), with its length in lines.
fn syntax_of(texts: &Texts) -> BTreeMap<String, BaseSyntax> {
    let found = readcov_units::units_of_paths(texts.keys().map(String::as_str), texts);
    (found.into_iter())
        .filter_map(|(path, syntax)| {
            let len = readcov_core::base::count_lines(texts.get(&path)?.as_bytes());
            Some((path, BaseSyntax { syntax, len }))
        })
        .collect()
}

/// Gold edit rows as a change: their lines per base file (test files aside), no text after.
fn edit_rows_change(files: &BTreeMap<String, LineSet>) -> Change {
    let mut c = Change::default();
    for (path, lines) in files {
        if readcov_patch::is_test_path(path) {
            c.test_files.push(path.clone());
        } else {
            let fc = readcov_core::stages::FileChange::of_lines(lines.clone(), None);
            c.files.insert(path.clone(), fc);
        }
    }
    c
}
