//! Incremental reading of an append-only JSONL log: remembers how far it got, parses only the
//! complete lines added since, and notices a truncated or rotated file (then re-reads it whole).

use readcov_core::base::parse_row_bases;
use readcov_core::{parse_reads, InputError, ReadSpan};
use std::collections::{HashMap, VecDeque};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Arc;

/// How far a log has been read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tail {
    /// Bytes consumed (always at the end of a complete line).
    pub offset: u64,
    /// Lines consumed, to give errors their line number in the whole file.
    pub lines: usize,
    /// Identity of the file read (inode on Unix), to notice rotation.
    pub ino: u64,
    /// The first bytes of the file, to notice a rewrite that kept the length.
    pub head: Vec<u8>,
    /// The path names something that is not a readable regular file (a FIFO, a device): said
    /// once, not at every poll.
    pub refused: bool,
}

/// What a poll found.
#[derive(Debug, Default)]
pub struct Polled {
    /// True when earlier reads from this file must be dropped (truncated, rotated or deleted).
    pub reset: bool,
    pub reads: Vec<ReadSpan>,
    /// The sha256 of the file each read's lines count in (its row's `base`), parallel to
    /// `reads`; empty when no row carries one.
    pub bases: Vec<Option<Arc<str>>>,
    pub errors: Vec<InputError>,
    /// Bytes newly parsed, for progress reports.
    pub bytes: u64,
    /// A trajectory's runs' changes (its own patch, its edits replayed), replacing what it gave
    /// before; `None`: nothing new (a reads log, or a trajectory that did not change).
    pub changes: Option<Vec<readcov_import::RunChange>>,
    /// Only a piece of what was appended was read ([`PIECE`]): poll again for the rest.
    pub more: bool,
}

const HEAD: usize = 64;

/// Bytes of a JSONL log parsed at once: a larger log is read in pieces of whole lines, each
/// stored before the next is parsed. Parsed whole, a 126 MB log of 1.2M reads held every
/// `ReadSpan` (five strings each) at once beside the stored reads: 544 MB at the load's peak,
/// and ~150 MB of freed strings glibc kept afterwards (session 22).
pub const PIECE: u64 = 8 << 20;

/// Reads what was appended to `path` since `tail`, updating it: at most about [`PIECE`] bytes
/// of whole lines ([`Polled::more`] says when there is more). A missing file is empty.
pub fn poll(path: &Path, display: &str, workspace: Option<&str>, tail: &mut Tail) -> Polled {
    poll_piece(path, display, workspace, tail, PIECE)
}

