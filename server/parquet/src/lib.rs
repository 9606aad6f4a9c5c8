//! readcov-parquet: the rows of a Parquet file as JSON lines, one object per row, so every
//! JSONL parser of readcov reads Parquet unchanged (ContextBench distributes its gold rows as
//! Parquet). Pure: bytes in, bytes out. Columns map to JSON as pyarrow/pandas would write them:
//! strings, integers, floats, booleans and nulls as themselves, lists as arrays, structs and
//! maps as objects (so nested lists of `{file, start_line, end_line}` stay nested).

mod stream;

use bytes::Bytes;
use parquet::file::reader::{ChunkReader, FileReader, SerializedFileReader};
pub use stream::{RowStream, Scope};

/// Parquet files start (and end) with these four bytes.
pub const MAGIC: &[u8; 4] = b"PAR1";

/// Whether `bytes` look like a Parquet file (the magic at both ends).
pub fn is_parquet(bytes: &[u8]) -> bool {
    bytes.len() >= 8 && bytes.starts_with(MAGIC) && bytes.ends_with(MAGIC)
}

/// A limit on what one Parquet file may decode to: what [`ParquetRowsError::Limit`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Rows (`ParquetLimits::max_rows`).
    Rows,
    /// Decoded bytes: pages' uncompressed sizes, and JSON lines written (`max_bytes`).
    Bytes,
    /// Values in the pages (`max_bytes / BYTES_PER_VALUE`).
    Values,
    /// Schema nesting ([`shape::MAX_DEPTH`], fixed).
    Depth,
    /// Leaf columns ([`shape::MAX_COLUMNS`], fixed).
    Columns,
    /// Schema elements ([`shape::MAX_SCHEMA_ELEMENTS`], fixed).
    SchemaElements,
}

impl Limit {
    /// What is counted, and how the limit is raised (the flags of `readcov`, which every command
    /// reading rows and `readcov lsp` take), or that it is fixed.
    fn describe(self) -> (&'static str, &'static str) {
        match self {
            Limit::Rows => ("rows", "raise it with --max-parquet-rows N"),
            Limit::Bytes => ("decoded bytes", "raise it with --max-parquet-bytes N"),
            Limit::Values => (
                "values (one per 16 bytes of --max-parquet-bytes)",
                "raise it with --max-parquet-bytes N",
            ),
            Limit::Depth => ("levels of schema nesting", "a fixed limit"),
            Limit::Columns => ("columns", "a fixed limit"),
            Limit::SchemaElements => ("schema elements", "a fixed limit"),
        }
    }
}

/// Why a Parquet file could not be read (whole, or from row `row` on).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParquetRowsError {
    /// The footer or schema is unreadable: no row could be read.
    #[error("not a readable Parquet file: {0}")]
    File(String),
    /// Row `row` (1-based) and every row after it could not be decoded (a corrupt page, a
    /// codec this build lacks); the rows before it were read.
    #[error("row {row}: cannot decode (this row and the rest of the file skipped): {message}")]
    Row { row: usize, message: String },
    /// Past a limit: found before decoding (`row` 0: nothing read), or at row `row` while
    /// decoding (the rows before it were read).
    #[error("{}", limit_message(*row, *what, *found, *max))]
    Limit {
        row: usize,
        what: Limit,
        found: u64,
        max: u64,
    },
}

fn limit_message(row: usize, what: Limit, found: u64, max: u64) -> String {
    let (unit, raise) = what.describe();
    if row == 0 {
        format!("{found} {unit}, more than the limit of {max} ({raise}); nothing read from it")
    } else {
        format!(
            "row {row}: more than the limit of {max} {unit} ({raise}); this row and the rest \
             of the file skipped"
        )
    }
}

impl ParquetRowsError {
    /// The 1-based row the error is at, 0 for the whole file.
    pub fn row(&self) -> usize {
        match self {
            ParquetRowsError::File(_) => 0,
            ParquetRowsError::Row { row, .. } | ParquetRowsError::Limit { row, .. } => *row,
        }
    }
}

/// What one Parquet file may decode to. Rows and bytes can be raised (`--max-parquet-rows`,
/// `--max-parquet-bytes`); the schema limits in [`shape`] are fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParquetLimits {
    /// Rows, as the footer declares them and as read.
    pub max_rows: u64,
    /// Bytes: the pages' uncompressed sizes, and the JSON lines the rows become.
    pub max_bytes: u64,
}

