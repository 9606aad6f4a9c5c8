//! Rows given as Python objects (a list of dicts, or a DataFrame's columns) written as JSONL
//! bytes, one row per line, for the input layer's own parsers: there is still one acceptor per
//! input kind, and errors name the row by its 1-based position. Why in Rust: `json.dumps` row by
//! row took 1.2 s for 585k reads rows, twice what scoring them takes (issue 39: dict inputs
//! within 1.5x of files). Why written this way (profiled on those 585k rows, 0.42 s before):
//! strings are read in place (abi3 >= 3.10: no UTF-8 copy as a new `bytes` per string, which was
//! half the time), exact `str`/`int` are told by one type compare before any subtype check, plain
//! strings are copied without serde's escaper, and a DataFrame's integer columns come as raw
//! `int64` bytes (no Python int per cell).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use std::io::Write;

/// Why a row could not be written: its 1-based position and what was wrong.
pub(crate) type RowError = (usize, String);

/// A list of dicts as JSONL. A top-level value that is a float NaN (an empty DataFrame cell) is
/// left out, as a missing key; numpy scalars are written as their Python values.
#[pyfunction]
pub fn rows_jsonl<'py>(py: Python<'py>, rows: &Bound<'py, PyAny>) -> PyResult<Written<'py>> {
    let mut out = Vec::with_capacity(rows.len().unwrap_or(0).saturating_mul(96));
    for (i, row) in rows.try_iter()?.enumerate() {
        if let Err(e) = write_row(&mut out, &row?) {
            return err((i + 1, e));
        }
    }
    Ok((Some(PyBytes::new(py, &out)), None))
}

/// One row (a dict) as its JSONL line, newline included.
pub(crate) fn write_row(out: &mut Vec<u8>, row: &Bound<'_, PyAny>) -> Result<(), String> {
    let Ok(d) = row.cast::<PyDict>() else {
        return Err(format!("not a JSON object: {}", type_name(row)));
    };
    out.push(b'{');
    let mut first = true;
    for (k, v) in d.iter() {
        if is_nan(&v) {
            continue;
        }
        if !first {
            out.push(b',');
        }
        first = false;
        key(out, &k)?;
        value(out, &v)?;
    }
    out.extend_from_slice(b"}\n");
    Ok(())
}

/// A DataFrame column as Python hands it over: an integer column's values as little-endian
/// `int64` bytes (`Series.to_numpy().tobytes()`, no Python int per cell), a pyarrow-backed string
/// column as its Arrow buffers (`large_string`: n+1 little-endian `int64` offsets into UTF-8
/// bytes; no Python str per cell) and, when a cell is missing, one byte per cell, 0 for a
/// missing one (`Masked`), any other as `Series.tolist()`.
#[derive(FromPyObject)]
pub enum Column<'py> {
    Int64(Bound<'py, PyBytes>),
    Values(Bound<'py, PyList>),
    Strings(Bound<'py, PyBytes>, Bound<'py, PyBytes>),
    Masked(
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
    ),
}

impl Column<'_> {
    pub(crate) fn len(&self) -> usize {
        match self {
            Column::Int64(b) => b.as_bytes().len() / 8,
            Column::Values(l) => l.len(),
            Column::Strings(offsets, _) | Column::Masked(offsets, _, _) => {
                (offsets.as_bytes().len() / 8).saturating_sub(1)
            }
        }
    }
}

/// Whether cell `i` of a masked string column is missing (its byte 0; a mask too short for the
/// column leaves the cell there).
pub(crate) fn masked_out(mask: &[u8], i: usize) -> bool {
    mask.get(i) == Some(&0)
}

/// The `i`th little-endian `int64` of `bytes`.
pub(crate) fn int64_at(bytes: &[u8], i: usize) -> i64 {
    i64::from_le_bytes(bytes[i * 8..i * 8 + 8].try_into().expect("8 bytes"))
}

