//! `explain`: one (task, run) across the whole task, as `readcov explain --format json`
//! explains it (`readcov_core::explain`, on the `score_tasks` walk). Gold and reads load through
//! the input layer (`readcov_files::input`), as `score` and the CLI load them: a diff or SWE-bench
//! rows as gold and a trajectory as reads are converted (with a note), another kind is refused.

use crate::{check_threshold, file_error, located, Located, Workspace};
use pyo3::prelude::*;
use readcov_core::explain::{explain as explain_run, ExplainRequest};
use readcov_core::outcomes::{parse_outcomes, Outcomes};
use readcov_core::ScoreOptions;
use readcov_files::gold_files::Workspaces;
use readcov_files::input::{self, gold_changes, BaseFiles, GoldOptions, ReadsOptions};
use readcov_files::syntax::unit_map;
use readcov_files::workspace_lengths;
use readcov_gold::diagnose::{diagnose_run, DiagnoseInput};
use std::path::PathBuf;

/// The explanation (JSON), located errors and the notes of conversions done on the fly.
type Explained = (String, Vec<Located>, Vec<String>);

#[pyfunction]
#[pyo3(signature = (gold, gold_name, reads, reads_name, task, run=None, against=None, workspace=None, outcomes=None, threshold=0.5))]
#[allow(clippy::too_many_arguments)]
pub fn explain(
    py: Python<'_>,
    gold: Vec<u8>,
    gold_name: String,
    reads: Vec<u8>,
    reads_name: String,
    task: String,
    run: Option<String>,
    against: Option<String>,
    workspace: Option<PathBuf>,
    outcomes: Option<(Vec<u8>, String)>,
    threshold: f64,
) -> PyResult<Explained> {
    check_threshold(threshold)?;
    let ws = Workspace::new(&workspace)?;
    py.detach(|| {
        let (ws_str, root) = ws.confined();
        // The gold change behind the gold, for the stages (read before the gold takes the bytes).
        let changes = gold_changes(&gold_name, &gold, ws_str.as_deref());
        let gold_opts = GoldOptions {
            workspace: ws_str.as_deref(),
            ..GoldOptions::default()
        };
        let g = input::gold_of(&gold_name, gold, &gold_opts).map_err(file_error)?;
        let reads_opts = ReadsOptions {
            workspace: ws_str.as_deref(),
            base_files: BaseFiles::of(ws.as_deref(), None),
        };
        let r = input::reads_of(&reads_name, reads, &reads_opts).map_err(file_error)?;
        let notes: Vec<String> = g.notes.into_iter().chain(r.notes).collect();
        let (g, r) = (g.parsed, r.parsed);
        let mut errors: Vec<Located> = r.errors.iter().chain(&g.errors).map(located).collect();
        let labels = outcomes.map(|(b, n)| {
            let parsed = parse_outcomes(&b, &n);
            errors.extend(parsed.errors.iter().map(located));
            parsed.items.into_iter().collect::<Outcomes>()
        });
        // Only this task's files are measured and parsed.
        let task_gold: Vec<_> = g.items.iter().filter(|x| x.task == task).cloned().collect();
        let paths = task_gold.iter().map(|x| x.path.as_str());
        let paths = paths.chain(
            r.items
                .iter()
                .filter(|x| x.task == task)
                .map(|x| x.path.as_str()),
        );
        let lengths = workspace_lengths(ws.as_deref(), paths);
        let units = ws
            .as_deref()
            .map(|w| unit_map(w, &task_gold))
            .unwrap_or_default();
        let opts = ScoreOptions {
            threshold,
            breakdown: true,
            ..ScoreOptions::default()
        };
        let req = ExplainRequest {
            task: &task,
            run: run.as_deref(),
            against: against.as_deref(),
            more_runs: &[],
        };
        let mut e =
            explain_run(&g.items, &r.items, &lengths, &opts, &units, &req).map_err(file_error)?;
        if let Some(l) = &labels {
            e.outcome = l
                .get(&e.task, &e.run)
                .map(|x| if x { "resolved" } else { "unresolved" }.to_string());
        }
        // The run's stages, as `readcov explain` measures them (the same library call); no run
        // change is given here (`change_source: none`).
        let files = Workspaces {
            one: root,
            per_task: None,
        };
        let input = DiagnoseInput {
            gold: &g.items,
            reads: &r.items,
            gold_patches: &changes.patches,
            gold_edit_lines: &changes.edit_lines,
            change: &|_, _| None,
            reports: &|_, _| None,
            outcomes: None,
            files: &files,
            opts: &opts,
            threads: 1,
        };
        e.stages = diagnose_run(&input, &e.task, &e.run);
        let text = serde_json::to_string(&e).expect("an explanation serialises");
        Ok((text, errors, notes))
    })
}
