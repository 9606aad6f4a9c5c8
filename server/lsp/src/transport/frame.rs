//! `Content-Length` framing of the incoming byte stream, written so that no byte sequence stops
//! it: a bad header, a body shorter or longer than announced, garbage between frames are each
//! reported once (`Frame::Bad`) and skipped, and reading resumes at the next `Content-Length`
//! header (matched case-insensitively). Pure: bytes are pushed in, frames come out.
//!
//! Why a body can be cut short safely: a JSON text never holds a raw line break followed by
//! `Content-Length:` (line breaks inside strings are escaped, and the word is no JSON token), so
//! a body in which a header starts at a line start is a truncated frame, and the header is the
//! next frame. That lets a client that announced too many bytes get its next request answered
//! without waiting for bytes that never come.

use memchr::{memchr, memchr2};

/// Headers longer than this without a blank line are garbage, not headers.
pub const MAX_HEADER: usize = 8 * 1024;
/// The largest body accepted (a `didOpen` of a large file is a few MB).
pub const MAX_BODY: usize = 256 << 20;

const HEADER: &[u8] = b"content-length:";

#[derive(Debug, PartialEq)]
pub enum Frame {
    /// Exactly `Content-Length` bytes of body (not yet checked to be JSON).
    Body(Vec<u8>),
    /// Bytes that were no frame, already skipped; the reason, for a `-32700` answer.
    Bad(String),
}

#[derive(Clone, Copy, Debug)]
enum State {
    /// Expecting headers at `pos`.
    Header,
    /// Expecting `len` bytes of body at `pos`; positions below `pos + scanned` hold no header.
    Body { len: usize, scanned: usize },
    /// After a bad frame: dropping bytes until a `Content-Length` header starts.
    Skip,
}

pub struct FrameReader {
    buf: Vec<u8>,
    /// Bytes before `pos` are consumed.
    pos: usize,
    state: State,
    /// Where the last body handed out began, for [`FrameReader::reject_body`].
    last_body: Option<usize>,
}

impl Default for FrameReader {
    fn default() -> Self {
        Self::new()
    }
}

impl FrameReader {
    pub fn new() -> FrameReader {
        FrameReader {
            buf: Vec::new(),
            pos: 0,
            state: State::Header,
            last_body: None,
        }
    }

