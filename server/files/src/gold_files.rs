//! Workspace files for gold definitions (`readcov gold`, the Python module): one folder for every task (`--workspace`) or one per
//! task (`--workspaces DIR` → `DIR/<task>/`), every read confined (through symlinks) to it.

use crate::{read_confined, task_dir};
use readcov_gold::TaskFiles;
use std::path::{Path, PathBuf};

pub struct Workspaces {
    pub one: Option<PathBuf>,
    pub per_task: Option<PathBuf>,
}

impl Workspaces {
    /// The workspace folder of `task`, if any.
    pub fn root(&self, task: &str) -> Option<PathBuf> {
        match (&self.one, &self.per_task) {
            (Some(dir), _) => Some(dir.clone()),
            (None, Some(dir)) => task_dir(dir, task),
            (None, None) => None,
        }
    }
}

impl TaskFiles for Workspaces {
    fn read(&self, task: &str, path: &str) -> Option<String> {
        // Lossy, as `score` and the language server read sources: a file with a stray byte that
        // is no UTF-8 was "not in the workspace" for `readcov gold` and `readcov diagnose`.
        self.bytes(task, path).map(crate::syntax::lossy)
    }
    fn bytes(&self, task: &str, path: &str) -> Option<Vec<u8>> {
        read_confined(Path::new(&self.root(task)?), path)
    }
    fn has_workspace(&self, task: &str) -> bool {
        self.root(task).is_some()
    }
}

#[cfg(test)]
mod tests;
