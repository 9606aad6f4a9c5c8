//! Reads from any file that holds them: reads JSONL parsed a few megabytes at a time (logs run
//! to hundreds of megabytes), a JSON array or Parquet file of rows, and an agent trajectory or
//! retrieved chunks imported on the fly as `readcov import` would (with a note); any other kind
//! refused, naming what it looks like and where it belongs.

use super::dataset::Probe;
use super::dataset_scored::ScoreAsRead;
use super::detect::{detect_file, detect_file_document, detect_file_head, Document};
use super::rows::{as_jsonl, read_rows};
use super::{detect, InputKind, LoadError, Loaded, Role, Take};
use crate::score_rows::DatasetScores;
use crate::{canonical_dir, open_input, task_dir, FileError, WorkspaceCheck};
use crate::{logs, Workspace};
use readcov_core::{parse_reads_piece, EventKind, InputError, LeanReads, Parsed, ReadSpan};
use readcov_import::{import_parsed, FileProvider, ImportOptions, Imported, RunChange};
use std::path::{Path, PathBuf};

/// Where an imported trajectory's base files come from.
#[derive(Clone, Copy, Debug, Default)]
pub enum BaseFiles<'a> {
    #[default]
    None,
    /// `--workspace DIR`: every task.
    One(&'a Path),
    /// `--workspaces DIR`: `DIR/<task>/` for each task.
    PerTask(&'a Path),
}

impl<'a> BaseFiles<'a> {
    /// From the usual pair of flags (`--workspace` wins; clap keeps them apart anyway).
    pub fn of(workspace: Option<&'a Path>, workspaces: Option<&'a Path>) -> Self {
        match (workspace, workspaces) {
            (Some(d), _) => BaseFiles::One(d),
            (None, Some(d)) => BaseFiles::PerTask(d),
            (None, None) => BaseFiles::None,
        }
    }
}

/// How reads are read.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadsOptions<'a> {
    /// The workspace root for reads rows: absolute paths are made relative to it, and a path
    /// that leaves it (lexically or through a symlink) is a located error.
    pub workspace: Option<&'a str>,
    /// Where a trajectory's base files come from when it is imported.
    pub base_files: BaseFiles<'a>,
}

/// How much of a reads file is held at once: logs run to hundreds of megabytes, and holding
/// the whole file beside its parsed rows was a quarter of `score`'s peak memory.
const READS_PIECE: usize = 4 << 20;

/// Loads a `--reads` file; bad rows are located errors, never fatal. A file of another kind is
/// converted (a trajectory, chunks) or refused.
pub fn load_reads(path: &Path, opts: &ReadsOptions) -> Result<Loaded<ReadSpan>, LoadError> {
    load_reads_in_pieces(path, opts, READS_PIECE)
}

/// [`load_reads`] with the piece size as a parameter (tests use tiny pieces). Each piece ends
/// at a line break, so items, errors and line numbers are those of a whole-file parse.
pub fn load_reads_in_pieces(
    path: &Path,
    opts: &ReadsOptions,
    piece: usize,
) -> Result<Loaded<ReadSpan>, LoadError> {
    let (kind, document) = match detect_reads(path, opts.base_files)? {
        Detected::Dataset(got) => return got.map(|(loaded, _)| loaded),
        Detected::File(kind, document) => (kind, document),
    };
    load_detected(path, kind, document, opts, piece)
}

