//! Edit replay: keeps, for each line of the agent's current copy of a file, the base line it came
//! from (or none, when the agent wrote it), so reads after edits map back to base lines.
//!
//! Replays `str_replace`/`insert`/`create`/`undo_edit` (needs the base text), SWE-agent
//! `edit a:b` and hunks — Claude Code structured patches, Codex diffs, a replayed `sed -i` —
//! (need only the line count). Anything else that writes a file makes it *dirty*: later reads
//! of it are reported unaligned, never guessed.

/// A line of text: where its bytes are in the file's [`FileState::arena`]. Every edit keeps the
/// version before it (for `undo_edit`), so a version is copied per edit; a span is two integers,
/// so the copy is one `memcpy` and reading a workspace file allocates nothing per line
/// (profiled: a `String`, then an `Arc<str>`, per line of every file read was most of replaying
/// the real runs' edits).
#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    end: usize,
}

/// One version of a file: base origin and (when known) text of each current line.
#[derive(Clone, Debug)]
struct Version {
    origin: Vec<Option<u32>>,
    text: Option<Vec<Line>>,
    /// The text ends with a line break.
    eol: bool,
}

/// An edit to replay, in the numbering of the agent's current copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditOp {
    Create {
        text: String,
    },
    StrReplace {
        old: String,
        new: String,
    },
    /// Insert `text` after line `after` (0 = at the top).
    Insert {
        after: u32,
        text: String,
    },
    Undo,
    /// SWE-agent `edit start:end`: replace lines `start..=end` with `text` (past the end: append).
    Lines {
        start: u32,
        end: u32,
        text: String,
    },
    /// A unified-diff style patch of the current copy: (old_start, lines with ' ', '-', '+' prefixes).
    Hunks(Vec<(u32, Vec<String>)>),
    /// A write readcov cannot replay (`sed -i`, a redirect, `cp`/`mv` onto the file), or an
    /// edit whose change the log does not record: what the log lacks, as the import summary
    /// words it for an edit it lists as not replayed.
    Opaque(&'static str),
}

/// An [`EditOp::Opaque`] write outside an edit action (never listed as a lost edit).
pub const UNFOLLOWED_WRITE: &str = "a write the replay cannot follow";
/// An edit tool's call whose change the log does not record (no patch, no replacement text).
pub const UNRECORDED_EDIT: &str =
    "the log does not record what it changed, so how it changed the file is unknown";

/// Where a set of current lines lands in the base file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mapped {
    pub base: Vec<u32>,
    pub agent_written: usize,
}

#[derive(Clone, Debug, Default)]
pub struct FileState {
    /// Every line's bytes: the base file as it is (line breaks and `\r` kept; the change
    /// written back takes kept lines from it), then the text of the lines edits wrote, appended
    /// as they come. Lines ([`Line`]) are spans of it.
    arena: String,
    /// The base file is `arena[..n]`, when the workspace has it.
    base_raw: Option<usize>,
    base_text: Option<Vec<Line>>,
    base_len: Option<u32>,
    current: Option<Version>,
    history: Vec<Option<Version>>,
    dirty: bool,
    /// What made the file's text unknown to the change written back (the first write that
    /// could not be replayed), and how many writes to it were not replayed after that
    /// ([`FileState::note_lost`]). A script's write loses the text without making the file
    /// dirty: reads after it are still mapped, each checked against the text it shows.
    lost: Option<String>,
    lost_after: u32,
    /// Text of current lines as views showed them, kept only while the replay has no text of
    /// the file (no workspace) and cleared by every write ([`FileState::note_shown`]).
    shown: std::collections::HashMap<u32, Line>,
}

/// Whether a text ends with a line break (an empty text has no last line to end).
fn ends_with_break(text: &str) -> bool {
    text.is_empty() || text.ends_with('\n')
}

/// The lines of `arena[from..]`, a final newline not starting another line, each without its
/// `\r` when `strip_cr`.
fn line_spans(arena: &str, from: usize, strip_cr: bool) -> Vec<Line> {
    let text = &arena.as_bytes()[from..];
    if text.is_empty() {
        return Vec::new();
    }
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    let mut lines = Vec::with_capacity(memchr::memchr_iter(b'\n', body).count() + 1);
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', body).chain(std::iter::once(body.len())) {
        let cut = usize::from(strip_cr && end > start && body[end - 1] == b'\r');
        lines.push(Line {
            start: from + start,
            end: from + end - cut,
        });
        start = end + 1;
    }
    lines
}

