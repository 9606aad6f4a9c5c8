//! Paths of one workspace resolved without a `canonicalize` each. `canonicalize` (`realpath`)
//! asks `readlink` of every component of the whole path — the workspace's own ten-odd
//! components again for each file — and profiled, that was 12–14% of `readcov contextbench` on
//! the real-size corpus. Here the root is canonical once, and a relative path is walked with one
//! `lstat` per component, the folders' answers kept for the workspace: a file of a known folder
//! costs one `lstat`. Whenever the walk meets anything but plain folders and a final entry — a
//! symbolic link anywhere, a `..`, `.` or empty component, an absolute path, an error other than
//! "missing" — the path takes the full route ([`crate::confined_file`] and friends), so every
//! answer is the one resolving the path through its links gives.
//!
//! Out of scope, as for every check made before a read: a folder replaced by a symlink while a
//! load runs. A folder's answer is kept for the load, so files beneath it asked later are taken
//! as beneath the folder it was (the same race as a link swapped in between a check and the read).

use std::borrow::Cow;
use std::collections::HashMap;
use std::fs::FileType;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Folders whose answer is kept, at most, per workspace: a checkout of more folders is walked
/// without keeping the rest (memory stays bounded; the answers are the same).
pub const MAX_KEPT_FOLDERS: usize = 1 << 14;

/// One workspace's root (canonical) and what its folders are.
pub struct Beneath {
    root: PathBuf,
    folders: Mutex<HashMap<String, Step>>,
}

/// What the walk found at one component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A directory that is no link: the walk goes on beneath it.
    Folder,
    /// Nothing there, or a non-directory with more components after it: resolving fails.
    Gone,
    /// A link or an error: the full route decides.
    Ask,
}

/// Where the walk ended.
#[derive(Clone, Debug)]
pub(crate) enum Found {
    /// `root/rel`, no link on the way: what resolving it gives, inside the root.
    Is(PathBuf, FileType),
    /// Resolving `root/rel` fails (a component missing, or one before the last not a folder).
    Gone,
    /// The full route decides.
    Ask,
}

impl Beneath {
    /// `root` must be canonical (every root in this crate is: [`crate::task_dir`],
    /// [`crate::canonical_dir`], or canonicalised where it was given).
    pub fn new(root: PathBuf) -> Beneath {
        Beneath {
            root,
            folders: Mutex::new(HashMap::new()),
        }
    }

    /// The canonical root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// [`crate::confined_file`] of the root and `rel`.
    pub fn file(&self, rel: &str) -> Option<PathBuf> {
        self.file_of(&self.walk(rel), rel).map(Cow::into_owned)
    }

    /// [`crate::confined_dir`] of the root and `rel`.
    pub fn dir(&self, rel: &str) -> Option<PathBuf> {
        self.dir_of(&self.walk(rel), rel).map(Cow::into_owned)
    }