    /// Appends bytes read from the stream.
    pub fn push(&mut self, bytes: &[u8]) {
        // Consumed bytes are dropped only here, so `reject_body` may still rewind into them.
        if self.pos > 0 && self.pos * 2 >= self.buf.len() {
            self.buf.drain(..self.pos);
            self.last_body = None;
            self.pos = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// Bytes held that are not yet a frame.
    pub fn pending(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// The body just handed out was not JSON: its length may have been wrong, so look for the
    /// next header from where it began instead of trusting where it ended.
    pub fn reject_body(&mut self) {
        if let Some(start) = self.last_body.take() {
            self.pos = start;
            self.state = State::Skip;
        }
    }

    /// The next frame or bad stretch, or `None` until more bytes arrive.
    pub fn next_frame(&mut self) -> Option<Frame> {
        loop {
            match self.state {
                State::Skip => {
                    let rest = &self.buf[self.pos..];
                    match find_header(rest, 0, false) {
                        Some(p) => {
                            self.pos += p;
                            self.state = State::Header;
                        }
                        None => {
                            // Keep a tail that might be the start of a header.
                            self.pos += rest.len().saturating_sub(HEADER.len() - 1);
                            return None;
                        }
                    }
                }
                State::Header => return self.header(),
                State::Body { len, scanned } => return self.body(len, scanned),
            }
        }
    }

    fn header(&mut self) -> Option<Frame> {
        // Blank lines or spaces between frames are tolerated silently.
        let ws = self.buf[self.pos..]
            .iter()
            .take_while(|c| matches!(c, b'\r' | b'\n' | b' ' | b'\t'))
            .count();
        self.pos += ws;
        let rest = &self.buf[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let Some((end, body)) = blank_line(rest) else {
            if rest.len() > MAX_HEADER {
                return Some(self.bad(format!("no end of headers within {MAX_HEADER} bytes")));
            }
            return None;
        };
        match content_length(&rest[..end]) {
            Ok(len) => {
                self.pos += body;
                self.state = State::Body { len, scanned: 0 };
                self.next_frame()
            }
            Err(why) => Some(self.bad(why)),
        }
    }

    fn body(&mut self, len: usize, scanned: usize) -> Option<Frame> {
        let have = self.pending().min(len);
        // A header may begin inside the body and end past it (a length a few bytes too long).
        let seen = self.pending().min(len.saturating_add(HEADER.len() - 1));
        let region = &self.buf[self.pos..self.pos + seen];
        if let Some(q) = find_header(region, scanned, true).filter(|&q| q < len) {
            self.pos += q;
            self.state = State::Header;
            return Some(Frame::Bad(format!(
                "frame cut short: a new header began at byte {q} of its {len}-byte body"
            )));
        }
        if have < len {
            // Positions from which a whole header name fits were scanned.
            let scanned = have.saturating_sub(HEADER.len() - 1).max(scanned);
            self.state = State::Body { len, scanned };
            return None;
        }
        if seen < len + HEADER.len() - 1 && ends_in_header_start(&region[..len]) {
            // Whether a header begins in the body's last bytes is told by the bytes to come.
            self.state = State::Body { len, scanned };
            return None;
        }
        let body = region[..len].to_vec();
        self.last_body = Some(self.pos);
        self.pos += len;
        self.state = State::Header;
        Some(Frame::Body(body))
    }

    /// Reports the bytes at `pos` as bad and skips to the next header after them.
    fn bad(&mut self, why: String) -> Frame {
        self.pos += 1;
        self.state = State::Skip;
        Frame::Bad(why)
    }
}

/// The end of the header lines and the start of the body: the first empty line (`\r\n` or `\n`).
fn blank_line(b: &[u8]) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(i) = memchr(b'\n', &b[from..]).map(|i| i + from) {
        match (b.get(i + 1), b.get(i + 2)) {
            (Some(b'\n'), _) => return Some((i, i + 2)),
            (Some(b'\r'), Some(b'\n')) => return Some((i, i + 3)),
            (None, _) | (Some(b'\r'), None) => return None,
            _ => from = i + 1,
        }
    }
    None
}

/// The body length the header lines announce, or why they are not headers.
pub fn content_length(block: &[u8]) -> Result<usize, String> {
    let mut len = None;
    for line in block.split(|&c| c == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let shown = || String::from_utf8_lossy(&line[..line.len().min(60)]).into_owned();
        let Some(colon) = memchr(b':', line) else {
            return Err(format!("malformed header line `{}`", shown()));
        };
        let (name, value) = (&line[..colon], &line[colon + 1..]);
        if name.is_empty() || !name.iter().all(|&c| is_token(c)) {
            return Err(format!("malformed header line `{}`", shown()));
        }
        if !name.eq_ignore_ascii_case(b"content-length") {
            continue; // Content-Type and others: the body is checked as UTF-8 JSON anyway.
        }
        let value = value.trim_ascii();
        let n = std::str::from_utf8(value)
            .ok()
            .filter(|v| !v.is_empty() && v.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|v| v.parse::<usize>().ok())
            .ok_or_else(|| format!("`Content-Length` is not a number: `{}`", shown()))?;
        if n > MAX_BODY {
            return Err(format!(
                "`Content-Length` {n} is over the {MAX_BODY}-byte limit"
            ));
        }
        if len.is_some_and(|l| l != n) {
            return Err("two different `Content-Length` headers".into());
        }
        len = Some(n);
    }
    len.ok_or_else(|| "missing `Content-Length` header".into())
}

/// HTTP token characters (RFC 9110), the characters of a header name.
fn is_token(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&c)
}

/// Whether `body` ends with the first bytes of a header name at a line start (never true of
/// a JSON object).
fn ends_in_header_start(body: &[u8]) -> bool {
    let tail = body.len().saturating_sub(HEADER.len() - 1);
    (tail..body.len()).any(|p| {
        (p == 0 || body[p - 1] == b'\n')
            && HEADER[..body.len() - p].eq_ignore_ascii_case(&body[p..])
    })
}

/// Where the next `Content-Length:` begins in `b` at or after `from` (anywhere, or only at a
/// line start).
fn find_header(b: &[u8], from: usize, line_start: bool) -> Option<usize> {
    let mut from = from;
    while let Some(i) = memchr2(b'c', b'C', b.get(from..)?).map(|i| i + from) {
        let rest = &b[i..];
        if rest.len() >= HEADER.len()
            && rest[..HEADER.len()].eq_ignore_ascii_case(HEADER)
            && (!line_start || i == 0 || b[i - 1] == b'\n')
        {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

#[cfg(test)]
mod tests;