/// [`load_reads`] for `readcov score` (and the Python module's `score`): a dataset of runs
/// (chat rows, JSONL or Parquet) without a workspace is scored a batch of rows at a time as it is
/// imported (`super::dataset_scored::import_scored`), its reads let go, so memory holds the rows and not
/// the reads; the loaded reads then hold none (their counts are in the note, the rows in the
/// [`DatasetScores`]). Anything else, and a dataset with a workspace (units and file lengths
/// need its files), loads as [`load_reads`] loads it. A run whose rows sit in two batches (the
/// same task and run twice in the file, far apart: one run to `readcov import` then `score`)
/// cannot be merged from scores: the file is then imported again and scored whole, and a note
/// says so.
pub fn load_reads_scored(
    path: &Path,
    opts: &ReadsOptions,
    score: &ScoreAsRead,
) -> Result<(Loaded<ReadSpan>, Option<DatasetScores>), LoadError> {
    let plain = opts.workspace.is_none() && matches!(opts.base_files, BaseFiles::None);
    let probed = match plain {
        true => super::dataset::probe(path)?,
        false => Probe::Whole,
    };
    let (kind, format, rows) = match probed {
        Probe::Dataset(kind, format, rows) => (kind, format, rows),
        Probe::Head(kind) => {
            return Ok((load_detected(path, kind, None, opts, READS_PIECE)?, None))
        }
        Probe::Whole => return Ok((load_reads(path, opts)?, None)),
    };
    let name = path.display().to_string();
    Role::Reads.check(&name, kind)?;
    let mut setup = Importing::of(kind, BaseFiles::None)?;
    // The runs' changes are not scored: none rebuilt by replaying the edits, as `readcov import`
    // without `--emit-patches` (rows and summaries are the same either way).
    setup.opts.no_replayed_changes = true;
    let mut got =
        super::dataset_scored::import_scored(path, format, *rows, &setup.opts, &*setup.pick, score);
    if let Some((task, run)) = got.scores.runs.run_held_twice() {
        let note = format!(
            "note: {name}: run {task} / {run} is in rows of two batches ({} rows each): \
             their reads make one run, so every read is held and the file scored whole \
             (imported a second time)",
            crate::rows::ROW_BATCH
        );
        drop(got);
        let mut loaded = load_reads(path, opts)?;
        loaded.notes.insert(1.min(loaded.notes.len()), note);
        return Ok((loaded, None));
    }
    let said = Said {
        reads: got.reads,
        edits: got.edits,
        notes: &got.notes,
        notes_total: got.notes_total,
    };
    let loaded = Loaded {
        parsed: Parsed {
            records: got.summary.actions,
            items: Vec::new(),
            errors: import_errors(&got.errors),
        },
        kind,
        notes: said.notes(&name, kind),
        lost_edits: std::mem::take(&mut got.summary.lost_edits),
    };
    got.scores.imported = got.reads + got.edits;
    Ok((loaded, Some(got.scores)))
}

/// What a `--reads` file is: a dataset of runs, imported as it streams by (rows of a per-row
/// log format: `readcov import`'s rows reader decides), or any other file with its kind.
enum Detected {
    Dataset(Result<(Loaded<ReadSpan>, Vec<RunChange>), LoadError>),
    File(InputKind, Option<Document>),
}

/// Detects `path`; a dataset of runs is imported there and then (so the rows reader, which has
/// read its first rows, is not opened twice).
fn detect_reads(path: &Path, ws: BaseFiles) -> Result<Detected, LoadError> {
    Ok(match super::dataset::probe(path)? {
        Probe::Dataset(kind, format, rows) => {
            let name = path.display().to_string();
            Role::Reads.check(&name, kind)?;
            Detected::Dataset(imported_as_reads(&name, kind, ws, |opts, pick| {
                super::dataset::import(path, format, *rows, opts, pick)
            }))
        }
        Probe::Head(kind) => Detected::File(kind, None),
        Probe::Whole => {
            let (kind, document) = detect_file_document(path)?;
            Detected::File(kind, document)
        }
    })
}

/// [`load_reads_in_pieces`] once the file's kind is known (and, when detection read it whole,
/// its bytes).
fn load_detected(
    path: &Path,
    kind: InputKind,
    document: Option<Document>,
    opts: &ReadsOptions,
    piece: usize,
) -> Result<Loaded<ReadSpan>, LoadError> {
    let name = path.display().to_string();
    let take = Role::Reads.check(&name, kind)?;
    if take == Take::Convert {
        return import_trajectory(path, kind, document, opts.base_files);
    }
    drop(document);
    let root = opts
        .workspace
        .and_then(|w| Path::new(w).canonicalize().ok());
    let inside = WorkspaceCheck::new(root);
    let check = |p: &str| inside.check(p);
    let mut out = Loaded {
        parsed: Parsed::default(),
        kind,
        notes: Vec::new(),
        lost_edits: Vec::new(),
    };
    if kind == InputKind::Parquet || starts_an_array(path)? {
        // Rows held by a container: decoded whole, then judged by what they are.
        let (rows, errors) = read_rows(path)?;
        // The file's bytes are let go as soon as their JSONL exists: peak memory is the two.
        let bytes = as_jsonl(&rows).into_owned();
        drop(rows);
        out.kind = detect(&name, &bytes);
        Role::Reads.check(&name, out.kind).and_then(|t| match t {
            Take::Convert => Err(LoadError::WrongKind {
                name: name.clone(),
                kind: out.kind,
                role: Role::Reads,
            }),
            t => Ok(t),
        })?;
        out.parsed.errors = errors;
        parse_reads_piece(&bytes, 1, &name, opts.workspace, &check, &mut out.parsed);
        return Ok(out);
    }
    for_each_piece(path, piece, |bytes, first| {
        parse_reads_piece(bytes, first, &name, opts.workspace, &check, &mut out.parsed);
        true
    })?;
    Ok(out)
}

