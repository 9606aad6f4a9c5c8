//! Whether a file is a dataset of rows, decided from its first row(s) as it is opened
//! ([`open_parsed`]): a dataset's [`Rows`] in its format, or the file read whole (with the parse
//! of its only row, or its bytes, so that it is not read or parsed twice).

use super::{text, Rows, Source, PIECE};
use crate::{open_input, FileError};
use readcov_import::dataset::{Cutter, Layout};
use readcov_import::{Doc, Format};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Opens `path` as a dataset of rows when it is one: `format` when given (it must be a per-row
/// format), else the format its first row is in. `Ok(None)`: read the file whole instead.
pub fn open(path: &Path, format: Option<Format>) -> Result<Option<(Format, Rows)>, FileError> {
    Ok(match open_parsed(path, format)? {
        Opened::Rows(f, rows) => Some((f, *rows)),
        Opened::Whole { .. } => None,
    })
}

/// What [`open_parsed`] found.
pub enum Opened {
    /// A dataset: its rows, in the format of the first (boxed: a reader is much larger than a
    /// parsed value).
    Rows(Format, Box<Rows>),
    /// Not a dataset: the file is read whole. `parsed`: when the file was one row (one line of
    /// JSON), parsed to decide, that row's parse and length ([`Parsed::of`] tells whether it
    /// serves the file as read whole). `bytes`: the file's bytes, when the probe read all of
    /// them (a file of at most a read piece), so that the reader does not read it again.
    Whole {
        parsed: Option<Parsed>,
        bytes: Option<Vec<u8>>,
    },
}

impl Opened {
    /// Read whole, nothing handed on.
    fn whole() -> Opened {
        Opened::Whole {
            parsed: None,
            bytes: None,
        }
    }
}

/// The parse of a file's only row (its JSON value, or its typed parse: [`Doc`]), and the row's
/// length without JSON white space.
pub struct Parsed {
    pub doc: Doc,
    pub len: usize,
}

/// `bytes` without the JSON white space (space, tab, line feed, carriage return) at its ends.
fn json_trim(bytes: &[u8]) -> &[u8] {
    let json_space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let start = bytes
        .iter()
        .position(|b| !json_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !json_space(b))
        .map_or(start, |i| i + 1);
    &bytes[start..end]
}

impl Parsed {
    /// `doc`, the parse of the whole of `bytes` (a file read and parsed before its import), as
    /// [`Parsed::of`] takes it.
    pub fn of_whole(doc: Doc, bytes: &[u8]) -> Parsed {
        let len = json_trim(bytes).len();
        Parsed { doc, len }
    }

    /// The value, when `bytes` (the whole file) is the row with JSON white space around it. The
    /// row is one of the file's lines and the others are blank (ASCII white space), so both
    /// trimmed to the same length means the same bytes, and the same value as parsing the whole
    /// file; a blank line holding anything else (a form feed) is longer, and gives `None`.
    pub fn of(self, bytes: &[u8]) -> Option<Doc> {
        (json_trim(bytes).len() == self.len).then_some(self.doc)
    }
}

/// [`open`], handing back the parsed row of a one-row file that is not a dataset, so a reader
/// importing it whole does not parse it again (profiled: a third of importing real OpenHands
/// logs was parsing them three times).
pub fn open_parsed(path: &Path, format: Option<Format>) -> Result<Opened, FileError> {
    if format.is_some_and(|f| !f.per_row()) {
        return Ok(Opened::whole());
    }
    let (mut file, len) = open_input(path)?;
    if is_parquet_file(&mut file, len) {
        let (file, _) = open_input(path)?;
        // A file the streaming reader refuses is read whole, where the error is reported.
        let Ok(mut rows) = readcov_parquet::RowStream::open(file) else {
            return Ok(Opened::whole());
        };
        let first = match rows.next() {
            Some(Ok(r)) => r,
            _ => return Ok(Opened::whole()),
        };
        let Some(f) = format.or_else(|| Format::detect_row(&first, true)) else {
            return Ok(Opened::whole());
        };
        let source = Source::Parquet {
            rows,
            first: Some(first),
        };
        return Ok(Opened::Rows(f, Box::new(Rows::new(path, source, len))));
    }
    if len <= PIECE as u64 {
        if let Some(opened) = open_small(path, file, len, format)? {
            return Ok(opened);
        }
    }
    let (file, _) = open_input(path)?;
    let mut rows = Rows::new(path, text(file, Cutter::new(), 0..len, 0), len);
    // Two rows, when there are: a file of one object is a dataset only if that object says so.
    rows.fill(2)?;
    let Source::Text {
        ready, cutter, eof, ..
    } = &rows.source
    else {
        return Ok(Opened::whole());
    };
    let Some(first) = ready.front() else {
        return Ok(Opened::whole());
    };
    let several = ready.len() > 1 || cutter.layout() == Some(Layout::Array);
    if let Some(f) = format {
        return Ok(match f.per_row() {
            true => Opened::Rows(f, Box::new(rows)),
            false => Opened::whole(),
        });
    }
    let one = !several && *eof;
    Ok(match decide(&first.bytes, several) {
        Decided::Rows(f) => Opened::Rows(f, Box::new(rows)),
        // The only row of the file, read to its end: its parse serves the import.
        Decided::Whole(parsed) if one => Opened::Whole {
            parsed,
            bytes: None,
        },
        Decided::Whole(_) => Opened::whole(),
    })
}

/// What the first row of a file says.
enum Decided {
    /// A dataset in this (per-row) format.
    Rows(Format),
    /// Not a dataset; the row's parse when it is alone in its file.
    Whole(Option<Parsed>),
}

/// Whether `row` (a file's first; `several`: not its only one) makes the file a dataset. A row
/// alone in its file is parsed typed when it can be (a typed shape is never a dataset row: test
/// `a_typed_log_is_whole`), and its parse is kept for the import.
fn decide(row: &[u8], several: bool) -> Decided {
    if !several {
        if let Some(doc) = Doc::typed(row) {
            let len = json_trim(row).len();
            return Decided::Whole(Some(Parsed { doc, len }));
        }
    }
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(row) else {
        return Decided::Whole(None);
    };
    match Format::detect_row_value(&value, several) {
        Some(f) if f.per_row() => Decided::Rows(f),
        _ if !several => Decided::Whole(Some(Parsed {
            doc: Doc::Value(value),
            len: json_trim(row).len(),
        })),
        _ => Decided::Whole(None),
    }
}

/// [`open_parsed`] of a text file of at most a read piece: read whole into a buffer sized once
/// (no zeroing, no growing) and decided from rows cut in it without copying them out (profiled:
/// the streaming reader's zeroing, growing and row copies were 188 M of the real import's
/// 2,680 M instructions). A dataset's rows then stream from that buffer, unread again. `None`:
/// the file grew while read; it is streamed as any other.
fn open_small(
    path: &Path,
    mut file: std::fs::File,
    len: u64,
    format: Option<Format>,
) -> Result<Option<Opened>, FileError> {
    let cannot = |e: std::io::Error| FileError::new(path, format!("cannot read: {e}"));
    // `is_parquet_file` read the head and the tail.
    file.seek(SeekFrom::Start(0)).map_err(cannot)?;
    let mut bytes = Vec::with_capacity(len as usize + 1);
    (&mut file)
        .take(len + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > len {
        return Ok(None);
    }
    // The first 4 KiB: two rows there decide without cutting the rest (a pretty-printed log
    // is thousands of lines); else the rest, to its end.
    let mut cutter = Cutter::new();
    let mut found = Vec::new();
    let window = bytes.len().min(1 << 12);
    let used = cutter.cut(&bytes[..window], false, &mut found);
    if found.len() < 2 {
        let at = found.len();
        cutter.cut(&bytes[used..], true, &mut found);
        for r in &mut found[at..] {
            r.range = r.range.start + used..r.range.end + used;
        }
    }
    let several = found.len() > 1 || cutter.layout() == Some(Layout::Array);
    // Rows cut again from the start, by a cutter knowing the layout (`Rows::part` asks it).
    let layout = cutter.layout();
    let rows = |bytes: Vec<u8>| {
        let filled = bytes.len();
        let cutter = layout.map_or_else(Cutter::new, Cutter::with_layout);
        let mut source = text(file, cutter, 0..len, 0);
        if let Source::Text {
            pending, filled: f, ..
        } = &mut source
        {
            *pending = bytes;
            *f = filled;
        }
        Box::new(Rows::new(path, source, len))
    };
    // Read whole: the bytes go with the answer, so the file is read once.
    let whole = |parsed, bytes| {
        Some(Opened::Whole {
            parsed,
            bytes: Some(bytes),
        })
    };
    let Some(first) = found.first() else {
        return Ok(whole(None, bytes));
    };
    if let Some(f) = format {
        return Ok(match f.per_row() {
            true => Some(Opened::Rows(f, rows(bytes))),
            false => whole(None, bytes),
        });
    }
    Ok(match decide(&bytes[first.range.clone()], several) {
        Decided::Rows(f) => Some(Opened::Rows(f, rows(bytes))),
        // The only row of the file, read to its end: its parse serves the import.
        Decided::Whole(parsed) => whole(parsed, bytes),
    })
}

fn is_parquet_file(file: &mut std::fs::File, len: u64) -> bool {
    use std::io::{Seek, SeekFrom};
    let mut head = [0u8; 4];
    let mut tail = [0u8; 4];
    len >= 8
        && file.read_exact(&mut head).is_ok()
        && file.seek(SeekFrom::End(-4)).is_ok()
        && file.read_exact(&mut tail).is_ok()
        && &head == readcov_parquet::MAGIC
        && &tail == readcov_parquet::MAGIC
}
