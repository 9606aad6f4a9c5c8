//! Parsers for the reads and gold JSONL formats (see `docs/formats.md`).
//!
//! They take bytes and a display name, never a file handle: the caller does the IO. Each bad line
//! becomes an [`InputError`] naming file, line and field, and parsing goes on with the next line,
//! so one bad record never loses the rest of a file.

mod error;
mod fields;
mod gold;
mod lines;
mod reads;

pub use error::{InputError, Parsed};
pub(crate) use fields::no_check;
pub use fields::{Fields, PathCheck};
pub use gold::*;
pub use lines::*;
pub use reads::*;

/// Runs `record` over every object line of a JSONL file, collecting items and located errors.
pub fn parse_jsonl<T>(
    bytes: &[u8],
    file: &str,
    record: impl Fn(&Fields) -> Result<T, InputError>,
) -> Parsed<T> {
    let mut out = Parsed::default();
    parse_lines_into(bytes, 1, file, &mut out, |_| None, record);
    out
}

/// Every line of a piece that starts at line `first`: `fast` takes the usual line whole (or
/// declines it), and a declined line goes through `record` on the checked path, which words
/// the error. `fast` must only accept what `record` accepts, with the same value.
fn parse_lines_into<T>(
    bytes: &[u8],
    first: usize,
    file: &str,
    out: &mut Parsed<T>,
    fast: impl Fn(&str) -> Option<T>,
    record: impl Fn(&Fields) -> Result<T, InputError>,
) {
    for (line, text) in jsonl_lines_from(bytes, file, first) {
        out.records += 1;
        if let Some(item) = text.as_ref().ok().and_then(|t| fast(t)) {
            out.items.push(item);
            continue;
        }
        match checked(text, file, line, &record) {
            Ok(item) => out.items.push(item),
            Err(e) => out.errors.push(e),
        }
    }
}

/// One line on the checked path: parsed as an object (duplicate keys refused), then `record`.
fn checked<T>(
    text: Result<&str, InputError>,
    file: &str,
    line: usize,
    record: impl Fn(&Fields) -> Result<T, InputError>,
) -> Result<T, InputError> {
    let obj = parse_object(text?, file, line)?;
    record(&Fields {
        obj: &obj,
        file,
        line,
    })
}
