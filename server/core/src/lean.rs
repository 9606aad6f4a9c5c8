//! A lean reads table for `readcov score` on large logs: each read is four integers (16 bytes),
//! its task, run and path interned once, and what a run's rows share (task, run, source, kind)
//! kept once as a tag. Scoring a SWE-Explore-scale corpus (117k reads) with whole
//! [`ReadSpan`](crate::ReadSpan)s kept ~30 MB of small strings alive, and on a VM where every fresh page costs
//! microseconds, touching that memory was most of `score`'s time
//! (profiled: 22% zeroing fresh pages alone). Rows are scored group by group and handed to the
//! caller one at a time, so nothing per row outlives its output either.
//!
//! Same answers as [`crate::parse_reads_checked`] + [`crate::score_batch`]: lines go through the
//! same typed fast path (raw paths normalised once per distinct text) or, when it declines, the
//! same slow path that locates errors; `tests/lean.rs` holds the two equal. Edits are kept as
//! tags only, so callers needing read-before-edit (which wants whole rows) check
//! [`LeanReads::has_edits`] and take the general path.

use crate::fastread::serde_raw;
use crate::formats::{jsonl_line_ranges, slow_read, utf8_line, InputError, PathCheck};
use crate::path::normalize_path;
use crate::row::RawRead;
use crate::scan::{scan_read_into, Line, Shape};
use crate::span::{EventKind, Source, DEFAULT_ID};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

mod runs;
mod score;
mod typed;
pub use score::{score_lean, score_lean_named};
pub use typed::{read_of_cells, Cell, Cells, CELLS, READ_KEYS};

/// One read, 16 bytes: `tag` indexes [`LeanReads::tag`], `path` [`LeanReads::name`]. A row's
/// task, run, source and kind are shared by every row of its run, so they are kept once, as a
/// tag: the table is the bulk of the memory `score` touches, and on a VM every fresh page costs
/// (24-byte rows with the four inline: 23.3 MB peak and 4,829 page faults on the 71 MB corpus;
/// 16-byte rows: 21.1 MB and 4,367).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeanRead {
    pub tag: u32,
    pub path: u32,
    pub start: u32,
    pub end: u32,
}

/// What rows share: task and run (ids for [`LeanReads::name`]), source and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tag {
    pub task: u32,
    pub run: u32,
    pub source: Source,
    pub kind: EventKind,
}

/// A reads file parsed into [`LeanRead`]s, with the errors and counts of the general parser.
#[derive(Default)]
pub struct LeanReads {
    names: Vec<Box<str>>,
    ids: HashMap<Box<str>, u32, Fx>,
    /// Raw path text → id of its normalised form; `None` when normalising or the path check
    /// failed (the slow path then words the error).
    raw_paths: HashMap<Box<str>, Option<u32>, Fx>,
    tags: Vec<Tag>,
    tag_ids: HashMap<Tag, u32, Fx>,
    /// The opening bytes of the last line that began with its task and run, and their ids.
    repeat: Repeat,
    rows: Vec<LeanRead>,
    /// Where each stretch of rows with one tag begins, and the tag: a run's rows are one or a few
    /// stretches, so scoring finds the runs without walking the table (profiled: on the 71 MB
    /// corpus, two walks over its 9 MB of rows were 7% of `score`'s time, waiting on memory).
    /// The last stretch's tag is the last row's ([`Self::last`]).
    stretches: Vec<(usize, u32)>,
    pub errors: Vec<InputError>,
    /// Non-blank lines seen (valid + invalid).
    pub records: usize,
    /// Some row is an edit.
    pub has_edits: bool,
}

impl LeanReads {
    /// The tag of the last row: logs are written run by run, so a line's task and run are
    /// usually the previous line's, and one string compare beats hashing them.
    fn last(&self) -> Option<u32> {
        self.stretches.last().map(|&(_, tag)| tag)
    }

    /// The reads, in file order until [`score_lean`] sorts them into runs.
    pub fn rows(&self) -> &[LeanRead] {
        &self.rows
    }

