//! Dataset files hold one run per row: JSONL (a row per line) or a JSON array of rows (as the
//! Hugging Face exports and the Agent Data Protocol samples write them, pretty-printed or not).
//! [`Cutter`] finds where each row starts and ends without parsing it, a piece of the file at a
//! time, so a reader holds one row (plus one read buffer), never the file. Parquet rows come
//! from `readcov-parquet` and need no cutting.

use std::ops::Range;

/// How the rows are laid out, known from the first byte that is not white space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One row per line (blank lines skipped).
    Lines,
    /// `[row, row, …]`: rows are the array's elements, wherever the line breaks fall.
    Array,
}

/// One row found: its bytes in the buffer given to [`Cutter::cut`] and the 1-based line of the
/// file it starts on (for located errors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowAt {
    pub range: Range<usize>,
    pub line: usize,
}

/// The row cutter: feed it the unconsumed bytes (what the last call did not consume, then the
/// new bytes) and it hands out the rows complete in them.
#[derive(Clone, Debug, Default)]
pub struct Cutter {
    layout: Option<Layout>,
    /// Array layout: nesting depth (1 = inside the top-level array), whether inside a string,
    /// and where the current row started (relative to the buffer of the current call).
    depth: u32,
    in_str: bool,
    escaped: bool,
    row_start: Option<usize>,
    /// Where scanning resumes in the buffer (bytes before it, from `row_start` on, are scanned).
    resume: usize,
    /// 1-based line of the first byte of the buffer, and of the current row's start.
    line: usize,
    row_line: usize,
    /// The array closed (`]`): anything after it is ignored.
    done: bool,
}

impl Cutter {
    pub fn new() -> Cutter {
        Cutter {
            line: 1,
            ..Cutter::default()
        }
    }

    /// A cutter for rows of a known layout (a JSONL file read from the middle, where the first
    /// byte tells nothing about the file).
    pub fn with_layout(layout: Layout) -> Cutter {
        Cutter {
            layout: Some(layout),
            ..Cutter::new()
        }
    }

    /// The layout, once the first non-blank byte was seen.
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    /// Appends to `out` the rows complete in `buf` and returns how many bytes of `buf` are
    /// consumed: the caller keeps `buf[consumed..]` and passes it, followed by more bytes, next
    /// time. With `eof`, the rest is a last row (a line without its newline, or a truncated
    /// array element, which the row parser then reports).
    pub fn cut(&mut self, buf: &[u8], eof: bool, out: &mut Vec<RowAt>) -> usize {
        if self.layout.is_none() {
            match buf.iter().position(|b| !b.is_ascii_whitespace()) {
                Some(i) => {
                    self.layout = Some(if buf[i] == b'[' {
                        Layout::Array
                    } else {
                        Layout::Lines
                    })
                }
                None => {
                    self.line += count_lines(buf);
                    return buf.len();
                }
            }
        }
        match self.layout {
            Some(Layout::Array) => self.cut_array(buf, eof, out),
            _ => self.cut_lines(buf, eof, out),
        }
    }

    fn cut_lines(&mut self, buf: &[u8], eof: bool, out: &mut Vec<RowAt>) -> usize {
        let mut start = 0;
        // `buf` starts with the line the last call left unfinished, whose first `resume` bytes
        // hold no line break: searched again from the start, one long line (a trajectory of
        // hundreds of megabytes on one line) cost its length times the pieces it came in.
        let mut from = self.resume.min(buf.len());
        self.resume = 0;
        while start < buf.len() {
            let end = match memchr::memchr(b'\n', &buf[from..]) {
                Some(i) => from + i,
                None if eof => buf.len(),
                None => {
                    self.resume = buf.len() - start;
                    break;
                }
            };
            if buf[start..end].iter().any(|b| !b.is_ascii_whitespace()) {
                out.push(RowAt {
                    range: start..end,
                    line: self.line,
                });
            }
            self.line += 1;
            start = (end + 1).min(buf.len());
            from = start;
        }
        start
    }

    fn cut_array(&mut self, buf: &[u8], eof: bool, out: &mut Vec<RowAt>) -> usize {
        let mut i = self.resume;
        // Lines are counted lazily, up to `counted`: only a row's start needs its line.
        let mut counted = 0;
        let mut line = self.line;
        let mut line_at = |pos: usize, counted: &mut usize| {
            line += count_lines(&buf[*counted..pos]);
            *counted = pos;
            line
        };
        while i < buf.len() && !self.done {
            if self.in_str {
                if self.escaped {
                    // The byte after a backslash is taken whatever it is.
                    self.escaped = false;
                    i += 1;
                    continue;
                }
                match memchr::memchr2(b'"', b'\\', &buf[i..]) {
                    None => i = buf.len(),
                    Some(k) => {
                        i += k;
                        if buf[i] == b'\\' {
                            self.escaped = true;
                        } else {
                            self.in_str = false;
                        }
                        i += 1;
                    }
                }
                continue;
            }
            let b = buf[i];
            match self.depth {
                0 => {
                    if b == b'[' {
                        self.depth = 1;
                    }
                }
                1 => match b {
                    b',' | b']' => {
                        // The end of a bare scalar (an object or array row ended at its bracket).
                        if let Some(s) = self.row_start.take() {
                            out.push(RowAt {
                                range: s..trim_end(buf, s, i),
                                line: self.row_line,
                            });
                        }
                        self.done = b == b']';
                    }
                    _ if b.is_ascii_whitespace() => {}
                    _ => {
                        if self.row_start.is_none() {
                            self.row_start = Some(i);
                            self.row_line = line_at(i, &mut counted);
                        }
                        match b {
                            b'{' | b'[' => self.depth = 2,
                            b'"' => self.in_str = true,
                            _ => {}
                        }
                    }
                },
                _ => match b {
                    b'"' => self.in_str = true,
                    b'{' | b'[' => self.depth += 1,
                    b'}' | b']' => {
                        self.depth -= 1;
                        if self.depth == 1 {
                            if let Some(s) = self.row_start.take() {
                                out.push(RowAt {
                                    range: s..i + 1,
                                    line: self.row_line,
                                });
                            }
                        }
                    }
                    _ => {}
                },
            }
            i += 1;
        }
        let consumed = match self.row_start {
            _ if self.done => buf.len(),
            Some(s) if !eof => s,
            Some(s) => {
                // A truncated last element: handed out as it is, for the row parser to report.
                out.push(RowAt {
                    range: s..buf.len(),
                    line: self.row_line,
                });
                self.row_start = None;
                buf.len()
            }
            None => i,
        };
        self.line = line_at(consumed, &mut counted);
        // Scanning resumes where it stopped, relative to the bytes kept.
        self.resume = i.saturating_sub(consumed);
        if let Some(s) = self.row_start.as_mut() {
            *s -= consumed;
        }
        consumed
    }
}

/// `buf[s..e]` without trailing white space.
fn trim_end(buf: &[u8], s: usize, mut e: usize) -> usize {
    while e > s && buf[e - 1].is_ascii_whitespace() {
        e -= 1;
    }
    e
}

fn count_lines(b: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', b).count()
}

/// Every row of a whole buffer (what [`Cutter`] gives when fed everything at once).
pub fn rows(bytes: &[u8]) -> Vec<RowAt> {
    let mut out = Vec::new();
    Cutter::new().cut(bytes, true, &mut out);
    out
}

#[cfg(test)]
mod tests;
