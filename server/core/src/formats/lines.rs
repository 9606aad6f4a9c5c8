//! JSONL bytes to numbered lines: BOM and `\r` stripped, blank lines skipped, each line checked as
//! UTF-8 and parsed as one object.

use super::InputError;
use crate::strict_json::Record;
use serde_json::{Map, Value};

/// Splits JSONL bytes into (line number, text) pairs: strips a UTF-8 BOM and `\r`, skips blank
/// lines, and reports lines that are not UTF-8.
pub fn jsonl_lines<'a>(
    bytes: &'a [u8],
    file: &'a str,
) -> impl Iterator<Item = (usize, Result<&'a str, InputError>)> + 'a {
    jsonl_lines_from(bytes, file, 1)
}

/// [`jsonl_lines`] over a piece of a file that starts at line `first` (1-based): only the piece
/// that starts the file may carry a BOM.
pub(crate) fn jsonl_lines_from<'a>(
    bytes: &'a [u8],
    file: &'a str,
    first: usize,
) -> impl Iterator<Item = (usize, Result<&'a str, InputError>)> + 'a {
    jsonl_line_ranges(bytes, first).map(move |(line, at)| (line, utf8_line(&bytes[at], file, line)))
}

/// Where the non-blank lines of a JSONL piece starting at line `first` are in it, with their
/// numbers: without the BOM (on line 1) and a `\r` before the line break. Not checked as UTF-8:
/// the lean reads path checks a whole piece at once; [`utf8_line`] checks one line.
pub(crate) fn jsonl_line_ranges(
    bytes: &[u8],
    first: usize,
) -> impl Iterator<Item = (usize, std::ops::Range<usize>)> + '_ {
    let bom = if first == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let base = first - 1;
    // memchr finds the line breaks several bytes at a time; `split` looked at every byte.
    let mut from = bom;
    let breaks = memchr::memchr_iter(b'\n', &bytes[bom..])
        .map(move |i| i + bom)
        .chain(std::iter::once(bytes.len()));
    breaks
        .map(move |end| {
            let line = from..end;
            from = end + 1;
            line
        })
        .enumerate()
        .filter_map(move |(i, mut at)| {
            if bytes[at.clone()].ends_with(b"\r") {
                at.end -= 1;
            }
            (!bytes[at.clone()].iter().all(u8::is_ascii_whitespace)).then_some((base + i + 1, at))
        })
}

/// A line as text, or the located error for one that is not UTF-8.
pub(crate) fn utf8_line<'a>(raw: &'a [u8], file: &str, line: usize) -> Result<&'a str, InputError> {
    std::str::from_utf8(raw).map_err(|e| {
        InputError::new(
            file,
            line,
            None,
            format!("not valid UTF-8 (byte {})", e.valid_up_to()),
        )
    })
}

/// Parses one JSONL line into an object, with a located error otherwise (a duplicated key is an
/// error at that key, see [`crate::strict_json`]).
pub fn parse_object(text: &str, file: &str, line: usize) -> Result<Map<String, Value>, InputError> {
    match serde_json::from_str::<Record>(text) {
        Ok(Record::Object {
            duplicate: Some(key),
            ..
        }) => Err(InputError::new(
            file,
            line,
            Some(&key),
            "duplicate key (readers disagree on which value wins)",
        )),
        Ok(Record::Object { map, .. }) => Ok(map),
        Ok(Record::Other(kind)) => Err(InputError::new(
            file,
            line,
            None,
            format!("expected a JSON object, found {kind}"),
        )),
        Err(e) => Err(InputError::new(
            file,
            line,
            None,
            format!("invalid JSON: {e}"),
        )),
    }
}

/// How an input error names the JSON type found.
pub fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
