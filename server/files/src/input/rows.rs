//! Rows files as JSONL bytes, whatever holds them: a JSON array of rows becomes one row per line
//! (so "line N" in an error is element N), and a Parquet file (ContextBench distributes its gold
//! as Parquet) the JSONL of its rows, line N being row N, with rows it cannot decode a located
//! error and the rows before them kept.

use crate::{read_input, FileError};
use readcov_core::InputError;
use serde_json::Value;
use std::borrow::Cow;
use std::path::Path;

/// A rows file's bytes as JSONL (Parquet decoded), with the decoding error if any.
pub fn read_rows(path: &Path) -> Result<(Vec<u8>, Vec<InputError>), FileError> {
    let bytes = read_input(path)?;
    Ok(parquet_as_jsonl(&path.display().to_string(), bytes))
}

/// `bytes` unchanged unless they are Parquet, then the JSONL of its rows (within the process's
/// Parquet limits, `--max-parquet-rows` / `--max-parquet-bytes`: rows past a limit are an error,
/// the rows before it kept).
pub fn parquet_as_jsonl(name: &str, bytes: Vec<u8>) -> (Vec<u8>, Vec<InputError>) {
    if !readcov_parquet::is_parquet(&bytes) {
        return (bytes, Vec::new());
    }
    let rows = readcov_parquet::parquet_to_jsonl(&bytes);
    drop(bytes);
    let errors =
        (rows.error).map(|e| InputError::new(name, e.row(), None, format!("Parquet: {e}")));
    (rows.jsonl, errors.into_iter().collect())
}

/// A JSON array of rows as JSONL (one element per line); anything else unchanged.
pub fn as_jsonl(bytes: &[u8]) -> Cow<'_, [u8]> {
    match array_rows(bytes) {
        Some(rows) => {
            let mut out = Vec::new();
            for r in rows {
                out.extend(serde_json::to_vec(&r).unwrap_or_default());
                out.push(b'\n');
            }
            out.into()
        }
        None => bytes.into(),
    }
}

fn array_rows(bytes: &[u8]) -> Option<Vec<Value>> {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    if bytes[start] != b'[' {
        return None;
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Array(rows)) => Some(rows),
        _ => None,
    }
}
