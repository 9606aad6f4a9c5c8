//! Confinement of a configured log path to the workspace root, resolving symlinks: the log (and
//! any directory created for it) must end up inside the root.

use crate::error::LogError;
use readcov_core::path::normalize_path;
use std::path::{Path, PathBuf};

/// Resolves `configured` (relative to `root`, or absolute inside it) to a path for the log,
/// creating missing directories one by one. Refuses `..` escapes, absolute paths elsewhere,
/// directories that resolve outside the root through a symlink, and a log that is a symlink.
pub fn confine_log_path(root: &Path, configured: &str) -> Result<PathBuf, LogError> {
    let root = root
        .canonicalize()
        .map_err(|e| LogError::io(root, "resolve the workspace root", e))?;
    let root_str = root.to_string_lossy();
    let rel = normalize_path(configured, Some(&root_str))
        .map_err(|e| LogError::BadPath(configured.to_string(), e.to_string()))?;
    let mut parts: Vec<&str> = rel.split('/').collect();
    let name = parts.pop().unwrap_or_default();
    let mut dir = root.clone();
    for part in parts {
        let next = dir.join(part);
        match std::fs::symlink_metadata(&next) {
            Ok(_) => {
                let real = next
                    .canonicalize()
                    .map_err(|e| LogError::io(&next, "resolve", e))?;
                if !real.starts_with(&root) {
                    return Err(LogError::Outside { path: next, root });
                }
                if !real.is_dir() {
                    return Err(LogError::NotAFile { path: next });
                }
                dir = real;
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // mkdir never follows a symlink in its last component, and `dir` is resolved.
                std::fs::create_dir(&next)
                    .map_err(|e| LogError::io(&next, "create directory", e))?;
                dir = next;
            }
            Err(e) => return Err(LogError::io(&next, "stat", e)),
        }
    }
    let log = dir.join(name);
    if let Ok(m) = std::fs::symlink_metadata(&log) {
        if m.file_type().is_symlink() {
            return Err(LogError::Symlink { path: log });
        }
        if !m.is_file() {
            return Err(LogError::NotAFile { path: log });
        }
    }
    Ok(log)
}
