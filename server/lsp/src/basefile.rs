//! Base texts kept by the server: a gold file whose text on disk is the gold's base is copied
//! to readcov's cache, so that after the user edits and saves it a later session can still map
//! gold and reads by a line diff (and import trajectories against the text the agent saw).
//! Content-addressed: a text is only ever used when it hashes to the name it is looked up by.
//!
//! The cache is `$XDG_CACHE_HOME/readcov/base/<workspace>/<sha256>` (else under `~/.cache`):
//! outside the user's tree; `<workspace>` is the first 16 hex digits of the sha256 of the root's
//! canonical path, so a session looks through its own workspace's texts only, as before. Only
//! with neither variable set does it fall back to `<root>/.readcov/base/`, where earlier versions
//! kept every text (still looked up there). A file is hashed in pieces before anything is kept,
//! one past [`MAX_SOURCE_BYTES`] is neither read nor kept (a 2 GB gold file took 6.5 GB of memory
//! and wrote 2 GB into the workspace), and one workspace keeps at most [`MAX_KEPT_BYTES`].

use crate::sources::Workspace;
use readcov_core::base::sha256_hex;
use readcov_files::{copy_input, open_input, sha256_of_file, MAX_SOURCE_BYTES};
use readcov_import::FileProvider;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where base texts were kept under the workspace root, and still are without a cache folder.
pub const WORKSPACE_DIR: &str = ".readcov/base";

/// The most bytes of kept texts one workspace's folder holds, and the most a session loads back
/// (`Cache::kept`): a repository with many large gold files would otherwise fill the user's cache
/// folder, and one shipping a `.readcov/base/` of its own would be read into memory whole.
pub const MAX_KEPT_BYTES: u64 = 4 * MAX_SOURCE_BYTES;

/// readcov's cache folder for this process when its embedder set one (the in-process tests do,
/// so that they never write into the user's cache); before the environment.
static CACHE_HOME: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Sets this process's cache folder (once; `false` if it was set already).
pub fn set_cache_home(dir: PathBuf) -> bool {
    CACHE_HOME.set(dir).is_ok()
}

/// Where one workspace's base texts are looked up and kept.
pub struct Cache {
    root: PathBuf,
    /// readcov's cache folder for this workspace; none without `XDG_CACHE_HOME` and `HOME`.
    user: Option<PathBuf>,
}

impl Cache {
    /// The cache of the workspace at `root`, placed by the environment (never by the
    /// repository's configuration).
    pub fn of(root: &Path) -> Cache {
        let absolute = |v: std::ffi::OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
        if let Some(dir) = CACHE_HOME.get() {
            return Cache::under(root, Some(dir));
        }
        // Relative values are ignored: resolved against the server's working folder, which is
        // the workspace an editor opened, they would put the cache into the user's tree.
        let xdg = std::env::var_os("XDG_CACHE_HOME").and_then(absolute);
        let home = || {
            std::env::var_os("HOME")
                .and_then(absolute)
                .map(|h| h.join(".cache"))
        };
        Cache::under(root, xdg.or_else(home).as_deref())
    }

    /// The cache of `root` under the cache folder `cache` (`None`: in the workspace).
    pub fn under(root: &Path, cache: Option<&Path>) -> Cache {
        let real = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        let ws = sha256_hex(real.as_os_str().as_encoded_bytes());
        Cache {
            user: cache.map(|c| c.join("readcov").join("base").join(&ws[..16])),
            root: real,
        }
    }

    /// The folders a kept text is looked up in, the one texts are kept in first.
    pub fn dirs(&self) -> Vec<PathBuf> {
        (self.user.iter().cloned())
            .chain([self.root.join(WORKSPACE_DIR)])
            .collect()
    }

    /// The folder texts are kept in, created; the workspace fallback never through a symlink.
    fn keep_dir(&self) -> std::io::Result<PathBuf> {
        if let Some(dir) = &self.user {
            std::fs::create_dir_all(dir)?;
            return Ok(dir.clone());
        }
        // One folder at a time, each checked before the next is made in it: `create_dir_all`
        // followed a repository's `.readcov` symlink and made `base` in the folder it points to.
        let mut dir = self.root.clone();
        for part in Path::new(WORKSPACE_DIR) {
            dir.push(part);
            match std::fs::create_dir(&dir) {
                Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(e),
                _ => {}
            }
            // `mkdir` never follows a symlink in the last component; `lstat` sees the link.
            if !std::fs::symlink_metadata(&dir)?.file_type().is_dir() {
                return Err(std::io::Error::other(format!(
                    "{} is not a real folder (a symlink or a file); nothing kept through it",
                    dir.display()
                )));
            }
        }
        Ok(dir)
    }

