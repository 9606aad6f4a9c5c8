//! A dataset's rows a batch at a time, each batch imported on the threads: the one loop under
//! `readcov import` (which writes each batch, with its progress, in its own loop) and
//! `score --reads <dataset>` ([`import_batches`]: it keeps each batch or scores it).

use super::{Row, Rows};
use crate::FileError;
use readcov_import::{import_row, FileProvider, Format, ImportOptions, Imported};
use std::ops::ControlFlow;

/// Rows imported together: enough to keep two threads busy, few enough that a batch of
/// real chat rows (up to hundreds of kilobytes each) stays a few megabytes.
pub const ROW_BATCH: usize = 64;

/// The next batch of `rows` (at most [`ROW_BATCH`]) in `batch`, and the error that ended the
/// file, if one did. The file is done when it returns an error or the batch is not full.
pub fn next_batch(rows: &mut Rows, batch: &mut Vec<Row>) -> Option<FileError> {
    batch.clear();
    for r in rows.by_ref() {
        match r {
            Ok(row) => batch.push(row),
            Err(e) => return Some(e),
        }
        if batch.len() == ROW_BATCH {
            break;
        }
    }
    None
}

/// Every row of `rows` imported a batch at a time ([`next_batch`], [`import_batch`]): `each` is
/// handed each batch's runs in row order. Returns the error that ended the file, if a row could
/// not be read (the rows before it are handed on first), or `None` also when `each` stops it
/// ([`ControlFlow::Break`]: the caller's own failure, such as scored runs it could not set aside,
/// need not wait for the rest of a 5 GB file). The loop of `score --reads <dataset>`, whether it
/// keeps the reads (`input/dataset.rs`) or scores each batch (`input/dataset_scored.rs`).
pub fn import_batches(
    rows: &mut Rows,
    format: Format,
    name: &str,
    opts: &ImportOptions,
    pick: &(dyn Fn(&str) -> Box<dyn FileProvider> + Sync),
    mut each: impl FnMut(Vec<Imported>) -> ControlFlow<()>,
) -> Option<FileError> {
    let threads = readcov_core::par::threads_for(0, usize::MAX);
    let mut batch: Vec<Row> = Vec::with_capacity(ROW_BATCH);
    loop {
        let failed = next_batch(rows, &mut batch);
        if each(import_batch(&batch, threads, format, name, opts, pick)).is_break() {
            return None;
        }
        if failed.is_some() || batch.len() < ROW_BATCH {
            return failed;
        }
    }
}

/// Each row of `batch` imported as a run of `name` (the dataset file) on up to `threads`
/// threads, in row order.
pub fn import_batch(
    batch: &[Row],
    threads: usize,
    format: Format,
    name: &str,
    opts: &ImportOptions,
    pick: &(dyn Fn(&str) -> Box<dyn FileProvider> + Sync),
) -> Vec<Imported> {
    readcov_core::par::map_ordered(batch, threads.min(batch.len()), |_, row| {
        import_row(
            format,
            &row.bytes,
            (row.index, row.line),
            name,
            opts,
            &|t| pick(t),
        )
    })
}
