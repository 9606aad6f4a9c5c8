//! The file edge shared by the `readcov` CLI, the language server and the Python module: the one
//! input layer (`input`: every input file's kind detected, converted or refused, and loaded),
//! whole input files, workspace confinement (never a path out of the root, symlinks resolved),
//! line counts of workspace files, what one trajectory argument reads (`logs`), and syntax units
//! of workspace files (`syntax`). The pure crates (core, import, units, gold) take what this
//! crate reads as bytes and strings.

pub mod at_k;
pub mod base;
pub mod beir;
pub mod beir_gold;
mod beneath;
pub mod contextbench;
pub mod diagnose;
pub mod explain;
pub mod explore_inputs;
pub mod gold_files;
pub mod import_run;
pub mod input;
mod inside;
pub mod layout;
pub mod locbench;
pub mod logs;
pub mod memory;
mod open;
pub mod options;
pub mod patches;
pub mod qrels;
pub mod report;
pub mod rows;
pub mod score_rows;
pub mod scored;
pub mod sets;
pub mod shard;
pub mod sheet;
pub mod spill;
pub mod syntax;
pub mod trec_run;
pub mod workspaces;

pub use beneath::{Beneath, MAX_KEPT_FOLDERS};
pub use inside::{WorkspaceCheck, MAX_CACHED_PATHS};
pub use open::{
    copy_input, count_lines_of_file, fingerprint_of_file, for_each_chunk, open_input, read_input,
    read_input_max, read_opened, read_source, sha256_of_file, MAX_SOURCE_BYTES,
};

use readcov_import::FileProvider;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A file that could not be read, named with what went wrong.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {what}")]
pub struct FileError {
    pub path: String,
    pub what: String,
}

impl FileError {
    pub fn new(path: &Path, what: impl Into<String>) -> FileError {
        FileError {
            path: path.display().to_string(),
            what: what.into(),
        }
    }
}

/// Line counts of workspace files, for clipping spans past the end of a file. Files that are
/// missing, unreadable or resolve (through symlinks) outside the workspace stay unknown.
pub fn workspace_lengths<'a>(
    ws: Option<&Path>,
    paths: impl IntoIterator<Item = &'a str>,
) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    let Some(root) = ws.and_then(|w| w.canonicalize().ok()) else {
        return out;
    };
    let root = Beneath::new(root);
    for p in paths {
        if out.contains_key(p) {
            continue;
        }
        // Counted in pieces: a gold file of any size costs constant memory (an 8 GB one was
        // read whole).
        if let Some(n) = root.file(p).and_then(|f| count_lines_of_file(&f).ok()) {
            out.insert(p.to_string(), n);
        }
    }
    out
}

/// With a workspace, a path that exists must resolve (through symlinks) inside it: a link out of
/// the workspace is an input error, not a file readcov will measure. Missing files are fine
/// (gold may name files the checkout lacks); without a workspace nothing is checked.
pub fn inside_workspace(root: Option<&Path>, rel: &str) -> Result<(), String> {
    let Some(root) = root else { return Ok(()) };
    let joined = root.join(rel);
    if std::fs::symlink_metadata(&joined).is_err() {
        return Ok(());
    }
    match joined.canonicalize() {
        Ok(real) if real.starts_with(root) => Ok(()),
        Ok(real) => Err(format!(
            "resolves through a symlink to {}, outside the workspace",
            real.display()
        )),
        // A dangling or looping link: nothing readcov could read, and nothing outside either.
        Err(_) => Ok(()),
    }
}

/// `root/rel` resolved through symlinks, if it is a regular file inside `root`.
pub fn confined_file(root: &Path, rel: &str) -> Option<PathBuf> {
    let real = root.join(rel).canonicalize().ok()?;
    (real.starts_with(root) && real.is_file()).then_some(real)
}

/// The bytes of `root/rel` when it is a regular file inside `root` (symlinks resolved), read
/// through [`read_source`]: a FIFO or device swapped in after the check is refused, never waited
/// on, and a file past [`MAX_SOURCE_BYTES`] is not read.
pub fn read_confined(root: &Path, rel: &str) -> Option<Vec<u8>> {
    read_source(&confined_file(root, rel)?).ok()
}

