//! One task in several patch rows (SWE-bench results list an instance once per agent, each with
//! the same gold patch): gold keeps each (task, path, span, tier) once and says so in a note.

use crate::{Built, NoteKind, PatchRow};
use std::collections::{BTreeMap, HashSet};

/// Drops rows repeating an earlier (task, path, start, end, tier) and notes repeating an earlier
/// note; adds one [`NoteKind::RepeatedTask`] note per task that came in several rows.
pub fn dedupe_repeated(built: &mut Built, rows: &[PatchRow]) {
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for r in rows {
        *count.entry(r.task.as_str()).or_default() += 1;
    }
    let mut seen = HashSet::new();
    let mut dropped: BTreeMap<String, usize> = BTreeMap::new();
    built.rows.retain(|r| {
        let first = seen.insert((r.task.clone(), r.path.clone(), r.start, r.end, r.tier));
        if !first {
            *dropped.entry(r.task.clone()).or_default() += 1;
        }
        first
    });
    let mut seen_notes = HashSet::new();
    built.notes.0.retain(|n| {
        seen_notes.insert((n.kind, n.task.clone(), n.subject.clone(), n.message.clone()))
    });
    for (task, n) in count.into_iter().filter(|(_, n)| *n > 1) {
        let spans = dropped.get(task).copied().unwrap_or(0);
        built.notes.push(
            NoteKind::RepeatedTask,
            task,
            "",
            format!("in {n} rows: {spans} duplicate span(s) dropped"),
        );
    }
}
