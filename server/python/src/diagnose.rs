//! `diagnose`: where each run failed — search, read, edit, change, tests — and its verdict, as
//! `readcov diagnose --format jsonl` rows, with the summary per group and the mergeable partial
//! of `--emit-partial`. Every input loads through `readcov_files::diagnose::load` and the runs
//! come from the one library call `readcov diagnose` makes (`Inputs::diagnose`).

use crate::pyvalue::serde_to_py;
use crate::{beside_sources, check_threshold, file_error, located, one_workspace, Input, Located};
use pyo3::prelude::*;
use pyo3::types::PyList;
use readcov_core::{Partial, PartialFile, ScoreOptions};
use readcov_files::diagnose::{load, GroupBy, Request};
use std::path::PathBuf;

/// Runs (dicts), summary (dicts), the partial, located errors, notes.
type Out<'py> = (
    Bound<'py, PyList>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Vec<Located>,
    Vec<String>,
);

#[pyfunction]
#[pyo3(signature = (gold, reads, patches=Vec::new(), test_reports=Vec::new(), outcomes=Vec::new(), workspace=None, workspaces=None, threshold=0.5, group_by="run", shard=None, sources=None, jobs=1))]
#[allow(clippy::too_many_arguments)]
pub fn diagnose<'py>(
    py: Python<'py>,
    gold: Input,
    reads: Input,
    patches: Vec<Input>,
    test_reports: Vec<(Option<String>, Input)>,
    outcomes: crate::labels::RunInputs,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    threshold: f64,
    group_by: &str,
    shard: Option<String>,
    sources: Option<Vec<String>>,
    jobs: usize,
) -> PyResult<Out<'py>> {
    let threshold = check_threshold(threshold)?;
    let counted = crate::options::sources(sources)?;
    one_workspace(&workspace, &workspaces)?;
    let by = GroupBy::parse(group_by).ok_or_else(|| {
        crate::options::not_one_of("group_by", group_by, &["run", "task", "repo", "source"])
    })?;
    let shard = crate::options::shard(shard)?;
    let (gold, reads) = (gold.source(), reads.source());
    let (patches, reports) = beside_sources(patches, test_reports);
    // `outcomes=`: `--outcomes [RUN=]FILE`, repeated (`labels.rs`).
    let outcomes = crate::labels::sources(outcomes);
    let req = Request {
        gold: &gold,
        reads: &reads,
        patches: &patches,
        test_reports: &reports,
        outcomes: &outcomes,
        workspace: workspace.as_deref(),
        workspaces: workspaces.as_deref(),
        shard,
        opts: ScoreOptions {
            threshold,
            breakdown: false,
            sources: counted,
        },
    };
    // Loading and the diagnosis run without the GIL, tasks on `jobs` threads as `--jobs` (0: the
    // available cores); Python's default 1 is one task at a time, as a Ray worker wants.
    let threads = readcov_core::par::threads_for(jobs, usize::MAX);
    let (runs, partial, errors, notes) = py
        .detach(|| {
            let inputs = load(&req)?;
            let (runs, partial) = inputs.diagnose(threads, by);
            let errors: Vec<Located> = (inputs.gold_errors.iter())
                .chain(&inputs.reads_errors)
                .chain(&inputs.other_errors)
                .map(located)
                .collect();
            let mut notes: Vec<String> = inputs.gold_notes.clone();
            notes.extend(inputs.reads_notes.iter().cloned());
            notes.extend(inputs.other_notes.iter().cloned());
            notes.extend(inputs.match_notes(&runs));
            Ok::<_, readcov_files::diagnose::DiagnoseLoadError>((runs, partial, errors, notes))
        })
        .map_err(file_error)?;
    let summary = serde_to_py(py, &partial.finish())?;
    let file = PartialFile::new(shard, Partial::Diagnose { diagnose: partial });
    let partial = serde_to_py(py, &file)?;
    let list = PyList::empty(py);
    for s in &runs {
        list.append(serde_to_py(py, s)?)?;
    }
    Ok((list, summary, partial, errors, notes))
}
