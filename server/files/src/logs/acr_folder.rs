//! AutoCodeRover task folders read as one run each: of the thread files of one folder
//! (`conversation_round_N.json`, `debug_agent_write_patch_N.json`) only the last is imported —
//! the highest `debug_agent_write_patch_N.json`, else the highest round — and each other one that
//! is a prefix of it is passed over, named (it holds none of the holder's reads that the holder
//! lacks, so importing it gave each read once more per file). One that is no prefix stays a run
//! of its own, with a warning. A thread file given alone is imported as it is. The folder's other
//! files that AutoCodeRover writes ([`parts`]) are passed over too, counted; the threads read
//! and parsed here are kept for the import ([`Grouped::kept`]), and task folders of one task
//! whose threads have one name get runs named apart by folder ([`same_run`]).

mod parts;
mod same_run;

pub use parts::part_kind;
pub use same_run::SameRun;

use crate::read_input;
use readcov_import::autocoderover::folder::{held, thread_name, Held, ThreadName};
use readcov_import::autocoderover::is_thread;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Bytes of thread files kept at most, with their parse, from the grouping to the import (a
/// results tree of more is parsed again past it; profiled sizes: acr-run-1's 300 holders are
/// 11 MB, so a whole AutoCodeRover run is kept).
pub const KEPT_BYTES: usize = 64 << 20;

/// A file passed over beside a thread that is imported: its `holder`, the folder's last thread
/// (for a thread file: its messages are the first ones of the holder's; for another file of the
/// folder: [`part_kind`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passed {
    pub file: PathBuf,
    pub holder: PathBuf,
}

/// A thread file read and parsed to group its folder, handed to the import so that it is not
/// read or parsed again.
#[derive(Debug)]
pub struct Thread {
    pub bytes: Vec<u8>,
    pub value: Value,
}

/// The inputs with the threads other threads hold, and the folders' other files, taken out.
#[derive(Debug, Default)]
pub struct Grouped {
    pub files: Vec<PathBuf>,
    pub passed: Vec<Passed>,
    /// The task folders' files that are no thread and that AutoCodeRover writes ([`part_kind`]).
    pub parts: Vec<Passed>,
    /// Thread files beside a holder that are not a prefix of it (imported as runs of their own),
    /// each said as `warning: …` by the shard importing the holder.
    pub warnings: Vec<(PathBuf, String)>,
    /// Thread files of two or more task folders of one task with one name ([`same_run`]).
    pub same_run: Vec<SameRun>,
    /// The threads among `files` that were read and parsed here (up to [`KEPT_BYTES`]).
    pub kept: HashMap<PathBuf, Thread>,
}

/// Groups the thread files of each folder (whatever the order they came in, given one by one or
/// found under a folder) and keeps the holder of each.
pub fn group(files: Vec<PathBuf>) -> Grouped {
    group_with(files, KEPT_BYTES, &|p| read_input(p).ok())
}

/// [`group`] with the reading given and the bytes kept at most (the tests count the reads).
pub(crate) fn group_with(
    files: Vec<PathBuf>,
    budget: usize,
    read: &dyn Fn(&Path) -> Option<Vec<u8>>,
) -> Grouped {
    let mut folders: BTreeMap<&Path, Vec<(ThreadName, usize)>> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        let name = f.file_name().and_then(|n| n.to_str()).and_then(thread_name);
        if let (Some(name), Some(dir)) = (name, f.parent()) {
            folders.entry(dir).or_default().push((name, i));
        }
    }
    let mut out = Grouped::default();
    let mut drop = vec![false; files.len()];
    let mut kept_bytes = 0;
    // Only a thread is kept: the import decides from its parse as it would from its bytes (a
    // JSON array of messages is no dataset, [`crate::import_run`]).
    let mut keep = |out: &mut Grouped, file: &PathBuf, t: Thread| {
        if is_thread(&t.value) && kept_bytes + t.bytes.len() <= budget {
            kept_bytes += t.bytes.len();
            out.kept.insert(file.clone(), t);
        }
    };
    for threads in folders.values().filter(|t| t.len() > 1) {
        let Some(&(holder_name, h)) = threads.iter().max() else {
            continue;
        };
        // A holder that cannot be read or is no thread groups nothing: each file as it is.
        let Some(holder) = parse(&files[h], read) else {
            continue;
        };
        for &(name, i) in threads.iter().filter(|t| t.1 != h) {
            let Some(part) = parse(&files[i], read) else {
                continue;
            };
            match held(&holder.value, holder_name, &part.value, name) {
                Some(Held::Prefix) => {
                    drop[i] = true;
                    out.passed.push(Passed {
                        file: files[i].clone(),
                        holder: files[h].clone(),
                    });
                }
                Some(Held::Not(why)) => {
                    out.warnings.push((
                        files[h].clone(),
                        format!(
                            "warning: {}: an AutoCodeRover thread beside {} but not a prefix of it ({why}): imported as a run of its own",
                            files[i].display(),
                            files[h].display()
                        ),
                    ));
                    keep(&mut out, &files[i], part);
                }
                None => {}
            }
        }
        keep(&mut out, &files[h], holder);
    }
    let holders: BTreeMap<&Path, usize> = folders
        .iter()
        .filter_map(|(dir, t)| Some((*dir, t.iter().max()?.1)))
        .collect();
    for (i, f) in files.iter().enumerate() {
        let holder = f.parent().and_then(|d| holders.get(d));
        if let (Some(&h), Some(_)) = (holder, part_kind(f)) {
            drop[i] = true;
            out.parts.push(Passed {
                file: f.clone(),
                holder: files[h].clone(),
            });
        }
    }
    out.same_run = same_run::find(&files, &drop);
    out.passed.sort_by(|a, b| a.file.cmp(&b.file));
    out.files = files
        .into_iter()
        .zip(drop)
        .filter_map(|(f, d)| (!d).then_some(f))
        .collect();
    out
}

/// The file read and parsed as JSON (`None`: it cannot be read, or is no JSON).
fn parse(p: &Path, read: &dyn Fn(&Path) -> Option<Vec<u8>>) -> Option<Thread> {
    let bytes = read(p)?;
    let value = serde_json::from_slice(&bytes).ok()?;
    Some(Thread { bytes, value })
}

#[cfg(test)]
mod tests;
