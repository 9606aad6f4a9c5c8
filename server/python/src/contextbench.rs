//! `contextbench`: ContextBench gold rows and agent predictions (the benchmark's unified form, or
//! readcov reads) scored as `readcov contextbench --format json` scores them: the benchmark's
//! rows, reference-compatible with readcov's clean numbers beside, and the micro and macro
//! summaries. Loading is `readcov_files::contextbench`, scoring `score_contextbench`.

use crate::{file_error, located, Input, Located};
use pyo3::prelude::*;
use readcov_core::contextbench::json::{row_json, summary_json};
use readcov_core::contextbench::{score_contextbench, CbOptions, Mode, Workspaces};
use readcov_files::contextbench::{load_gold_rows, load_preds, preds_of_reads, DirWorkspaces};
use readcov_units::blocks::TreeSitterBlocks;
use std::path::PathBuf;

/// The document (JSON: `rows`, `summaries`), located errors, notes.
type Scored = (String, Vec<Located>, Vec<String>);

#[pyfunction]
#[pyo3(signature = (gold, preds=None, reads=None, workspaces=None, blocks=true, jobs=1))]
pub fn contextbench(
    py: Python<'_>,
    gold: Input,
    preds: Option<Input>,
    reads: Option<Input>,
    workspaces: Option<PathBuf>,
    blocks: bool,
    jobs: usize,
) -> PyResult<Scored> {
    let (gold, preds, reads) = (
        gold.source(),
        preds.map(Input::source),
        reads.map(Input::source),
    );
    py.detach(|| {
        let g = load_gold_rows(&gold).map_err(file_error)?;
        let mut errors: Vec<Located> = g.errors.iter().map(located).collect();
        if g.items.is_empty() {
            let name = gold.name();
            return Err(nothing_valid(
                &errors,
                format!("{name}: no valid gold rows, nothing to score"),
            ));
        }
        let mut notes = Vec::new();
        let p = match (&preds, &reads) {
            (Some(p), None) => load_preds(p).map_err(file_error)?,
            (None, Some(r)) => {
                let (p, n) = preds_of_reads(r, workspaces.as_deref()).map_err(file_error)?;
                notes = n;
                p
            }
            _ => return Err(file_error("give preds or reads, one of them")),
        };
        let pred_errors: Vec<Located> = p.errors.iter().map(located).collect();
        if p.items.is_empty() {
            return Err(nothing_valid(
                &pred_errors,
                "<preds>: no valid predictions, nothing to score".into(),
            ));
        }
        errors.extend(pred_errors);
        let ws = (workspaces.as_deref())
            .map(DirWorkspaces::new)
            .transpose()
            .map_err(file_error)?;
        let defs = TreeSitterBlocks;
        let opts = CbOptions {
            workspaces: ws.as_ref().map(|w| w as &dyn Workspaces),
            defs: blocks.then_some(&defs as _),
            // Instances on `jobs` threads, as `--jobs` (0: the available cores; the rows are
            // the same whatever the number). Python's default 1 is one call one thread.
            threads: jobs,
        };
        let report = score_contextbench(&g.items, &p.items, &opts);
        // Checkout files given up (not read, or not parsed): named, as the CLI's stderr does.
        notes.extend(report.given_up());
        let rows: Vec<String> = report.rows.iter().map(row_json).collect();
        let doc = format!(
            "{{\"rows\":[{}],\"summaries\":[{},{}]}}",
            rows.join(","),
            summary_json(&report.compat, Mode::Compat),
            summary_json(&report.clean, Mode::Clean)
        );
        Ok((doc, errors, notes))
    })
}

/// An input with no valid row: refused naming why — its first located error (a Parquet file over
/// the row limit, a row that does not parse), the line the CLI prints before its "nothing to
/// score" — else the whole-input message.
fn nothing_valid(errors: &[Located], whole: String) -> PyErr {
    match errors.first() {
        Some(e) => pyo3::exceptions::PyValueError::new_err(e.clone()),
        None => file_error(whole),
    }
}