impl Default for ParquetLimits {
    /// 1,000,000 rows and 256 MiB (ContextBench's test split is about 1,100 rows).
    fn default() -> ParquetLimits {
        ParquetLimits {
            max_rows: 1_000_000,
            max_bytes: 256 << 20,
        }
    }
}

static PROCESS_LIMITS: std::sync::OnceLock<ParquetLimits> = std::sync::OnceLock::new();

impl ParquetLimits {
    /// The limits of this process: set once by the binary from its flags, else the defaults.
    pub fn for_process() -> ParquetLimits {
        PROCESS_LIMITS.get().copied().unwrap_or_default()
    }

    /// Sets this process's limits (the first call wins; later calls are ignored and return false).
    pub fn set_for_process(limits: ParquetLimits) -> bool {
        PROCESS_LIMITS.set(limits).is_ok()
    }
}

/// The rows read: JSON lines (line N is row N) and the error that stopped the reading, if any.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Rows {
    pub jsonl: Vec<u8>,
    pub rows: usize,
    pub error: Option<ParquetRowsError>,
}

/// Every row of the Parquet file `bytes` as one JSON object per line, in file order, within
/// this process's limits ([`ParquetLimits::for_process`]). See [`parquet_to_jsonl_with`].
pub fn parquet_to_jsonl(bytes: &[u8]) -> Rows {
    parquet_to_jsonl_with(bytes, &ParquetLimits::for_process())
}

/// Every row of the Parquet file `bytes` as one JSON object per line, in file order. A file
/// that fails part-way (a decode error, a decoder panic, a limit reached) keeps the rows before
/// the failure; a file whose shape is past `limits` is refused before anything is decoded.
pub fn parquet_to_jsonl_with(bytes: &[u8], limits: &ParquetLimits) -> Rows {
    let mut jsonl = Vec::new();
    let (rows, error) = for_each_row(bytes, limits, |line| {
        jsonl.extend_from_slice(line);
        jsonl.push(b'\n');
    });
    Rows { jsonl, rows, error }
}

/// Streams the rows of `bytes`: `each` gets each row's JSON object (no line break), one row at
/// a time, never the file's rows all at once, within `limits` for the whole file (rows, pages'
/// decoded bytes and values, and the JSON lines written). Returns the rows handed over and the
/// error that stopped the reading, if any. Never panics on bad input.
pub fn for_each_row(
    bytes: &[u8],
    limits: &ParquetLimits,
    mut each: impl FnMut(&[u8]),
) -> (usize, Option<ParquetRowsError>) {
    let mut rows = match RowStream::open_with(Bytes::copy_from_slice(bytes), limits, Scope::File) {
        Ok(rows) => rows,
        Err(e) => return (0, Some(e)),
    };
    for row in &mut rows {
        match row {
            Ok(line) => each(&line),
            Err(e) => return (rows.read(), Some(e)),
        }
    }
    (rows.read(), None)
}

/// The first codec of the file's column chunks that this build cannot decompress.
fn unsupported_codec<R: ChunkReader + 'static>(reader: &SerializedFileReader<R>) -> Option<String> {
    use parquet::basic::Compression;
    let meta = reader.metadata();
    meta.row_groups()
        .iter()
        .flat_map(|g| g.columns())
        .map(|c| c.compression())
        .find(|c| {
            !matches!(
                c,
                Compression::UNCOMPRESSED | Compression::SNAPPY | Compression::ZSTD(_)
            )
        })
        .map(|c| format!("{c:?}"))
}

/// Why a file with pages in `codec` is refused.
fn codec_message(codec: &str) -> String {
    format!(
        "its pages are compressed with {codec}; this build reads uncompressed, snappy and zstd \
         pages only (rewrite it with one of them, e.g. pyarrow's compression='zstd')"
    )
}

// Always compiled (no feature): a feature the tests turn on would make every crate above this one
// compile twice, once for the tests and once for the binary (server/feature-union/Cargo.toml).
// The linker drops it from the binary, which never calls it.
#[doc(hidden)]
pub mod craft;
pub mod shape;
mod thrift;

#[cfg(test)]
mod tests;
