//! Reads given as Python rows (a list of dicts, a DataFrame's columns) taken into the engine's
//! lean table cell by cell (`LeanReads::push_cells`), without writing them as JSONL and parsing
//! that again: the two were most of a dict input's cost (issue 39: dict and DataFrame inputs
//! within 1.5x of files). A dict is walked once, its keys told by their text; a DataFrame's
//! integer and pyarrow string columns are read as the arrays Python hands over (`jsonl::Column`).
//!
//! One acceptor still: a row the cells path declines (a bad value, an unknown key, a type JSON
//! gives another form) is written as its JSONL line by `jsonl.rs`, exactly as the text path
//! writes it, and parsed by the table's own text path, which takes it or words the error with
//! the row's number. The kind of input is told from the JSONL of the first rows, as for a
//! file; rows that are not plain reads (gold, chunks, a trajectory's events) and reads with
//! edits (read-before-edit needs whole rows) are left to the text path (`None`).

use crate::jsonl::{
    column_keys, int64_at, rows_of, string_cell, write_column_row, write_row, Column, RowError,
};
use crate::{file_error, Input};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyString};
use readcov_core::{Cell, InputError, LeanReads, READ_KEYS};
use readcov_files::input::detect::{detect_head, HEAD};
use readcov_files::input::{self, InputKind, ReadsOptions};
use readcov_files::score_rows::ScoreReads;
use std::sync::Mutex;

/// Reads taken into the lean table, held until `score` takes them (once).
#[pyclass(frozen, module = "readcov._native")]
pub struct LeanTable(Mutex<Option<LeanReads>>);

impl LeanTable {
    /// The table; `None` when a call already took it (a table scores once).
    pub fn take(&self) -> Option<LeanReads> {
        self.0.lock().ok().and_then(|mut t| t.take())
    }
}

/// The table, or `None` for the text path; or the first row that could not be written.
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

fn made(got: Result<LeanReads, Stop>) -> PyResult<Made> {
    match got {
        Ok(lean) => Ok((Some(LeanTable(Mutex::new(Some(lean)))), None)),
        Err(Stop::Text) => Ok((None, None)),
        Err(Stop::Row(e)) => Ok((None, Some(e))),
        Err(Stop::Py(e)) => Err(e),
    }
}

/// A list of dicts as the lean table (see the module's note).
#[pyfunction]
pub fn lean_rows(rows: &Bound<'_, PyAny>, name: String) -> PyResult<Made> {
    let rows: Vec<Bound<'_, PyAny>> = rows.try_iter()?.collect::<PyResult<_>>()?;
    made(dict_table(&rows, name))
}