    /// The task, run or path an id stands for.
    pub fn name(&self, id: u32) -> &str {
        &self.names[id as usize]
    }

    /// What the rows with this tag share.
    pub fn tag(&self, id: u32) -> Tag {
        self.tags[id as usize]
    }

    fn intern(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.ids.get(s) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(s.into());
        self.ids.insert(s.into(), id);
        id
    }

    fn path_id(&mut self, raw: &str, workspace: Option<&str>, check: PathCheck) -> Option<u32> {
        if let Some(&id) = self.raw_paths.get(raw) {
            return id;
        }
        let id = normalize_path(raw, workspace)
            .ok()
            .filter(|p| check(p).is_ok())
            .map(|p| self.intern(&p));
        self.raw_paths.insert(raw.into(), id);
        id
    }

    /// The ids of a row's task and run.
    fn task_and_run(&mut self, task: &str, run: &str) -> (u32, u32) {
        match self.last().map(|t| self.tag(t)) {
            Some(l) if self.name(l.task) == task && self.name(l.run) == run => (l.task, l.run),
            Some(l) if self.name(l.task) == task => (l.task, self.intern(run)),
            _ => (self.intern(task), self.intern(run)),
        }
    }

    fn push(
        &mut self,
        (task, run): (u32, u32),
        read: (u32, u32, u32),
        source: Source,
        kind: EventKind,
    ) {
        let (path, start, end) = read;
        let last = self.last();
        let tag = Tag {
            task,
            run,
            source,
            kind,
        };
        let id = match last {
            Some(t) if self.tag(t) == tag => t,
            _ => match self.tag_ids.get(&tag) {
                Some(&t) => t,
                None => {
                    let t = self.tags.len() as u32;
                    self.tags.push(tag);
                    self.tag_ids.insert(tag, t);
                    t
                }
            },
        };
        if last != Some(id) {
            self.stretches.push((self.rows.len(), id));
        }
        self.has_edits |= kind == EventKind::Edit;
        self.rows.push(LeanRead {
            tag: id,
            path,
            start,
            end,
        });
    }

    /// Parses one piece of a reads file that starts at line `first` and ends at a line break (or
    /// the end of the file), like [`crate::parse_reads_piece`].
    pub fn parse_piece(
        &mut self,
        bytes: &[u8],
        first: usize,
        file: &str,
        workspace: Option<&str>,
        check: PathCheck,
    ) {
        // One check of the whole piece (word by word) instead of one per line; a piece that is
        // not all UTF-8 is scanned as bytes, its strings checked one by one.
        let text = std::str::from_utf8(bytes).ok();
        for (line, at) in jsonl_line_ranges(bytes, first) {
            self.records += 1;
            let raw = &bytes[at.clone()];
            let scan = match text.and_then(|t| t.get(at)) {
                Some(t) => Line::text(t),
                None => Line::bytes(raw),
            };
            if self.push_fast(scan, workspace, check) {
                continue;
            }
            match slow_read(utf8_line(raw, file, line), file, line, workspace, check) {
                Ok(r) => {
                    let path = self.intern(&r.path);
                    let ids = self.task_and_run(&r.task, &r.run);
                    self.push(ids, (path, r.start, r.end), r.source, r.kind);
                }
                Err(e) => self.errors.push(e),
            }
        }
    }