/// [`poll`] with pieces of `piece` bytes (a line longer than that is read whole).
pub fn poll_piece(
    path: &Path,
    display: &str,
    workspace: Option<&str>,
    tail: &mut Tail,
    piece: u64,
) -> Polled {
    let mut out = Polled::default();
    // Only a regular file is read, and opening never blocks: a log swapped for a FIFO once
    // froze the server (the open waited for a writer with the store's lock held).
    let (mut file, meta) = match readcov_files::open_input(path) {
        Ok((file, _)) => match file.metadata() {
            Ok(meta) => (file, meta),
            Err(_) => return out,
        },
        Err(e) => {
            out.reset = tail.offset > 0;
            // Missing: nothing to say (a log is created later). There but refused: said once,
            // in words that hold now (the open may have raced with a swap).
            let reason = std::fs::metadata(path).ok().map(|m| match m.is_file() {
                true => e.what,
                false => "not a regular file".to_string(),
            });
            let say = reason.is_some() && !tail.refused;
            *tail = Tail {
                refused: reason.is_some(),
                ..Tail::default()
            };
            if let (true, Some(why)) = (say, reason) {
                out.errors.push(InputError::new(
                    display,
                    0,
                    None,
                    format!("not read: {why}"),
                ));
            }
            return out;
        }
    };
    tail.refused = false;
    let ino = inode(&meta);
    let mut head = vec![0u8; HEAD.min(meta.len() as usize)];
    let head_ok = file.read_exact(&mut head).is_ok();
    let same_file = ino == tail.ino
        && head_ok
        && head.starts_with(&tail.head[..tail.head.len().min(head.len())]);
    if meta.len() < tail.offset || (tail.offset > 0 && !same_file) {
        out.reset = true;
        *tail = Tail::default();
    }
    if meta.len() == tail.offset {
        return out;
    }
    let left = meta.len() - tail.offset;
    // Reads logs are parsed line by line (`parse_reads`): pieces of whole lines parse as the
    // whole does, error lines counted from `tail.lines`.
    let mut want = left.min(piece.max(1));
    let mut bytes = Vec::with_capacity(want as usize);
    if file.seek(SeekFrom::Start(tail.offset)).is_err() {
        out.errors
            .push(InputError::new(display, 0, None, "cannot read the log"));
        return out;
    }
    let cut = loop {
        let before = bytes.len();
        if (&mut file)
            .take(want - before as u64)
            .read_to_end(&mut bytes)
            .is_err()
        {
            out.errors
                .push(InputError::new(display, 0, None, "cannot read the log"));
            return out;
        }
        // A piece ends at a line break: a line longer than a piece is read on until its end.
        if bytes.len() == before {
            // Shorter than its length said (truncated meanwhile): the next poll sees it.
            break false;
        }
        if want >= left || bytes[before..].contains(&b'\n') {
            break want < left;
        }
        want = left.min(want + piece);
    };
    // Only complete lines: a writer may be half-way through the last one.
    let Some(last_nl) = bytes.iter().rposition(|&b| b == b'\n') else {
        return out;
    };
    let chunk = &bytes[..=last_nl];
    // Whole lines were read and more follow: the caller polls again at once.
    out.more = cut;
    let mut parsed = parse_reads(chunk, display, workspace);
    for e in &mut parsed.errors {
        e.line += tail.lines;
    }
    tail.lines += chunk.iter().filter(|&&b| b == b'\n').count();
    tail.offset += chunk.len() as u64;
    tail.ino = ino;
    if tail.head.len() < HEAD {
        tail.head = head;
    }
    out.bytes = chunk.len() as u64;
    out.bases = row_bases(chunk, display, workspace, &parsed.items);
    out.reads = parsed.items;
    out.errors = parsed.errors;
    out
}

/// Each read's `base` sha256, from a side pass over the rows that mention one (the reads
/// parser ignores `base`). Rows are matched by (path, start, end) in order: a row the reads
/// parser refused but this pass accepts can only shift the bases of later rows with the very
/// same place.
fn row_bases(
    chunk: &[u8],
    display: &str,
    workspace: Option<&str>,
    reads: &[ReadSpan],
) -> Vec<Option<Arc<str>>> {
    // Only when a row has a `base` or `sha256` key (typed, however escaped: a byte search for
    // `"base"` missed `"\u0062ase"` and took a `"base"` inside a value for one).
    if !readcov_files::input::gold::rows_name_a_base(chunk) {
        return Vec::new();
    }
    type Place = (String, u32, u32);
    let mut queues: HashMap<Place, VecDeque<Option<Arc<str>>>> = HashMap::new();
    for r in parse_row_bases(chunk, display, workspace).items {
        queues
            .entry((r.path, r.start, r.end))
            .or_default()
            .push_back(r.base.map(|b| Arc::from(b.sha256)));
    }
    reads
        .iter()
        .map(|r| {
            queues
                .get_mut(&(r.path.clone(), r.start, r.end))
                .and_then(|q| q.pop_front())
                .flatten()
        })
        .collect()
}

#[cfg(unix)]
fn inode(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(meta)
}

#[cfg(not(unix))]
fn inode(_: &std::fs::Metadata) -> u64 {
    0
}

#[cfg(test)]
mod tests;