/// Appends `text` to the arena; its lines (text to lines as [`line_spans`]: `\r` set aside).
fn push_lines(arena: &mut String, text: &str) -> Vec<Line> {
    let from = arena.len();
    arena.push_str(text);
    line_spans(arena, from, true)
}

impl FileState {
    pub fn new(base: Option<&[u8]>) -> FileState {
        FileState::of_text(base.map(|b| crate::utf8_lossy(b).into_owned()))
    }

    /// [`FileState::new`] of bytes the caller hands over: valid UTF-8 becomes the arena as it
    /// is, without a copy (a workspace file was copied once more per read).
    pub fn of_bytes(base: Option<Vec<u8>>) -> FileState {
        FileState::of_text(base.map(|b| {
            String::from_utf8(b)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
        }))
    }

    fn of_text(base: Option<String>) -> FileState {
        let has = base.is_some();
        let arena = base.unwrap_or_default();
        let base_raw = has.then_some(arena.len());
        let base_text = has.then(|| line_spans(&arena, 0, true));
        let base_len = base_text
            .as_ref()
            .map(|t| u32::try_from(t.len()).unwrap_or(u32::MAX));
        FileState {
            arena,
            base_text,
            base_raw,
            base_len,
            ..FileState::default()
        }
    }

    /// A length seen in an observation (`(233 lines total)`) before any edit.
    pub fn note_len(&mut self, n: u32) {
        if self.current.is_none() && self.base_len.is_none() && !self.dirty {
            self.base_len = Some(n);
        }
    }

    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    pub fn is_edited(&self) -> bool {
        self.current.is_some() || self.dirty
    }

    /// Lines in the current copy, when known.
    pub fn current_len(&self) -> Option<u32> {
        match &self.current {
            Some(v) => u32::try_from(v.origin.len()).ok(),
            None => self.base_len,
        }
    }

    /// Text of current line `n` (1-based), when known.
    pub fn text_at(&self, n: u32) -> Option<&str> {
        let i = usize::try_from(n).ok()?.checked_sub(1)?;
        let lines = match &self.current {
            Some(v) => v.text.as_ref()?,
            None => self.base_text.as_ref()?,
        };
        lines.get(i).map(|l| &self.arena[l.start..l.end])
    }

    fn materialize(&self) -> Option<Version> {
        if let Some(v) = &self.current {
            return Some(v.clone());
        }
        // A length no source file has (a garbled `(N lines total)`) is not replayed.
        let n = self.base_len.filter(|n| *n <= 1 << 22)?;
        Some(Version {
            origin: (1..=n).map(Some).collect(),
            text: self.base_text.clone(),
            eol: self.base().is_none_or(ends_with_break),
        })
    }

    /// Whether the replay has the base `op` needs: the text for a `str_replace`, the length for
    /// line edits. `false`: no workspace file to replay on, which is no fault of the edit.
    pub fn has_base_for(&self, op: &EditOp) -> bool {
        let text = self
            .current
            .as_ref()
            .map_or(self.base_text.is_some(), |v| v.text.is_some());
        let len = self.current.is_some() || self.base_len.is_some();
        match op {
            EditOp::StrReplace { .. } => text,
            EditOp::Insert { .. } | EditOp::Lines { .. } | EditOp::Hunks(_) => len,
            EditOp::Create { .. } | EditOp::Undo | EditOp::Opaque(_) => true,
        }
    }

    /// Applies an edit; returns the base lines it touched (for `kind: edit` rows), or `None` when
    /// it could not be replayed (the file is dirty from then on).
    pub fn apply(&mut self, op: &EditOp) -> Option<Vec<u32>> {
        let shown = self.shown_for(op);
        // Lines shown before a write are not the file's text after it.
        self.shown.clear();
        self.apply_with(op, shown.as_deref())
    }

