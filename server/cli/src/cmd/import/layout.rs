//! `readcov import --layout task/run`: a folder laid out `<task>/<run>.traj` (as Multi-SWE-bench
//! and tests/data/real-multi publish SWE-agent runs) names each log's task by its folder and its
//! run by its file name, so one command imports the whole folder; without it a log that names no
//! instance id would take its file name (the model) as its task.

use readcov_import::ImportOptions;
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// How a log's task and run are named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// From the log (its instance id; else the file name) and the format (`--task`/`--run` win).
    #[default]
    Log,
    /// `<task>/<run>.<ext>`: the task is the file's folder, the run its name without extensions.
    #[value(name = "task/run")]
    TaskRun,
}

/// The inputs with each folder given under `task/run` replaced by its `<task>/<file>` files, in
/// name order (`readcov_files::layout`, shared with Python).
pub fn expand(files: &[PathBuf], layout: Layout) -> Vec<PathBuf> {
    match layout {
        Layout::Log => files.to_vec(),
        Layout::TaskRun => readcov_files::layout::task_run_files(files),
    }
}

/// The options one file is imported with: under `task/run`, its folder's name as the task and
/// its stem as the run.
pub fn opts_for<'a>(
    layout: Layout,
    file: &Path,
    opts: &'a ImportOptions,
) -> Cow<'a, ImportOptions> {
    match layout {
        Layout::TaskRun => readcov_files::layout::task_run_opts(file, opts),
        Layout::Log => Cow::Borrowed(opts),
    }
}

#[cfg(test)]
mod tests;