/// `root/rel` when it is a directory inside `root` (symlinks resolved).
pub fn confined_dir(root: &Path, rel: &str) -> Option<PathBuf> {
    let real = root.join(rel).canonicalize().ok()?;
    (real.starts_with(root) && real.is_dir()).then_some(real)
}

/// The names in `root/rel` when it is a directory inside `root` (symlinks resolved); names
/// that are not UTF-8 are left out (no path readcov keeps can hold one).
pub fn list_confined(root: &Path, rel: &str) -> Option<Vec<String>> {
    let entries = std::fs::read_dir(confined_dir(root, rel)?).ok()?;
    Some(
        entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect(),
    )
}

/// Lines in a text: a final line without `\n` still counts; an empty file has 0 lines.
pub fn count_lines(bytes: &[u8]) -> u32 {
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    let extra = usize::from(!bytes.is_empty() && !bytes.ends_with(b"\n"));
    u32::try_from(newlines + extra).unwrap_or(u32::MAX)
}

/// `dir/<task>` when `task` is one plain folder name resolving inside `dir` (symlinks followed).
/// The task id comes from the log, which is untrusted: `/etc` or `../x` must never become a
/// workspace that readcov reads files from.
pub fn task_dir(dir: &Path, task: &str) -> Option<PathBuf> {
    let mut parts = Path::new(task).components();
    let plain = matches!(
        (parts.next(), parts.next()),
        (Some(std::path::Component::Normal(_)), None)
    );
    let real = dir.join(task).canonicalize().ok()?;
    (plain && real.starts_with(dir) && real.is_dir()).then_some(real)
}

/// A task's (or instance's) own folder under `dir`, through the same confinement as
/// [`task_dir`] for every command: `Ok(Some(folder))` when it is one plain name resolving
/// (through symlinks) to a directory inside `dir`, `Ok(None)` when there is no such entry, and
/// `Err(why)` when the entry exists but may not be used (a symlink out of `dir`, a name with
/// `/` or `..`, not a directory): the caller says so and goes on without it.
pub fn task_folder(dir: &Path, task: &str) -> Result<Option<PathBuf>, String> {
    let root = match dir.canonicalize() {
        Ok(r) => r,
        Err(_) => return Ok(None),
    };
    let joined = root.join(task);
    if std::fs::symlink_metadata(&joined).is_err() {
        return Ok(None);
    }
    if let Some(real) = task_dir(&root, task) {
        return Ok(Some(real));
    }
    let mut parts = Path::new(task).components();
    let plain = matches!(
        (parts.next(), parts.next()),
        (Some(std::path::Component::Normal(_)), None)
    );
    Err(match joined.canonicalize() {
        _ if !plain => "not one plain folder name".to_string(),
        Ok(real) if !real.starts_with(&root) => format!(
            "resolves through a symlink to {}, outside {}",
            real.display(),
            root.display()
        ),
        Ok(_) => "not a directory".to_string(),
        Err(e) => format!("cannot be resolved: {e}"),
    })
}

/// A workspace directory, canonicalised (confinement compares against it).
pub fn canonical_dir(p: &Path) -> Result<PathBuf, FileError> {
    let c = p
        .canonicalize()
        .map_err(|e| FileError::new(p, format!("cannot open workspace: {e}")))?;
    if !c.is_dir() {
        return Err(FileError::new(p, "workspace is not a directory"));
    }
    Ok(c)
}

/// Workspace files for the importers, confined (through symlinks) to the workspace directory;
/// `None` = no workspace (reads are not checked against files, edits are not replayed).
pub struct Workspace(pub Option<PathBuf>);

impl FileProvider for Workspace {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        let root = self.0.as_ref()?;
        read_confined(root, path)
    }
    fn has_workspace(&self) -> bool {
        self.0.is_some()
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        let root = self.0.as_ref()?;
        Some(confined_dir(root, path).is_some())
    }
    fn is_file(&self, path: &str) -> bool {
        let root = self.0.as_ref();
        root.and_then(|r| confined_file(r, path))
            .is_some_and(|f| beneath::readable(&f))
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        list_confined(self.0.as_ref()?, path)
    }
}

#[cfg(test)]
mod tests;
