//! Dataset files read a row at a time (a run per row: JSONL, a JSON array of rows, Parquet), so
//! `readcov import` holds one row and one read buffer, never the file. Whether a file is such a
//! dataset is decided from its first row ([`readcov_import::Format::detect_row`]); any other
//! file is read whole, as before.

use crate::{open_input, FileError};
use readcov_import::dataset::{Cutter, Layout, RowAt};
use std::collections::VecDeque;
use std::io::{Read, Seek, SeekFrom};
use std::ops::{Deref, Range};
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod batch;
mod open;
pub use batch::{import_batch, import_batches, next_batch, ROW_BATCH};
pub use open::{open, open_parsed, Opened, Parsed};

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
