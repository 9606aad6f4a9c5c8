//! The run's change in the server, for `readcov/explain`'s stages and the editors' change layer:
//! what `readcov diagnose` reads — each trajectory's own patch or replayed edits (kept at every
//! import) and the `patches` predictions files — paired with runs by `readcov_files`'
//! [`RunChanges`] and measured by `readcov_gold::diagnose` ([`diagnose_run`], [`change_layer`]).
//! Nothing is diagnosed here: this module only gathers the inputs and caches the answer per
//! store generation (a keystroke does not bump it; new reads, gold or settings do).

use crate::backend::Inner;
use crate::store::Store;
use readcov_core::stages::RunStages;
use readcov_core::{GoldSpan, ReadSpan, ScoreOptions};
use readcov_files::input::{load_predictions, Prediction, RunChanges};
use readcov_gold::diagnose::{change_layer, diagnose_run, ChangeLayer, DiagnoseInput};
use readcov_gold::{PatchRow, TaskFiles};
use readcov_import::RunChange;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The run's stages and change layer, as of one store generation.
#[derive(Clone, Debug)]
pub struct Diagnosis {
    pub task: String,
    pub run: Option<String>,
    pub stages: Option<RunStages>,
    pub layer: ChangeLayer,
}

/// What the server knows of runs' changes.
#[derive(Default)]
pub struct Kept {
    /// Each trajectory's runs' changes, by its path; replaced at every import.
    logged: Mutex<BTreeMap<PathBuf, Vec<RunChange>>>,
    /// The entries of the `patches` files (of the configured task, when one is).
    predictions: Mutex<Vec<Prediction>>,
    /// The last diagnosis, stamped with the store generation it was made at.
    last: Mutex<Option<(u64, Arc<Diagnosis>)>>,
}

impl Kept {
    pub fn set_logged(&self, path: &Path, changes: Vec<RunChange>) {
        if let Ok(mut l) = self.logged.lock() {
            l.insert(path.to_path_buf(), changes);
        }
    }

    /// Forgets trajectories no longer configured.
    pub fn keep_logs(&self, paths: &[PathBuf]) {
        if let Ok(mut l) = self.logged.lock() {
            l.retain(|p, _| paths.contains(p));
        }
    }

    /// The changes of `task`'s runs, matched as `readcov diagnose` matches them; `runs` are the
    /// task's agent runs (human and what-if reads are no run with a change).
    fn run_changes(&self, task: &str, runs: &[String]) -> RunChanges {
        let mut out = RunChanges::default();
        if let Ok(p) = self.predictions.lock() {
            out.add_predictions(p.iter().filter(|p| p.task == task).cloned());
        }
        if let Ok(l) = self.logged.lock() {
            out.add_logged(l.values().flatten().filter(|c| c.task == task));
        }
        for run in runs {
            out.add_run(task, run);
        }
        out
    }
}

/// (Re)loads every `patches` file: SWE-bench predictions, through the one input layer (any
/// other kind is refused with what it looks like). Problems are noted for the client's log.
pub fn load_patches(store: &Store) {
    let cfg = store.config();
    let mut all = Vec::new();
    let mut problems = Vec::new();
    for p in &cfg.patches {
        let abs = match store.confined(p) {
            Ok(abs) => abs,
            Err(e) => {
                problems.push(format!("patches: {p}: not read: {e}"));
                continue;
            }
        };
        match load_predictions(&abs) {
            Ok(loaded) => {
                problems.extend(loaded.parsed.errors.iter().map(|e| format!("patches: {e}")));
                let of_task = |x: &Prediction| cfg.task.as_ref().is_none_or(|t| *t == x.task);
                all.extend(loaded.parsed.items.into_iter().filter(of_task));
            }
            Err(e) => problems.push(format!("patches: {e}")),
        }
    }
    if let Ok(mut kept) = store.changes.predictions.lock() {
        *kept = all;
    }
    store.note(problems);
    store.bump();
}

