//! Task folders of one task whose imported threads have one file name: AutoCodeRover's runs
//! (`acr-run-1`, `acr-run-2`, … of its `results/`) each have a folder per task, and a thread's
//! run id is `autocoderover/<file name>`, so both would give the same task and run and their rows
//! be taken for one run's. Each such thread's run is named apart by its folder instead, as
//! `--run` names a run: `autocoderover/<folder>/<file name>`, `<folder>` the shortest end of the
//! folders' paths that tells them apart (the task folder's own name, `<instance_id>_<stamp>`,
//! unless two share it).

use readcov_import::autocoderover::folder::thread_name;
use readcov_import::autocoderover::task_of;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

/// Threads of one task and one file name from two or more task folders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameRun {
    pub task: String,
    /// The thread file name they share.
    pub name: String,
    /// Each file (in input order) with the end of its folder's path its run is named by.
    pub files: Vec<(PathBuf, String)>,
}

/// The threads among `files` (those not dropped) that share a task and a file name.
pub(super) fn find(files: &[PathBuf], drop: &[bool]) -> Vec<SameRun> {
    let mut seen: BTreeMap<(String, String), Vec<&PathBuf>> = BTreeMap::new();
    for (f, _) in files.iter().zip(drop).filter(|(_, d)| !**d) {
        let Some(name) = f
            .file_name()
            .and_then(|n| n.to_str())
            .filter(|n| thread_name(n).is_some())
        else {
            continue;
        };
        let Some(task) = task_of(&f.to_string_lossy()) else {
            continue;
        };
        seen.entry((task, name.to_string())).or_default().push(f);
    }
    let mut out: Vec<SameRun> = seen
        .into_iter()
        .filter(|(_, f)| f.len() > 1)
        .map(|((task, name), f)| {
            let dirs: Vec<&Path> = f.iter().map(|p| p.parent().unwrap_or(p)).collect();
            let tails = tails(&dirs);
            SameRun {
                task,
                name,
                files: f.into_iter().cloned().zip(tails).collect(),
            }
        })
        .collect();
    // Said in the order the first file of each came in.
    let at = |p: &PathBuf| files.iter().position(|f| f == p);
    out.sort_by_key(|s| at(&s.files[0].0));
    out
}

/// The last `k` components of each folder, `k` the fewest that make them all different (the
/// whole paths when no `k` does: folders named alike through `.` or `..`).
fn tails(dirs: &[&Path]) -> Vec<String> {
    let parts: Vec<Vec<String>> = dirs
        .iter()
        .map(|d| {
            d.components()
                .filter_map(|c| match c {
                    Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let most = parts.iter().map(Vec::len).max().unwrap_or(0);
    for k in 1..=most {
        let ends: Vec<String> = parts
            .iter()
            .map(|p| p[p.len().saturating_sub(k)..].join("/"))
            .collect();
        let mut sorted = ends.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() == ends.len() {
            return ends;
        }
    }
    dirs.iter().map(|d| d.display().to_string()).collect()
}
