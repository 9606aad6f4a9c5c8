//! Agent logs imported on the fly as reads (`readcov import`'s importers, with the note saying
//! so): a trajectory or retrieved chunks given as `--reads`, and a dataset's runs as they stream
//! by; how the importer is set up for them (options, each task's base files) and what it says.

use super::detect::Document;
use super::reads::BaseFiles;
use super::{InputKind, LoadError, Loaded};
use crate::{canonical_dir, logs, task_dir, FileError, Workspace};
use readcov_core::{EventKind, InputError, Parsed, ReadSpan};
use readcov_import::{import_parsed, FileProvider, ImportOptions, Imported, RunChange};
use std::path::{Path, PathBuf};

/// An agent trajectory (or retrieved chunks) imported as `readcov import` would, against the
/// workspace(s) for base files, with the note saying so. `document`: the file as detection read
/// it whole, if it did.
pub(super) fn import_trajectory(
    path: &Path,
    kind: InputKind,
    document: Option<Document>,
    ws: BaseFiles,
) -> Result<Loaded<ReadSpan>, LoadError> {
    let name = path.display().to_string();
    let (bytes, value) = read_log(path, document)?;
    import_with_changes(&name, &bytes, value, kind, ws).map(|(loaded, _)| loaded)
}

/// A log's bytes as `readcov import` reads them ([`logs::read`]), and their JSON value: those
/// detection read and parsed when it did (the file is read and parsed once), unless the file
/// stands for its folder (an OpenHands V1 `base_state.json`).
pub(super) fn read_log(
    path: &Path,
    document: Option<Document>,
) -> Result<(Vec<u8>, Option<serde_json::Value>), FileError> {
    let conversation = path.file_name().is_some_and(|n| n == "base_state.json");
    match document {
        Some(d) if !conversation => Ok((d.bytes, d.value)),
        _ => Ok((logs::read(path)?, None)),
    }
}

/// [`import_trajectory`] for bytes in hand.
pub(super) fn import_bytes(
    name: &str,
    bytes: &[u8],
    kind: InputKind,
    ws: BaseFiles,
) -> Result<Loaded<ReadSpan>, LoadError> {
    import_with_changes(name, bytes, None, kind, ws).map(|(loaded, _)| loaded)
}

/// A trajectory's reads (with the note saying it was imported) and its runs' changes. `value`:
/// the bytes' JSON value when detection parsed them.
pub(super) fn import_with_changes(
    name: &str,
    bytes: &[u8],
    value: Option<serde_json::Value>,
    kind: InputKind,
    ws: BaseFiles,
) -> Result<(Loaded<ReadSpan>, Vec<RunChange>), LoadError> {
    imported_as_reads(name, kind, ws, |opts, pick| {
        import_parsed(bytes, value, name, opts, pick)
    })
}

/// What `import` gives (a log imported whole, or a dataset's runs imported as they stream by:
/// [`super::dataset::import`]) as loaded reads with the note saying they were imported, and the
/// runs' changes; `import` is handed the options and the base files of each task.
pub(super) fn imported_as_reads(
    name: &str,
    kind: InputKind,
    ws: BaseFiles,
    import: impl FnOnce(&ImportOptions, &(dyn Fn(&str) -> Box<dyn FileProvider> + Sync)) -> Imported,
) -> Result<(Loaded<ReadSpan>, Vec<RunChange>), LoadError> {
    let setup = Importing::of(kind, ws)?;
    let got = import(&setup.opts, &*setup.pick);
    let edits = (got.rows.iter())
        .filter(|r| r.kind == EventKind::Edit)
        .count();
    let said = Said {
        reads: got.rows.len() - edits,
        edits,
        notes: &got.notes,
        notes_total: got.notes.len(),
    };
    let notes = said.notes(name, kind);
    let loaded = Loaded {
        parsed: Parsed {
            records: got.summary.actions,
            items: got.rows,
            errors: import_errors(&got.errors),
        },
        kind,
        notes,
        lost_edits: got.summary.lost_edits,
    };
    Ok((loaded, got.changes))
}

/// How a log of some kind is imported: the importer's options, and each task's base files.
pub(super) struct Importing {
    pub opts: ImportOptions,
    pub pick: Box<Pick>,
}

/// Each task's base files (a workspace, or none).
pub(super) type Pick = dyn Fn(&str) -> Box<dyn FileProvider> + Sync;

impl Importing {
    /// For a log of `kind`, its base files under `ws`.
    pub fn of(kind: InputKind, ws: BaseFiles) -> Result<Importing, LoadError> {
        let one: Option<PathBuf> = match ws {
            BaseFiles::One(d) => Some(canonical_dir(d)?),
            _ => None,
        };
        let per_task = match ws {
            BaseFiles::PerTask(d) => Some(canonical_dir(d)?),
            _ => None,
        };
        let pick = move |task: &str| -> Box<dyn FileProvider> {
            match &per_task {
                Some(dir) => Box::new(Workspace(task_dir(dir, task))),
                None => Box::new(Workspace(one.clone())),
            }
        };
        let format = match kind {
            InputKind::Log(f) => Some(f),
            _ => None,
        };
        let opts = ImportOptions {
            format,
            ..ImportOptions::default()
        };
        Ok(Importing {
            opts,
            pick: Box::new(pick),
        })
    }
}

/// An import's errors as located errors of the file (no line: the importer names the row).
pub(super) fn import_errors(errors: &[readcov_import::ImportError]) -> Vec<InputError> {
    (errors.iter())
        .map(|e| InputError::new(&e.file, 0, None, e.message.clone()))
        .collect()
}

/// What an on-the-fly import says: its counts, and the importer's first notes.
pub(super) struct Said<'a> {
    /// Read rows and edit rows imported.
    pub reads: usize,
    pub edits: usize,
    /// The importer's notes (at least the first [`IMPORT_NOTES`]), and how many there were.
    pub notes: &'a [String],
    pub notes_total: usize,
}

impl Said<'_> {
    /// The note saying the file was imported, then the importer's own remarks (a task taken from
    /// the file name, rows that gave no reads), the first few in full as `readcov import` shows
    /// them.
    pub fn notes(&self, name: &str, kind: InputKind) -> Vec<String> {
        let note = format!(
            "note: {name}: {}, not reads JSONL: imported on the fly ({} read row(s), \
             {} edit row(s)), as `readcov import {name} -o reads.jsonl` writes them",
            kind.label(),
            self.reads,
            self.edits
        );
        let mut notes = vec![note];
        notes.extend((self.notes.iter().take(IMPORT_NOTES)).map(|n| format!("note: {name}: {n}")));
        if self.notes_total > IMPORT_NOTES {
            notes.push(format!(
                "note: {name}: {} more importer note(s)",
                self.notes_total - IMPORT_NOTES
            ));
        }
        notes
    }
}

/// How many of an on-the-fly import's notes are shown in full.
pub(super) const IMPORT_NOTES: usize = 5;
