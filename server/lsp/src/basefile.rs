//! Base texts kept by the server: a gold file whose text on disk is the gold's base is copied
//! to `.readcov/base/<sha256>` in the workspace, so that after the user edits and saves it a
//! later session can still map gold and reads by a line diff (and import trajectories against
//! the text the agent saw). Content-addressed: a text is only ever used when it hashes to the
//! name it is looked up by.

use crate::sources::Workspace;
use readcov_core::base::sha256_hex;
use readcov_import::FileProvider;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where base texts are kept, under the workspace root.
pub const CACHE_DIR: &str = ".readcov/base";

fn file(root: &Path, sha: &str) -> Option<PathBuf> {
    // The name is a hash only: nothing else can reach outside the cache folder.
    (sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| root.join(CACHE_DIR).join(sha.to_ascii_lowercase()))
}

/// Keeps `bytes` (whose sha256 is `sha`) unless already kept: written to a temporary name and
/// renamed, so a reader never sees half a text.
pub fn save(root: &Path, sha: &str, bytes: &[u8]) -> std::io::Result<()> {
    let Some(path) = file(root, sha) else {
        return Ok(());
    };
    if path.is_file() {
        return Ok(());
    }
    let dir = root.join(CACHE_DIR);
    std::fs::create_dir_all(&dir)?;
    // Never through a symlink out of the workspace.
    let real = dir.canonicalize()?;
    if !real.starts_with(root.canonicalize()?) {
        return Err(std::io::Error::other(format!(
            "{} resolves outside the workspace",
            dir.display()
        )));
    }
    let tmp = real.join(format!(".{sha}.{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, real.join(sha.to_ascii_lowercase()))
}

/// The kept text whose sha256 is `sha`, if it is there and still hashes to it.
pub fn load(root: &Path, sha: &str) -> Option<Vec<u8>> {
    let path = file(root, sha)?;
    let real = path.canonicalize().ok()?;
    if !real.starts_with(root.canonicalize().ok()?) {
        return None;
    }
    let bytes = readcov_files::read_input(&real).ok()?;
    sha256_hex(&bytes)
        .eq_ignore_ascii_case(sha)
        .then_some(bytes)
}

/// Every kept text that still hashes to its name (a later session looking for a base whose
/// sha256 it does not know yet: the text a patch was made against, see `patch_base`).
pub fn kept(root: &Path) -> Vec<Vec<u8>> {
    let Ok(dir) = std::fs::read_dir(root.join(CACHE_DIR)) else {
        return Vec::new();
    };
    let mut names: Vec<String> = dir
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .collect();
    names.sort();
    names.iter().filter_map(|sha| load(root, sha)).collect()
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_texts_are_found_by_their_hash_only() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let text = b"a\nb\n";
        let sha = sha256_hex(text);
        assert_eq!(load(&root, &sha), None);
        save(&root, &sha, text).unwrap();
        assert_eq!(load(&root, &sha).as_deref(), Some(&text[..]));
        assert_eq!(load(&root, &sha.to_uppercase()).as_deref(), Some(&text[..]));
        // A kept file that no longer hashes to its name is not used.
        std::fs::write(root.join(CACHE_DIR).join(&sha), b"tampered").unwrap();
        assert_eq!(load(&root, &sha), None);
        // A name that is not a hash reaches nothing.
        assert_eq!(load(&root, "../../etc/passwd"), None);
        assert!(save(&root, "../x", b"x").is_ok());
        assert!(!root.join(".readcov/x").exists());
        // Listed: only what still hashes to its name.
        let other = b"c\n";
        save(&root, &sha256_hex(other), other).unwrap();
        std::fs::write(root.join(CACHE_DIR).join("notes.txt"), b"x").unwrap();
        assert_eq!(kept(&root), vec![other.to_vec()]);
    }
}
