//! The text of lines a view showed, for a file the replay has no text of (no workspace): an
//! SWE-agent `edit a:b` over lines a window showed just before it (no write between) touches only
//! the lines it changed, as with a workspace (lines equal at the start and end of the region
//! keep their base line). Before session 35 every line a..b was counted as changed.

use super::{EditOp, FileState, Line};

impl FileState {
    /// Whether the replay has the text of the file's current copy.
    fn has_text(&self) -> bool {
        match &self.current {
            Some(v) => v.text.is_some(),
            None => self.base_text.is_some(),
        }
    }

    /// Records the text a view showed of current line `n` (whole, as the file has it). Kept
    /// only when the replay has no text of its own and knows the file's lines, until the next
    /// write ([`FileState::apply`], [`FileState::note_lost`]). A file lost to a script's write
    /// without being dirty still maps its reads (each checked against the text it shows), so a
    /// view after that write shows its current text: kept too (before session 40 it was not,
    /// once any script had named the file).
    pub fn note_shown(&mut self, n: u32, text: &str) {
        if self.dirty || self.has_text() || n == 0 {
            return;
        }
        let text = text.strip_suffix('\r').unwrap_or(text);
        let same = |l: &Line| self.arena[l.start..l.end] == *text;
        if self.shown.get(&n).is_some_and(same) {
            return;
        }
        let start = self.arena.len();
        self.arena.push_str(text);
        let end = self.arena.len();
        self.shown.insert(n, Line { start, end });
    }

    /// The shown text of every line an `edit a:b` replaces (as [`EditOp::Lines`] clamps them to
    /// the file), when views showed each of them since the last write; `None` otherwise.
    pub(super) fn shown_for(&self, op: &EditOp) -> Option<Vec<Line>> {
        let EditOp::Lines { start, end, .. } = op else {
            return None;
        };
        if self.shown.is_empty() || self.has_text() {
            return None;
        }
        let len = self.current_len()?;
        let s = start.checked_sub(1)?.min(len);
        let e = (*end).min(len);
        (s + 1..=e).map(|n| self.shown.get(&n).copied()).collect()
    }
}

#[cfg(test)]
mod tests;
