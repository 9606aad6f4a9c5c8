//! A read as the store holds it: a `ReadSpan`'s fields with its repeated strings (task, run,
//! path, tool, command, base) shared as core's [`Name`]s through the store's [`Names`] (the
//! table gold loading uses too), turned back into a `ReadSpan` only at the edge (hover,
//! explain, scoring).
//!
//! 1.2M reads of 3,000 runs held as `ReadSpan`s took ~490 bytes each (five strings of their
//! own); the same reads share a handful of names (session 22, docs/performance.md).

use readcov_core::{EventKind, Name, Names, ReadSpan, Source};

/// A stored read event and the log it came from (so a rotated log can drop exactly its own
/// reads). Its strings are shared with every other read naming the same text.
#[derive(Clone, Debug)]
pub struct StoredRead {
    pub task: Name,
    pub run: Name,
    pub path: Name,
    pub tool: Option<Name>,
    pub command: Option<Name>,
    /// The sha256 of the file the read's lines count in, when its row says (`base`).
    pub base: Option<Name>,
    pub score: Option<f64>,
    pub start: u32,
    pub end: u32,
    pub turn: Option<u32>,
    pub step: Option<u32>,
    pub rank: Option<u32>,
    pub origin: usize,
    pub source: Source,
    pub kind: EventKind,
}

impl StoredRead {
    /// `read` as a stored read of log `origin`, its strings shared through `names`; prune
    /// `names` ([`Names::prune`]) after dropping reads to let go of the texts no read holds.
    pub fn new(names: &mut Names, read: ReadSpan, origin: usize, base: Option<&str>) -> Self {
        StoredRead {
            task: names.take(read.task),
            run: names.take(read.run),
            path: names.take(read.path),
            tool: read.tool.map(|t| names.take(t)),
            command: read.command.map(|c| names.take(c)),
            base: base.map(|b| names.get(b)),
            score: read.score,
            start: read.start,
            end: read.end,
            turn: read.turn,
            step: read.step,
            rank: read.rank,
            origin,
            source: read.source,
            kind: read.kind,
        }
    }

    /// The read as core's `ReadSpan` (every field, strings copied).
    pub fn to_span(&self) -> ReadSpan {
        ReadSpan {
            tool: self.tool.as_deref().map(str::to_string),
            command: self.command.as_deref().map(str::to_string),
            ..self.scoring_span()
        }
    }

    /// The read as a `ReadSpan` without `tool` and `command`, which no metric uses.
    pub fn scoring_span(&self) -> ReadSpan {
        ReadSpan {
            task: self.task.to_string(),
            run: self.run.to_string(),
            path: self.path.to_string(),
            start: self.start,
            end: self.end,
            turn: self.turn,
            step: self.step,
            tool: None,
            source: self.source,
            command: None,
            kind: self.kind,
            rank: self.rank,
            score: self.score,
        }
    }

    /// Whether the read covers disk line `line` (1-based).
    pub fn covers(&self, line: u32) -> bool {
        self.start <= line && line <= self.end
    }
}

#[cfg(test)]
mod tests;
