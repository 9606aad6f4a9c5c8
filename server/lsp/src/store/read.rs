//! A read as the store holds it: a `ReadSpan`'s fields with its repeated strings (task, run,
//! path, tool, command, base) shared through the store's [`Names`], turned back into a
//! `ReadSpan` only at the edge (hover, explain, scoring).
//!
//! 1.2M reads of 3,000 runs held as `ReadSpan`s took ~490 bytes each (five strings of their
//! own); the same reads share a handful of names (session 22, docs/performance.md).

use readcov_core::{EventKind, ReadSpan, Source};
use std::collections::HashSet;
use std::sync::Arc;

/// A stored read event and the log it came from (so a rotated log can drop exactly its own
/// reads). Its strings are shared with every other read naming the same text.
#[derive(Clone, Debug)]
pub struct StoredRead {
    pub task: Arc<str>,
    pub run: Arc<str>,
    pub path: Arc<str>,
    pub tool: Option<Arc<str>>,
    pub command: Option<Arc<str>>,
    /// The sha256 of the file the read's lines count in, when its row says (`base`).
    pub base: Option<Arc<str>>,
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

/// The strings the stored reads share: each text once. Texts no read holds any longer are let
/// go by [`Names::prune`] after reads are dropped.
#[derive(Debug, Default)]
pub struct Names(HashSet<Arc<str>>);

impl Names {
    /// The shared copy of `s`, made on first sight.
    pub fn get(&mut self, s: &str) -> Arc<str> {
        if let Some(a) = self.0.get(s) {
            return a.clone();
        }
        let a: Arc<str> = Arc::from(s);
        self.0.insert(a.clone());
        a
    }

    /// `read` as a stored read of log `origin`, its strings shared.
    pub fn store(&mut self, read: ReadSpan, origin: usize, base: Option<&str>) -> StoredRead {
        StoredRead {
            task: self.get(&read.task),
            run: self.get(&read.run),
            path: self.get(&read.path),
            tool: read.tool.as_deref().map(|t| self.get(t)),
            command: read.command.as_deref().map(|c| self.get(c)),
            base: base.map(|b| self.get(b)),
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

    /// Forgets the texts only this set still holds (their reads were dropped).
    pub fn prune(&mut self) {
        self.0.retain(|a| Arc::strong_count(a) > 1);
    }

    /// How many texts are kept (for tests).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests;
