//! What `readcov explain` and Python's `readcov.explain` read beside gold and reads: the task's
//! own folder under `--workspaces`, and the edits an on-the-fly import could not place on base
//! lines (a run seen only through such edits, or named only by the labels, is still explained).

use crate::task_folder;
use readcov_core::explain::{LostEditNote, LostReason};
use readcov_core::outcomes::Outcomes;
use readcov_import::{LostEdit, LostWhy};
use std::path::{Path, PathBuf};

/// The workspace of `task` under `dir` (one folder per task), with the note to say when there is
/// none or it may not be used (a symlink out of `dir`, `../x`): then no units and no clipping.
pub fn task_workspace(dir: &Path, task: &str) -> (Option<PathBuf>, Option<String>) {
    match task_folder(dir, task) {
        Ok(Some(one)) => (Some(one), None),
        Ok(None) => (
            None,
            Some(format!(
                "note: {}: no workspace for task {task}; no units, no clipping",
                dir.display()
            )),
        ),
        Err(why) => (
            None,
            Some(format!(
                "warning: {task}: workspace {} not used: {why}; no units, no clipping",
                dir.join(task).display()
            )),
        ),
    }
}

/// The runs of `task` that may have no reads row, named so they are explained: those the import
/// saw only through edits it lost, and those the labels name that read nothing
/// (`readcov_core::named`: coverage 0).
pub fn more_runs(lost: &[LostEdit], labels: Option<&Outcomes>, task: &str) -> Vec<String> {
    let labelled = labels.iter().flat_map(|o| o.runs());
    let mut runs: Vec<String> = (lost.iter())
        .filter(|l| l.task == task)
        .map(|l| l.run.clone())
        .chain(
            labelled
                .filter(|(t, _, _)| *t == task)
                .map(|(_, r, _)| r.to_string()),
        )
        .collect();
    runs.sort_unstable();
    runs.dedup();
    runs
}

/// The explained run's edits the import could not place on base lines, as the explanation
/// lists them.
pub fn lost_edit_notes(lost: &[LostEdit], task: &str, run: &str) -> Vec<LostEditNote> {
    (lost.iter())
        .filter(|l| l.task == task && l.run == run)
        .map(|l| {
            let (reason, after, detail) = match &l.why {
                LostWhy::After(w) => (LostReason::AfterLostWrite, Some(w.clone()), None),
                LostWhy::DidNotApply => (LostReason::DidNotApply, None, None),
                LostWhy::Unrecorded(w) => (LostReason::Unrecorded, None, Some(w.to_string())),
                LostWhy::NoBase => (LostReason::NoBase, None, None),
            };
            LostEditNote {
                path: l.path.clone(),
                turn: l.turn,
                step: l.step,
                command: l.command.clone(),
                reason,
                after,
                detail,
            }
        })
        .collect()
}
