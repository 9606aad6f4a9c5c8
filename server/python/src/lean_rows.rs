//! Reads given as Python rows (a list of dicts, a DataFrame's columns) taken into the engine's
//! lean table cell by cell (`LeanReads::push_cells`), without writing them as JSONL and parsing
//! that again: the two were most of a dict input's cost (issue 39: dict and DataFrame inputs
//! within 1.5x of files). A list's dicts are read in place, each walked once with borrowed keys
//! and values (`cells.rs`), its keys told by their text; a DataFrame's integer and pyarrow
//! string columns are read as the arrays Python hands over (`jsonl::Column`).
//!
//! A row's `base` is taken when it is a flat dict of strings, ints, booleans and None (as
//! `readcov import --workspaces` writes it: `cells::flat_object`) and skipped, as the text path
//! skips it.
//!
//! One acceptor still: a row the cells path declines (a bad value, an unknown key, a type JSON
//! gives another form) is written as its JSONL line by `jsonl.rs`, exactly as the text path
//! writes it, and parsed by the table's own text path, which takes it or words the error with
//! the row's number. The kind of input is told from the JSONL of the first rows, as for a
//! file; rows that are not plain reads (gold, chunks, a trajectory's events) are left to the
//! text path (`None`). Reads with edits (read-before-edit needs whole rows, as `readcov score`
//! loads a file of them) are taken as whole rows, each straight from its cells
//! (`readcov_core::read_of_cells`, the general path's fast acceptor on the cells); if any row
//! is declined there, all go by the text path, which takes them or words the error. Before,
//! they all went by text: on the real corpus (1.73M rows with edits) dicts took 5.3x and a
//! DataFrame 4.6x the time of the same rows as a file (docs/performance.md, session 18).

mod columns;
mod load;

pub use columns::lean_columns;
pub use load::{load, Reads, ReadsArg};

use crate::cells::{self, Cells};
use crate::jsonl::{write_row, RowError};
use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyList;
use readcov_core::{read_of_cells, LeanReads, ReadSpan, CELLS};
use readcov_files::input::detect::{detect_head, HEAD};
use readcov_files::input::InputKind;
use std::sync::Mutex;

/// Reads taken from Python's rows, held until `score` takes them (once).
#[pyclass(frozen, module = "readcov._native")]
pub struct LeanTable(Mutex<Option<Taken>>);

/// What the rows became: the lean table, or whole rows (reads with edits: read-before-edit
/// needs whole rows, as `readcov score` loads a file of them), each straight from its cells.
pub enum Taken {
    /// Boxed: the table's own fields are a few hundred bytes.
    Lean(Box<LeanReads>),
    Rows(Vec<ReadSpan>),
}

impl LeanTable {
    /// The rows; `None` when a call already took them (a table scores once).
    pub fn take(&self) -> Option<Taken> {
        self.0.lock().ok().and_then(|mut t| t.take())
    }
}

/// The rows taken, or `None` for the text path; or the first row that could not be written.
type Made = (Option<LeanTable>, Option<RowError>);

/// Why a table was not made: the text path's turn (`None` from the functions), a row that
/// could not be written (Python raises `InputError` naming it), or Python's own error.
enum Stop {
    Text,
    Row(RowError),
    Py(PyErr),
}

impl From<PyErr> for Stop {
    fn from(e: PyErr) -> Self {
        Stop::Py(e)
    }
}

fn made(got: Result<Taken, Stop>) -> PyResult<Made> {
    match got {
        Ok(taken) => Ok((Some(LeanTable(Mutex::new(Some(taken)))), None)),
        Err(Stop::Text) => Ok((None, None)),
        Err(Stop::Row(e)) => Ok((None, Some(e))),
        Err(Stop::Py(e)) => Err(e),
    }
}

/// A list of dicts as the lean table (see the module's note).
#[pyfunction]
pub fn lean_rows(rows: &Bound<'_, PyAny>, name: String) -> PyResult<Made> {
    made(dict_table(rows, name))
}

