//! `outcomes=`: the labels of the runs, as `--outcomes [RUN=]FILE`, repeated, gives them. Each
//! input is `(run or None, input)`: given for a run its labels become that run's (a label naming
//! another run is a located error), and several merge (a later disagreement is a located error
//! of its file) — all in `readcov_files::input::load_labels`, the loader the CLI calls.

use crate::{file_error, located, Input, Located};
use pyo3::prelude::*;
use readcov_core::outcomes::Outcomes;
use readcov_files::input::{load_labels, Source};

/// `outcomes=` as Python hands it over: one `(run or None, input)` per `--outcomes` argument.
pub(crate) type RunInputs = Vec<(Option<String>, Input)>;

/// The inputs as the input layer takes them.
pub(crate) fn sources(list: RunInputs) -> Vec<(Option<String>, Source)> {
    (list.into_iter())
        .map(|(run, i)| (run, i.source()))
        .collect()
}

/// What the labels gave: their located errors, the labels (None when no input was given) and
/// the loader's notes (a harness report read as labels), as the CLI prints them.
pub(crate) type Labels = (Vec<Located>, Option<Outcomes>, Vec<String>);

/// Loads and merges the labels; a file of another kind is refused with the CLI's words.
pub(crate) fn load(list: &[(Option<String>, Source)]) -> Result<Labels, String> {
    let Some(loaded) = load_labels(list).map_err(|e| e.to_string())? else {
        return Ok((Vec::new(), None, Vec::new()));
    };
    let errors = loaded.parsed.errors.iter().map(located).collect();
    let labels = loaded.parsed.items.into_iter().collect();
    Ok((errors, Some(labels), loaded.notes))
}

/// `RUN=FILE` split as the CLI splits `--outcomes RUN=FILE` (`readcov_files::input::named_file`:
/// RUN a plain label and no file named like the whole text), else `(None, text)`.
#[pyfunction]
pub fn run_file(arg: &str) -> PyResult<(Option<String>, String)> {
    let (run, path) = readcov_files::input::named_file(arg).map_err(file_error)?;
    // Valid UTF-8: the path is the tail of `arg`.
    Ok((run, path.to_string_lossy().into_owned()))
}
