//! An open document: its text in a rope, the line map since opening, and UTF-16 position
//! conversion (LSP columns are UTF-16 code units; ropey counts chars).

use crate::linemap::LineMap;
use crate::units::Units;
use crate::view::FileView;
use ropey::Rope;
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

pub struct Document {
    /// Workspace-relative, normalised path (the key gold and reads use), or None outside it.
    pub path: Option<String>,
    pub rope: Rope,
    pub version: i32,
    pub map: LineMap,
    /// sha256 of the text as opened, to compare with the gold's `base`.
    pub opened_sha256: String,
    /// The text as opened (the disk lines gold and reads are mapped onto when the file
    /// differs from the gold's base).
    pub opened: Arc<str>,
    /// Gold and reads mapped from their base onto the opened text, as of a store generation.
    pub base_cache: Mutex<Option<(u64, Arc<crate::basemap::Mapped>)>>,
    /// Lines when opened (the disk version gold and reads refer to).
    pub opened_lines: u32,
    /// Syntax units of the current text, kept current across edits.
    pub units: Units,
    /// Changes applied since open: with the store generation and the units epoch, the key of
    /// `view_cache` (the client's `version` is not trusted to change with every edit).
    pub edits: u64,
    /// The last computed view: the pushed diagnostics, the inlay hints, the lenses and the line
    /// states of one text version are the same view, computed once.
    pub view_cache: Mutex<Option<(ViewKey, Arc<FileView>)>>,
}

/// What a document's view depends on besides the document's own text and units.
pub type ViewKey = (u64, u64, u64);

impl Document {
    pub fn new(path: Option<String>, text: &str, version: i32) -> Document {
        let rope = Rope::from_str(text);
        let lines = line_count(&rope);
        Document {
            units: Units::new(path.as_deref(), text),
            edits: 0,
            view_cache: Mutex::new(None),
            path,
            rope,
            version,
            map: LineMap::identity(lines),
            opened_sha256: sha256_hex(text.as_bytes()),
            opened: Arc::from(text),
            base_cache: Mutex::new(None),
            opened_lines: lines,
        }
    }

    /// Lines as readcov counts them: a final line without a newline counts, a trailing
    /// newline does not start a new line.
    pub fn lines(&self) -> u32 {
        line_count(&self.rope)
    }

    /// Applies one change. Range edits splice the line map; a whole-text replacement keeps the
    /// common leading and trailing lines mapped.
    pub fn apply(&mut self, change: &TextDocumentContentChangeEvent) {
        self.edits += 1;
        match change.range {
            Some(range) => self.apply_range(range, &change.text),
            None => self.replace_all(&change.text),
        }
        // Back to the text as opened (an undo, a revert sent as the whole text): every line is
        // its disk line again. A replace of all lines with other text and back once left the
        // map empty, and the gold vanished from the document without a word.
        if self.rope.len_bytes() == self.opened.len() {
            let identity = LineMap::identity(self.opened_lines);
            if self.map != identity && self.rope == *self.opened {
                self.map = identity;
            }
        }
    }

    fn apply_range(&mut self, range: Range, text: &str) {
        let start = self.char_at(range.start);
        let end = self.char_at(range.end).max(start);
        // Lines the change resends as they were (a whole-document replace with the same text)
        // are not edits: only what differs is replaced, so unchanged lines keep their identity.
        let old = self.rope.slice(start..end).to_string();
        let (p, k) = common_lines(&old, text);
        let start = start + old[..p].chars().count();
        let end = end - old[k..].chars().count();
        let text = &text[p..text.len() - (old.len() - k)];
        if start == end && text.is_empty() {
            return;
        }
        let (sl, el) = (
            self.rope.char_to_line(start) as u32,
            self.rope.char_to_line(end) as u32,
        );
        let whole_lines = start == self.rope.line_to_char(sl as usize)
            && end == self.rope.line_to_char(el as usize)
            && (text.is_empty() || text.ends_with('\n'));
        self.rope.remove(start..end);
        self.rope.insert(start, text);
        let added = text.matches('\n').count() as u32;
        self.units.shift(sl, el, added);
        if whole_lines {
            // Whole lines `sl..el` replaced by whole lines: the line after them keeps its
            // identity (inserting lines before a line moves it down, not edits it).
            self.map.splice(sl, el - sl, added);
        } else if sl != el || added > 0 {
            // Line `sl` is edited in place; the lines after it up to `el` are replaced.
            self.map.splice(sl + 1, el - sl, added);
        }
    }

