//! AutoCodeRover task folders read as one run each: of the thread files of one folder
//! (`conversation_round_N.json`, `debug_agent_write_patch_N.json`) only the last is imported —
//! the highest `debug_agent_write_patch_N.json`, else the highest round — and each other one that
//! is a prefix of it is passed over, named (it holds none of the holder's reads that the holder
//! lacks, so importing it gave each read once more per file). One that is no prefix stays a run
//! of its own, with a warning. A thread file given alone is imported as it is.

use crate::read_input;
use readcov_import::autocoderover::folder::{held, thread_name, Held, ThreadName};
use readcov_import::autocoderover::task_of;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A thread file passed over: its messages are the first ones of `holder`'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passed {
    pub file: PathBuf,
    pub holder: PathBuf,
}

/// The inputs with the threads other threads hold taken out.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Grouped {
    pub files: Vec<PathBuf>,
    pub passed: Vec<Passed>,
    /// Thread files beside a holder that are not a prefix of it (imported as runs of their own),
    /// and holders of two task folders of one task with one file name (one run id), each said
    /// as `warning: …` by the shard importing the file first named.
    pub warnings: Vec<(PathBuf, String)>,
}

/// Groups the thread files of each folder (whatever the order they came in, given one by one or
/// found under a folder) and keeps the holder of each.
pub fn group(files: Vec<PathBuf>) -> Grouped {
    let mut folders: BTreeMap<&Path, Vec<(ThreadName, usize)>> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        let name = f.file_name().and_then(|n| n.to_str()).and_then(thread_name);
        if let (Some(name), Some(dir)) = (name, f.parent()) {
            folders.entry(dir).or_default().push((name, i));
        }
    }
    let mut out = Grouped::default();
    let mut drop = vec![false; files.len()];
    for threads in folders.values().filter(|t| t.len() > 1) {
        let Some(&(holder_name, h)) = threads.iter().max() else {
            continue;
        };
        // A holder that cannot be read or is no thread groups nothing: each file as it is.
        let Some(holder) = parse(&files[h]) else {
            continue;
        };
        for &(name, i) in threads.iter().filter(|t| t.1 != h) {
            let Some(part) = parse(&files[i]) else {
                continue;
            };
            match held(&holder, holder_name, &part, name) {
                Some(Held::Prefix) => {
                    drop[i] = true;
                    out.passed.push(Passed {
                        file: files[i].clone(),
                        holder: files[h].clone(),
                    });
                }
                Some(Held::Not(why)) => out.warnings.push((
                    files[h].clone(),
                    format!(
                        "warning: {}: an AutoCodeRover thread beside {} but not a prefix of it ({why}): imported as a run of its own",
                        files[i].display(),
                        files[h].display()
                    ),
                )),
                None => {}
            }
        }
    }
    same_run(&files, &drop, &mut out.warnings);
    out.passed.sort_by(|a, b| a.file.cmp(&b.file));
    out.files = files
        .into_iter()
        .zip(drop)
        .filter_map(|(f, d)| (!d).then_some(f))
        .collect();
    out
}

/// Warns of thread files of two task folders of one task with one name: the same task and run
/// id, so their rows would be taken for one run's (AutoCodeRover's `acr-run-1`, `acr-run-2`, …
/// each have a folder per task).
fn same_run(files: &[PathBuf], drop: &[bool], warnings: &mut Vec<(PathBuf, String)>) {
    let mut seen: BTreeMap<(String, &std::ffi::OsStr), &PathBuf> = BTreeMap::new();
    for (f, _) in files.iter().zip(drop).filter(|(_, d)| !**d) {
        let Some(name) = f
            .file_name()
            .filter(|n| n.to_str().and_then(thread_name).is_some())
        else {
            continue;
        };
        let Some(task) = task_of(&f.to_string_lossy()) else {
            continue;
        };
        match seen.get(&(task.clone(), name)) {
            Some(first) => warnings.push((
                f.clone(),
                format!(
                    "warning: {}: the same task ({task}) and run as {}: their rows would be one run's; import them apart with --run",
                    f.display(),
                    first.display()
                ),
            )),
            None => {
                seen.insert((task, name), f);
            }
        }
    }
}

fn parse(p: &Path) -> Option<Value> {
    serde_json::from_slice(&read_input(p).ok()?).ok()
}

#[cfg(test)]
mod tests;
