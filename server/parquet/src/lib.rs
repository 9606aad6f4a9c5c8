//! readcov-parquet: the rows of a Parquet file as JSON lines, one object per row, so every
//! JSONL parser of readcov reads Parquet unchanged (ContextBench distributes its gold rows as
//! Parquet). Pure: bytes in, bytes out. Columns map to JSON as pyarrow/pandas would write them:
//! strings, integers, floats, booleans and nulls as themselves, lists as arrays, structs and
//! maps as objects (so nested lists of `{file, start_line, end_line}` stay nested).

mod stream;

use bytes::Bytes;
use parquet::file::reader::{ChunkReader, FileReader, SerializedFileReader};
pub use stream::RowStream;

/// Parquet files start (and end) with these four bytes.
pub const MAGIC: &[u8; 4] = b"PAR1";

/// Whether `bytes` look like a Parquet file (the magic at both ends).
pub fn is_parquet(bytes: &[u8]) -> bool {
    bytes.len() >= 8 && bytes.starts_with(MAGIC) && bytes.ends_with(MAGIC)
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
}

/// The rows read: JSON lines (line N is row N) and the error that stopped the reading, if any.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Rows {
    pub jsonl: Vec<u8>,
    pub rows: usize,
    pub error: Option<ParquetRowsError>,
}

/// Every row of the Parquet file `bytes` as one JSON object per line, in file order. A file
/// that fails part-way keeps the rows before the failure. Never panics on bad input: a panic
/// inside the decoder (malformed data it does not check) becomes an error.
pub fn parquet_to_jsonl(bytes: &[u8]) -> Rows {
    let owned = Bytes::copy_from_slice(bytes);
    std::panic::catch_unwind(|| read_rows(owned)).unwrap_or_else(|_| Rows {
        error: Some(ParquetRowsError::File(
            "the decoder failed on malformed data".to_string(),
        )),
        ..Rows::default()
    })
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

fn codec_message(codec: &str) -> String {
    format!(
        "its pages are compressed with {codec}; this build reads uncompressed, snappy and \
         zstd pages only (rewrite it with one of them, e.g. pyarrow's compression='zstd')"
    )
}

fn read_rows(bytes: Bytes) -> Rows {
    let mut out = Rows::default();
    let reader = match SerializedFileReader::new(bytes) {
        Ok(r) => r,
        Err(e) => {
            out.error = Some(ParquetRowsError::File(e.to_string()));
            return out;
        }
    };
    if let Some(codec) = unsupported_codec(&reader) {
        out.error = Some(ParquetRowsError::File(codec_message(&codec)));
        return out;
    }
    let iter = match reader.get_row_iter(None) {
        Ok(it) => it,
        Err(e) => {
            out.error = Some(ParquetRowsError::File(e.to_string()));
            return out;
        }
    };
    for row in iter {
        match row {
            Ok(row) => {
                // A `Value` always serialises (keys are strings, non-finite floats are null).
                serde_json::to_writer(&mut out.jsonl, &row.to_json_value())
                    .expect("a JSON value serialises");
                out.jsonl.push(b'\n');
                out.rows += 1;
            }
            Err(e) => {
                out.error = Some(ParquetRowsError::Row {
                    row: out.rows + 1,
                    message: e.to_string(),
                });
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
