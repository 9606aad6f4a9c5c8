//! A DataFrame's columns as the lean table: each column's buffers had once per call, each row's
//! cells read from them in place, a row the cells path declines written as its JSONL line.

use super::{made, plain_reads, Made, Stop, Table, Taken};
use crate::cells::{self, Cells};
use crate::jsonl::{
    column_keys, int64_at, masked_out, rows_of, string_cell, write_column_row, Column,
};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyList;
use readcov_core::{read_of_cells, Cell, LeanReads, CELLS};

/// A DataFrame's columns (`names[j]`'s values as `columns[j]`) as the lean table.
#[pyfunction]
pub fn lean_columns(names: Vec<String>, columns: Vec<Column<'_>>, name: String) -> PyResult<Made> {
    made(column_table(&names, &columns, name))
}

fn column_table(names: &[String], columns: &[Column<'_>], name: String) -> Result<Taken, Stop> {
    let n = rows_of(columns)?;
    let keys = column_keys(names);
    plain_reads(&name, n, |out, i| write_column_row(out, &keys, columns, i))?;
    // Each column's place among the keys the cells path takes (`None`: another key).
    let slots: Vec<Option<usize>> = (names.iter()).map(|c| slot_of(c)).collect();
    let views = views(columns);
    let mut table = Table::new(name);
    for i in 0..n {
        let taken = column_row(&slots, &views, i, &mut |cells: &Cells<'_>| {
            table.lean.push_cells(cells, None, &|_: &str| Ok(()))
        })?;
        if !taken {
            table.by_text(i, |out| write_column_row(out, &keys, columns, i))?;
        }
        if table.lean.has_edits {
            // Whole rows, each from its cells; any row they decline sends all to the text path.
            let mut whole = Vec::with_capacity(n);
            for i in 0..n {
                let taken = column_row(&slots, &views, i, &mut |cells: &Cells<'_>| {
                    read_of_cells(cells, None, &|_: &str| Ok(()))
                        .map(|r| whole.push(r))
                        .is_some()
                })?;
                if !taken {
                    return Err(Stop::Text);
                }
            }
            return Ok(Taken::Rows(whole));
        }
    }
    Ok(Taken::Lean(Box::new(table.lean)))
}

/// A column name's place among the keys the cells path takes.
fn slot_of(key: &str) -> Option<usize> {
    LeanReads::cell_slot(key)
}

/// A column as the cells path reads it, its buffers had once per call (under abi3 each
/// `PyBytes` access is a call into libpython: two per cell per row were 8% of a DataFrame's
/// rows, profiled), a string column's text checked as UTF-8 once (a cell of valid UTF-8 cut at
/// char boundaries is valid UTF-8, and one cut elsewhere is not: the same answer as checking
/// each cell, which was 12%).
enum View<'a, 'py> {
    Int64(&'a [u8]),
    /// Offsets, the text, and the mask of a column with missing cells (`jsonl::Column::Masked`).
    Strings(&'a [u8], Result<&'a str, &'a [u8]>, Option<&'a [u8]>),
    Values(&'a Bound<'py, PyList>),
}

fn views<'a, 'py>(columns: &'a [Column<'py>]) -> Vec<View<'a, 'py>> {
    (columns.iter())
        .map(|c| match c {
            Column::Int64(b) => View::Int64(b.as_bytes()),
            Column::Strings(o, d) | Column::Masked(o, d, _) => {
                let d = d.as_bytes();
                let mask = match c {
                    Column::Masked(_, _, m) => Some(m.as_bytes()),
                    _ => None,
                };
                View::Strings(o.as_bytes(), std::str::from_utf8(d).map_err(|_| d), mask)
            }
            Column::Values(l) => View::Values(l),
        })
        .collect()
}

/// The `i`th cell of a string column's view (`jsonl::string_cell`'s answer).
#[inline]
fn text_at<'a>(offsets: &[u8], text: Result<&'a str, &'a [u8]>, i: usize) -> Option<&'a str> {
    match text {
        Ok(t) => {
            let a = usize::try_from(int64_at(offsets, i)).ok()?;
            let b = usize::try_from(int64_at(offsets, i + 1)).ok()?;
            t.get(a..b)
        }
        Err(d) => string_cell(offsets, d, i),
    }
}

/// Row `i` of the columns as cells, handed to `take`; `false` when it must go by text (a cell
/// the path declines, or `take` declines the row).
fn column_row(
    slots: &[Option<usize>],
    views: &[View<'_, '_>],
    i: usize,
    take: &mut dyn FnMut(&Cells<'_>) -> bool,
) -> PyResult<bool> {
    let mut cells: Cells<'_> = [None; CELLS];
    let mut seen = 0u16;
    for (j, col) in views.iter().enumerate() {
        let c = match col {
            View::Int64(b) => u64::try_from(int64_at(b, i)).ok().map(Cell::Int),
            View::Strings(_, _, Some(m)) if masked_out(m, i) => continue, // a missing key
            View::Strings(o, t, _) => text_at(o, *t, i).map(Cell::Str),
            View::Values(l) => {
                // SAFETY: the list is alive (held by the caller's columns) and the GIL held;
                // the item is borrowed (no reference taken: that and its release were 8% of a
                // DataFrame's rows, profiled) and used within this row, in which no Python
                // code runs. `PyList_GetItem` checks `i` against the list's length as it is.
                let v = unsafe { ffi::PyList_GetItem(l.as_ptr(), i as ffi::Py_ssize_t) };
                if v.is_null() {
                    return Err(PyErr::fetch(l.py()));
                }
                // SAFETY: as above.
                match unsafe { cells::cell_of(v) } {
                    None => None,
                    Some(None) => continue, // NaN: a missing key
                    Some(Some(c)) => Some(c),
                }
            }
        };
        if !c.is_some_and(|c| put(&mut cells, &mut seen, slots[j], c)) {
            return Ok(false);
        }
    }
    Ok(take(&cells))
}

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
