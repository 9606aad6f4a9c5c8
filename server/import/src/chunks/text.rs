//! A workspace file as a retriever indexed it: character offsets (Unicode code points, as Python
//! `str` counts them — not bytes, not UTF-16) turned into readcov lines, and a chunk's text
//! checked against the file at its position.
//!
//! Python's text mode reads `\r\n` as `\n`, so LangChain and LlamaIndex offsets into a CRLF file
//! count one character per line break. Both views are kept: offsets are taken on the `\n` view
//! unless only the raw view's text matches the chunk. Lines are the same in both views.

use std::ops::Range;

/// One view of the text: its characters' byte offsets and the character index of each line start.
struct View {
    text: String,
    /// Byte offset of every character, then `text.len()`.
    char_bytes: Vec<usize>,
    /// Character index where each line starts (line 1 at index 0).
    line_starts: Vec<usize>,
}

impl View {
    fn new(text: String) -> View {
        let mut char_bytes: Vec<usize> = text.char_indices().map(|(b, _)| b).collect();
        let mut line_starts = vec![0];
        for (i, c) in text.chars().enumerate() {
            if c == '\n' {
                line_starts.push(i + 1);
            }
        }
        char_bytes.push(text.len());
        View {
            text,
            char_bytes,
            line_starts,
        }
    }

    fn chars(&self) -> usize {
        self.char_bytes.len() - 1
    }

    /// The 1-based line holding character `i`.
    fn line_of(&self, i: usize) -> u32 {
        self.line_starts.partition_point(|&s| s <= i) as u32
    }

    fn slice(&self, r: Range<usize>) -> &str {
        &self.text[self.char_bytes[r.start]..self.char_bytes[r.end]]
    }
}

/// Why a chunk could not be placed on the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Lines `start..=end` (1-based, inclusive).
    Lines(u32, u32),
    /// The offsets or lines run past the end of the file (its length in the unit asked).
    PastEnd { len: usize },
    /// The text differs from the file at that position.
    Stale,
    /// The chunk's text is not in the file at all (no offsets given to look at).
    NotFound,
}

/// A workspace file, indexed for offsets and lines.
pub struct FileText {
    lf: View,
    /// The text as stored when it has `\r\n` line breaks (else offsets mean the same in both).
    raw: Option<View>,
    lines: u32,
}

impl FileText {
    /// From the file's bytes (invalid UTF-8 replaced: a stray byte must not hide the file).
    pub fn new(bytes: &[u8]) -> FileText {
        let raw = String::from_utf8_lossy(bytes).into_owned();
        let lines = line_count(&raw);
        if raw.contains("\r\n") {
            let lf = View::new(raw.replace("\r\n", "\n"));
            FileText {
                lf,
                raw: Some(View::new(raw)),
                lines,
            }
        } else {
            FileText {
                lf: View::new(raw),
                raw: None,
                lines,
            }
        }
    }

    /// Number of lines (a last line without a line break counts).
    pub fn lines(&self) -> u32 {
        self.lines
    }

    /// Characters `[start, end)` as lines; `text` (when given) must be what the file has there.
    pub fn place_chars(&self, start: usize, end: usize, text: Option<&str>) -> Placement {
        let views = std::iter::once(&self.lf).chain(self.raw.as_ref());
        for v in views {
            if end <= v.chars() && text.is_none_or(|t| v.slice(start..end) == t) {
                return Placement::Lines(v.line_of(start), v.line_of(end - 1));
            }
        }
        let longest = self.raw.as_ref().unwrap_or(&self.lf).chars();
        if end > longest {
            Placement::PastEnd {
                len: self.lf.chars(),
            }
        } else {
            Placement::Stale
        }
    }

    /// Where `text` first occurs (a LangChain document without `start_index`).
    pub fn find(&self, text: &str) -> Placement {
        let views = std::iter::once(&self.lf).chain(self.raw.as_ref());
        for v in views {
            if let Some(b) = v.text.find(text) {
                let start = v.char_bytes.partition_point(|&x| x < b);
                let end = start + text.chars().count();
                return Placement::Lines(v.line_of(start), v.line_of(end - 1));
            }
        }
        Placement::NotFound
    }

    /// Lines `start..=end`; `text` (when given) must equal them modulo trailing whitespace and
    /// line-break style.
    pub fn place_lines(&self, start: u32, end: u32, text: Option<&str>) -> Placement {
        if end > self.lines {
            return Placement::PastEnd {
                len: self.lines as usize,
            };
        }
        let Some(text) = text else {
            return Placement::Lines(start, end);
        };
        let v = &self.lf;
        let from = v.line_starts[start as usize - 1];
        let to = v
            .line_starts
            .get(end as usize)
            .copied()
            .unwrap_or(v.chars());
        if same_lines(v.slice(from..to), text) {
            Placement::Lines(start, end)
        } else {
            Placement::Stale
        }
    }
}

/// Lines the way readcov counts them: split at `\n`, a trailing line without one included.
fn line_count(text: &str) -> u32 {
    let breaks = text.bytes().filter(|&b| b == b'\n').count();
    let last = usize::from(!text.is_empty() && !text.ends_with('\n'));
    (breaks + last) as u32
}

/// The same lines, ignoring trailing whitespace (and `\r`) on each and blank lines at the end.
fn same_lines(a: &str, b: &str) -> bool {
    fn norm(s: &str) -> Vec<&str> {
        let mut v: Vec<&str> = s.lines().map(str::trim_end).collect();
        while v.last() == Some(&"") {
            v.pop();
        }
        v
    }
    norm(a) == norm(b)
}