/// A reads file as a [`LeanReads`] table (what `readcov score` uses when it needs neither the
/// workspace nor whole rows): the same items, errors and counts as [`load_reads`], a fraction of
/// the memory. `None` when the file is not plain reads rows (a trajectory, a container, another
/// kind): [`load_reads`] then converts or refuses it. Pieces are smaller here: the buffer is most
/// of what stays in memory. Reading stops at the end of the piece holding the first edit: the
/// caller then takes the general path, so the rest would be parsed twice.
pub fn load_reads_lean(
    path: &Path,
    workspace: Option<&str>,
) -> Result<Option<LeanReads>, LoadError> {
    let kind = match detect_file_head(path)? {
        Some(kind) => kind,
        // One JSON document past the head: an array of rows is told by its first element; an
        // object (a trajectory) is left to `load_reads`, which parses it once and imports it.
        None if starts_an_array(path)? => detect_file(path)?,
        None => return Ok(None),
    };
    let plain = matches!(
        kind,
        InputKind::ReadsJsonl | InputKind::Spans | InputKind::Unknown
    );
    if !plain {
        return Ok(None);
    }
    let name = path.display().to_string();
    let root = workspace.and_then(|w| Path::new(w).canonicalize().ok());
    let inside = WorkspaceCheck::new(root);
    let check = |p: &str| inside.check(p);
    let mut out = LeanReads::default();
    let parse = |bytes: &[u8], first| {
        out.parse_piece(bytes, first, &name, workspace, &check);
        !out.has_edits
    };
    if starts_an_array(path)? {
        // Rows as one JSON array: its JSONL (the file's bytes let go once it exists) in the
        // same pieces, so the array costs the lean table plus its JSONL, not whole rows.
        let jsonl = as_jsonl(&crate::read_input(path)?).into_owned();
        pieces(&mut jsonl.as_slice(), 256 << 10, parse)
            .map_err(|e| FileError::new(path, format!("cannot read: {e}")))?;
    } else {
        for_each_piece(path, 256 << 10, parse)?;
    }
    Ok(Some(out))
}

/// [`load_reads_lean`] for bytes in hand (the Python module's rows and files): the same lean
/// table for plain reads rows (one JSON array of them too), `None` for anything [`reads_of`] must
/// convert or refuse. Unlike the file reader it parses the whole buffer (it is in memory
/// already).
pub fn reads_lean_of(name: &str, bytes: &[u8]) -> Option<LeanReads> {
    let kind = detect(name, bytes);
    let plain = matches!(
        kind,
        InputKind::ReadsJsonl | InputKind::Spans | InputKind::Unknown
    );
    if !plain {
        return None;
    }
    // Rows as one JSON array: its JSONL, as the file reader takes it.
    let rows = as_jsonl(bytes);
    let mut out = LeanReads::default();
    out.parse_piece(&rows, 1, name, None, &|_: &str| Ok(()));
    Some(out)
}

/// Whether the file's first non-blank byte opens a JSON array (rows given as one array).
fn starts_an_array(path: &Path) -> Result<bool, FileError> {
    use std::io::Read;
    let (file, _) = open_input(path)?;
    let mut head = Vec::new();
    file.take(4096)
        .read_to_end(&mut head)
        .map_err(|e| FileError::new(path, format!("cannot read: {e}")))?;
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&head);
    Ok(head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'['))
}

