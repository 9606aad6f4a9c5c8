//! Reads from any file that holds them: reads JSONL parsed a few megabytes at a time (logs run
//! to hundreds of megabytes), a JSON array or Parquet file of rows, and an agent trajectory or
//! retrieved chunks imported on the fly as `readcov import` would (with a note); any other kind
//! refused, naming what it looks like and where it belongs.

use super::dataset::Probe;
use super::detect::{detect_file, detect_file_document, detect_file_head, Document};
use super::imported::{
    import_bytes, import_trajectory, import_with_changes, imported_as_reads, read_log,
};
use super::pieces::{for_each_piece, pieces};
use super::rows::{as_jsonl, read_rows};
use super::{detect, InputKind, LoadError, Loaded, Role, Take};
use crate::{open_input, FileError, WorkspaceCheck};
use readcov_core::{parse_reads_piece, LeanReads, Parsed, ReadSpan};
use readcov_import::RunChange;
use std::path::Path;

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
pub(super) const READS_PIECE: usize = 4 << 20;

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
pub(super) fn load_detected(
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
