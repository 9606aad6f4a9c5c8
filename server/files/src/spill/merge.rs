//! The chunks' files: written from rows in order, read back a record at a time, and merged k
//! ways in (task, run) order (a heap of each source's next row), or by names only to find a run
//! held twice.

use super::codec::{encode, read_body, read_names, skip_body, Kept};
use crate::FileError;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Per open chunk: a few records at a time (the walk may have dozens open).
const READ_BUFFER: usize = 16 << 10;

/// Writes `rows` (in order) to a new chunk at `path`; how many there were. The first error of
/// the rows (a chunk read for a merge) or of the writing stops it.
pub fn write_chunk(
    path: &Path,
    rows: impl Iterator<Item = Result<Kept, FileError>>,
) -> Result<usize, FileError> {
    let failed = |e: std::io::Error| {
        let what = format!(
            "cannot write scored runs set aside to a temporary file: {e} (set TMPDIR to a \
             writable folder with room)"
        );
        FileError::new(path, what)
    };
    let mut out = BufWriter::with_capacity(1 << 16, File::create(path).map_err(failed)?);
    let (mut n, mut buf) = (0, Vec::new());
    for row in rows {
        buf.clear();
        encode(&row?, &mut buf);
        out.write_all(&buf).map_err(failed)?;
        n += 1;
    }
    out.flush().map_err(failed)?;
    Ok(n)
}

/// One chunk read back.
pub struct Reader {
    file: BufReader<File>,
    path: PathBuf,
    body: Vec<u8>,
}

impl Reader {
    pub fn open(path: &Path) -> Result<Reader, FileError> {
        let file = File::open(path).map_err(|e| Reader::failed(path, e))?;
        Ok(Reader {
            file: BufReader::with_capacity(READ_BUFFER, file),
            path: path.to_path_buf(),
            body: Vec::new(),
        })
    }

    fn failed(path: &Path, e: std::io::Error) -> FileError {
        let what = format!("cannot read back scored runs set aside to a temporary file: {e}");
        FileError::new(path, what)
    }

    /// The next row, or `None` at the end.
    pub fn next_row(&mut self) -> Result<Option<Kept>, FileError> {
        let got = read_names(&mut self.file).and_then(|names| match names {
            Some((task, run)) => read_body(&mut self.file, task, run, &mut self.body).map(Some),
            None => Ok(None),
        });
        got.map_err(|e| Reader::failed(&self.path, e))
    }

    /// The next row's names only, or `None` at the end.
    pub fn next_names(&mut self) -> Result<Option<(String, String)>, FileError> {
        let got = read_names(&mut self.file).and_then(|names| match names {
            Some(n) => skip_body(&mut self.file).map(|()| Some(n)),
            None => Ok(None),
        });
        got.map_err(|e| Reader::failed(&self.path, e))
    }
}

/// Rows in (task, run) order: the rows held in memory, or a chunk.
pub enum Source {
    Mem(std::vec::IntoIter<Kept>),
    File(Reader),
}

impl Source {
    fn next_row(&mut self) -> Result<Option<Kept>, FileError> {
        match self {
            Source::Mem(rows) => Ok(rows.next()),
            Source::File(r) => r.next_row(),
        }
    }
}

/// A source's next row, ordered by names, then by source (no two rows compare equal).
struct Head {
    row: Kept,
    source: usize,
}

impl Head {
    fn key(&self) -> ((&str, &str), usize) {
        (self.row.names(), self.source)
    }
}

impl PartialEq for Head {
    fn eq(&self, other: &Head) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Head {}

impl PartialOrd for Head {
    fn partial_cmp(&self, other: &Head) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Head {
    fn cmp(&self, other: &Head) -> Ordering {
        self.key().cmp(&other.key())
    }
}

/// The k-way merge of sources in order.
pub struct Merge {
    sources: Vec<Source>,
    heap: BinaryHeap<Reverse<Head>>,
    /// A source's first row not read yet (filled on the first `next_row`).
    started: bool,
}

impl Merge {
    pub fn new(sources: Vec<Source>) -> Merge {
        let heap = BinaryHeap::with_capacity(sources.len());
        Merge {
            sources,
            heap,
            started: false,
        }
    }

    fn pull(&mut self, source: usize) -> Result<(), FileError> {
        if let Some(row) = self.sources[source].next_row()? {
            self.heap.push(Reverse(Head { row, source }));
        }
        Ok(())
    }

    /// The next row of all the sources, or `None` when all are done; after an error, `None`.
    pub fn next_row(&mut self) -> Option<Result<Kept, FileError>> {
        if !self.started {
            self.started = true;
            for i in 0..self.sources.len() {
                if let Err(e) = self.pull(i) {
                    self.heap.clear();
                    return Some(Err(e));
                }
            }
        }
        let Reverse(Head { row, source }) = self.heap.pop()?;
        match self.pull(source) {
            Ok(()) => Some(Ok(row)),
            Err(e) => {
                self.heap.clear();
                Some(Err(e))
            }
        }
    }
}

/// The first (task, run) met twice in the merge of the chunks' names and `mem`'s (each in
/// order, none twice within the chunk it is written in unless held twice there too).
pub fn first_twice<'a>(
    readers: Vec<Reader>,
    mem: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<Option<(String, String)>, FileError> {
    let mut readers = readers;
    let mut heap = BinaryHeap::new();
    for (i, r) in readers.iter_mut().enumerate() {
        if let Some(n) = r.next_names()? {
            heap.push(Reverse((n, i)));
        }
    }
    let mut mem = mem.peekable();
    let mut last: Option<(String, String)> = None;
    loop {
        // The smaller of the chunks' next names and memory's.
        let from_mem = match (heap.peek(), mem.peek()) {
            (Some(Reverse(((t, r), _))), Some(m)) => *m < (t.as_str(), r.as_str()),
            (None, Some(_)) => true,
            (_, None) => false,
        };
        let names = match from_mem {
            true => {
                let (t, r) = mem.next().expect("peeked");
                (t.to_string(), r.to_string())
            }
            false => match heap.pop() {
                Some(Reverse((n, i))) => {
                    if let Some(next) = readers[i].next_names()? {
                        heap.push(Reverse((next, i)));
                    }
                    n
                }
                None => return Ok(None),
            },
        };
        if last.as_ref() == Some(&names) {
            return Ok(Some(names));
        }
        last = Some(names);
    }
}
