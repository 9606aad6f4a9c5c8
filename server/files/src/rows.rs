//! Dataset files read a row at a time (a run per row: JSONL, a JSON array of rows, Parquet), so
//! `readcov import` holds one row and one read buffer, never the file. Whether a file is such a
//! dataset is decided from its first row ([`readcov_import::Format::detect_row`]); any other
//! file is read whole, as before.

use crate::{open_input, FileError};
use readcov_import::dataset::{Cutter, Layout, RowAt};
use readcov_import::{Doc, Format};
use std::collections::VecDeque;
use std::io::{Read, Seek, SeekFrom};
use std::ops::{Deref, Range};
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod batch;
pub use batch::{import_batch, next_batch, ROW_BATCH};

/// How much is read at once.
const PIECE: usize = 1 << 20;

/// One row: its bytes, its 0-based index and the 1-based line it starts on (Parquet: its row
/// number).
#[derive(Debug)]
pub struct Row {
    pub bytes: RowBytes,
    pub index: usize,
    pub line: usize,
}

/// A row's bytes: a range of the piece of the file it was read in, shared with the other rows
/// of that piece (profiled: copying each row out of the read buffer was 16 M of the 405 M
/// instructions of 300 chat rows), or a buffer of its own (a row longer than a piece, a Parquet
/// row). The piece lives as long as one of its rows.
#[derive(Clone, Debug)]
pub struct RowBytes {
    buf: Arc<Vec<u8>>,
    range: Range<usize>,
}

impl Deref for RowBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.buf[self.range.clone()]
    }
}

impl From<Vec<u8>> for RowBytes {
    fn from(bytes: Vec<u8>) -> RowBytes {
        let range = 0..bytes.len();
        RowBytes {
            buf: Arc::new(bytes),
            range,
        }
    }
}

impl RowBytes {
    /// Bytes held for this row: its buffer's capacity (a shared piece's whole capacity).
    pub fn held(&self) -> usize {
        self.buf.capacity()
    }
}

/// The rows of one dataset file, in file order.
pub struct Rows {
    path: PathBuf,
    source: Source,
    index: usize,
    /// Bytes of the file consumed so far (the progress bar's position).
    consumed: u64,
    /// Bytes of the file these rows are read from (all of it, or a shard's part).
    pub len: u64,
    /// Where row (and JSONL line) numbers count from, when not the file's start: a shard read
    /// from a byte offset numbers its rows from there (counting the rows before it would mean
    /// reading them).
    pub numbered_from: Option<u64>,
}

enum Source {
    Text {
        file: std::fs::File,
        cutter: Cutter,
        /// Read and not yet cut: `pending[..filled]` (all of it: `filled == pending.len()`).
        /// Each read appends into its spare capacity, which is never zeroed (a 1 MiB `resize`
        /// per read was most of the time spent on the buffers).
        pending: Vec<u8>,
        filled: usize,
        ready: VecDeque<Row>,
        eof: bool,
        /// File offset of `pending[0]`.
        base: u64,
        /// Only the rows starting in this byte range are handed out.
        part: Range<u64>,
        /// Read from the middle of a line: what comes before the next line is skipped.
        align: bool,
    },
    Parquet {
        rows: readcov_parquet::RowStream,
        first: Option<Vec<u8>>,
    },
}

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

