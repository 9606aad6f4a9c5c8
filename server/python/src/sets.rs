//! `score_sets`: several gold sets side by side, and the leave-one-out consensus of the resolved
//! runs, as `readcov score --gold NAME=FILE ... [--consensus] --format json` gives them: the rows
//! (`task`, `run`, `resolved`, `gold_sets`) and one totals record per set. The reads, the labels
//! and each gold set load through the input layer (a diff or SWE-bench rows as gold, a trajectory
//! as reads), and the sets come from the one library call the CLI makes
//! (`readcov_files::sets::score_sets`).

use crate::pyvalue::serde_to_py;
use crate::{check_threshold, file_error, located, one_workspace, Input, Located, Workspace};
use pyo3::prelude::*;
use pyo3::types::PyList;
use readcov_core::ScoreOptions;
use readcov_files::canonical_dir;
use readcov_files::input::{self, BaseFiles, GoldOptions, ReadsOptions, Source};
use readcov_files::scored::Sources;
use readcov_files::sets::{score_sets as score_all, ConsensusRequest, GoldSetInput, SetsRequest};
use readcov_gold::{Agree, Others};
use std::path::PathBuf;

/// Rows (dicts), totals (one dict per set), located errors, notes.
type Out<'py> = (
    Bound<'py, PyList>,
    Bound<'py, PyAny>,
    Vec<Located>,
    Vec<String>,
);

#[pyfunction]
#[pyo3(signature = (golds, reads, outcomes=Vec::new(), threshold=0.5, workspace=None, workspaces=None, shard=None, widen=readcov_units::DEFAULT_WIDEN, consensus=false, agree="all", min_runs=2, loo_failed="matched", sources=None))]
#[allow(clippy::too_many_arguments)]
pub fn score_sets<'py>(
    py: Python<'py>,
    golds: Vec<(Option<String>, Input)>,
    reads: Input,
    outcomes: crate::labels::RunInputs,
    threshold: f64,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    shard: Option<String>,
    widen: u32,
    consensus: bool,
    agree: &str,
    min_runs: u32,
    loo_failed: &str,
    sources: Option<Vec<String>>,
) -> PyResult<Out<'py>> {
    let threshold = check_threshold(threshold)?;
    let counted = crate::options::sources(sources)?;
    if golds.is_empty() && !consensus {
        return Err(file_error("no gold set given"));
    }
    one_workspace(&workspace, &workspaces)?;
    let shard = crate::options::shard(shard)?;
    let agree = Agree::parse(agree).map_err(|e| crate::options::invalid("agree", agree, e))?;
    let others = Others::parse(loo_failed)
        .map_err(|e| crate::options::invalid("loo_failed", loo_failed, e))?;
    if consensus && outcomes.is_empty() {
        return Err(file_error(
            "consensus needs outcomes (the labels of the runs)",
        ));
    }
    let ws = Workspace::new(&workspace)?;
    let workspaces = workspaces
        .map(|d| canonical_dir(&d))
        .transpose()
        .map_err(file_error)?;
    let golds: Vec<(Option<String>, Source)> =
        golds.into_iter().map(|(n, g)| (n, g.source())).collect();
    let (reads, outcomes) = (reads.source(), crate::labels::sources(outcomes));
    // Loading and scoring run without the GIL.
    let (sets, errors, notes) = py
        .detach(|| {
            let (ws_str, _) = ws.confined();
            let mut notes = Vec::new();
            let reads_opts = ReadsOptions {
                workspace: ws_str.as_deref(),
                base_files: BaseFiles::of(ws.as_deref(), workspaces.as_deref()),
            };
            let r = reads.load_reads(&reads_opts).map_err(|e| e.to_string())?;
            notes.extend(r.notes);
            let mut errors: Vec<Located> = r.parsed.errors.iter().map(located).collect();
            let (label_errors, labels, label_notes) = crate::labels::load(&outcomes)?;
            errors.extend(label_errors);
            notes.extend(label_notes);
            let gold_opts = GoldOptions {
                workspace: ws_str.as_deref(),
                ..GoldOptions::default()
            };
            let mut sets = Vec::new();
            for (name, src) in golds {
                let bytes = src.bytes().map_err(|e| e.to_string())?;
                let file = PathBuf::from(src.name());
                let g = input::gold_of(&src.name(), bytes.clone(), &gold_opts)
                    .map_err(|e| e.to_string())?;
                notes.extend(g.notes);
                errors.extend(g.parsed.errors.iter().map(located));
                // As every command: a gold input with no valid span leaves nothing to score.
                if g.parsed.items.is_empty() {
                    return Err(format!(
                        "{}: no valid gold spans, nothing to score",
                        file.display()
                    ));
                }
                sets.push(GoldSetInput::new(name, file, g.parsed.items, &bytes));
            }
            let sources = Sources::of(ws.as_deref(), workspaces.as_deref());
            let scored = score_all(SetsRequest {
                golds: sets,
                reads: &r.parsed.items,
                outcomes: labels,
                sources,
                shard,
                opts: ScoreOptions {
                    threshold,
                    breakdown: false,
                    sources: counted,
                },
                widen,
                consensus: consensus.then_some(ConsensusRequest {
                    agree,
                    min_runs,
                    others,
                }),
            })
            .map_err(|e| e.to_string())?;
            notes.extend(scored.notes.iter().cloned());
            Ok::<_, String>((scored, errors, notes))
        })
        .map_err(file_error)?;
    let list = PyList::empty(py);
    for key in sets.pairs() {
        list.append(serde_to_py(py, &sets.row_value(&key))?)?;
    }
    let totals = serde_to_py(py, &sets.totals_values())?;
    Ok((list, totals, errors, notes))
}
