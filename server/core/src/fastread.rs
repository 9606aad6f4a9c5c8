//! A typed fast path for reads JSONL: most lines are valid, and deserialising straight into a
//! borrowed struct is several times faster than building a `serde_json::Value` first.
//!
//! It only ever *accepts*: a line it cannot take whole (any type mismatch, range error, odd
//! path) returns `None`, and the caller re-parses that line on the slow path, which produces the
//! located error. So both paths accept exactly the same lines.

use crate::path::normalize_path;
use crate::row::{Id, RawRead};
use crate::scan::{scan_read_into, Line};
use crate::span::ReadSpan;
use std::borrow::Cow;

/// The line as written, when it has the shape of a read with a valid line range; `None` sends it
/// to the slow path. The path is not normalised yet. What [`fast_read`] read every line by
/// before it resumed a run's lines after their opening: its tests' oracle.
#[cfg(test)]
pub(crate) fn fast_raw(text: &str) -> Option<RawRead<'_>> {
    let raw = crate::scan::scan_read(text).or_else(|| serde_raw(text))?;
    raw.valid_range().then_some(raw)
}

/// A line the hand scanner declined, through serde's typed visitor. Objects only: the derived
/// visitor also takes a struct as an array of its fields (`["a.py",1,2]`), which the slow path
/// refuses (found by the `reads` fuzz target).
pub(crate) fn serde_raw(text: &str) -> Option<RawRead<'_>> {
    // A key no field bears fails here for sure (after formatting an error): straight to the
    // slow path, which words whatever is wrong, or takes the line (`rank`, `score`, `sha256`).
    if crate::scan::has_unknown_key(text) {
        return None;
    }
    if text.trim_start().starts_with('{') {
        serde_json::from_str(text).ok()
    } else {
        None
    }
}

/// What the lines before told about the next: the last raw path and its normal form (`None`:
/// it does not normalise), and the opening of the last line a whole scan marked. Rows of a run
/// mostly name the file the row before named (441 of the real data's 518), and normalising a
/// path (checking it is already normal, then copying it) was ~1,000 instructions a row
/// (cachegrind: 8% of `score` once the scanner took the real data's lines).
#[derive(Default)]
pub(crate) struct LastPath {
    raw: String,
    normal: Option<String>,
    /// Whether `raw` holds a path yet (the empty path is a path too: it does not normalise).
    set: bool,
    /// The last marked line's opening bytes (its `task` and `run` members, up to the comma
    /// after them: `scan_read_into`'s mark) and the ids they stood for, as the lean table's
    /// `Repeat` keeps them. A run's rows repeat those bytes, so a line opening with them is
    /// scanned from there on (the lean table measured the two ids at a third of the scanning).
    opening: Vec<u8>,
    ids: (String, String),
}

impl LastPath {
    /// `normalize_path(raw, workspace)`, from the last line's answer when it named the same
    /// path (the workspace is one per parse).
    fn normalize(&mut self, raw: &str, workspace: Option<&str>) -> Option<String> {
        if !self.set || self.raw != raw {
            self.raw.clear();
            self.raw.push_str(raw);
            self.normal = normalize_path(raw, workspace).ok();
            self.set = true;
        }
        self.normal.clone()
    }

    /// The read of a line that opens with the last marked line's opening, scanned from there
    /// on; `None` when the scan does not take it, or it does not open so (the whole line is
    /// read then). Not by a learnt shape as the lean table reads: a run's reads and edits
    /// alternate shapes, and learning one per line cost more than the scan (callgrind: +27 M
    /// on 10,000 chat rows' reads).
    fn repeated<'a>(&self, line: &'a str) -> Option<RawRead<'a>> {
        let at = self.opening.len();
        if at == 0 || !line.as_bytes().starts_with(&self.opening) {
            return None;
        }
        let mut raw = RawRead::empty();
        scan_read_into(Line::text(line), Some(at), &mut raw)?;
        Some(raw)
    }

    /// Marks `line` at `at` with its ids.
    fn mark(&mut self, line: &str, at: usize, task: &str, run: &str) {
        self.opening.clear();
        self.opening.extend_from_slice(&line.as_bytes()[..at]);
        self.ids.0.clear();
        self.ids.0.push_str(task);
        self.ids.1.clear();
        self.ids.1.push_str(run);
    }
}

/// The read on this line, or `None` when the slow path must look at it. `last` is the parse's
/// [`LastPath`] (one workspace per parse): a line that repeats the last marked line's opening
/// takes its task and run from it and is read from there on; any other, or one that is not
/// read so, is read whole: by the scanner, else serde's typed visitor (`fastread/tests.rs` holds
/// the result to reading every line whole, as this path did before).
pub(crate) fn fast_read(
    text: &str,
    workspace: Option<&str>,
    last: &mut LastPath,
) -> Option<ReadSpan> {
    if let Some(raw) = last.repeated(text).filter(RawRead::valid_range) {
        if let Some(path) = last.normalize(&raw.path, workspace) {
            let (task, run) = (last.ids.0.clone(), last.ids.1.clone());
            return Some(span(raw, path, task, run));
        }
    }
    let mut raw = RawRead::empty();
    let mark = match scan_read_into(Line::text(text), None, &mut raw) {
        Some(mark) => mark,
        None => {
            raw = serde_raw(text)?;
            None
        }
    };
    if !raw.valid_range() {
        return None;
    }
    let path = last.normalize(&raw.path, workspace)?;
    let (task, run) = (
        Id::owned_or_default(raw.task.take()),
        Id::owned_or_default(raw.run.take()),
    );
    if let Some(at) = mark {
        last.mark(text, at, &task, &run);
    }
    Some(span(raw, path, task, run))
}

/// The `ReadSpan` of a line read, its path normalised and its ids owned.
pub(crate) fn span(raw: RawRead, path: String, task: String, run: String) -> ReadSpan {
    ReadSpan {
        path,
        task,
        run,
        start: raw.start,
        end: raw.end,
        turn: raw.turn,
        step: raw.step,
        tool: raw.tool.map(Cow::into_owned),
        source: raw.source.unwrap_or_default(),
        command: raw.command.map(Cow::into_owned),
        kind: raw.kind.unwrap_or_default(),
        // `rank` and `score` are unknown keys here: such lines go to the slow path.
        rank: None,
        score: None,
    }
}

#[cfg(test)]
mod tests;