/// A DataFrame's columns (`names[j]`'s values as `columns[j]`) as JSONL, row by row; NaN cells
/// are left out as in [`rows_jsonl`].
#[pyfunction]
pub fn columns_jsonl<'py>(
    py: Python<'py>,
    names: Vec<String>,
    columns: Vec<Column<'py>>,
) -> PyResult<Written<'py>> {
    let n = rows_of(&columns)?;
    let keys = column_keys(&names);
    let mut out = Vec::with_capacity(n.saturating_mul(16 * (keys.len() + 1)));
    for i in 0..n {
        if let Err(e) = write_column_row(&mut out, &keys, &columns, i)? {
            return err((i + 1, e));
        }
    }
    Ok((Some(PyBytes::new(py, &out)), None))
}

/// How many rows the columns hold (all of them the same number, else the caller's mistake).
pub(crate) fn rows_of(columns: &[Column<'_>]) -> PyResult<usize> {
    let n = columns.first().map_or(0, Column::len);
    match columns.iter().find(|c| c.len() != n) {
        Some(c) => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "columns of different lengths ({n} and {})",
            c.len()
        ))),
        None => Ok(n),
    }
}

/// Each column name as a JSON key with its colon (`"path":`).
pub(crate) fn column_keys(names: &[String]) -> Vec<Vec<u8>> {
    (names.iter())
        .map(|k| {
            let mut v = serde_json::to_vec(k).expect("a string serialises");
            v.push(b':');
            v
        })
        .collect()
}

/// The `i`th row of the columns as its JSONL line, newline included; NaN cells are left out as
/// in [`rows_jsonl`]. The outer error is Python's (a cell that could not be had), the inner the
/// row's (a value JSON has no form for).
pub(crate) fn write_column_row(
    out: &mut Vec<u8>,
    keys: &[Vec<u8>],
    columns: &[Column<'_>],
    i: usize,
) -> PyResult<Result<(), String>> {
    out.push(b'{');
    let mut first = true;
    for (k, col) in keys.iter().zip(columns) {
        let v = match col {
            Column::Int64(b) => {
                let n = int64_at(b.as_bytes(), i);
                if !first {
                    out.push(b',');
                }
                first = false;
                out.extend_from_slice(k);
                out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
                continue;
            }
            Column::Strings(offsets, data) | Column::Masked(offsets, data, _) => {
                if let Column::Masked(_, _, mask) = col {
                    if masked_out(mask.as_bytes(), i) {
                        continue; // a missing cell: left out, as a NaN cell is
                    }
                }
                let Some(text) = string_cell(offsets.as_bytes(), data.as_bytes(), i) else {
                    return Ok(Err(OUTSIDE.into()));
                };
                if !first {
                    out.push(b',');
                }
                first = false;
                out.extend_from_slice(k);
                if let Err(e) = text_json(out, text) {
                    return Ok(Err(e));
                }
                continue;
            }
            Column::Values(l) => l.get_item(i)?,
        };
        if is_nan(&v) {
            continue;
        }
        if !first {
            out.push(b',');
        }
        first = false;
        out.extend_from_slice(k);
        if let Err(e) = value(out, &v) {
            return Ok(Err(e));
        }
    }
    out.extend_from_slice(b"}\n");
    Ok(Ok(()))
}

/// What a row is told when its Arrow offsets point outside the column's text.
const OUTSIDE: &str = "not a JSON object: a string cell outside its column";

/// The `i`th cell of an Arrow `large_string` column, `None` when its offsets are out of place.
pub(crate) fn string_cell<'a>(offsets: &[u8], data: &'a [u8], i: usize) -> Option<&'a str> {
    usize::try_from(int64_at(offsets, i))
        .ok()
        .zip(usize::try_from(int64_at(offsets, i + 1)).ok())
        .and_then(|(a, b)| data.get(a..b))
        .and_then(|b| std::str::from_utf8(b).ok())
}

/// The JSONL bytes, or the first row that could not be written (Python raises `InputError`).
type Written<'py> = (Option<Bound<'py, PyBytes>>, Option<RowError>);