/// An agent trajectory (or retrieved chunks) imported as `readcov import` would, against the
/// workspace(s) for base files, with the note saying so. `document`: the file as detection read
/// it whole, if it did.
fn import_trajectory(
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
fn read_log(
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
fn import_bytes(
    name: &str,
    bytes: &[u8],
    kind: InputKind,
    ws: BaseFiles,
) -> Result<Loaded<ReadSpan>, LoadError> {
    import_with_changes(name, bytes, None, kind, ws).map(|(loaded, _)| loaded)
}

/// [`load_reads`], and each run's change when the file is a trajectory imported on the fly (the
/// log's own final patch, its edits replayed on `base_files`: `readcov diagnose`); reads rows
/// carry no change.
pub fn load_reads_and_changes(
    path: &Path,
    opts: &ReadsOptions,
) -> Result<(Loaded<ReadSpan>, Vec<RunChange>), LoadError> {
    let (kind, document) = match detect_reads(path, opts.base_files)? {
        Detected::Dataset(got) => return got,
        Detected::File(kind, document) => (kind, document),
    };
    match Role::Reads.check(&path.display().to_string(), kind)? {
        Take::Convert => {
            let (bytes, value) = read_log(path, document)?;
            let name = path.display().to_string();
            import_with_changes(&name, &bytes, value, kind, opts.base_files)
        }
        // Detected once: the rows are read as `load_reads` reads them.
        _ => Ok((
            load_detected(path, kind, document, opts, READS_PIECE)?,
            Vec::new(),
        )),
    }
}

/// [`load_reads_and_changes`] for bytes already read (the Python module's input).
pub fn reads_and_changes_of(
    name: &str,
    bytes: Vec<u8>,
    opts: &ReadsOptions,
) -> Result<(Loaded<ReadSpan>, Vec<RunChange>), LoadError> {
    let kind = detect(name, &bytes);
    match Role::Reads.check(name, kind)? {
        Take::Convert => import_with_changes(name, &bytes, None, kind, opts.base_files),
        _ => Ok((reads_of(name, bytes, opts)?, Vec::new())),
    }
}

/// A trajectory's reads (with the note saying it was imported) and its runs' changes. `value`:
/// the bytes' JSON value when detection parsed them.
fn import_with_changes(
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
fn imported_as_reads(
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

/// Reads `path` a piece at a time, each piece ending at a line break (the last one at the end of
/// the file), and hands `parse` the piece with the 1-based number of its first line; `parse`
/// returns whether to go on. One buffer serves every piece (a line longer than it doubles it),
/// filled by plain reads: `read_to_end` started each piece at 8 KB reads and grew from there.
fn for_each_piece(
    path: &Path,
    piece: usize,
    parse: impl FnMut(&[u8], usize) -> bool,
) -> Result<(), FileError> {
    let (mut file, _) = open_input(path)?;
    pieces(&mut file, piece, parse).map_err(|e| FileError::new(path, format!("cannot read: {e}")))
}

/// [`for_each_piece`] over any reader (a file, or JSONL already in memory).
fn pieces(
    src: &mut impl std::io::Read,
    piece: usize,
    mut parse: impl FnMut(&[u8], usize) -> bool,
) -> std::io::Result<()> {
    // Zeroed pages from the allocator: untouched until a read writes them.
    let mut buf = vec![0u8; piece.max(1)];
    let (mut kept, mut first_line) = (0, 1);
    loop {
        if kept == buf.len() {
            buf.resize(buf.len() * 2, 0); // one line longer than the buffer: read on
        }
        let got = fill(src, &mut buf[kept..])?;
        let filled = kept + got;
        // Parse up to the last line break (all of it at the end of the file); keep the rest.
        let end = if got == 0 {
            filled
        } else {
            match memchr::memrchr(b'\n', &buf[kept..filled]) {
                Some(i) => kept + i + 1,
                None => {
                    kept = filled;
                    continue;
                }
            }
        };
        let go_on = parse(&buf[..end], first_line);
        first_line += memchr::memchr_iter(b'\n', &buf[..end]).count();
        buf.copy_within(end..filled, 0);
        kept = filled - end;
        if got == 0 || !go_on {
            return Ok(());
        }
    }
}

/// Reads until `buf` is full or the file ends; the bytes read (0 only at the end).
fn fill(file: &mut impl std::io::Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match file.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// A whole reads file's bytes (the Python module takes reads as bytes): as [`load_reads`] does
/// for a file, converted or refused by kind.
pub fn reads_of(
    name: &str,
    bytes: Vec<u8>,
    opts: &ReadsOptions,
) -> Result<Loaded<ReadSpan>, LoadError> {
    let (bytes, errors) = super::rows::parquet_as_jsonl(name, bytes);
    let kind = detect(name, &bytes);
    let root = opts
        .workspace
        .and_then(|w| Path::new(w).canonicalize().ok());
    let inside = WorkspaceCheck::new(root);
    let check = |p: &str| inside.check(p);
    if Role::Reads.check(name, kind)? == Take::Convert {
        return import_bytes(name, &bytes, kind, opts.base_files);
    }
    let mut parsed = Parsed {
        errors,
        ..Parsed::default()
    };
    parse_reads_piece(
        &as_jsonl(&bytes),
        1,
        name,
        opts.workspace,
        &check,
        &mut parsed,
    );
    Ok(Loaded {
        parsed,
        kind,
        notes: Vec::new(),
        lost_edits: Vec::new(),
    })
}
