//! What an evaluation needs from a checkout, through traits (core does no IO and knows nothing
//! of tree-sitter): whether a path is a file, its bytes ([`Checkout`]) and its blocks
//! ([`DefSource`], implemented with tree-sitter in `readcov-units`). [`Files`] caches both per
//! instance (within a byte budget), turns line spans into the reference's byte spans and block
//! sets, and notes each file it had to give up ([`FileNote`]).

use super::blockset::BlockSet;
use super::defcache::{defs_bytes, DefCache};
use super::ivs::{Iv, PerFile};
use super::lru::Lru;
use super::FastMap as HashMap;
use super::Mode;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

mod traits;

pub use traits::{Checkout, Def, DefSource, FileNote, Lost, Workspaces};

/// A block as the metrics count it: (file, node kind, start byte, end byte).
pub type Block = (Rc<str>, &'static str, i64, i64);

/// A file's bytes and where each line starts.
struct Text {
    bytes: Vec<u8>,
    len: i64,
    starts: Vec<i64>,
}

/// What an instance keeps of one path: its text once read (`None` inside: no file, or not
/// readable) and its blocks per language once made.
#[derive(Default)]
struct Kept {
    text: Option<Option<Rc<Text>>>,
    blocks: Vec<(&'static str, Arc<Vec<Def>>)>,
}

/// The bytes an instance keeps at most of its files' texts and blocks: a ContextBench
/// prediction may name any number of checkout files of up to 64 MiB each, and all were kept
/// until the instance was scored. Past it the least recently used path is dropped and read
/// again if asked for (the same bytes: the rows do not change).
pub const INSTANCE_BYTES: usize = 128 << 20;

/// What keeping a path costs beside its bytes (the key, the entry, the maps).
const PATH_BYTES: usize = 96;

/// One instance's files, each read once while kept (within [`INSTANCE_BYTES`]); blocks
/// computed once per path and language while kept, and with a shared [`DefCache`], once per
/// distinct content while that cache keeps it.
pub struct Files<'a> {
    checkout: &'a dyn Checkout,
    defs: Option<&'a dyn DefSource>,
    shared: Option<&'a DefCache>,
    kept: Lru<String, Kept>,
    /// The text [`Files::line_to_byte`] used last: a step's spans mostly name one file in a
    /// row, and asking the cache each time (a hash and its order kept) was ~2% of a run.
    last: Option<(String, Rc<Text>)>,
    names: HashMap<String, Rc<str>>,
    exists: HashMap<String, bool>,
    /// Files given up, by path (the first reason: a file not read is not parsed either).
    notes: BTreeMap<String, FileNote>,
}

impl<'a> Files<'a> {
    pub fn new(checkout: &'a dyn Checkout, defs: Option<&'a dyn DefSource>) -> Files<'a> {
        Files::with_cache(checkout, defs, None, INSTANCE_BYTES)
    }

    /// Files whose blocks come from (and go to) `shared`, the run's cache by content, keeping
    /// about `budget` bytes of texts and blocks.
    pub fn with_cache(
        checkout: &'a dyn Checkout,
        defs: Option<&'a dyn DefSource>,
        shared: Option<&'a DefCache>,
        budget: usize,
    ) -> Files<'a> {
        Files {
            checkout,
            defs,
            shared,
            kept: Lru::new(budget),
            last: None,
            names: HashMap::default(),
            exists: HashMap::default(),
            notes: BTreeMap::new(),
        }
    }

    pub fn has_blocks(&self) -> bool {
        self.defs.is_some()
    }

    pub fn is_file(&mut self, path: &str) -> bool {
        if let Some(&e) = self.exists.get(path) {
            return e;
        }
        let e = self.checkout.is_file(path);
        self.exists.insert(path.to_string(), e);
        e
    }

    fn text(&mut self, path: &str) -> Option<Rc<Text>> {
        if let Some(t) = self.kept.get(path).and_then(|k| k.text.clone()) {
            return t;
        }
        let read = self.checkout.read(path).unwrap_or_else(|why| {
            self.note(path, why, Lost::Text);
            None
        });
        let t = read.map(|bytes| {
            // Counted first (memchr counts without stopping at each line), then filled without
            // growing: grown by doubling, a file's starts were reallocated and copied a dozen
            // times (docs/performance.md, session 38).
            let mut starts = Vec::with_capacity(memchr::memchr_iter(b'\n', &bytes).count() + 1);
            starts.push(0i64);
            starts.extend(memchr::memchr_iter(b'\n', &bytes).map(|i| i as i64 + 1));
            Rc::new(Text {
                len: bytes.len() as i64,
                starts,
                bytes,
            })
        });
        let cost = t.as_ref().map_or(0, |t| {
            t.bytes.capacity() + t.starts.capacity() * std::mem::size_of::<i64>()
        });
        match self.kept.get(path) {
            Some(k) => {
                k.text = Some(t.clone());
                self.kept.charge(path, cost);
            }
            None => {
                let k = Kept {
                    text: Some(t.clone()),
                    blocks: Vec::new(),
                };
                self.kept
                    .insert(path.to_string(), k, PATH_BYTES + path.len() + cost);
            }
        }
        t
    }

    /// Lines `s..=e` as an inclusive byte range: from the first byte of line `s` to the byte
    /// before line `e + 1` (the newline included; the last byte at the end of the file), after
    /// `s >= 1`, `e >= s`. `None` for a file that cannot be read or a start past the last line.
    /// Compat keeps two reference results that name no byte of the file: `(0, 0)` for an empty
    /// file and `(len, len)` for the line after a final newline; clean drops both.
    pub fn line_to_byte(&mut self, path: &str, s: i64, e: i64, mode: Mode) -> Option<Iv> {
        let t = match &self.last {
            Some((p, t)) if p == path => t.clone(),
            _ => {
                let t = self.text(path)?;
                self.last = Some((path.to_string(), t.clone()));
                t
            }
        };
        if t.len == 0 {
            return (mode == Mode::Compat).then_some((0, 0));
        }
        let s = s.max(1);
        let e = e.max(s);
        let si = usize::try_from(s - 1).ok()?;
        let start = *t.starts.get(si)?;
        if mode == Mode::Clean && start >= t.len {
            return None;
        }
        let end = match usize::try_from(e).ok().and_then(|i| t.starts.get(i)) {
            Some(next) => next - 1,
            None => t.len - 1,
        };
        Some((start, end.max(start)))
    }

    fn defs_of(&mut self, path: &str, mode: Mode) -> Arc<Vec<Def>> {
        let Some(lang) = self.defs.and_then(|d| d.language(path, mode)) else {
            return Arc::default();
        };
        let known = self.kept.get(path).and_then(|k| {
            (k.blocks.iter())
                .find(|(l, _)| *l == lang)
                .map(|(_, d)| d.clone())
        });
        if let Some(d) = known {
            return d;
        }
        let d = match (self.defs, self.text(path)) {
            (Some(src), Some(t)) => {
                let made = match (src.refuses(lang, t.bytes.len()), self.shared) {
                    (Some(why), _) => Err(why),
                    (None, Some(cache)) => cache.get(lang, &t.bytes, || src.defs(lang, &t.bytes)),
                    (None, None) => src.defs(lang, &t.bytes).map(Arc::new),
                };
                made.unwrap_or_else(|why| {
                    self.note(path, why, Lost::Blocks);
                    Arc::default()
                })
            }
            _ => Arc::default(),
        };
        // `text` just made the path the most recently used, so it is still kept.
        if let Some(k) = self.kept.get(path) {
            k.blocks.push((lang, d.clone()));
            self.kept.charge(path, defs_bytes(&d));
        }
        d
    }

    fn note(&mut self, path: &str, why: String, lost: Lost) {
        self.notes
            .entry(path.to_string())
            .or_insert_with(|| FileNote {
                path: path.to_string(),
                why,
                lost,
            });
    }

    /// The files given up so far, by path.
    pub fn into_notes(self) -> Vec<FileNote> {
        self.notes.into_values().collect()
    }

    fn name(&mut self, path: &str) -> Rc<str> {
        if let Some(n) = self.names.get(path) {
            return n.clone();
        }
        let n: Rc<str> = Rc::from(path);
        self.names.insert(path.to_string(), n.clone());
        n
    }

    /// Blocks overlapping the byte spans. Compat keeps the reference's test
    /// `not (def_end < s or def_start > e)` with tree-sitter's exclusive `def_end`, so a block
    /// ending just before a span counts; clean compares the block's last byte.
    pub fn blocks_in_spans(&mut self, spans: &PerFile, mode: Mode) -> BlockSet {
        let mut out = BlockSet::default();
        for (file, ivs) in spans {
            let defs = self.defs_of(file, mode);
            if defs.is_empty() {
                continue;
            }
            let hit: Vec<_> = (defs.iter())
                .filter(|d| {
                    let last = match mode {
                        Mode::Compat => d.end,
                        Mode::Clean => d.end - 1,
                    };
                    ivs.iter().any(|&(s, e)| !(last < s || d.start > e))
                })
                .map(|d| (d.start, d.end, d.kind))
                .collect();
            if !hit.is_empty() {
                out.add_file(self.name(file), hit);
            }
        }
        out
    }

    /// Blocks named by `symbols` (file → names): a name matches blocks of that exact name, else
    /// of its last dotted part; every block of the first matching candidate counts.
    pub fn blocks_by_name(&mut self, symbols: &[(String, Vec<String>)], mode: Mode) -> BlockSet {
        let mut out = BlockSet::default();
        for (file, names) in symbols {
            let defs = self.defs_of(file, mode);
            if defs.is_empty() {
                continue;
            }
            let mut hit = Vec::new();
            for raw in names {
                let sym = raw.trim();
                if sym.is_empty() {
                    continue;
                }
                let last = sym.rsplit('.').next().unwrap_or(sym);
                let cands: &[&str] = if sym.contains('.') {
                    &[sym, last]
                } else {
                    &[sym]
                };
                for cand in cands {
                    let before = hit.len();
                    for d in defs.iter().filter(|d| d.name == *cand) {
                        hit.push((d.start, d.end, d.kind));
                    }
                    if hit.len() > before {
                        break;
                    }
                }
            }
            out.add_file(self.name(file), hit);
        }
        out
    }
}
