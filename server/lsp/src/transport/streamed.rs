//! Answers the transport writes itself, serialised in pieces straight into the output frame.
//!
//! tower-lsp-server turns every handler's answer into one `serde_json::Value` and then one
//! `String`: a `readcov/summary` of 156,844 one-span tasks held ~110 MB as a `Value` (~700 bytes
//! a row) for ~30 MB of JSON, besides the text's copies in its encoder and in this transport's
//! frame reader (issue 35, item 7). So a large answer does not go through it: the handler hands
//! it to [`Streamed::defer`] and answers a token instead; tower-lsp-server sends the response
//! carrying the token as usual, and when that frame reaches the transport's writer
//! ([`Streamed::take`]) the answer is written in its place, a piece at a time. Everything else
//! stays tower-lsp-server's: the `not initialized` and cancelled answers (the handler never ran,
//! no token), the request id, and where the response falls among the other messages.
//!
//! The `Content-Length` is counted by serialising once into a counter (nothing kept), then the
//! pieces are serialised again into a buffer written out every [`CHUNK`] bytes: the answer is
//! never held as text. A token names its server by a random number, so no client-chosen string
//! can stand for one.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// How much of a streamed answer is buffered before it is written.
pub const CHUNK: usize = 1 << 16;

/// An answer's JSON in pieces (say, a head, one piece per row, a tail): written in order, they
/// are the answer's JSON text, byte for byte what `serde_json::to_vec` of its `Value` gives.
pub trait Pieces: Send {
    /// How many pieces there are.
    fn count(&self) -> usize;
    /// Writes piece `i` (`i < count()`).
    fn write(&self, i: usize, out: &mut dyn Write) -> serde_json::Result<()>;
}

/// The answers handed over and not yet written, shared by the handlers and the transport.
pub struct Streamed {
    /// This server's token prefix: `readcov-streamed-<random>-`.
    prefix: String,
    next: AtomicU64,
    /// Set by the transport that substitutes tokens; without one, handlers answer whole.
    attached: AtomicBool,
    slots: Mutex<HashMap<u64, Box<dyn Pieces>>>,
    /// Answers taken to be written so far (tests check the answers went this way).
    taken: AtomicU64,
}

impl Default for Streamed {
    fn default() -> Self {
        Self::new()
    }
}

/// How tower-lsp-server starts a successful response (`Response` serialises `jsonrpc`, then the
/// flattened `result`, then `id`).
const OK_HEAD: &[u8] = br#"{"jsonrpc":"2.0","result":"#;

impl Streamed {
    pub fn new() -> Streamed {
        let random = RandomState::new().hash_one(std::process::id());
        Streamed {
            prefix: format!("readcov-streamed-{random:016x}-"),
            next: AtomicU64::new(0),
            attached: AtomicBool::new(false),
            slots: Mutex::new(HashMap::new()),
            taken: AtomicU64::new(0),
        }
    }

    /// A transport that writes the answers in place of their tokens serves this server.
    pub fn attach(&self) {
        self.attached.store(true, Ordering::Release);
    }

    /// Whether [`Streamed::defer`] may be used (else the token would reach the client).
    pub fn attached(&self) -> bool {
        self.attached.load(Ordering::Acquire)
    }

    /// Keeps `answer` for the transport; the handler answers the returned token instead.
    pub fn defer(&self, answer: Box<dyn Pieces>) -> String {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut slots) = self.slots.lock() {
            slots.insert(n, answer);
        }
        format!("{}{n}", self.prefix)
    }

    /// Answers kept and not yet written.
    pub fn pending(&self) -> usize {
        self.slots.lock().map(|s| s.len()).unwrap_or(0)
    }

    /// If `body` is a successful response whose result is one of this server's tokens: the
    /// answer kept for it (taken out) and the body's bytes after the token (`,"id":…}`).
    pub fn take<'b>(&self, body: &'b [u8]) -> Option<(Box<dyn Pieces>, &'b [u8])> {
        let rest = body.strip_prefix(OK_HEAD)?.strip_prefix(b"\"")?;
        let rest = rest.strip_prefix(self.prefix.as_bytes())?;
        let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        let n: u64 = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
        // Exactly as `defer` wrote it (`…-00` is not `…-0`).
        if n.to_string().as_bytes() != &rest[..digits] {
            return None;
        }
        let tail = rest[digits..].strip_prefix(b"\"")?;
        let answer = self.slots.lock().ok()?.remove(&n)?;
        self.taken.fetch_add(1, Ordering::Relaxed);
        Some((answer, tail))
    }

    /// How many answers have been taken to be written.
    pub fn taken(&self) -> u64 {
        self.taken.load(Ordering::Relaxed)
    }
}

/// The frame that replaces a token's: its header and the body's parts around the answer, or the
/// JSON-RPC `InternalError` tower-lsp-server gives for an answer that does not serialise.
pub enum Framed {
    Stream {
        header: Vec<u8>,
        tail: Vec<u8>,
        answer: Box<dyn Pieces>,
    },
    Whole(Vec<u8>),
}

/// Counts the answer (`Content-Length`) without keeping its text.
pub fn frame(answer: Box<dyn Pieces>, tail: &[u8]) -> Framed {
    let mut counter = Counter(0);
    for i in 0..answer.count() {
        if let Err(e) = answer.write(i, &mut counter) {
            // As `IntoResponse` words a `to_value` failure; `tail` is `,"id":…}`.
            let error = serde_json::json!({"code": -32603, "message": e.to_string()});
            let mut body = br#"{"jsonrpc":"2.0","error":"#.to_vec();
            body.extend_from_slice(&serde_json::to_vec(&error).unwrap_or_default());
            body.extend_from_slice(tail);
            return Framed::Whole(super::message::frame(&body));
        }
    }
    let len = OK_HEAD.len() + counter.0 + tail.len();
    let mut header = format!("Content-Length: {len}\r\n\r\n").into_bytes();
    header.extend_from_slice(OK_HEAD);
    Framed::Stream {
        header,
        tail: tail.to_vec(),
        answer,
    }
}

/// A writer that only counts.
struct Counter(usize);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
