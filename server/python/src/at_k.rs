//! `at_k`: a retriever's ranked chunks scored with only each task's top k, for every k, as
//! `readcov score --at-k K,... --format json` gives them: the rows (one per k, task and run) and
//! each k's point (the `all` row). Gold and reads load through the input layer (a chunks file or
//! a trajectory imported on the fly), `outcomes` as `--outcomes [RUN=]FILE` (`labels.rs`: each
//! labelled run of a gold task a row, retrieved or not), and the figures come from the one
//! library call the CLI makes (`readcov_files::at_k::score_at_k`). `trec_run` adds the run
//! `--trec-run LEVEL` writes instead (`readcov_files::trec_run`), as text.

use crate::pyvalue::serde_to_py;
use crate::{check_threshold, file_error, located, one_workspace, Input, Located, Workspace};
use pyo3::prelude::*;
use pyo3::types::PyList;
use readcov_core::retrieval::check_ks;
use readcov_core::{NamedRuns, ScoreOptions};
use readcov_files::at_k::{any_ranked, score_at_k};
use readcov_files::canonical_dir;
use readcov_files::input::{BaseFiles, GoldOptions, ReadsOptions};
use readcov_files::scored::Sources;
use readcov_files::trec_run::{unjudged_warning, write_run};
use std::path::PathBuf;

/// Rows (dicts), points (one dict per k), located errors, notes, and the TREC run (text).
type Out<'py> = (
    Bound<'py, PyList>,
    Bound<'py, PyAny>,
    Vec<Located>,
    Vec<String>,
    Option<String>,
);

#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (gold, reads, ks, threshold=0.5, workspace=None, workspaces=None, widen=readcov_units::DEFAULT_WIDEN, sources=None, trec_run=None, outcomes=Vec::new()))]
pub fn at_k<'py>(
    py: Python<'py>,
    gold: Input,
    reads: Input,
    ks: Vec<u32>,
    threshold: f64,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    widen: u32,
    sources: Option<Vec<String>>,
    trec_run: Option<String>,
    outcomes: crate::labels::RunInputs,
) -> PyResult<Out<'py>> {
    let threshold = check_threshold(threshold)?;
    let counted = crate::options::sources(sources)?;
    let level = crate::options::level(trec_run)?;
    // The CLI's `--at-k` rule: each k at least 1, sorted, each once.
    let ks = check_ks(ks).map_err(|e| crate::options::arg_error("k", e))?;
    one_workspace(&workspace, &workspaces)?;
    let ws = Workspace::new(&workspace)?;
    let per_task = workspaces
        .as_deref()
        .map(canonical_dir)
        .transpose()
        .map_err(file_error)?;
    let reads_name = match &reads {
        Input::Path(p) => p.display().to_string(),
        Input::Bytes(_, name) => name.clone(),
    };
    let outcomes = crate::labels::sources(outcomes);
    let (scored, errors, notes, trec) = py
        .detach(|| {
            let (ws_str, _) = ws.confined();
            let gold_opts = GoldOptions {
                workspace: ws_str.as_deref(),
                ..GoldOptions::default()
            };
            let g = gold.load_gold(&gold_opts)?;
            let reads_opts = ReadsOptions {
                workspace: ws_str.as_deref(),
                base_files: BaseFiles::of(ws.as_deref(), workspaces.as_deref()),
            };
            let r = reads.load_reads(&reads_opts)?;
            let mut notes: Vec<String> = g.notes.into_iter().chain(r.notes).collect();
            let (g, r) = (g.parsed, r.parsed);
            let mut errors: Vec<Located> = g.errors.iter().chain(&r.errors).map(located).collect();
            // Each labelled run is a row at every k, retrieved or not, as `score --at-k --outcomes`.
            let (mut label_errors, labels, label_notes) = crate::labels::load(&outcomes)?;
            errors.append(&mut label_errors);
            notes.extend(label_notes);
            let named = (labels.as_ref())
                .map(NamedRuns::of_outcomes)
                .unwrap_or_default();
            if !any_ranked(&r.items) {
                // The CLI's words.
                notes.push(format!(
                    "warning: {reads_name}: no read has a `rank`, so every k scores the same reads \
                     (ranked chunks come from `readcov import --format chunks`)"
                ));
            }
            let sources = Sources::of(ws.as_deref(), per_task.as_deref());
            let opts = ScoreOptions {
                threshold,
                breakdown: false,
                sources: counted,
            };
            let trec = match level {
                Some(level) => Some(trec_text(
                    sources, &g.items, &r.items, &opts, level, &mut notes,
                )?),
                None => None,
            };
            let scored = score_at_k(&g.items, &r.items, &named, sources, &opts, widen, &ks);
            Ok::<_, String>((scored, errors, notes, trec))
        })
        .map_err(file_error)?;
    let list = PyList::empty(py);
    for row in &scored.rows {
        list.append(serde_to_py(py, row)?)?;
    }
    let points = serde_to_py(py, &scored.points)?;
    Ok((list, points, errors, notes, trec))
}

/// The run `--trec-run LEVEL` writes, as text; the runs it could not judge said in `notes` with
/// the CLI's words.
fn trec_text(
    sources: Sources,
    gold: &[readcov_core::GoldSpan],
    reads: &[readcov_core::ReadSpan],
    opts: &ScoreOptions,
    level: readcov_units::Level,
    notes: &mut Vec<String>,
) -> Result<String, String> {
    let mut out = Vec::new();
    let unjudged =
        write_run(&mut out, sources, gold, reads, opts, level).map_err(|e| e.to_string())?;
    notes.extend(unjudged_warning(level, &unjudged));
    // Every field written is a task, run or document id from UTF-8 input.
    Ok(String::from_utf8_lossy(&out).into_owned())
}
