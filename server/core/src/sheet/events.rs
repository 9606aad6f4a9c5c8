//! One run's reads and edits in the order they happened, each with a stable event id.
//!
//! Order: by turn, then step, then file order (a row without a turn is turn 0, without a step is
//! step 0). The event id is `e<n>`, `n` being the 1-based position of the row among the run's rows
//! in the reads file, so it stays the same whatever the sort does.

use crate::lineset::LineSet;
use crate::metrics::FileLines;
use crate::span::{counts_as_read, EventKind, ReadSpan, Source};
use serde::Serialize;
use std::collections::BTreeSet;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    pub id: String,
    pub turn: u32,
    pub step: Option<u32>,
    pub kind: EventKind,
    pub path: String,
    pub start: u32,
    pub end: u32,
    /// A read from a counted source (edits never count as reads).
    pub counts_as_read: bool,
}

/// Orders one run's rows (given in file order); only reads from `sources` count as reads.
pub fn order_events(rows: &[&ReadSpan], sources: &BTreeSet<Source>) -> Vec<Event> {
    let mut events: Vec<Event> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| Event {
            id: format!("e{}", i + 1),
            turn: r.turn.unwrap_or(0),
            step: r.step,
            kind: r.kind,
            path: r.path.clone(),
            start: r.start,
            end: r.end,
            counts_as_read: counts_as_read(r.kind, r.source, sources),
        })
        .collect();
    // Stable: rows with equal (turn, step) keep file order.
    events.sort_by_key(|e| (e.turn, e.step.unwrap_or(0)));
    events
}

/// Lines read so far, grown one event at a time.
#[derive(Clone, Debug, Default)]
pub struct ReadSoFar {
    pub lines: FileLines,
}

impl ReadSoFar {
    pub fn add(&mut self, e: &Event) {
        if !e.counts_as_read {
            return;
        }
        // Look up before inserting so the path is cloned once per file, not once per read.
        match self.lines.get_mut(&e.path) {
            Some(set) => set.insert(e.start, e.end),
            None => {
                self.lines
                    .insert(e.path.clone(), LineSet::span(e.start, e.end));
            }
        }
    }

    pub fn file(&self, path: &str) -> Option<&LineSet> {
        self.lines.get(path)
    }

    /// Lines of `set` (in `path`) read so far.
    pub fn covered(&self, path: &str, set: &LineSet) -> u64 {
        self.file(path).map_or(0, |r| r.intersection_len(set))
    }
}

#[cfg(test)]
mod tests;
