//! `--layout task/run` (`readcov import`, Python `import_log(layout="task/run")`): a folder laid
//! out `<task>/<run>.traj` (as Multi-SWE-bench and tests/data/real-multi publish SWE-agent runs)
//! names each log's task by its folder and its run by its file name, so one call imports the
//! whole folder; without it a log that names no instance id would take its file name (the model)
//! as its task.

use crate::logs::is_conversation;
use readcov_import::ImportOptions;
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// The inputs with each folder replaced by its `<task>/<file>` files, in name order (a folder
/// that is an OpenHands V1 conversation stays a folder).
pub fn task_run_files(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for f in files {
        if !f.is_dir() || is_conversation(f) {
            out.push(f.clone());
            continue;
        }
        for task in sorted(f).into_iter().filter(|t| t.is_dir()) {
            out.extend(sorted(&task).into_iter().filter(|p| p.is_file()));
        }
    }
    out
}

/// The inputs with each plain folder replaced by the files under it, in name order (`readcov
/// import data/`: "folders of them"; before, every folder but a V1 conversation was refused). A
/// folder that is an OpenHands V1 conversation stays one log, and so does a folder with no file
/// (then refused, named); hidden entries, links to folders (a walk that cannot loop) and what is
/// no regular file are passed over.
pub fn folder_files(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for f in files {
        let before = out.len();
        if f.is_dir() && !is_conversation(f) {
            walk(f, &mut out);
        }
        // A file as it is; a folder with no file under it too, refused naming it (`logs::read`).
        if out.len() == before {
            out.push(f.clone());
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for p in sorted(dir) {
        let hidden = p
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'));
        let link = std::fs::symlink_metadata(&p).map_or(true, |m| m.file_type().is_symlink());
        if hidden {
            continue;
        }
        if p.is_dir() && !link {
            match is_conversation(&p) {
                true => out.push(p),
                false => walk(&p, out),
            }
        } else if p.is_file() {
            out.push(p);
        }
    }
}

fn sorted(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// The options one file is imported with: its folder's name as the task and its name without
/// extensions as the run (as given when the path has no folder or is not UTF-8).
pub fn task_run_opts<'a>(file: &Path, opts: &'a ImportOptions) -> Cow<'a, ImportOptions> {
    let folder = file
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str());
    let name = file.file_name().and_then(|n| n.to_str());
    match (folder, name) {
        (Some(task), Some(name)) => Cow::Owned(ImportOptions {
            task: Some(task.to_string()),
            run: Some(name.split('.').next().unwrap_or(name).to_string()),
            ..opts.clone()
        }),
        _ => Cow::Borrowed(opts),
    }
}

#[cfg(test)]
mod tests;
