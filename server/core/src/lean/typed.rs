//! Reads rows given as values rather than JSONL text (the Python module's list of dicts and
//! DataFrame columns), taken into the lean table without being written and parsed again. Why:
//! writing 585k dicts as JSONL and parsing that back was most of a dict input's cost (issue 39:
//! dict inputs within 1.5x of file inputs).
//!
//! Still one acceptor: each cell is judged by the hand scanner's own rule for its key
//! (`scan::read_field`), so a row is taken exactly when its JSONL line would be taken by the
//! fast path, with the same values. A row declined here (`false`) is for the caller to write as
//! its JSONL line and hand to [`LeanReads::parse_piece`], whose slow path takes it or words the
//! error, as it does for a file. A row's `base` (every row `readcov import --workspaces` writes
//! has one) has a cell too, skipped as the text path skips it: without one such rows all went by
//! text, 3-5x the file input's time (session 18).

use super::LeanReads;
use crate::fastread::span;
use crate::formats::PathCheck;
use crate::path::normalize_path;
use crate::row::{Id, RawRead};
use crate::scan::{key_code, read_field, Val};
use crate::span::ReadSpan;
use crate::span::DEFAULT_ID;

/// One value of a row as the caller found it: a string (any text: escapes are JSON's business,
/// not the value's), an unsigned integer, null (`None`), or an object. Any other value (a
/// negative or fractional number, a boolean, a list) has no cell: the row goes to the text path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell<'a> {
    Str(&'a str),
    Int(u64),
    Null,
    /// An object the caller has found JSON would take as written (the Python module: an exact
    /// dict of string keys and scalar values). Its content is not given: no read field keeps
    /// an object, and the one key that takes it, `base`, is skipped as the text path skips it
    /// (`scan::read_field`, `row::any_json`: a reads row's base is not scored).
    Object,
}

/// How many cells a row has: one per [`READ_KEYS`].
pub const CELLS: usize = 12;

/// The keys a reads row may have on this path, in the order of [`LeanReads::push_cells`]'s
/// cells. A row with any other key goes to the text path (as the scanner declines it).
pub const READ_KEYS: [&str; CELLS] = [
    "path", "start", "end", "task", "run", "turn", "step", "tool", "command", "source", "kind",
    "base",
];

/// A row's cells, in [`READ_KEYS`]' order (`None`: the row has no such key).
pub type Cells<'a> = [Option<Cell<'a>>; CELLS];

/// [`READ_KEYS`] as the scanner's key codes.
const CODES: [u64; CELLS] = {
    let mut codes = [0u64; CELLS];
    let mut i = 0;
    while i < READ_KEYS.len() {
        codes[i] = key_code(READ_KEYS[i].as_bytes());
        i += 1;
    }
    codes
};

impl LeanReads {
    /// A key's place in [`READ_KEYS`] (its cell in [`LeanReads::push_cells`]), or `None` for a
    /// key the cells path does not take. A `match` on the text (by length first), not a walk over
    /// the twelve: the Python module tells every key of every dict row by it.
    #[inline]
    pub fn cell_slot(key: &str) -> Option<usize> {
        Some(match key {
            "path" => 0,
            "start" => 1,
            "end" => 2,
            "task" => 3,
            "run" => 4,
            "turn" => 5,
            "step" => 6,
            "tool" => 7,
            "command" => 8,
            "source" => 9,
            "kind" => 10,
            "base" => 11,
            _ => return None,
        })
    }

    /// Takes one row given as cells (`cells[i]` the value of [`READ_KEYS`]`[i]`, `None` when the
    /// row has no such key) and returns `true`; `false` takes nothing and leaves the row to
    /// [`LeanReads::parse_piece`] as text. Paths are normalised and checked as on the text path.
    pub fn push_cells(
        &mut self,
        cells: &Cells<'_>,
        workspace: Option<&str>,
        check: PathCheck,
    ) -> bool {
        let Some(raw) = raw_of_cells(cells) else {
            return false;
        };
        let Some(path) = self.checked_path(&raw, workspace, check) else {
            return false;
        };
        let task = raw.task.as_ref().map_or(DEFAULT_ID, |i| &*i.0);
        let run = raw.run.as_ref().map_or(DEFAULT_ID, |i| &*i.0);
        let ids = self.task_and_run(task, run);
        self.records += 1;
        self.push_raw(ids, path, &raw);
        true
    }
}

/// The row as the scanner would read its JSONL line: each cell judged by the scanner's rule for
/// its key (`scan::read_field`); `None` for a value the rule declines or a row without `path`,
/// `start` and `end` (required, as on the scanner).
fn raw_of_cells<'a>(cells: &Cells<'a>) -> Option<RawRead<'a>> {
    let mut raw = RawRead::empty();
    let mut seen = 0u16;
    for (code, cell) in CODES.iter().zip(cells) {
        let Some(cell) = *cell else { continue };
        let v = match cell {
            Cell::Str(s) => Val::Str(s),
            Cell::Int(n) => Val::Int(n),
            Cell::Null => Val::Null,
            Cell::Object => Val::Object,
        };
        seen |= 1 << read_field(&mut raw, *code, v)?;
    }
    (seen & 0b111 == 0b111).then_some(raw)
}

/// A reads row given as cells (as for [`LeanReads::push_cells`]) as the general path's
/// [`ReadSpan`], for reads the lean table cannot stand for (with edits: read-before-edit needs
/// whole rows). The same acceptance as the general path's fast path on the row's JSONL line
/// (`fastread::fast_read`: the scanner's rule, a valid line range, the path normalised and
/// passing `check`); `None` leaves the row to the caller's text path, which takes it or words
/// the error.
pub fn read_of_cells(
    cells: &Cells<'_>,
    workspace: Option<&str>,
    check: PathCheck,
) -> Option<ReadSpan> {
    let mut raw = raw_of_cells(cells)?;
    if !raw.valid_range() {
        return None;
    }
    let path = normalize_path(&raw.path, workspace).ok()?;
    check(&path).ok()?;
    let (task, run) = (
        Id::owned_or_default(raw.task.take()),
        Id::owned_or_default(raw.run.take()),
    );
    Some(span(raw, path, task, run))
}