fn err<'py>(e: RowError) -> PyResult<Written<'py>> {
    Ok((None, Some(e)))
}

pub(crate) fn is_nan(v: &Bound<'_, PyAny>) -> bool {
    // Exact str and int first: one pointer compare, where `cast` asks for subtypes by a call.
    !v.is_exact_instance_of::<PyString>()
        && !v.is_exact_instance_of::<PyInt>()
        && v.cast::<PyFloat>().is_ok_and(|f| f.value().is_nan())
}

fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

fn key(out: &mut Vec<u8>, k: &Bound<'_, PyAny>) -> Result<(), String> {
    let Ok(s) = k.cast::<PyString>() else {
        return Err(format!("not a JSON object: a {} key", type_name(k)));
    };
    string(out, s)?;
    out.push(b':');
    Ok(())
}

/// A string as JSON: its UTF-8 read in place, copied between quotes when nothing needs escaping.
fn string(out: &mut Vec<u8>, s: &Bound<'_, PyString>) -> Result<(), String> {
    text_json(out, s.to_str().map_err(|e| e.to_string())?)
}

/// UTF-8 text as a JSON string: copied between quotes when nothing needs escaping.
fn text_json(out: &mut Vec<u8>, text: &str) -> Result<(), String> {
    if text.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        return serde_json::to_writer(out, text).map_err(|e| e.to_string());
    }
    out.reserve(text.len() + 2);
    out.push(b'"');
    out.extend_from_slice(text.as_bytes());
    out.push(b'"');
    Ok(())
}

/// One value as JSON, as `json.dumps(..., allow_nan=False)` would accept it.
fn value(out: &mut Vec<u8>, v: &Bound<'_, PyAny>) -> Result<(), String> {
    if let Ok(s) = v.cast_exact::<PyString>() {
        return string(out, s);
    }
    if v.is_exact_instance_of::<PyInt>() {
        if let Ok(n) = v.extract::<i64>() {
            out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
            return Ok(());
        }
    }
    if v.is_none() {
        out.extend_from_slice(b"null");
    } else if let Ok(b) = v.cast::<PyBool>() {
        out.extend_from_slice(if b.is_true() { b"true" } else { b"false" });
    } else if let Ok(i) = v.cast::<PyInt>() {
        match i.extract::<i64>() {
            Ok(n) => out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes()),
            Err(_) => write!(out, "{i}").expect("a Vec takes writes"),
        }
    } else if let Ok(f) = v.cast::<PyFloat>() {
        let x = f.value();
        if !x.is_finite() {
            return Err(format!("not a JSON object: {x} is not a JSON number"));
        }
        serde_json::to_writer(out, &x).map_err(|e| e.to_string())?;
    } else if let Ok(s) = v.cast::<PyString>() {
        string(out, s)?;
    } else if let Ok(d) = v.cast::<PyDict>() {
        out.push(b'{');
        for (j, (k, x)) in d.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            key(out, &k)?;
            value(out, &x)?;
        }
        out.push(b'}');
    } else if v.cast::<PyList>().is_ok() || v.cast::<PyTuple>().is_ok() {
        out.push(b'[');
        for (j, x) in v.try_iter().map_err(|e| e.to_string())?.enumerate() {
            if j > 0 {
                out.push(b',');
            }
            value(out, &x.map_err(|e| e.to_string())?)?;
        }
        out.push(b']');
    } else if v.hasattr("item").unwrap_or(false) {
        // A numpy scalar (a DataFrame cell): its Python value.
        let plain = v.call_method0("item").map_err(|e| e.to_string())?;
        if plain.get_type().is(v.get_type()) {
            return Err(format!("not a JSON object: {} value", type_name(v)));
        }
        value(out, &plain)?;
    } else {
        return Err(format!(
            "not a JSON object: Object of type {} is not JSON serializable",
            type_name(v)
        ));
    }
    Ok(())
}
