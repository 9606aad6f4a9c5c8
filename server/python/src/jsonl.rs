//! Rows given as Python objects (a list of dicts, or a DataFrame's columns) written as JSONL
//! bytes, one row per line, for the input layer's own parsers: there is still one acceptor per
//! input kind, and errors name the row by its 1-based position. Why in Rust: `json.dumps` row by
//! row took 1.2 s for 585k reads rows, twice what scoring them takes (issue 39: dict inputs
//! within 1.5x of files).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use std::io::Write;

/// Why a row could not be written: its 1-based position and what was wrong.
type RowError = (usize, String);

/// A list of dicts as JSONL. A top-level value that is a float NaN (an empty DataFrame cell) is
/// left out, as a missing key; numpy scalars are written as their Python values.
#[pyfunction]
pub fn rows_jsonl<'py>(py: Python<'py>, rows: &Bound<'py, PyAny>) -> PyResult<Written<'py>> {
    let mut out = Vec::new();
    for (i, row) in rows.try_iter()?.enumerate() {
        let row = row?;
        let Ok(d) = row.cast::<PyDict>() else {
            return err((i + 1, format!("not a JSON object: {}", type_name(&row))));
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
            if let Err(e) = key(&mut out, &k).and_then(|()| value(&mut out, &v)) {
                return err((i + 1, e));
            }
        }
        out.extend_from_slice(b"}\n");
    }
    Ok((Some(PyBytes::new(py, &out)), None))
}

/// A DataFrame's columns (`names[j]`'s values as `columns[j]`, from `Series.tolist()`) as JSONL,
/// row by row; NaN cells are left out as in [`rows_jsonl`].
#[pyfunction]
pub fn columns_jsonl<'py>(
    py: Python<'py>,
    names: Vec<String>,
    columns: Vec<Bound<'py, PyList>>,
) -> PyResult<Written<'py>> {
    let n = columns.first().map_or(0, |c| c.len());
    let keys: Vec<Vec<u8>> = names
        .iter()
        .map(|k| serde_json::to_vec(k).expect("a string serialises"))
        .collect();
    let mut out = Vec::new();
    for i in 0..n {
        out.push(b'{');
        let mut first = true;
        for (k, col) in keys.iter().zip(&columns) {
            let v = col.get_item(i)?;
            if is_nan(&v) {
                continue;
            }
            if !first {
                out.push(b',');
            }
            first = false;
            out.extend_from_slice(k);
            out.push(b':');
            if let Err(e) = value(&mut out, &v) {
                return err((i + 1, e));
            }
        }
        out.extend_from_slice(b"}\n");
    }
    Ok((Some(PyBytes::new(py, &out)), None))
}

/// The JSONL bytes, or the first row that could not be written (Python raises `InputError`).
type Written<'py> = (Option<Bound<'py, PyBytes>>, Option<RowError>);

fn err<'py>(e: RowError) -> PyResult<Written<'py>> {
    Ok((None, Some(e)))
}

fn is_nan(v: &Bound<'_, PyAny>) -> bool {
    v.cast::<PyFloat>().is_ok_and(|f| f.value().is_nan())
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

fn string(out: &mut Vec<u8>, s: &Bound<'_, PyString>) -> Result<(), String> {
    let text = s.to_cow().map_err(|e| e.to_string())?;
    serde_json::to_writer(out, &*text).map_err(|e| e.to_string())
}

/// One value as JSON, as `json.dumps(..., allow_nan=False)` would accept it.
fn value(out: &mut Vec<u8>, v: &Bound<'_, PyAny>) -> Result<(), String> {
    if v.is_none() {
        out.extend_from_slice(b"null");
    } else if let Ok(b) = v.cast::<PyBool>() {
        out.extend_from_slice(if b.is_true() { b"true" } else { b"false" });
    } else if let Ok(i) = v.cast::<PyInt>() {
        match i.extract::<i64>() {
            Ok(n) => write!(out, "{n}").expect("a Vec takes writes"),
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
