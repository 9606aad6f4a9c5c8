//! Parquet rows one at a time, for files too large to hold: the reader decodes a row group's
//! pages as the rows ask for them, so memory follows the row group, not the file. Each row comes
//! out as the JSON line [`crate::parquet_to_jsonl`] would write for it.

use crate::{unsupported_codec, ParquetRowsError};
use parquet::file::reader::{ChunkReader, FileReader, SerializedFileReader};
use parquet::record::reader::RowIter;

/// The rows of one Parquet file, as JSON lines without the newline. After an error (a page that
/// cannot be decoded) the stream ends.
pub struct RowStream {
    rows: RowIter<'static>,
    read: usize,
    failed: bool,
    /// The file's row count, from its footer.
    pub total: usize,
}

impl RowStream {
    /// Opens the file behind `reader` (its footer is read now; rows as they are asked for),
    /// refusing a footer that declares more rows than this process's `max_rows`.
    pub fn open<R: ChunkReader + 'static>(reader: R) -> Result<RowStream, ParquetRowsError> {
        let file = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            SerializedFileReader::new(reader)
        }))
        .map_err(|_| ParquetRowsError::File("the decoder failed on malformed data".into()))?
        .map_err(|e| ParquetRowsError::File(e.to_string()))?;
        if let Some(codec) = unsupported_codec(&file) {
            return Err(ParquetRowsError::File(crate::codec_message(&codec)));
        }
        let declared = u64::try_from(file.metadata().file_metadata().num_rows()).unwrap_or(0);
        let max = crate::ParquetLimits::for_process().max_rows;
        if declared > max {
            return Err(ParquetRowsError::Limit {
                row: 0,
                what: crate::Limit::Rows,
                found: declared,
                max,
            });
        }
        let total = usize::try_from(declared).unwrap_or(usize::MAX);
        let boxed: Box<dyn FileReader> = Box::new(file);
        Ok(RowStream {
            rows: RowIter::from_file_into(boxed),
            read: 0,
            failed: false,
            total,
        })
    }
}

impl Iterator for RowStream {
    type Item = Result<Vec<u8>, ParquetRowsError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let row = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.rows.next()));
        let failed = |message: String| ParquetRowsError::Row {
            row: self.read + 1,
            message,
        };
        let out = match row {
            Ok(None) => return None,
            Ok(Some(Ok(row))) => {
                self.read += 1;
                Ok(serde_json::to_vec(&row.to_json_value()).expect("a JSON value serialises"))
            }
            Ok(Some(Err(e))) => Err(failed(e.to_string())),
            Err(_) => Err(failed("the decoder failed on malformed data".into())),
        };
        self.failed = out.is_err();
        Some(out)
    }
}
