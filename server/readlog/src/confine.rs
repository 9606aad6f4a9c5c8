//! Where a read log may be: only a `.jsonl` file in readcov's own folder, `<root>/.readcov/`.
//!
//! The log path comes from configuration, and a repository's `readcov.toml` is untrusted: with
//! any workspace file allowed, `readLog = "src/main.py"` had the torn-line repair cut the file's
//! last line out, recorded reads appended to it as JSON and `clearWhatIf` rewrite it (dropping
//! its mode); `readLog = "gold.jsonl"` appended recorded reads to the gold, where they counted as
//! gold. A log readcov writes is therefore one it recognises as its own by where it is: directly
//! in `.readcov/` (a real directory, never a symlink, created by readcov when missing), named
//! `*.jsonl`, a regular file with no other hard link. Anything else is refused with a message.

use crate::error::LogError;
use readcov_core::path::normalize_path;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// readcov's own folder under the workspace root: the only place a read log may be.
pub const OWN_DIR: &str = ".readcov";

/// The log path `configured` names (relative to `root`, or absolute inside it), checked without
/// writing anything: it must be `<root>/.readcov/NAME.jsonl` (see the module comment). The
/// folder may not exist yet; when it does, it must be a real directory.
pub fn check_log_path(root: &Path, configured: &str) -> Result<PathBuf, LogError> {
    let root = root
        .canonicalize()
        .map_err(|e| LogError::io(root, "resolve the workspace root", e))?;
    let rel = normalize_path(configured, Some(&root.to_string_lossy()))
        .map_err(|e| LogError::BadPath(configured.to_string(), e.to_string()))?;
    let own_name = match rel.split_once('/') {
        Some((dir, name)) if dir == OWN_DIR => is_log_name(name).then_some(name),
        _ => None,
    };
    let Some(name) = own_name else {
        return Err(LogError::NotOwn(configured.to_string()));
    };
    let dir = root.join(OWN_DIR);
    match std::fs::symlink_metadata(&dir) {
        // Not followed: a `.readcov` that is a symlink (even to a folder inside the workspace)
        // would make any workspace file a "log".
        Ok(m) if !m.file_type().is_dir() => return Err(LogError::OwnDir { path: dir }),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(LogError::io(&dir, "stat", e)),
    }
    let log = dir.join(name);
    if let Ok(m) = std::fs::symlink_metadata(&log) {
        check_file(&log, &m)?;
    }
    Ok(log)
}

/// [`check_log_path`], then creates `<root>/.readcov/` when missing (never through a symlink:
/// `mkdir` does not follow one in its last component, and an existing one is refused).
pub fn confine_log_path(root: &Path, configured: &str) -> Result<PathBuf, LogError> {
    let log = check_log_path(root, configured)?;
    if let Some(dir) = log.parent() {
        match std::fs::create_dir(dir) {
            Ok(()) => {}
            // Made meanwhile: it must still be a real directory.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let m = std::fs::symlink_metadata(dir).map_err(|e| LogError::io(dir, "stat", e))?;
                if !m.file_type().is_dir() {
                    return Err(LogError::OwnDir {
                        path: dir.to_path_buf(),
                    });
                }
            }
            Err(e) => return Err(LogError::io(dir, "create directory", e)),
        }
    }
    Ok(log)
}

/// The longest log file name, in bytes: readcov's own names beside the log, `.NAME.rewrite.PID`
/// (a rewrite's temporary file, PID up to 10 digits) and `NAME.torn`, must fit in the 255 bytes
/// a file name may have. A longer name was accepted and its log written, then every rewrite
/// (`clearWhatIf`) failed with "File name too long" (found by the `readlog` fuzz target).
pub const MAX_LOG_NAME: usize = 200;

/// `NAME.jsonl`, one plain file name, not hidden (readcov's own temporary files are `.NAME…`),
/// at most [`MAX_LOG_NAME`] bytes.
fn is_log_name(name: &str) -> bool {
    name.len() > ".jsonl".len()
        && name.len() <= MAX_LOG_NAME
        && name.ends_with(".jsonl")
        && !name.starts_with('.')
        && !name.contains('/')
}

/// A log that exists must be a regular file (not a symlink) with no other hard link: writing a
/// file that has one would change that other name's content too.
pub(crate) fn check_file(path: &Path, m: &std::fs::Metadata) -> Result<(), LogError> {
    if m.file_type().is_symlink() {
        return Err(LogError::Symlink {
            path: path.to_path_buf(),
        });
    }
    if !m.is_file() {
        return Err(LogError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    if m.nlink() > 1 {
        return Err(LogError::HardLinked {
            path: path.to_path_buf(),
            links: m.nlink(),
        });
    }
    Ok(())
}