    /// Takes a line on the typed fast path; `false` leaves it to the slow path. A line that
    /// repeats the last marked line's opening bytes is read from where they end: by the run's
    /// shape when it has the same bytes between its values, else by a scan.
    fn push_fast(&mut self, t: Line, workspace: Option<&str>, check: PathCheck) -> bool {
        let mut raw = RawRead::empty();
        if let Some((at, ids)) = self.repeat.of(t.as_bytes()) {
            // The run's usual shape first.
            let shaped = self.repeat.shape.read_into(t, at, &mut raw);
            if let Some(path) = shaped.and_then(|()| self.checked_path(&raw, workspace, check)) {
                self.push_raw(ids, path, &raw);
                return true;
            }
            // Then a scan from the mark, whose line becomes the shape when it is taken (a log
            // whose lines change shape mid-run adapts).
            raw = RawRead::empty();
            let scanned = scan_read_into(t, Some(at), &mut raw);
            if let Some(path) = scanned.and_then(|_| self.checked_path(&raw, workspace, check)) {
                self.repeat.shape.learn(t, at);
                self.push_raw(ids, path, &raw);
                return true;
            }
            raw = RawRead::empty();
        }
        let resume = match scan_read_into(t, None, &mut raw) {
            Some(resume) => resume,
            None => match std::str::from_utf8(t.as_bytes()).ok().and_then(serde_raw) {
                Some(from_serde) => {
                    raw = from_serde;
                    None
                }
                None => return false,
            },
        };
        let Some(path) = self.checked_path(&raw, workspace, check) else {
            return false;
        };
        let task = raw.task.as_ref().map_or(DEFAULT_ID, |i| &*i.0);
        let run = raw.run.as_ref().map_or(DEFAULT_ID, |i| &*i.0);
        let ids = self.task_and_run(task, run);
        if let Some(at) = resume {
            self.repeat.mark(t, at, ids);
        }
        self.push_raw(ids, path, &raw);
        true
    }

    /// The path id of a read whose range is valid and whose path normalises and passes the
    /// check; `None` leaves the line to the slow path, which words the error.
    fn checked_path(
        &mut self,
        raw: &RawRead,
        workspace: Option<&str>,
        check: PathCheck,
    ) -> Option<u32> {
        if !raw.valid_range() {
            return None;
        }
        self.path_id(&raw.path, workspace, check)
    }

    fn push_raw(&mut self, ids: (u32, u32), path: u32, raw: &RawRead) {
        let (source, kind) = (raw.source.unwrap_or_default(), raw.kind.unwrap_or_default());
        self.push(ids, (path, raw.start, raw.end), source, kind);
    }

    /// Keeps only the rows whose task `keep` accepts (a `--shard`).
    pub fn retain_tasks(&mut self, keep: impl Fn(&str) -> bool) {
        let keeps: Vec<bool> = self.tags.iter().map(|t| keep(self.name(t.task))).collect();
        self.rows.retain(|r| keeps[r.tag as usize]);
        self.stretches = stretches_of(&self.rows);
    }
}

/// Where each stretch of rows with one tag begins, and the tag.
fn stretches_of(rows: &[LeanRead]) -> Vec<(usize, u32)> {
    (0..rows.len())
        .filter(|&i| i == 0 || rows[i].tag != rows[i - 1].tag)
        .map(|i| (i, rows[i].tag))
        .collect()
}

/// The opening bytes of the last line [`scan_read_into`] marked (its `task` and `run`
/// members, up to the comma after them), the ids they stood for, and the shape of what followed.
#[derive(Default)]
struct Repeat {
    opening: Vec<u8>,
    ids: (u32, u32),
    shape: Shape,
}

impl Repeat {
    /// Where to resume scanning `line`, and its task and run ids, when it opens with the same
    /// bytes.
    fn of(&self, line: &[u8]) -> Option<(usize, (u32, u32))> {
        let at = self.opening.len();
        (at > 0 && line.starts_with(&self.opening)).then_some((at, self.ids))
    }

    /// Marks `line` at `at`: its opening, ids and shape. The runs of a log usually share their
    /// shape, so the shape is learnt again only when it does not read this line (learning was
    /// 4.5% of `score`'s instructions, reading a line by it costs a tenth of that).
    fn mark(&mut self, line: Line, at: usize, ids: (u32, u32)) {
        self.opening.clear();
        self.opening.extend_from_slice(&line.as_bytes()[..at]);
        self.ids = ids;
        if self
            .shape
            .read_into(line, at, &mut RawRead::empty())
            .is_none()
        {
            self.shape.learn(line, at);
        }
    }
}

/// FxHash (rustc's): ids are short strings hashed hundreds of thousands of times, where SipHash's
/// resistance to chosen keys buys nothing (the map never outlives one command).
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

type Fx = BuildHasherDefault<FxHasher>;

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
            self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
