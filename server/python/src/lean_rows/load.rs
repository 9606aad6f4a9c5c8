//! `score`'s reads from Python's hands (a table built from rows, a path, JSONL bytes) loaded
//! as `readcov score` would load them, with the located errors and notes of loading.

use super::{LeanTable, Taken};
use crate::{file_error, Input};
use pyo3::prelude::*;
use readcov_core::InputError;
use readcov_files::input::{self, ReadsOptions, ScoreAsRead};
use readcov_files::score_rows::ScoreReads;

/// `score`'s reads as Python hands them over: a table built from rows (`lean_rows`,
/// `lean_columns`), or a path or JSONL bytes.
#[derive(FromPyObject)]
pub enum ReadsArg<'py> {
    Table(Bound<'py, LeanTable>),
    Input(Input),
}

/// [`ReadsArg`] out of Python's hands (the table taken), to be loaded without the GIL.
pub enum Reads {
    Table(Taken),
    Input(Input),
}

impl ReadsArg<'_> {
    pub fn taken(self) -> PyResult<Reads> {
        match self {
            ReadsArg::Input(i) => Ok(Reads::Input(i)),
            ReadsArg::Table(t) => (t.get().take().map(Reads::Table))
                .ok_or_else(|| file_error("<reads>: these rows were scored already")),
        }
    }
}

/// The reads of a `score` as the engine takes them, in the form `readcov score` would load
/// them ([`ScoreReads::lean`] chooses): the lean table, else whole rows through the input layer
/// (a trajectory imported, edits kept), or a dataset file's runs scored as they are imported
/// with `score` (`input::load_reads_scored`). With the located errors and notes of loading.
pub fn load(
    reads: Reads,
    workspace: bool,
    opts: &ReadsOptions,
    score: &ScoreAsRead,
) -> Result<(ScoreReads, Vec<InputError>, Vec<String>), String> {
    let input = match reads {
        // The module takes rows so only without a workspace.
        Reads::Table(_) if workspace => {
            return Err("<reads>: rows taken as a lean table cannot take a workspace".into());
        }
        Reads::Table(t) => {
            return match t {
                Taken::Lean(t) => match ScoreReads::lean(Some(*t), workspace) {
                    Some(r) => Ok(lean_errors(r)),
                    None => Err("<reads>: rows with edits taken as a lean table".into()),
                },
                // Every row was taken: no located error, no note (as for their JSONL).
                Taken::Rows(rows) => Ok((ScoreReads::Rows(rows), Vec::new(), Vec::new())),
            };
        }
        Reads::Input(i) => i,
    };
    let table = match (&input, workspace) {
        (_, true) => None,
        (Input::Path(p), false) => input::load_reads_lean(p, None).map_err(|e| e.to_string())?,
        (Input::Bytes(b, name), false) => input::reads_lean_of(name, b),
    };
    if let Some(r) = ScoreReads::lean(table, workspace) {
        return Ok(lean_errors(r));
    }
    if let Input::Path(p) = &input {
        let (r, scored) = input::load_reads_scored(p, opts, score).map_err(|e| e.to_string())?;
        let reads = match scored {
            Some(d) => ScoreReads::Scored(Box::new(d)),
            None => ScoreReads::Rows(r.parsed.items),
        };
        return Ok((reads, r.parsed.errors, r.notes));
    }
    let r = input.load_reads(opts)?;
    Ok((ScoreReads::Rows(r.parsed.items), r.parsed.errors, r.notes))
}

/// The lean table's located errors, taken out of it.
fn lean_errors(mut r: ScoreReads) -> (ScoreReads, Vec<InputError>, Vec<String>) {
    let errors = match &mut r {
        ScoreReads::Lean(l) => std::mem::take(&mut l.errors),
        ScoreReads::Rows(_) | ScoreReads::Scored(_) => Vec::new(),
    };
    (r, errors, Vec::new())
}