fn dict_table(rows: &Bound<'_, PyAny>, name: String) -> Result<Taken, Stop> {
    // A list's rows are read in place (`PyList_GetItem`: a borrowed row, no iterator, no
    // reference taken per row: copying the list or collecting it was a tenth of the call,
    // profiled); anything else is collected first.
    let mut held: Vec<Bound<'_, PyAny>> = Vec::new();
    let list = rows.cast_exact::<PyList>().ok();
    let n = match list {
        Some(l) => l.len(),
        None => {
            held = rows.try_iter()?.collect::<PyResult<_>>()?;
            held.len()
        }
    };
    // A row written as text can run Python code (a numpy scalar's `item()`), which could change
    // the list: that is refused, as Python refuses a dict changed while it is walked, rather
    // than reading rows that were not given.
    let unchanged = || match list {
        Some(l) if l.len() != n => Err(PyRuntimeError::new_err(format!(
            "{name}: the list of rows changed while it was read ({n} rows, now {})",
            l.len()
        ))),
        _ => Ok(()),
    };
    let row_at = |i: usize| -> PyResult<Bound<'_, PyAny>> {
        unchanged()?;
        match list {
            Some(l) => l.get_item(i),
            None => Ok(held[i].clone()), // i < n = held.len()
        }
    };
    plain_reads(&name, n, |out, i| Ok(write_row(out, &row_at(i)?)))?;
    unchanged()?;
    // SAFETY (for the uses below): the GIL is held (`rows` is bound), the list is alive and has
    // its `n` rows (checked after every step that can run Python code); a row is borrowed only
    // for its cells' walk, in which no Python code runs.
    let row_ptr = |i: usize| -> Result<*mut ffi::PyObject, Stop> {
        let row = match list {
            Some(l) => unsafe { ffi::PyList_GetItem(l.as_ptr(), i as ffi::Py_ssize_t) },
            None => held.get(i).map_or(std::ptr::null_mut(), Bound::as_ptr),
        };
        match row.is_null() {
            true => Err(Stop::Py(PyErr::fetch(rows.py()))), // not reached: `i < n` rows
            false => Ok(row),
        }
    };
    let mut table = Table::new(name.clone());
    for i in 0..n {
        let row = row_ptr(i)?;
        let mut cells: Cells<'_> = [None; CELLS];
        // SAFETY: as above; `dict_cells` reads the dict (alive, owned by the list or `held`)
        // and its values without running Python code, and the cells are used before any runs.
        let taken = unsafe { dict_row_cells(row, &mut cells) }
            && table.lean.push_cells(&cells, None, &|_: &str| Ok(()));
        if !taken {
            let row = row_at(i)?;
            table.by_text(i, |out| Ok(write_row(out, &row)))?;
            unchanged()?;
        }
        if table.lean.has_edits {
            // Whole rows, each from its cells; any row they decline sends all to the text path.
            let mut whole = Vec::with_capacity(n);
            for i in 0..n {
                let mut cells: Cells<'_> = [None; CELLS];
                // SAFETY: as above.
                if !unsafe { dict_row_cells(row_ptr(i)?, &mut cells) } {
                    return Err(Stop::Text);
                }
                whole.push(read_of_cells(&cells, None, &|_: &str| Ok(())).ok_or(Stop::Text)?);
            }
            return Ok(Taken::Rows(whole));
        }
    }
    Ok(Taken::Lean(Box::new(table.lean)))
}

/// The cells of a row that is a dict; `false` for any other row, or one whose cells the cells
/// path declines. An exact dict is told by one pointer compare (`PyDict_Check` is a call under
/// abi3).
///
/// # Safety
/// `row` is a live object, alive for `'a`, the GIL held, and no Python code runs while the
/// cells are in use.
unsafe fn dict_row_cells<'a>(row: *mut ffi::PyObject, cells: &mut Cells<'a>) -> bool {
    // SAFETY: the caller's contract.
    let dict = unsafe { ffi::Py_TYPE(row) == &raw mut ffi::PyDict_Type }
        || unsafe { ffi::PyDict_Check(row) } != 0;
    dict && unsafe { cells::dict_cells(row, cells) }
}

/// Whether the rows are plain reads rows, told as a file's kind is told: from the JSONL of the
/// first rows (the head detection reads). `head(out, i)` writes row `i`'s line.
fn plain_reads(
    name: &str,
    n: usize,
    mut head: impl FnMut(&mut Vec<u8>, usize) -> PyResult<Result<(), String>>,
) -> Result<(), Stop> {
    let mut text = Vec::new();
    let mut i = 0;
    while i < n && text.len() <= HEAD {
        head(&mut text, i)?.map_err(|e| Stop::Row((i + 1, e)))?;
        i += 1;
    }
    let whole = text.len() <= HEAD;
    text.truncate(HEAD);
    match detect_head(name, &text, whole) {
        Some(InputKind::ReadsJsonl | InputKind::Spans | InputKind::Unknown) => Ok(()),
        _ => Err(Stop::Text),
    }
}

/// The table being built, and one buffer for the rows that go by text.
struct Table {
    lean: LeanReads,
    name: String,
    line: Vec<u8>,
}

impl Table {
    fn new(name: String) -> Self {
        Table {
            lean: LeanReads::default(),
            name,
            line: Vec::new(),
        }
    }

    /// Row `i` (0-based) by its JSONL line, as written by `write`; a row that cannot be
    /// written stops the whole call, as on the text path.
    fn by_text(
        &mut self,
        i: usize,
        write: impl FnOnce(&mut Vec<u8>) -> PyResult<Result<(), String>>,
    ) -> Result<(), Stop> {
        self.line.clear();
        write(&mut self.line)?.map_err(|e| Stop::Row((i + 1, e)))?;
        let ok = |_: &str| Ok(());
        (self.lean).parse_piece(&self.line, i + 1, &self.name, None, &ok);
        Ok(())
    }
}
