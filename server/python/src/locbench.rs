//! `locbench`: code localizations scored as `readcov locbench --format json` scores them, by the
//! same library call ([`readcov_files::locbench`]: the inputs checked by the one input layer,
//! gold named through the units, the three levels evaluated).

use crate::{file_error, located, one_workspace, Input, Located};
use pyo3::prelude::*;
use readcov_core::retrieval::check_ks;
use readcov_files::locbench::{locbench as run, LocbenchError, LocbenchInput};
use std::path::PathBuf;

/// The document (JSON: `levels`, as `readcov locbench --format json`), located errors, notes.
type Evaluated = (String, Vec<Located>, Vec<String>);

#[pyfunction]
#[pyo3(signature = (gold, preds, workspace=None, workspaces=None, ks=None))]
pub fn locbench(
    py: Python<'_>,
    gold: Input,
    preds: Input,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    ks: Option<[Option<Vec<u32>>; 3]>,
) -> PyResult<Evaluated> {
    one_workspace(&workspace, &workspaces)?;
    // Per level: the ks given (`None`: the level's default), as `--k-file` etc., each checked
    // by the CLI's rule (`parse_ks`): each at least 1, sorted, each once.
    let mut ks = ks.unwrap_or_default();
    for given in ks.iter_mut().flatten() {
        *given = check_ks(std::mem::take(given)).map_err(file_error)?;
    }
    let input = LocbenchInput {
        gold: gold.source(),
        preds: preds.source(),
        workspace,
        workspaces,
        ks,
    };
    py.detach(|| match run(&input) {
        Ok(done) => {
            // As `readcov locbench --k-module`: cutoffs for a level no task has gold at are
            // refused (`Locbench::ks_without_gold`).
            if let Some(level) = done.ks_without_gold(&input) {
                let l = level.label();
                return Err(crate::options::arg_error(
                    &format!("k_{l}"),
                    format!(
                        "`k_{l}`: no task has gold at {l} level, so its ks change nothing (readcov \
                         gold is named at module and function level through `workspace` or \
                         `workspaces`)"
                    ),
                ));
            }
            let doc = serde_json::json!({ "levels": done.results }).to_string();
            Ok((doc, done.errors.iter().map(located).collect(), done.notes))
        }
        Err(LocbenchError::Nothing { message, .. }) => Err(file_error(message)),
        Err(LocbenchError::Load(e)) => Err(file_error(e.to_string())),
    })
}