    fn replace_all(&mut self, text: &str) {
        let old: Vec<String> = self.rope.lines().map(|l| l.to_string()).collect();
        let new_rope = Rope::from_str(text);
        let new: Vec<String> = new_rope.lines().map(|l| l.to_string()).collect();
        let prefix = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
        let max_suffix = old.len().min(new.len()) - prefix;
        let suffix = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take(max_suffix)
            .take_while(|(a, b)| a == b)
            .count();
        let removed = (old.len() - prefix - suffix) as u32;
        let inserted = (new.len() - prefix - suffix) as u32;
        self.map.splice(prefix as u32, removed, inserted);
        self.rope = new_rope;
        self.units.shift(
            prefix as u32,
            (old.len() - suffix) as u32,
            (new.len() - prefix - suffix) as u32,
        );
    }

    /// A client position → char index, clamped: a line past the end means the end of the text,
    /// a column past the end of a line (or inside a surrogate pair) means that line's end.
    pub fn char_at(&self, pos: Position) -> usize {
        let line = pos.line as usize;
        if line >= self.rope.len_lines() {
            return self.rope.len_chars();
        }
        let line_start = self.rope.line_to_char(line);
        let line_end = line_start + self.line_len_chars(line);
        let base = self.rope.char_to_utf16_cu(line_start);
        let target = base + pos.character as usize;
        let max = self.rope.char_to_utf16_cu(line_end);
        if target >= max {
            return line_end;
        }
        self.rope.utf16_cu_to_char(target)
    }

    /// Chars of `line` without its line break.
    fn line_len_chars(&self, line: usize) -> usize {
        chars_without_break(&self.rope.line(line))
    }

    /// Length of a line (0-based) in UTF-16 code units, without its line break; 0 past the end.
    pub fn line_len_utf16(&self, line: u32) -> u32 {
        let line = line as usize;
        if line >= self.rope.len_lines() {
            return 0;
        }
        // One descent to the line; the rest is measured within its slice (every range end a
        // view renders asks this, hundreds per keystroke on a large file).
        let slice = self.rope.line(line);
        let n = chars_without_break(&slice);
        slice.slice(..n).len_utf16_cu() as u32
    }

    /// The range covering lines `first..=last` (0-based), from column 0 to the end of `last`.
    pub fn lines_range(&self, first: u32, last: u32) -> Range {
        Range::new(
            Position::new(first, 0),
            Position::new(last, self.line_len_utf16(last)),
        )
    }

    /// End of a line (0-based), for hints placed after the text.
    pub fn line_end(&self, line: u32) -> Position {
        Position::new(line, self.line_len_utf16(line))
    }

    pub fn text(&self) -> String {
        self.rope.to_string()
    }
}

/// Whole lines `old` and `new` share at their start and end: `(p, k)` such that `old[..p]` and
/// `old[k..]` are the same text in `new` (`new[..p]`, `new[new.len() - (old.len() - k)..]`),
/// each cut at a line start in both, and never overlapping.
fn common_lines(old: &str, new: &str) -> (usize, usize) {
    let (o, n) = (old.as_bytes(), new.as_bytes());
    let same = o.iter().zip(n).take_while(|(a, b)| a == b).count();
    // Back to just after the last line break both share.
    let p = o[..same]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let (o_rest, n_rest) = (&o[p..], &n[p..]);
    let tail = (o_rest.iter().rev())
        .zip(n_rest.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let k0 = o.len() - tail;
    // The shared end must start at a line start in both texts: where it begins, if that is
    // one on both sides, else right after the first line break inside it.
    let line_start = |t: &[u8], at: usize| at == 0 || t[at - 1] == b'\n';
    let k = if line_start(o, k0) && line_start(n, n.len() - tail) {
        k0
    } else {
        o[k0..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(o.len(), |i| k0 + i + 1)
    };
    (p, k)
}

fn line_count(rope: &Rope) -> u32 {
    let n = rope.len_lines();
    let ends_with_newline = rope.len_chars() > 0 && rope.char(rope.len_chars() - 1) == '\n';
    // ropey counts an empty last line after a trailing newline; readcov does not.
    u32::try_from(if ends_with_newline || rope.len_chars() == 0 {
        n - 1
    } else {
        n
    })
    .unwrap_or(u32::MAX)
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    readcov_core::base::sha256_hex(bytes)
}

/// Chars of a line slice without its line break: `\n`, `\r\n` or a lone `\r`.
fn chars_without_break(slice: &ropey::RopeSlice) -> usize {
    let mut n = slice.len_chars();
    while n > 0 && matches!(slice.char(n - 1), '\n' | '\r') {
        n -= 1;
    }
    n
}

#[cfg(test)]
mod tests;
