//! `explain`: one (task, run) across the whole task, as `readcov explain --format json` explains
//! it (`readcov_core::explain`, on the `score_tasks` walk), with the run's stages as `readcov
//! explain` measures them: the same inputs (`readcov_files::diagnose::load`: the run's change from
//! `patches`, else the trajectory's own patch or its replayed edits) and the same library call
//! (`diagnose_run`). Gold and reads load through the input layer as the CLI loads them: a diff or
//! SWE-bench rows as gold and a trajectory as reads are converted (with a note).

use crate::{beside_sources, check_threshold, file_error, located, one_workspace, Input, Located};
use pyo3::prelude::*;
use readcov_core::explain::{explain as explain_run, ExplainRequest};
use readcov_core::ScoreOptions;
use readcov_files::diagnose::{self, workspace_text, DiagnoseLoadError, Request};
use readcov_files::explain::{lost_edit_notes, more_runs, task_workspace};
use readcov_files::input::{BaseFiles, GoldOptions, ReadsOptions};
use readcov_files::syntax::unit_map;
use readcov_files::{canonical_dir, workspace_lengths};
use readcov_gold::diagnose::diagnose_run;
use std::path::PathBuf;

/// The explanation (JSON), located errors and the notes of conversions done on the fly.
type Explained = (String, Vec<Located>, Vec<String>);

#[pyfunction]
#[pyo3(signature = (gold, reads, task, run=None, against=None, workspace=None, outcomes=Vec::new(), threshold=0.5, workspaces=None, patches=Vec::new(), test_reports=Vec::new(), stages=true, sources=None, gold_set=None))]
#[allow(clippy::too_many_arguments)]
pub fn explain(
    py: Python<'_>,
    gold: Input,
    reads: Input,
    task: String,
    run: Option<String>,
    against: Option<String>,
    workspace: Option<PathBuf>,
    outcomes: crate::labels::RunInputs,
    threshold: f64,
    workspaces: Option<PathBuf>,
    patches: Vec<Input>,
    test_reports: Vec<(Option<String>, Input)>,
    stages: bool,
    sources: Option<Vec<String>>,
    gold_set: Option<String>,
) -> PyResult<Explained> {
    let threshold = check_threshold(threshold)?;
    let counted = crate::options::sources(sources)?;
    one_workspace(&workspace, &workspaces)?;
    let (gold, reads) = (gold.source(), reads.source());
    let (patches, reports) = beside_sources(patches, test_reports);
    let outcomes = crate::labels::sources(outcomes);
    py.detach(|| {
        let mut notes = Vec::new();
        // As `readcov explain`: the task's own folder under `workspaces` is its workspace.
        let ws = match &workspaces {
            Some(dir) => {
                canonical_dir(dir).map_err(file_error)?;
                let (one, note) = task_workspace(dir, &task);
                notes.extend(note);
                one
            }
            None => workspace.clone(),
        };
        let root = workspace_text(ws.as_deref()).map_err(file_error)?;
        let gold_opts = GoldOptions {
            workspace: root.as_deref(),
            ..GoldOptions::default()
        };
        // No span and no bad row: the CLI's "nothing to score" (`gold_from`).
        let g = crate::gold_from(gold.clone(), &gold_opts).map_err(file_error)?;
        let reads_opts = ReadsOptions {
            workspace: root.as_deref(),
            base_files: BaseFiles::of(workspace.as_deref(), workspaces.as_deref()),
        };
        let r = reads.clone().load_reads(&reads_opts).map_err(file_error)?;
        notes.extend(g.notes.into_iter().chain(r.notes));
        let lost = r.lost_edits;
        let (g, r) = (g.parsed, r.parsed);
        let mut errors: Vec<Located> = r.errors.iter().chain(&g.errors).map(located).collect();
        let (label_errors, labels, label_notes) =
            crate::labels::load(&outcomes).map_err(file_error)?;
        errors.extend(label_errors);
        notes.extend(label_notes);
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
            sources: counted.clone(),
        };
        let more_runs = more_runs(&lost, labels.as_ref(), &task);
        let req = ExplainRequest {
            task: &task,
            run: run.as_deref(),
            against: against.as_deref(),
            more_runs: &more_runs,
        };
        // One of several gold sets (`explain_sets`): its name leads the error, as `readcov
        // explain --gold NAME=FILE --gold ...` says `error: gold set NAME: ...`.
        let mut e =
            explain_run(&g.items, &r.items, &lengths, &opts, &units, &req).map_err(|e| {
                match &gold_set {
                    Some(name) => file_error(format!("gold set {name}: {e}")),
                    None => file_error(e),
                }
            })?;
        if let Some(l) = &labels {
            e.outcome = l
                .get(&e.task, &e.run)
                .map(|x| if x { "resolved" } else { "unresolved" }.to_string());
        }
        e.lost_edits = lost_edit_notes(&lost, &e.task, &e.run);
        if stages {
            // The run's stages, as `readcov explain` measures them: the inputs of `readcov
            // diagnose` for this run (its change from `patches`, the log, or the replay).
            let req = Request {
                gold: &gold,
                reads: &reads,
                patches: &patches,
                test_reports: &reports,
                outcomes: &[],
                workspace: workspace.as_deref(),
                workspaces: workspaces.as_deref(),
                shard: None,
                opts: ScoreOptions {
                    threshold,
                    breakdown: false,
                    sources: counted.clone(),
                },
            };
            e.stages = match diagnose::load(&req) {
                Ok(inputs) => {
                    errors.extend(inputs.other_errors.iter().map(located));
                    inputs.with_diagnose_input(1, |i| diagnose_run(i, &e.task, &e.run))
                }
                // No gold or no reads: the explanation's own loading has said so already.
                Err(DiagnoseLoadError::NoGold { .. } | DiagnoseLoadError::NoReads { .. }) => None,
                Err(err) => return Err(file_error(err)),
            };
        }
        let text = serde_json::to_string(&e).expect("an explanation serialises");
        Ok((text, errors, notes))
    })
}
