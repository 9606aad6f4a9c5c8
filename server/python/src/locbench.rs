//! `locbench`: code localizations scored as `readcov locbench --format json` scores them, by the
//! same library call ([`readcov_files::locbench`]: the inputs checked by the one input layer,
//! gold named through the units, the three levels evaluated).

use crate::{file_error, located, one_workspace, Input, Located};
use pyo3::prelude::*;
use readcov_core::locbench::LocLevel;
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
    ks: Option<[Vec<u32>; 3]>,
) -> PyResult<Evaluated> {
    one_workspace(&workspace, &workspaces)?;
    let ks = match ks {
        // The CLI's rule for each level's ks (`parse_ks`): each at least 1, sorted, each once.
        Some([file, module, function]) => {
            let check = |ks| check_ks(ks).map_err(file_error);
            [check(file)?, check(module)?, check(function)?]
        }
        None => LocLevel::ALL.map(|l| l.default_ks().to_vec()),
    };
    let input = LocbenchInput {
        gold: gold.source(),
        preds: preds.source(),
        workspace,
        workspaces,
        ks,
    };
    py.detach(|| match run(&input) {
        Ok(done) => {
            let doc = serde_json::json!({ "levels": done.results }).to_string();
            Ok((doc, done.errors.iter().map(located).collect(), done.notes))
        }
        Err(LocbenchError::Nothing { message, .. }) => Err(file_error(message)),
        Err(LocbenchError::Load(e)) => Err(file_error(e.to_string())),
    })
}
