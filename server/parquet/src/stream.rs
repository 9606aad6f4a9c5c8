//! Parquet rows one at a time, for files too large to hold: the reader decodes a row group's
//! pages as the rows ask for them, so memory follows the row group, not the file. Each row comes
//! out as the JSON line [`crate::parquet_to_jsonl`] would write for it. The file's shape is
//! checked first ([`crate::shape`]), and a panic inside the decoder ends the stream with an
//! error at that row, the rows before it handed out.

use crate::shape::{self, Shape};
use crate::{unsupported_codec, Limit, ParquetLimits, ParquetRowsError};
use parquet::file::metadata::RowGroupMetaData;
use parquet::file::reader::{ChunkReader, FileReader, SerializedFileReader};
use parquet::file::serialized_reader::ReadOptionsBuilder;
use parquet::record::reader::RowIter;
use std::ops::Range;

/// What the limits bound: the whole file (its rows are collected: `parquet_to_jsonl`), or each
/// page and row (its rows are handled and dropped one by one: `readcov import` of a dataset).
/// Rows count against `max_rows` either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    File,
    Row,
}

/// The rows of one Parquet file, as JSON lines without the newline. After an error (a page that
/// cannot be decoded, a decoder panic, a limit reached) the stream ends.
pub struct RowStream {
    rows: RowIter<'static>,
    read: usize,
    written: u64,
    failed: bool,
    limits: ParquetLimits,
    scope: Scope,
    /// The file's row count, from its footer.
    pub total: usize,
}

/// Runs `f`, turning a panic inside the decoder (malformed data it does not check) into an error.
fn guarded<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err("the decoder failed on malformed data".to_string()))
}

impl RowStream {
    /// Opens the file behind `reader` (its footer and page headers are read now; rows as they
    /// are asked for), within this process's limits for each page and row.
    pub fn open<R: ChunkReader + 'static>(reader: R) -> Result<RowStream, ParquetRowsError> {
        RowStream::open_with(reader, &ParquetLimits::for_process(), Scope::Row)
    }

    /// Opens the file behind `reader` within `limits`, bounding `scope`. A shape past the
    /// limits is refused here, before anything is decoded.
    pub fn open_with<R: ChunkReader + 'static>(
        reader: R,
        limits: &ParquetLimits,
        scope: Scope,
    ) -> Result<RowStream, ParquetRowsError> {
        RowStream::open_part(reader, limits, scope, None)
    }

    /// [`RowStream::open_with`], keeping only the row groups whose middle byte lies in `part`
    /// (`import --shard`: each row group is read by exactly one of the shards whose byte parts
    /// tile the file; the others are never decoded).
    pub fn open_part<R: ChunkReader + 'static>(
        reader: R,
        limits: &ParquetLimits,
        scope: Scope,
        part: Option<Range<u64>>,
    ) -> Result<RowStream, ParquetRowsError> {
        let shape = shape::read(&reader)?;
        match scope {
            Scope::File => shape::check_file(&shape, limits)?,
            Scope::Row => shape::check_rows(&shape, limits)?,
        }
        let Shape {
            rows: mut total, ..
        } = shape;
        let len = reader.len();
        let opened = guarded(|| {
            let mut options = ReadOptionsBuilder::new();
            if let Some(part) = part {
                options =
                    options.with_predicate(Box::new(move |rg, _| part.contains(&middle(rg, len))));
            }
            let file = SerializedFileReader::new_with_options(reader, options.build())
                .map_err(|e| e.to_string())?;
            total = file
                .metadata()
                .row_groups()
                .iter()
                .map(|g| g.num_rows() as u64)
                .sum();
            if let Some(codec) = unsupported_codec(&file) {
                return Err(crate::codec_message(&codec));
            }
            let boxed: Box<dyn FileReader> = Box::new(file);
            Ok(RowIter::from_file_into(boxed))
        });
        Ok(RowStream {
            rows: opened.map_err(ParquetRowsError::File)?,
            read: 0,
            written: 0,
            failed: false,
            limits: *limits,
            scope,
            total: usize::try_from(total).unwrap_or(usize::MAX),
        })
    }

    /// Rows handed out so far.
    pub fn read(&self) -> usize {
        self.read
    }

    fn next_row(&mut self) -> Option<Result<Vec<u8>, ParquetRowsError>> {
        let at = self.read + 1;
        let row = guarded(|| match self.rows.next() {
            None => Ok(None),
            // A `Value` always serialises (keys are strings, non-finite floats are null).
            Some(Ok(row)) => Ok(Some(
                serde_json::to_vec(&row.to_json_value()).expect("a JSON value serialises"),
            )),
            Some(Err(e)) => Err(e.to_string()),
        });
        let line = match row {
            Ok(None) => return None,
            Ok(Some(line)) => line,
            Err(message) => return Some(Err(ParquetRowsError::Row { row: at, message })),
        };
        let over = |what, max| {
            Some(Err(ParquetRowsError::Limit {
                row: at,
                what,
                found: 0,
                max,
            }))
        };
        // The footer's count was checked; a decoder reading past it is stopped all the same.
        if at as u64 > self.limits.max_rows {
            return over(Limit::Rows, self.limits.max_rows);
        }
        let bytes = line.len() as u64 + 1;
        self.written = match self.scope {
            Scope::File => self.written + bytes,
            Scope::Row => bytes,
        };
        if self.written > self.limits.max_bytes {
            return over(Limit::Bytes, self.limits.max_bytes);
        }
        self.read = at;
        Some(Ok(line))
    }
}

/// The middle byte of a row group (its first page plus half its compressed size), clamped to
/// the file so that a row group with odd offsets still has one owner among the shards.
fn middle(rg: &RowGroupMetaData, len: u64) -> u64 {
    let first = (0..rg.num_columns())
        .map(|c| {
            let col = rg.column(c);
            col.dictionary_page_offset()
                .map_or(col.data_page_offset(), |d| d.min(col.data_page_offset()))
        })
        .min()
        .unwrap_or(0);
    let mid = first.saturating_add(rg.compressed_size() / 2).max(0) as u64;
    mid.min(len.saturating_sub(1))
}

impl Iterator for RowStream {
    type Item = Result<Vec<u8>, ParquetRowsError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let out = self.next_row();
        self.failed = matches!(out, Some(Err(_)));
        out
    }
}
