//! Where each task's files are when every task has its own checkout (`report --workspaces DIR`,
//! `DIR/<task>/`): the LCOV and SARIF exports name such a file `<task>/<path>`, relative to `DIR`.
//! Two tasks' base commits often share a path with different contents (`requests/sessions.py` of
//! three requests tasks: 531, 569 and 671 lines), and LCOV tools merge every record of one path
//! into one file: written as the bare path, lines of three files were summed as one, and no
//! single folder held them all for `genhtml` or a SARIF viewer to open.

use std::borrow::Cow;
use std::collections::BTreeSet;

/// The `--workspaces` folder and the tasks that have their folder in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskFolders {
    /// `DIR`, absolute: SARIF's `SRCROOT`.
    pub root: String,
    /// The tasks with a usable folder of their own in `DIR` (found by the caller).
    pub tasks: BTreeSet<String>,
}

impl TaskFolders {
    /// The path a file of `task` is exported under: `<task>/<path>` when the task has its folder
    /// and the path is relative; otherwise the path as given.
    pub fn path<'a>(&self, task: &str, path: &'a str) -> Cow<'a, str> {
        match self.tasks.contains(task) && !path.starts_with('/') {
            true => Cow::Owned(format!("{task}/{path}")),
            false => Cow::Borrowed(path),
        }
    }
}

/// The exported path of `task`'s `path` under `folders` (none: the path as given).
pub fn exported<'a>(folders: Option<&TaskFolders>, task: &str, path: &'a str) -> Cow<'a, str> {
    folders.map_or(Cow::Borrowed(path), |f| f.path(task, path))
}

#[cfg(test)]
mod tests;
