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
/// name order (a folder that is an OpenHands V1 conversation stays a folder).
pub fn expand(files: &[PathBuf], layout: Layout) -> Vec<PathBuf> {
    if layout == Layout::Log {
        return files.to_vec();
    }
    let mut out = Vec::new();
    for f in files {
        if !f.is_dir() || f.join("base_state.json").is_file() {
            out.push(f.clone());
            continue;
        }
        for task in sorted(f).into_iter().filter(|t| t.is_dir()) {
            out.extend(sorted(&task).into_iter().filter(|p| p.is_file()));
        }
    }
    out
}

fn sorted(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// The options one file is imported with: under `task/run`, its folder's name as the task and
/// its stem as the run.
pub fn opts_for<'a>(
    layout: Layout,
    file: &Path,
    opts: &'a ImportOptions,
) -> Cow<'a, ImportOptions> {
    let folder = file
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str());
    let name = file.file_name().and_then(|n| n.to_str());
    match (layout, folder, name) {
        (Layout::TaskRun, Some(task), Some(name)) => Cow::Owned(ImportOptions {
            task: Some(task.to_string()),
            run: Some(name.split('.').next().unwrap_or(name).to_string()),
            ..opts.clone()
        }),
        _ => Cow::Borrowed(opts),
    }
}

#[cfg(test)]
mod tests;