fn dict_table(rows: &[Bound<'_, PyAny>], name: String) -> Result<LeanReads, Stop> {
    plain_reads(&name, rows.len(), |out, i| Ok(write_row(out, &rows[i])))?;
    let mut table = Table::new(name);
    for (i, row) in rows.iter().enumerate() {
        let taken = match row.cast::<PyDict>() {
            Ok(d) => dict_row(&mut table.lean, d),
            Err(_) => false,
        };
        if !taken {
            table.by_text(i, |out| Ok(write_row(out, row)))?;
        }
        if table.lean.has_edits {
            return Err(Stop::Text);
        }
    }
    Ok(table.lean)
}

/// A DataFrame's columns (`names[j]`'s values as `columns[j]`) as the lean table.
#[pyfunction]
pub fn lean_columns(names: Vec<String>, columns: Vec<Column<'_>>, name: String) -> PyResult<Made> {
    made(column_table(&names, &columns, name))
}

fn column_table(names: &[String], columns: &[Column<'_>], name: String) -> Result<LeanReads, Stop> {
    let n = rows_of(columns)?;
    let keys = column_keys(names);
    plain_reads(&name, n, |out, i| write_column_row(out, &keys, columns, i))?;
    // Each column's place among the keys the cells path takes (`None`: another key).
    let slots: Vec<Option<usize>> = (names.iter()).map(|c| slot_of(c)).collect();
    let mut table = Table::new(name);
    for i in 0..n {
        if !column_row(&mut table.lean, &slots, columns, i)? {
            table.by_text(i, |out| write_column_row(out, &keys, columns, i))?;
        }
        if table.lean.has_edits {
            return Err(Stop::Text);
        }
    }
    Ok(table.lean)
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

/// A dict's cells by the known keys; `false` when the row must go by text (a key the cells path
/// does not take, or a value with no cell). The dict is walked once (`PyDict_Next`) and each key
/// told by its text: looking up the eleven keys was a fifth of the call (profiled: most rows have
/// five or six, and every miss is a probe).
fn dict_row(lean: &mut LeanReads, d: &Bound<'_, PyDict>) -> bool {
    let mut values: [Option<Bound<'_, PyAny>>; 11] = Default::default();
    for (k, v) in d.iter() {
        let slot =
            (k.cast_exact::<PyString>().ok()).and_then(|s| s.to_str().ok().and_then(slot_of));
        match slot {
            Some(i) => values[i] = Some(v),
            None => return false, // another key: the text path judges it
        }
    }
    let mut cells: [Option<Cell<'_>>; 11] = [None; 11];
    for (c, v) in cells.iter_mut().zip(&values) {
        let Some(v) = v else { continue };
        match cell(v) {
            Some(x) => *c = x,
            None => return false,
        }
    }
    lean.push_cells(&cells, None, &|_: &str| Ok(()))
}

/// A key's place in [`READ_KEYS`].
fn slot_of(key: &str) -> Option<usize> {
    READ_KEYS.iter().position(|k| *k == key)
}

/// A Python value as a cell: `Some(None)` for a NaN (a missing DataFrame cell, left out as the
/// text path leaves it out), `None` for a value the cells path does not take.
fn cell<'a>(v: &'a Bound<'_, PyAny>) -> Option<Option<Cell<'a>>> {
    if let Ok(s) = v.cast_exact::<PyString>() {
        return s.to_str().ok().map(|s| Some(Cell::Str(s)));
    }
    if v.is_exact_instance_of::<PyInt>() {
        return v.extract::<u64>().ok().map(|n| Some(Cell::Int(n)));
    }
    if v.is_none() {
        return Some(Some(Cell::Null));
    }
    match v.cast_exact::<PyFloat>() {
        Ok(f) if f.value().is_nan() => Some(None),
        _ => None,
    }
}

/// Row `i` of the columns by cells; `false` when it must go by text.
fn column_row(
    lean: &mut LeanReads,
    slots: &[Option<usize>],
    columns: &[Column<'_>],
    i: usize,
) -> PyResult<bool> {
    // Cells of Python values borrow them: held here for the row.
    let mut held: Vec<(usize, Bound<'_, PyAny>)> = Vec::new();
    let mut cells: Cells<'_> = [None; 11];
    let mut seen = 0u16;
    for (j, col) in columns.iter().enumerate() {
        let c = match col {
            Column::Int64(b) => u64::try_from(int64_at(b.as_bytes(), i)).ok().map(Cell::Int),
            Column::Strings(o, d) => string_cell(o.as_bytes(), d.as_bytes(), i).map(Cell::Str),
            Column::Values(l) => {
                held.push((j, l.get_item(i)?));
                continue;
            }
        };
        if !c.is_some_and(|c| put(&mut cells, &mut seen, slots[j], c)) {
            return Ok(false);
        }
    }
    for (j, v) in &held {
        let taken = match cell(v) {
            None => false,
            Some(None) => true,
            Some(Some(c)) => put(&mut cells, &mut seen, slots[*j], c),
        };
        if !taken {
            return Ok(false);
        }
    }
    Ok(lean.push_cells(&cells, None, &|_: &str| Ok(())))
}

type Cells<'a> = [Option<Cell<'a>>; 11];

/// Puts a column's cell in its key's place; `false` for another key, or a key given twice
/// (the text path judges those).
fn put<'a>(cells: &mut Cells<'a>, seen: &mut u16, slot: Option<usize>, c: Cell<'a>) -> bool {
    let Some(s) = slot.filter(|s| *seen & (1 << s) == 0) else {
        return false;
    };
    *seen |= 1 << s;
    cells[s] = Some(c);
    true
}

/// `score`'s reads as Python hands them over: a table built from rows (`lean_rows`,
/// `lean_columns`), or a path or JSONL bytes.
#[derive(FromPyObject)]
pub enum ReadsArg<'py> {
    Table(Bound<'py, LeanTable>),
    Input(Input),
}

/// [`ReadsArg`] out of Python's hands (the table taken), to be loaded without the GIL.
pub enum Reads {
    /// Boxed: the table's own fields are a few hundred bytes.
    Table(Box<LeanReads>),
    Input(Input),
}

impl ReadsArg<'_> {
    pub fn taken(self) -> PyResult<Reads> {
        match self {
            ReadsArg::Input(i) => Ok(Reads::Input(i)),
            ReadsArg::Table(t) => (t.get().take().map(|t| Reads::Table(Box::new(t))))
                .ok_or_else(|| file_error("<reads>: these rows were scored already")),
        }
    }
}

/// The reads of a `score` as the engine takes them, in the form `readcov score` would load
/// them ([`ScoreReads::lean`] chooses): the lean table, else whole rows through the input layer
/// (a trajectory imported, edits kept). With the located errors and notes of loading.
pub fn load(
    reads: Reads,
    workspace: bool,
    opts: &ReadsOptions,
) -> Result<(ScoreReads, Vec<InputError>, Vec<String>), String> {
    let input = match reads {
        Reads::Table(t) => {
            return match ScoreReads::lean(Some(*t), workspace) {
                Some(r) => Ok(lean_errors(r)),
                // The module builds a table only without a workspace.
                None => Err("<reads>: rows taken as a lean table cannot take a workspace".into()),
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
    let r = input.load_reads(opts)?;
    Ok((ScoreReads::Rows(r.parsed.items), r.parsed.errors, r.notes))
}

/// The lean table's located errors, taken out of it.
fn lean_errors(mut r: ScoreReads) -> (ScoreReads, Vec<InputError>, Vec<String>) {
    let errors = match &mut r {
        ScoreReads::Lean(l) => std::mem::take(&mut l.errors),
        ScoreReads::Rows(_) => Vec::new(),
    };
    (r, errors, Vec::new())
}
