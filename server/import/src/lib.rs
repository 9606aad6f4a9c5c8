//! readcov-import: turns real agent trajectories into reads JSONL rows, and patches into gold.
//!
//! IO-free: every entry point takes bytes (or JSON values) and a [`FileProvider`] that yields
//! workspace files, so tests feed files from memory or from the shipped real data.

pub mod aider;
pub mod atif;
pub mod autocoderover;
pub mod bash;
pub mod bashargs;
pub mod bashread;
pub mod change;
pub mod chat;
pub mod chunks;
pub mod claude_code;
pub mod codex;
pub mod dataset;
pub mod detect;
pub mod diff;
pub mod display;
pub mod doc;
pub mod format;
pub mod gemini;
pub mod inspect;
pub mod localization;
pub mod mini_swe_agent;
pub mod numbered;
pub mod openhands;
pub mod openhands_eval;
pub mod openhands_v1;
pub mod otel;
pub mod paths;
pub mod replay;
mod runs;
pub mod scripts;
pub mod sedpattern;
pub mod session;
pub mod shell;
pub mod summary;
pub mod swe_agent;

pub use detect::{
    detect_format, import, import_doc, import_parsed, import_row, import_with, Doc, Format,
    ImportError, ImportOptions, Imported,
};
pub use diff::{gold_from_diff, gold_from_swebench, repo_path, DiffOptions, GoldFromDiff};

pub use change::{Replayed, RunChange};
pub use readcov_patch::Loss;
pub use summary::{LostEdit, LostWhy, Reason, Summary};

/// `bytes` as text, invalid UTF-8 replaced (as `String::from_utf8_lossy`), borrowed when valid:
/// checked by the fast validator first, since the lossy one walks valid text several times
/// slower (profiled: 7% of an import of real trajectories).
pub(crate) fn utf8_lossy(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// Base-commit files of the repository, by normalised relative path.
pub trait FileProvider {
    /// The bytes of `path` at the base commit, or `None` when the workspace has no such file.
    fn read(&self, path: &str) -> Option<Vec<u8>>;
    /// Whether a workspace was given at all (without one, no file is "absent").
    fn has_workspace(&self) -> bool {
        true
    }
    /// Whether `path` is a directory of the workspace; `None` when unknown (no workspace, or a
    /// provider that cannot tell).
    fn is_dir(&self, _path: &str) -> Option<bool> {
        None
    }
    /// Whether [`FileProvider::read`] of `path` gives bytes: the workspace has it as a file it
    /// can read. A provider on disk answers without reading the file (asked for every
    /// `path:` prefix of a grep output line, most of them no file at all).
    fn is_file(&self, path: &str) -> bool {
        self.read(path).is_some()
    }
    /// What a reads row of `path` records as its `base` (the file's sha256 and line count),
    /// when the workspace has the file: a provider that keeps the files it read answers
    /// without reading again.
    fn base(&self, path: &str) -> Option<readcov_core::base::Base> {
        self.read(path)
            .map(|b| readcov_core::base::Base::of_file(&b))
    }
    /// The names in folder `path` of the workspace (`""`: its root), for a shell glob a command
    /// passes (`sed -i … pkg/*.py`, session 37); `None` when unknown (no workspace, not a
    /// folder, a provider that cannot list).
    fn list_dir(&self, _path: &str) -> Option<Vec<String>> {
        None
    }
}

/// No workspace: nothing can be read, nothing is reported absent.
pub struct NoFiles;

impl FileProvider for NoFiles {
    fn read(&self, _: &str) -> Option<Vec<u8>> {
        None
    }
    fn has_workspace(&self) -> bool {
        false
    }
}

/// Files in memory (tests).
impl FileProvider for std::collections::BTreeMap<String, String> {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        self.get(path).map(|s| s.as_bytes().to_vec())
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        let prefix = format!("{}/", path.trim_end_matches('/'));
        Some(path.is_empty() || path == "." || self.keys().any(|k| k.starts_with(&prefix)))
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        let prefix = match path {
            "" | "." => String::new(),
            p => format!("{}/", p.trim_end_matches('/')),
        };
        let mut names: Vec<String> = self
            .keys()
            .filter_map(|k| k.strip_prefix(prefix.as_str()))
            .map(|rest| rest.split('/').next().unwrap_or(rest).to_string())
            .collect();
        names.dedup();
        (!names.is_empty()).then_some(names)
    }
}

/// Files under a directory on disk, for tests and examples (the CLI, the server and Python use
/// `readcov_files`' confined `Workspace` instead). Paths are confined lexically:
/// callers only pass normalised relative paths without `..`.
pub struct DirFiles(pub std::path::PathBuf);

impl FileProvider for DirFiles {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        let p = self.0.join(path);
        if p.is_file() {
            std::fs::read(p).ok()
        } else {
            None
        }
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        Some(self.0.join(path).is_dir())
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        let entries = std::fs::read_dir(self.0.join(path)).ok()?;
        Some(
            entries
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect(),
        )
    }
}