    /// [`Beneath::file`] from `found`, the walk of `rel` ([`Beneath::walk`]) made now or kept
    /// by a caller (the import's [`crate::Workspaces`] keeps one per path): the one place that
    /// says what a walk means for a file.
    pub(crate) fn file_of<'f>(&self, found: &'f Found, rel: &str) -> Option<Cow<'f, Path>> {
        match found {
            Found::Is(path, kind) => kind.is_file().then_some(Cow::Borrowed(path)),
            Found::Gone => None,
            Found::Ask => crate::confined_file(&self.root, rel).map(Cow::Owned),
        }
    }

    /// [`Beneath::dir`] from `found`, the walk of `rel` (as [`Beneath::file_of`]).
    pub(crate) fn dir_of<'f>(&self, found: &'f Found, rel: &str) -> Option<Cow<'f, Path>> {
        match found {
            Found::Is(path, kind) => kind.is_dir().then_some(Cow::Borrowed(path)),
            Found::Gone => None,
            Found::Ask => crate::confined_dir(&self.root, rel).map(Cow::Owned),
        }
    }

    /// [`Beneath::is_readable_file`] from `found`, the walk of `rel` (as [`Beneath::file_of`]).
    pub(crate) fn is_readable_file_of(&self, found: &Found, rel: &str) -> bool {
        self.file_of(found, rel).is_some_and(|f| readable(&f))
    }

    /// [`crate::inside_workspace`] of the root and `rel`: whatever exists without a link on
    /// the way is inside, and what does not exist is fine.
    pub fn inside(&self, rel: &str) -> Result<(), String> {
        match self.walk(rel) {
            Found::Is(..) | Found::Gone => Ok(()),
            Found::Ask => crate::inside_workspace(Some(&self.root), rel),
        }
    }

    /// [`crate::task_dir`] of the root and `task`: one plain folder name resolving to a
    /// directory inside the root.
    pub fn task_dir(&self, task: &str) -> Option<PathBuf> {
        let mut parts = Path::new(task).components();
        let plain = matches!(
            (parts.next(), parts.next()),
            (Some(std::path::Component::Normal(_)), None)
        );
        if !plain {
            return None;
        }
        self.dir(task)
    }

    /// Whether [`crate::read_confined`] of the root and `rel` would give bytes, found without
    /// reading them: a regular file inside the root that opens for reading and is within
    /// [`crate::MAX_SOURCE_BYTES`] (a file past it, or without read permission, is not one).
    pub fn is_readable_file(&self, rel: &str) -> bool {
        self.is_readable_file_of(&self.walk(rel), rel)
    }

    /// How many folders have a kept answer (tests).
    pub fn kept(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Step>> {
        // A panic while the lock was held left the map whole (each change is one insert).
        self.folders.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The walk of `rel` from the root: the folders before its last component from what is
    /// kept (else one `lstat` each, then kept), the last one `lstat`ed now.
    pub(crate) fn walk(&self, rel: &str) -> Found {
        if !plain(rel) {
            return Found::Ask;
        }
        let last = rel.rfind('/').map_or(0, |i| i + 1);
        let mut end = 0;
        while end < last {
            let next = end + rel[end..].find('/').unwrap_or(rel.len() - end);
            let folder = &rel[..next];
            let known = self.lock().get(folder).copied();
            let step = known.unwrap_or_else(|| {
                let step = folder_step(&self.root.join(folder));
                let mut kept = self.lock();
                if kept.len() < MAX_KEPT_FOLDERS {
                    kept.insert(folder.to_string(), step);
                }
                step
            });
            match step {
                Step::Folder => end = next + 1,
                Step::Gone => return Found::Gone,
                Step::Ask => return Found::Ask,
            }
        }
        let path = self.root.join(rel);
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => Found::Ask,
            Ok(m) => Found::Is(path, m.file_type()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Found::Gone,
            Err(_) => Found::Ask,
        }
    }
}

/// Whether `file` opens as [`crate::read_source`] opens it, and is no longer than it reads.
pub(crate) fn readable(file: &Path) -> bool {
    crate::open_input(file).is_ok_and(|(_, len)| len <= crate::MAX_SOURCE_BYTES)
}

/// Whether `rel` is relative and has no empty, `.` or `..` component (`a//b`, `a/`, `./a`,
/// `/etc` take the full route: `Path` would quietly drop some of them, resolving does not).
fn plain(rel: &str) -> bool {
    !rel.is_empty()
        && rel
            .split('/')
            .all(|c| !c.is_empty() && c != "." && c != "..")
}

/// What one folder component (every one before it a folder) is to the walk.
fn folder_step(path: &Path) -> Step {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Step::Ask,
        Ok(m) if m.is_dir() => Step::Folder,
        // A file with more after it: resolving fails with "not a directory".
        Ok(_) => Step::Gone,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Step::Gone,
        Err(_) => Step::Ask,
    }
}

#[cfg(test)]
mod tests;
