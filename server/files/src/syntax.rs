//! Syntax units of workspace files, read through the confinement of this crate ([`Workspace`])
//! and found by `readcov-units`' one walk (`units_of_paths`): every gold file's units (unit
//! columns of `score`; as plain ranges for `explain`), and the units around edited lines
//! (read-before-edit). A missing, unreadable or grammar-less file is recorded as such (line
//! metrics only), never fatal.

use crate::{confined_file, read_source, Beneath, Workspace};
use readcov_core::explain::{UnitMap, UnitRange};
use readcov_core::{EventKind, GoldSpan, ReadSpan};
use readcov_units::{lang_for_file, lang_for_path, units, units_of_paths, FileSyntax, Lang};
use readcov_units::{Sources, UnitsResult};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;

/// The one rule for a file's syntax, kept here under its old name for the callers of this crate.
pub use readcov_units::syntax_of_file;

/// Syntax of every gold file under `ws`; a file that cannot be read or has no grammar is
/// recorded as such (line metrics only), never fatal. `None`: no workspace (a task folder that
/// is missing or refused), every file "source not found".
pub fn load_syntax(ws: Option<&Path>, gold: &[GoldSpan]) -> BTreeMap<String, FileSyntax> {
    units_of_paths(gold.iter().map(|g| g.path.as_str()), &walked(ws))
}

/// A workspace's files as every command reads them for their units: confined to it (symlinks
/// out of it are not followed), a file past `MAX_SOURCE_BYTES` not read (line metrics only,
/// said why), decoded lossily ([`lossy`]). Without a root (no workspace, or a task folder that is
/// missing or refused), every file is "source not found".
impl Sources for Workspace {
    fn text(&self, path: &str) -> Result<Cow<'_, str>, String> {
        text_of((self.0.as_deref()).and_then(|r| confined_file(r, path)))
    }
}

/// A [`Workspace`] for one walk over many files: the same answers, its folders walked once
/// ([`Beneath`]) instead of each file resolved whole.
struct Walked(Option<Beneath>);

impl Sources for Walked {
    fn text(&self, path: &str) -> Result<Cow<'_, str>, String> {
        text_of(self.0.as_ref().and_then(|r| r.file(path)))
    }
}

/// The text of a confined file (`None`: none in the workspace).
fn text_of(file: Option<std::path::PathBuf>) -> Result<Cow<'static, str>, String> {
    let file = file.ok_or("source not found in the workspace")?;
    let bytes = read_source(&file).map_err(|e| e.what)?;
    Ok(Cow::Owned(lossy(bytes)))
}

/// [`workspace`], walked.
fn walked(ws: Option<&Path>) -> Walked {
    Walked(workspace(ws).0.map(Beneath::new))
}

/// The workspace at `ws`, its root made canonical as confinement needs (`None` when it cannot be).
pub fn workspace(ws: Option<&Path>) -> Workspace {
    Workspace(ws.and_then(|w| w.canonicalize().ok()))
}

/// A source's bytes as text. Lossy: a stray invalid byte must not hide the whole file's units;
/// line numbers are unaffected.
pub fn lossy(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// One source file's units as `readcov units` lists them (the CLI and Python alike): parsed as
/// `lang`, else as its extension says (a `.h` holding C++ as C++); the file read as every input
/// is (a FIFO or a device refused) and decoded lossily, so a stray byte does not hide the units.
/// `Err` names the file and why it has none.
pub fn units_of_file(file: &Path, lang: Option<Lang>) -> Result<UnitsResult, crate::FileError> {
    // A folder has no extension to guess from: say what it is, not "use --lang".
    if file.is_dir() {
        let why = "not a regular file (a folder: give the source files in it)";
        return Err(crate::FileError::new(file, why));
    }
    let Some(guess) = lang.or_else(|| lang_for_path(&file.display().to_string())) else {
        return Err(crate::FileError::new(
            file,
            "no grammar for this file's extension (use --lang)",
        ));
    };
    // Past the parse limit the file is refused unread, from its length: it was read whole first
    // (a sparse 64 GiB file: until memory ran out), then refused by `units`. Named by `lang`,
    // else its extension's language (a `.h` past the limit is not looked into for C++).
    let (opened, len) = crate::open_input(file)?;
    readcov_units::check_len(guess, usize::try_from(len).unwrap_or(usize::MAX))
        .map_err(|e| crate::FileError::new(file, e.to_string()))?;
    let bytes = crate::read_opened(opened, len, file, readcov_units::MAX_PARSE_BYTES as u64)?;
    let text = String::from_utf8_lossy(&bytes);
    let lang =
        lang.unwrap_or_else(|| lang_for_file(&file.display().to_string(), &text).unwrap_or(guess));
    units(lang, &text).map_err(|e| crate::FileError::new(file, e.to_string()))
}

/// Unit ranges per file, as read-before-edit takes them.
pub type UnitsByFile = BTreeMap<String, Vec<(u32, u32)>>;

/// The units `readcov sheet` judges read-before-edit with, and their label: a units file wins
/// (`"file"`); else tree-sitter units of the edited files in the workspace (`"workspace"`); else none,
/// and edits fall back to windows (`"window"`). The CLI and the Python binding both choose this way.
pub fn sheet_units(
    units_file: Option<&[(String, u32, u32)]>,
    ws: Option<&Path>,
    reads: Option<&[ReadSpan]>,
) -> (Option<UnitsByFile>, &'static str) {
    match (units_file, ws, reads) {
        (Some(u), _, _) => (Some(readcov_core::sheet::units_by_file(u)), "file"),
        (None, Some(w), Some(r)) => (Some(workspace_units(w, r)), "workspace"),
        _ => (None, "window"),
    }
}

/// Syntax units of every edited file found in the workspace (read as a [`Workspace`] is read).
/// Files without a grammar, missing or unparsable are left out: their edits fall back to the
/// ±10-line window.
pub fn workspace_units(ws: &Path, reads: &[ReadSpan]) -> BTreeMap<String, Vec<(u32, u32)>> {
    let edited = (reads.iter())
        .filter(|r| r.kind == EventKind::Edit)
        .map(|r| r.path.as_str());
    (units_of_paths(edited, &walked(Some(ws))).into_iter())
        .filter_map(|(path, s)| match s {
            FileSyntax::Units { units, .. } => {
                Some((path, units.iter().map(|u| (u.start, u.end)).collect()))
            }
            FileSyntax::Unsupported | FileSyntax::Unavailable(_) => None,
        })
        .collect()
}

/// The gold files' units as plain line ranges, for `explain` (files without a grammar or
/// source: none).
pub fn unit_map(ws: &Path, gold: &[GoldSpan]) -> UnitMap {
    (load_syntax(Some(ws), gold).into_iter())
        .filter_map(|(path, s)| match s {
            FileSyntax::Units { units, .. } => Some((
                path,
                (units.into_iter())
                    .map(|u| UnitRange {
                        kind: u.kind,
                        name: u.name,
                        start: u.start,
                        end: u.end,
                    })
                    .collect(),
            )),
            FileSyntax::Unsupported | FileSyntax::Unavailable(_) => None,
        })
        .collect()
}