    fn apply_with(&mut self, op: &EditOp, shown: Option<&[Line]>) -> Option<Vec<u32>> {
        if let EditOp::Undo = op {
            let prev = self.history.pop()?;
            // The undo touches the base lines present in one version and not the other.
            let base_of = |v: Option<&Version>| -> std::collections::BTreeSet<u32> {
                match v {
                    Some(v) => v.origin.iter().flatten().copied().collect(),
                    None => (1..=self.base_len.unwrap_or(0)).collect(),
                }
            };
            let (now, then) = (base_of(self.current.as_ref()), base_of(prev.as_ref()));
            let touched = now.symmetric_difference(&then).copied().collect();
            self.current = prev;
            return Some(touched);
        }
        if let EditOp::Create { text } = op {
            // Over a file whose text is known (at the base or replayed), the write replaces that
            // whole text: lines equal at its start and end keep their base origin, as a
            // `str_replace` of the region keeps them, and the base lines it removed or changed are
            // touched. Before session 33 every line became the agent's and no base line was
            // touched (astropy-14182's run rewrote `rst.py` with `cat > … << 'EOF'`: its later
            // `cat` showed 59 lines unchanged from the base and read none).
            let known = if self.dirty {
                None
            } else {
                self.materialize().filter(|v| v.text.is_some())
            };
            let lines = push_lines(&mut self.arena, text);
            self.history.push(self.current.clone());
            let eol = ends_with_break(text);
            let touched = match known {
                Some(mut v) => {
                    let end = v.origin.len();
                    let touched = splice(&mut v, &self.arena, 0, end, lines, None);
                    v.eol = eol;
                    self.current = Some(v);
                    touched
                }
                None => {
                    self.current = Some(Version {
                        origin: vec![None; lines.len()],
                        text: Some(lines),
                        eol,
                    });
                    Vec::new()
                }
            };
            // The whole text is known again: nothing before it is lost.
            (self.dirty, self.lost, self.lost_after) = (false, None, 0);
            return Some(touched);
        }
        let result = if self.dirty {
            None
        } else {
            let v = self.materialize();
            v.and_then(|v| replay(v, op, &mut self.arena, shown))
        };
        match result {
            Some((next, touched)) => {
                self.history.push(self.current.take());
                self.current = Some(next);
                Some(touched)
            }
            None => {
                self.dirty = true;
                None
            }
        }
    }

    /// The current text's lines and whether it ends with a line break, for an edit computed on
    /// the text itself (`sed -i`): `None` when the text is not known as it is (no workspace, a
    /// write not followed, a line whose `\r` the replay set aside).
    pub fn known_lines(&self) -> Option<(Vec<&str>, bool)> {
        if self.dirty || self.lost.is_some() {
            return None;
        }
        let v = self.materialize()?;
        let text = v.text.as_ref()?;
        let b = self.arena.as_bytes();
        if text.iter().any(|l| b.get(l.end) == Some(&b'\r')) {
            return None;
        }
        let lines = text.iter().map(|l| &self.arena[l.start..l.end]).collect();
        Some((lines, v.eol))
    }

    /// Whether the current text ends with a line break, set by an edit that decides it (a
    /// `sed -i` that deleted a last line lacking one).
    pub fn set_eol(&mut self, eol: bool) {
        if let Some(v) = &mut self.current {
            v.eol = eol;
        }
    }

    /// Maps current line numbers to base lines; `None` when the file is dirty.
    pub fn map(&self, lines: &[u32]) -> Option<Mapped> {
        if self.dirty {
            return None;
        }
        let mut m = Mapped {
            base: Vec::with_capacity(lines.len()),
            ..Mapped::default()
        };
        for &n in lines {
            match &self.current {
                // Lines past the end of the file (OpenHands numbers one more, empty line) are not read.
                None if self.base_len.is_some_and(|len| n > len) => {}
                None => m.base.push(n),
                Some(v) => match usize::try_from(n)
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| v.origin.get(i))
                {
                    Some(Some(b)) => m.base.push(*b),
                    Some(None) => m.agent_written += 1,
                    None => {}
                },
            }
        }
        Some(m)
    }
}

mod apply;
use apply::{replay, splice};
mod hunks;
mod search;
mod shown;
mod text;

#[cfg(test)]
mod tests;
