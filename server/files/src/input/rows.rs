//! Rows files as JSONL bytes, whatever holds them: a JSON array of rows becomes one row per line
//! (so "line N" in an error is element N), and a Parquet file (ContextBench distributes its gold
//! as Parquet) the JSONL of its rows, line N being row N, with rows it cannot decode a located
//! error and the rows before them kept.

use crate::{read_input, FileError};
use readcov_core::InputError;
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
///
/// Element by element, each copied as it is written (its line breaks, whitespace between tokens
/// since JSON strings hold none, made spaces): memory is the output's size. Building the array
/// as `serde_json::Value`s first took ~30 times the file (the server held 14.7 GB for a 100 MB
/// gold array).
pub fn as_jsonl(bytes: &[u8]) -> Cow<'_, [u8]> {
    if !opens_array(bytes) {
        return bytes.into();
    }
    let mut out = Vec::with_capacity(bytes.len());
    let whole = array_elements(bytes, |row| {
        out.extend(
            row.iter()
                .map(|&b| if b == b'\n' || b == b'\r' { b' ' } else { b }),
        );
        out.push(b'\n');
    });
    if whole {
        out.into()
    } else {
        bytes.into()
    }
}

fn opens_array(bytes: &[u8]) -> bool {
    bytes.get(skip_ws(bytes, 0)) == Some(&b'[')
}

fn skip_ws(bytes: &[u8], mut pos: usize) -> usize {
    while bytes
        .get(pos)
        .is_some_and(|b| matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
    {
        pos += 1;
    }
    pos
}

/// Calls `row` with the text of each element of the JSON array `bytes` holds (whitespace around
/// it allowed), in order; `false` when `bytes` is not one valid JSON array (then some elements
/// may have been given). Each element is checked without being built (`IgnoredAny`): constant
/// memory whatever the array's size. The JSON syntax is checked as parsing it whole would, but
/// a value no `Value` can hold (`1e400`) is given as an element, for its row to refuse.
pub(crate) fn array_elements(bytes: &[u8], mut row: impl FnMut(&[u8])) -> bool {
    use serde::de::IgnoredAny;
    let mut pos = skip_ws(bytes, 0);
    if bytes.get(pos) != Some(&b'[') {
        return false;
    }
    pos = skip_ws(bytes, pos + 1);
    if bytes.get(pos) == Some(&b']') {
        return skip_ws(bytes, pos + 1) == bytes.len();
    }
    loop {
        let mut one = serde_json::Deserializer::from_slice(&bytes[pos..]).into_iter::<IgnoredAny>();
        if !matches!(one.next(), Some(Ok(_))) {
            return false;
        }
        let end = pos + one.byte_offset();
        row(&bytes[pos..end]);
        pos = skip_ws(bytes, end);
        match bytes.get(pos) {
            Some(b',') => pos = skip_ws(bytes, pos + 1),
            Some(b']') => return skip_ws(bytes, pos + 1) == bytes.len(),
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests;