/// The library's input for `task` over the store: its gold and rows (of the runs measured: the
/// rows of one run are all `diagnose_run` and `change_layer` look at), the gold patches of the
/// gold files, each run's change (matched among all the task's agent runs, as `readcov
/// diagnose` does), the base files from the workspace on disk.
fn with_input<R>(
    me: &Inner,
    task: &str,
    gold: &[GoldSpan],
    rows: &[ReadSpan],
    opts: &ScoreOptions,
    f: impl FnOnce(&DiagnoseInput) -> R,
) -> R {
    let patches: Vec<PatchRow> = (me.store.gold_patches().into_iter())
        .filter(|(t, _)| t == task)
        .map(|(task, patch)| PatchRow {
            task,
            patch,
            file: "gold".into(),
            ..PatchRow::default()
        })
        .collect();
    let runs = crate::task::agent_runs(me, task);
    let changes = me.store.changes.run_changes(task, &runs);
    let change = |t: &str, r: &str| changes.change(t, r);
    f(&DiagnoseInput {
        gold,
        reads: rows,
        gold_patches: &patches,
        gold_edit_lines: &BTreeMap::new(),
        change: &change,
        reports: &|_, _| None,
        outcomes: None,
        files: &DiskFiles(me),
        opts,
        threads: 1,
    })
}

/// The run's stages, as `readcov explain` and `readcov diagnose` measure them (the same library
/// call on the same inputs).
pub fn stages(
    me: &Inner,
    gold: &[GoldSpan],
    rows: &[ReadSpan],
    opts: &ScoreOptions,
    task: &str,
    run: &str,
) -> Option<RunStages> {
    with_input(me, task, gold, rows, opts, |i| diagnose_run(i, task, run))
}

/// The selected task's run (the selected one, when there is one): its stages and change layer,
/// computed once per store generation. `None` without a selected task.
pub fn diagnosis(me: &Inner) -> Option<Arc<Diagnosis>> {
    let task = crate::task::selected_task(me)?;
    let run = crate::task::selected_run(me, &task);
    let generation = me.store.generation();
    if let Ok(last) = me.store.changes.last.lock() {
        if let Some((g, d)) = last.as_ref() {
            if *g == generation && d.task == task && d.run == run {
                return Some(d.clone());
            }
        }
    }
    // No run shown: the gold's changed lines only, which read no row. The task's rows (a copy
    // of each) cost 0.6 s and ~200 MB at 1.2M reads of 3,000 runs, where no run is picked; with
    // one picked, only its rows are copied.
    let (gold, rows) = match &run {
        Some(r) => {
            let rr = crate::task::run_rows(me, &task, Some(r), None);
            (rr.gold, rr.rows)
        }
        None => (me.store.gold_where(|g| g.task == task), Vec::new()),
    };
    let opts = crate::task::options(me);
    let (stages, layer) = with_input(me, &task, &gold, &rows, &opts, |i| match &run {
        Some(r) => (diagnose_run(i, &task, r), change_layer(i, &task, r)),
        // No run shown: the gold's changed lines only (no run's change is anybody's).
        None => {
            let none = |_: &str, _: &str| None;
            let gold_only = DiagnoseInput {
                change: &none,
                ..*i
            };
            (None, change_layer(&gold_only, &task, ""))
        }
    });
    let d = Arc::new(Diagnosis {
        task,
        run,
        stages,
        layer,
    });
    if let Ok(mut last) = me.store.changes.last.lock() {
        *last = Some((generation, d.clone()));
    }
    Some(d)
}

/// The workspace on disk as `readcov_gold`'s files (one root for every task), confined to it.
struct DiskFiles<'a>(&'a Inner);

impl TaskFiles for DiskFiles<'_> {
    fn read(&self, _task: &str, path: &str) -> Option<String> {
        crate::task::disk_text(self.0, path).map(|(_, text)| text)
    }
    fn has_workspace(&self, _task: &str) -> bool {
        self.0.store.root().is_some()
    }
}
