//! A dataset of runs (a run per row: chat-message trajectories as JSONL or Parquet) given as reads,
//! imported as `readcov import` streams it: opened by the same rows reader
//! ([`crate::rows::open_parsed`]), a batch of rows at a time through the same
//! [`readcov_import::import_row`], the rows' reads collected straight into the loaded reads (no
//! JSONL text in between). Memory is the reads plus one batch of rows, not the file: read whole
//! and imported as one document, 10,000 rows (486 MB) took 558 MB.

use super::detect::{detect_file_head, detect_head};
use super::InputKind;
use crate::rows::{self, Opened, Rows};
use crate::{open_input, FileError};
use readcov_import::{FileProvider, Format, ImportError, ImportOptions, Imported};
use std::io::Read;
use std::ops::ControlFlow;
use std::path::Path;

/// How much of a file is looked at for the rows of a dataset whose first row is longer than the
/// detection head (real chat rows run to hundreds of kilobytes): a file that is one JSON
/// document is read whole by detection anyway, and a first line this long that does not parse
/// only costs one failed parse.
const DATASET_HEAD: usize = 1 << 20;

/// What [`probe`] found.
pub(super) enum Probe {
    /// A dataset of runs: its kind (as detection names it, for the note), the rows' format and
    /// the rows (boxed: a reader is large).
    Dataset(InputKind, Format, Box<Rows>),
    /// Not a dataset, and the file's kind as its head tells it (detection needs no more).
    Head(InputKind),
    /// Not a dataset, and the head does not tell: detection reads the file whole, as before.
    Whole,
}

/// Whether `path` is a dataset of runs, opened as `readcov import` (format `auto`) opens it.
pub(super) fn probe(path: &Path) -> Result<Probe, FileError> {
    if !path.is_file() {
        return Ok(Probe::Whole);
    }
    // Only a dataset's verdict is taken from the longer head; anything else is told by the
    // whole file, as before.
    let (kind, otherwise) = match detect_file_head(path)? {
        Some(kind) => (kind, Probe::Head(kind)),
        None => match long_rows_head(path)? {
            Some(kind @ InputKind::Log(f)) if f.per_row() => (kind, Probe::Whole),
            _ => return Ok(Probe::Whole),
        },
    };
    let parquet = kind == InputKind::Parquet;
    if !parquet && !matches!(kind, InputKind::Log(f) if f.per_row()) {
        return Ok(otherwise);
    }
    // The reader decides from the first rows, as `readcov import` does (a Parquet file's rows
    // are a dataset's when the first is: then named as the log they are).
    Ok(match rows::open_parsed(path, None)? {
        Opened::Rows(format, rows) if parquet => {
            Probe::Dataset(InputKind::Log(format), format, rows)
        }
        Opened::Rows(format, rows) => Probe::Dataset(kind, format, rows),
        Opened::Whole { .. } => otherwise,
    })
}

/// The kind the first [`DATASET_HEAD`] bytes of a longer file say, when their first line is a
/// whole JSON object (rows longer than the detection head); `None` otherwise.
fn long_rows_head(path: &Path) -> Result<Option<InputKind>, FileError> {
    let (file, _) = open_input(path)?;
    let mut head = Vec::with_capacity(DATASET_HEAD + 1);
    file.take(DATASET_HEAD as u64 + 1)
        .read_to_end(&mut head)
        .map_err(|e| FileError::new(path, format!("cannot read: {e}")))?;
    if head.len() <= DATASET_HEAD {
        // A file this small is read whole as before: its memory is bounded anyway.
        return Ok(None);
    }
    head.truncate(DATASET_HEAD);
    Ok(detect_head(&path.display().to_string(), &head, false))
}

/// The dataset's runs imported a batch of rows at a time on the available threads, gathered in
/// row order into one [`Imported`] as importing the file whole gives it (rows, summary, errors,
/// notes, changes; not the per-action outcomes nor the labels, which reads do not carry). A row
/// that cannot be read ends the file: what was read is kept, the error said.
pub(super) fn import(
    path: &Path,
    format: Format,
    mut rows: Rows,
    opts: &ImportOptions,
    pick: &(dyn Fn(&str) -> Box<dyn FileProvider> + Sync),
) -> Imported {
    let name = path.display().to_string();
    let mut out = Imported {
        format: Some(format),
        ..Imported::default()
    };
    let failed = rows::import_batches(&mut rows, format, &name, opts, pick, |results| {
        for got in results {
            out.rows.extend(got.rows);
            out.summary.add(&got.summary);
            out.errors.extend(got.errors);
            out.notes.extend(got.notes);
            out.changes.extend(got.changes);
        }
        ControlFlow::Continue(())
    });
    if let Some(e) = failed {
        out.summary.malformed_records += 1;
        out.errors.push(ImportError {
            file: e.path,
            message: e.what,
        });
    }
    out
}