    /// Keeps the text of `disk` when it hashes to `sha` (the gold's base) and is not kept yet.
    /// Hashed in pieces first, so a file that is not the base costs no memory and writes
    /// nothing; then copied in pieces to a temporary name, hashed again, and renamed, so a reader
    /// never sees half a text and a file changed meanwhile is not kept under the wrong name. A
    /// file past [`MAX_SOURCE_BYTES`] is refused unread.
    pub fn keep(&self, disk: &Path, sha: &str) -> Result<(), String> {
        let Some(sha) = name(sha) else {
            return Ok(());
        };
        if self.dirs().iter().any(|d| d.join(&sha).is_file()) {
            return Ok(());
        }
        let (_, len) = open_input(disk).map_err(|e| e.what)?;
        if len > MAX_SOURCE_BYTES {
            return Err(format!(
                "{len} bytes, over the limit of {MAX_SOURCE_BYTES} bytes for a kept base text; not read"
            ));
        }
        if sha256_of_file(disk).map_err(|e| e.what)? != sha {
            return Ok(());
        }
        let dir = self.keep_dir().map_err(|e| e.to_string())?;
        let used = folder_bytes(&dir);
        if used + len > MAX_KEPT_BYTES {
            return Err(format!(
                "{len} bytes more would take the kept texts of this workspace ({used} bytes in {}) \
                 over the limit of {MAX_KEPT_BYTES} bytes; not kept",
                dir.display()
            ));
        }
        static TMP: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = TMP.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tmp = dir.join(format!(".{sha}.{}.{n}", std::process::id()));
        match copy_input(disk, &tmp, MAX_SOURCE_BYTES).map_err(|e| e.what) {
            Ok(got) if got == sha => {
                std::fs::rename(&tmp, dir.join(&sha)).map_err(|e| e.to_string())
            }
            other => {
                let _ = std::fs::remove_file(&tmp);
                other.map(|_| ())
            }
        }
    }

    /// The kept text whose sha256 is `sha`, if it is there (at most [`MAX_SOURCE_BYTES`]) and
    /// still hashes to it.
    pub fn load(&self, sha: &str) -> Option<Vec<u8>> {
        let sha = name(sha)?;
        (self.dirs().iter()).find_map(|dir| {
            let real = dir.join(&sha).canonicalize().ok()?;
            // In the workspace, never through a symlink out of it.
            if dir.starts_with(&self.root) && !real.starts_with(&self.root) {
                return None;
            }
            let bytes = readcov_files::read_source(&real).ok()?;
            (sha256_hex(&bytes) == sha).then_some(bytes)
        })
    }

    /// Every kept text that still hashes to its name (a later session looking for a base whose
    /// sha256 it does not know yet: the text a patch was made against, see `patch_base`).
    pub fn kept(&self) -> Vec<Vec<u8>> {
        let mut names: Vec<String> = (self.dirs().iter())
            .filter_map(|d| std::fs::read_dir(d).ok())
            .flat_map(|d| d.flatten())
            .filter_map(|e| e.file_name().to_str().and_then(name))
            .collect();
        names.sort();
        names.dedup();
        // At most MAX_KEPT_BYTES in all, whatever a folder holds: each text's size is checked
        // before it is read.
        let mut left = MAX_KEPT_BYTES;
        let mut out = Vec::new();
        for sha in &names {
            let len = (self.dirs().iter())
                .find_map(|d| std::fs::metadata(d.join(sha)).ok().filter(|m| m.is_file()))
                .map_or(0, |m| m.len());
            if len > left {
                continue;
            }
            if let Some(text) = self.load(sha) {
                left -= text.len() as u64;
                out.push(text);
            }
        }
        out
    }
}

/// Bytes of the regular files directly in `dir` (the kept texts and any temporary copy).
fn folder_bytes(dir: &Path) -> u64 {
    (std::fs::read_dir(dir).into_iter().flatten().flatten())
        .filter_map(|e| e.metadata().ok().filter(|m| m.is_file()))
        .map(|m| m.len())
        .sum()
}

/// A name that is a hash only: nothing else can reach outside the cache folder.
fn name(sha: &str) -> Option<String> {
    (sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| sha.to_ascii_lowercase())
}

/// The workspace as a trajectory import sees it: a gold file is served as the text its gold was
/// made against when that is kept (the agent read the base; a file not edited since is that text
/// anyway), any other file as it is on disk.
pub struct Overlay<'a> {
    pub ws: &'a Workspace,
    /// The kept base text of a gold file (see `Store::base_text`).
    pub base: &'a dyn Fn(&str) -> Option<Arc<Vec<u8>>>,
}

impl FileProvider for Overlay<'_> {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        match (self.base)(path) {
            Some(t) => Some(t.as_ref().clone()),
            None => self.ws.read(path),
        }
    }
    fn has_workspace(&self) -> bool {
        self.ws.has_workspace()
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        self.ws.is_dir(path)
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        self.ws.list_dir(path)
    }
}

#[cfg(test)]
mod tests;