/// A text source reading the rows that start in `part`, from `at` on.
fn text(file: std::fs::File, cutter: Cutter, part: Range<u64>, at: u64) -> Source {
    Source::Text {
        file,
        cutter,
        pending: Vec::new(),
        filled: 0,
        ready: VecDeque::new(),
        eof: false,
        base: at,
        align: at > 0,
        part,
    }
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

impl Rows {
    fn new(path: &Path, source: Source, len: u64) -> Rows {
        Rows {
            path: path.to_path_buf(),
            source,
            index: 0,
            consumed: 0,
            len,
            numbered_from: None,
        }
    }

    /// Only the rows that start in `part` of the file (`import --shard`; the parts of the shards
    /// tile the file, so every row is read by one shard): JSONL is read from the line that
    /// starts at or after `part.start` (numbered from there: [`Rows::numbered_from`]), a JSON
    /// array is scanned from its start (its rows are found by cutting, not parsing), a Parquet
    /// file keeps the row groups whose middle byte is in `part`.
    pub fn part(self, part: Range<u64>) -> Result<Rows, FileError> {
        let path = self.path;
        let (file, _) = open_input(&path)?;
        let (source, numbered_from) = match self.source {
            Source::Parquet { .. } => {
                let limits = readcov_parquet::ParquetLimits::for_process();
                let scope = readcov_parquet::Scope::Row;
                let rows =
                    readcov_parquet::RowStream::open_part(file, &limits, scope, Some(part.clone()))
                        .map_err(|e| FileError::new(&path, format!("Parquet: {e}")))?;
                (Source::Parquet { rows, first: None }, Some(part.start))
            }
            Source::Text { cutter, .. } => match cutter.layout() {
                Some(Layout::Lines) if part.start > 0 => {
                    let mut file = file;
                    file.seek(SeekFrom::Start(part.start - 1))
                        .map_err(|e| FileError::new(&path, format!("cannot seek: {e}")))?;
                    let cutter = Cutter::with_layout(Layout::Lines);
                    (
                        text(file, cutter, part.clone(), part.start - 1),
                        Some(part.start),
                    )
                }
                _ => (text(file, Cutter::new(), part.clone(), 0), Some(part.start)),
            },
        };
        let mut rows = Rows::new(&path, source, part.end - part.start);
        rows.numbered_from = numbered_from.filter(|&at| at > 0);
        Ok(rows)
    }

    /// Bytes of the file consumed so far (Parquet: the whole file once its last row is out).
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Reads until `want` rows are ready or the file ends.
    fn fill(&mut self, want: usize) -> Result<(), FileError> {
        let Source::Text {
            file,
            cutter,
            pending,
            filled,
            ready,
            eof,
            base,
            part,
            align,
        } = &mut self.source
        else {
            return Ok(());
        };
        let mut found = Vec::new();
        while ready.len() < want && !*eof {
            let start = *filled;
            // First 64 KiB: enough to tell a dataset from one log ([`open_parsed`] wants two
            // rows) without cutting all of a pretty-printed log into lines. Then what is left of
            // the part, whole (a one-line log is read in two pieces), at least 64 KiB (a file
            // that grows while read is not read a byte at a time).
            let left = part.end.saturating_sub(*base + start as u64);
            // A reader that never read has no buffer yet (each later one has one: see below).
            let piece = match pending.capacity() == 0 {
                true => 1 << 16,
                false => usize::try_from(left.saturating_add(1))
                    .unwrap_or(PIECE)
                    .clamp(1 << 16, PIECE),
            };
            pending.truncate(start);
            pending.reserve(piece);
            // Into the spare capacity, unzeroed; a regular file gives `piece` bytes unless it ends.
            let n = (&mut *file)
                .take(piece as u64)
                .read_to_end(pending)
                .map_err(|e| FileError::new(&self.path, format!("cannot read: {e}")))?;
            *filled = start + n;
            *eof = n == 0;
            if *align {
                // Read from the byte before the part: the first row is the line after the
                // first newline (which is that byte itself when the part starts a line).
                let skip = match memchr::memchr(b'\n', &pending[..*filled]) {
                    Some(i) => {
                        *align = false;
                        i + 1
                    }
                    None => *filled,
                };
                pending.copy_within(skip..*filled, 0);
                *filled -= skip;
                pending.truncate(*filled);
                *base += skip as u64;
                self.consumed += skip as u64;
                if *align {
                    continue;
                }
            }
            found.clear();
            let used = cutter.cut(&pending[..*filled], *eof, &mut found);
            // Bytes of `pending` handed out as a long row's buffer: the rest now starts there.
            let mut gone = 0;
            // The rows that will share `pending` (a range of it, and their lines).
            let mut shared: Vec<(Range<usize>, usize)> = Vec::new();
            for RowAt { range, line } in found.drain(..) {
                let at = *base + range.start as u64;
                if at >= part.end {
                    // The next shard's rows: this part is done.
                    *eof = true;
                    break;
                }
                if at >= part.start {
                    let range = range.start - gone..range.end - gone;
                    if range.len() <= PIECE {
                        shared.push((range, line));
                        continue;
                    }
                    // The long row takes the buffer: the rows before it are copied out of it.
                    for (r, line) in shared.drain(..) {
                        let bytes = pending[r].to_vec().into();
                        ready.push_back(Row {
                            bytes,
                            index: 0,
                            line,
                        });
                    }
                    gone += range.end;
                    *filled -= range.end;
                    ready.push_back(Row {
                        bytes: take_row(pending, range).into(),
                        index: 0,
                        line,
                    });
                }
            }
            let used = used - gone;
            if shared.is_empty() {
                pending.copy_within(used..*filled, 0);
                pending.truncate(*filled - used);
            } else {
                // The rows keep this buffer; what follows them starts the next one.
                let mut next = Vec::with_capacity(*filled - used + PIECE);
                next.extend_from_slice(&pending[used..*filled]);
                let buf = Arc::new(std::mem::replace(pending, next));
                for (range, line) in shared {
                    let bytes = RowBytes {
                        buf: Arc::clone(&buf),
                        range,
                    };
                    ready.push_back(Row {
                        bytes,
                        index: 0,
                        line,
                    });
                }
            }
            *filled -= used;
            *base += (used + gone) as u64;
            self.consumed += (used + gone) as u64;
        }
        Ok(())
    }
}

/// A row longer than a read piece, taken with its buffer instead of copied out of it: such a row
/// spans several reads, so it is most of `pending`, and a copy would hold a one-line log of
/// hundreds of megabytes twice (issue 35, item 7: `import` of a 100 MB trajectory peaked at 4.6
/// times the file). What follows the row (from the last read, at most a piece) becomes the new
/// `pending`; what precedes it belongs to rows already handed out.
fn take_row(pending: &mut Vec<u8>, range: Range<usize>) -> Vec<u8> {
    // Room for the next read: a reader without capacity would read a first piece's 64 KiB.
    let mut rest = Vec::with_capacity(PIECE);
    rest.extend_from_slice(&pending[range.end..]);
    let mut row = std::mem::replace(pending, rest);
    row.truncate(range.end);
    row.drain(..range.start);
    row.shrink_to_fit();
    row
}

impl Iterator for Rows {
    type Item = Result<Row, FileError>;

    fn next(&mut self) -> Option<Self::Item> {
        let got = match &mut self.source {
            Source::Parquet { rows, first } => {
                let next = first.take().map(Ok).or_else(|| rows.next())?;
                match next {
                    Ok(bytes) => Ok(Row {
                        bytes: bytes.into(),
                        index: self.index,
                        line: self.index + 1,
                    }),
                    Err(e) => Err(FileError::new(&self.path, format!("Parquet: {e}"))),
                }
            }
            Source::Text { .. } => {
                if let Err(e) = self.fill(1) {
                    return Some(Err(e));
                }
                let Source::Text { ready, .. } = &mut self.source else {
                    return None;
                };
                let mut row = ready.pop_front()?;
                row.index = self.index;
                Ok(row)
            }
        };
        self.index += 1;
        if let (Source::Parquet { rows, .. }, Ok(_)) = (&self.source, &got) {
            // Bytes are not known row by row: the position moves with the share of rows read.
            let share = self.index as f64 / rows.total.max(1) as f64;
            self.consumed = (self.len as f64 * share.min(1.0)) as u64;
        }
        Some(got)
    }
}

#[cfg(test)]
mod tests;
