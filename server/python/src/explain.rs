//! `explain`: one (task, run) across the whole task, as `readcov explain --format json`
//! explains it (`readcov_core::explain`, on the `score_tasks` walk).

use crate::{check_threshold, file_error, located, Located, Workspace};
use pyo3::prelude::*;
use readcov_core::explain::{explain as explain_run, ExplainRequest};
use readcov_core::outcomes::{parse_outcomes, Outcomes};
use readcov_core::{parse_gold_checked, parse_reads_piece, Parsed, ScoreOptions};
use readcov_files::syntax::unit_map;
use readcov_files::{workspace_lengths, WorkspaceCheck};
use std::path::PathBuf;

/// The explanation (JSON) and located errors.
type Explained = (String, Vec<Located>);

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
        let inside = WorkspaceCheck::new(root.clone());
        let check = |p: &str| inside.check(p);
        let g = parse_gold_checked(&gold, &gold_name, ws_str.as_deref(), &check);
        let mut r = Parsed::default();
        parse_reads_piece(&reads, 1, &reads_name, ws_str.as_deref(), &check, &mut r);
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
        let text = serde_json::to_string(&e).expect("an explanation serialises");
        Ok((text, errors))
    })
}
