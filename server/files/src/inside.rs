//! [`crate::inside_workspace`] once per path: a reads log of millions of rows names a few hundred
//! files, and resolving a path through symlinks costs about six system calls (`lstat` of the
//! path, then `realpath`'s walk). Asked per row, that made `--workspace` parsing 45 times slower
//! (issue 35, item 12); asked per distinct path, it is a hash lookup. A path asked the first time
//! is walked by [`crate::Beneath`] (one `lstat` per component, the workspace's folders kept),
//! not resolved whole.

use crate::Beneath;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// How many distinct paths keep their answer. A hostile file of millions of distinct paths
/// stops filling the cache here and is checked row by row, as before: memory stays bounded.
pub const MAX_CACHED_PATHS: usize = 1 << 16;

/// The workspace check for one load: the answer of [`crate::inside_workspace`] for each path,
/// kept for the rest of the load (a symlink swapped in the middle of one load is the same race
/// as one swapped just after it).
pub struct WorkspaceCheck {
    root: Option<Beneath>,
    seen: RefCell<HashMap<String, Result<(), String>>>,
}

impl WorkspaceCheck {
    /// `root` is the canonical workspace (`None`: nothing is checked).
    pub fn new(root: Option<PathBuf>) -> WorkspaceCheck {
        WorkspaceCheck {
            root: root.map(Beneath::new),
            seen: RefCell::new(HashMap::new()),
        }
    }

    /// The canonical form of `workspace` (an unresolvable one checks nothing, as before).
    pub fn of(workspace: Option<&str>) -> WorkspaceCheck {
        WorkspaceCheck::new(workspace.and_then(|w| Path::new(w).canonicalize().ok()))
    }

    /// [`crate::inside_workspace`] for `rel`, from the cache when it was asked before.
    pub fn check(&self, rel: &str) -> Result<(), String> {
        let Some(root) = self.root.as_ref() else {
            return Ok(());
        };
        if let Some(known) = self.seen.borrow().get(rel) {
            return known.clone();
        }
        let answer = root.inside(rel);
        let mut seen = self.seen.borrow_mut();
        if seen.len() < MAX_CACHED_PATHS {
            seen.insert(rel.to_string(), answer.clone());
        }
        answer
    }

    /// How many paths have a kept answer (tests).
    pub fn cached(&self) -> usize {
        self.seen.borrow().len()
    }
}

#[cfg(test)]
mod tests;
