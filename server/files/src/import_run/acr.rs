//! What the AutoCodeRover task folders among an import's inputs came to
//! ([`crate::logs::acr_folder`]): the threads and other files passed over and what the import
//! says of them, the threads kept parsed for the import, and the runs named by their folder.

use super::{ImportSink, Plan, Walk, NOTES_PER_FILE};
use crate::logs::acr_folder::{Grouped, Passed, SameRun, Thread};
use crate::rows::Parsed;
use readcov_import::{Doc, Format};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The AutoCodeRover part of a [`Plan`].
#[derive(Debug)]
pub struct Folders {
    /// Threads passed over (each a prefix of a thread among the plan's files).
    pub passed: Vec<Passed>,
    /// Files of task folders that are no thread ([`crate::logs::acr_folder::part_kind`]).
    pub parts: Vec<Passed>,
    /// Warnings of threads beside a holder that are not its prefix, by holder.
    pub warnings: Vec<(PathBuf, String)>,
    /// Threads of one task and name from several task folders (none under `--layout
    /// task/run`, where each folder is a task of its own).
    pub same_run: Vec<SameRun>,
    /// Each of those threads and the end of its folder's path its run is named by.
    pub run_dirs: HashMap<PathBuf, String>,
    /// Threads read and parsed to group their folder, taken by the import.
    kept: Mutex<HashMap<PathBuf, Thread>>,
}

/// One file's parse and bytes, as the import's probe hands them on.
type Probed = super::whole::Probed;

impl Folders {
    pub(super) fn new(g: Grouped, task_run: bool) -> Folders {
        let same_run = if task_run { Vec::new() } else { g.same_run };
        let run_dirs = same_run.iter().flat_map(|s| s.files.clone()).collect();
        Folders {
            passed: g.passed,
            parts: g.parts,
            warnings: g.warnings,
            same_run,
            run_dirs,
            kept: Mutex::new(g.kept),
        }
    }

    /// How many threads are kept parsed, not yet taken by the import (tests).
    pub fn kept(&self) -> usize {
        self.kept.lock().map_or(0, |k| k.len())
    }

    /// The kept parse and bytes of `file`, taken out (so each is used once, then freed), when
    /// the import would read the file whole: no `--format`, or `--format autocoderover`, and a
    /// first message that is no dataset row (`Format::detect_row_value`, which decides a JSON
    /// array's file for the probe, `crate::rows::open_parsed`). `None`: read as any other.
    pub(super) fn take(&self, file: &Path, format: Option<Format>) -> Option<Probed> {
        let t = self.kept.lock().ok()?.remove(file)?;
        if format.is_some_and(|f| f != Format::AutoCodeRover) {
            return None;
        }
        let first = t.value.as_array()?.first()?;
        if Format::detect_row_value(first, true).is_some_and(Format::per_row) {
            return None;
        }
        let parsed = Parsed::of_whole(Doc::Value(t.value), &t.bytes);
        Some((Some(parsed), Some(t.bytes)))
    }
}

impl Plan {
    /// Says the AutoCodeRover threads passed over (the first few named, then a count), those not
    /// passed over, the other files of the task folders passed over (counted by kind), and the
    /// runs named by folder: each in the shard that imports the thread it goes with (the
    /// holder; for runs named by folder, the first of them), so the shards say each once.
    pub(super) fn acr_notes<S: ImportSink>(&self, run: &mut Walk<'_, '_, S>) {
        let owned = |holder: &PathBuf| {
            let at = self.files.iter().position(|f| f == holder);
            at.and_then(|i| self.parts[i].as_ref())
                .is_some_and(crate::shard::owns_whole)
        };
        let acr = &self.acr;
        for (_, w) in acr.warnings.iter().filter(|(h, _)| owned(h)) {
            run.sink.note(w);
        }
        let passed: Vec<_> = acr.passed.iter().filter(|p| owned(&p.holder)).collect();
        for p in passed.iter().take(NOTES_PER_FILE) {
            run.sink.note(&format!(
                "note: {}: passed over: an AutoCodeRover thread whose messages are the first of {} (its reads come once, from there)",
                p.file.display(),
                p.holder.display()
            ));
        }
        if passed.len() > NOTES_PER_FILE {
            run.sink.note(&format!(
                "note: {} more AutoCodeRover thread file(s) passed over, each a prefix of the last thread of its task folder",
                passed.len() - NOTES_PER_FILE
            ));
        }
        run.tally.passed_files += passed.len();
        let parts: Vec<_> = acr.parts.iter().filter(|p| owned(&p.holder)).collect();
        if let Some(line) = parts_note(&parts) {
            run.sink.note(&line);
        }
        run.tally.passed_parts += parts.len();
        let same: Vec<_> = (acr.same_run.iter())
            .filter(|s| owned(&s.files[0].0))
            .collect();
        for s in same.iter().take(NOTES_PER_FILE) {
            run.sink
                .note(&same_run_note(s, run.req.opts.run.as_deref()));
        }
        if same.len() > NOTES_PER_FILE {
            run.sink.note(&format!(
                "note: {} more task(s) with task folders whose threads have one name: each of those runs named by its folder likewise",
                same.len() - NOTES_PER_FILE
            ));
        }
    }
}

/// The one note on the task folders' other files passed over: how many, in how many folders,
/// and how many of each kind.
fn parts_note(parts: &[&Passed]) -> Option<String> {
    if parts.is_empty() {
        return None;
    }
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for p in parts {
        if let Some(k) = crate::logs::acr_folder::part_kind(&p.file) {
            *kinds.entry(k).or_default() += 1;
        }
    }
    let mut folders: Vec<&Path> = parts.iter().filter_map(|p| p.file.parent()).collect();
    folders.sort();
    folders.dedup();
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    Some(format!(
        "note: passed over: {} file(s) of {} AutoCodeRover task folder(s) that are no thread (AutoCodeRover's own records, no reads in them): {}",
        parts.len(),
        folders.len(),
        kinds.join(", ")
    ))
}

/// The note on threads of one task and name from several folders: each one's run.
fn same_run_note(s: &SameRun, run: Option<&str>) -> String {
    let base = run.unwrap_or(Format::AutoCodeRover.label());
    let stem = s.name.strip_suffix(".json").unwrap_or(&s.name);
    let each: Vec<String> = s
        .files
        .iter()
        .map(|(f, dir)| format!("{} as run {base}/{dir}/{stem}", f.display()))
        .collect();
    format!(
        "note: {}: {} task folders of this task hold a thread {} (one task and run id): each run is named by its folder, as --run would name it: {}",
        s.task,
        s.files.len(),
        s.name,
        each.join("; ")
    )
}
