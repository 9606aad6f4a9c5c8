//! The loaded data: gold spans and read events indexed by workspace path, the read logs being
//! tailed, and the filters (task, runs, sources, what-if) that decide what an editor shows.
//!
//! Everything lives in dashmaps and short-lived std locks; no guard is ever held across an
//! `.await` (callers copy out what they need first). The reads and their (task, run) index are
//! one [`Held`] behind one `RwLock` ([`held`] says why not a dashmap).

use crate::config::Config;
use crate::gold_set;
use crate::tail::Tail;
use crate::traj;
use dashmap::DashMap;
use readcov_core::base::Base;
use readcov_core::path::normalize_path;
use readcov_core::{GoldSpan, LineSet};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

mod distinct;
mod gold;
pub mod held;
mod queries;
mod read;
mod read_log;
mod reads;
pub use distinct::FileKey;
pub use held::Held;
pub use queries::{counts, counts_stored};
pub use read::StoredRead;
pub use readcov_core::Names;

/// Gold for one file.
#[derive(Clone, Debug, Default)]
pub struct FileGold {
    /// Shared, not copied: a view takes the file's gold and the summary scores every file's
    /// (a copy of all gold per summary doubled the server's memory on large gold).
    pub spans: Arc<Vec<GoldSpan>>,
    /// The file the gold was made against (`sha256`, `lines`), when its rows say.
    pub base: Option<Base>,
    /// Each span's recorded first and last line text, by (start, end).
    pub anchors: HashMap<(u32, u32), Base>,
}

#[derive(Default)]
pub struct Store {
    pub root: RwLock<Option<PathBuf>>,
    pub config: RwLock<Config>,
    pub gold: DashMap<String, FileGold>,
    /// The reads by path and by (task, run): [`Store::held`] to look, written only here.
    reads: RwLock<Held>,
    /// The texts the reads share (`StoredRead`): each task, run, path, tool, command and base
    /// once, not once per read.
    names: Mutex<Names>,
    /// Read sources by absolute path: (origin id, how far they were read).
    logs: Mutex<HashMap<PathBuf, (usize, ReadSource)>>,
    /// Problems from the last loads (located input errors, bad settings).
    pub errors: Mutex<Vec<String>>,
    /// Bumped on every change of reads or configuration: stamps [`Store::read_lines`]'s cache.
    generation: AtomicU64,
    /// Counted read lines per path, as of a generation: every keystroke re-renders the view,
    /// and re-sorting thousands of reads each time was the largest cost of `didChange`.
    read_cache: DashMap<String, (u64, LineSet)>,
    /// The same for the lines only what-if reads cover ([`Store::what_if_lines`]).
    what_if_cache: DashMap<String, (u64, LineSet)>,
    /// Origin ids are never reused, so reads of a log read afresh can sit beside the old ones
    /// until those are dropped (see [`Store::reload_reads`]).
    next_origin: std::sync::atomic::AtomicUsize,
    /// Base texts read from the base cache (`basefile::Cache`), by sha256: found when a
    /// gold file's base is first asked for ([`Store::base_text`]), so a file edited on disk
    /// while the server runs is mapped like one edited before it started. Content-addressed,
    /// so never stale; emptied when the gold is loaded again.
    base_texts: DashMap<String, Arc<Vec<u8>>>,
    /// What was last logged about a file that differs from its base (logged once, not per view).
    pub base_logged: DashMap<String, String>,
    /// Which gold the last load shows, and what it said (the overview and the status name it).
    pub gold_shown: RwLock<GoldShown>,
    /// The gold patches behind the gold (SWE-bench rows, a diff) as (task, patch), of the
    /// configured task when one is: the gold change of `readcov/explain`'s stages.
    gold_patches: RwLock<Vec<(String, String)>>,
    /// The runs' changes: trajectories' own and the `patches` entries (`crate::change`).
    pub changes: crate::change::Kept,
    /// Called after each piece of a log stored and after staged reads are swapped in, with no
    /// guard of the reads held: lets a test look at the store between a large log's pieces
    /// deterministically, where a second thread would race.
    pub on_piece: Mutex<Option<PieceHook>>,
}

/// [`Store::on_piece`]'s hook.
pub type PieceHook = Arc<dyn Fn(&Store) + Send + Sync>;

/// The gold definition shown and the problems of the load that made it: when it gave no span
/// (`tests` on rows without test fields), these say why, as `readcov gold` does.
#[derive(Clone, Debug, Default)]
pub struct GoldShown {
    /// `edit`, `unit`, `test`, `consensus`, the NAME of a `NAME=FILE` entry, or `as given`.
    pub label: String,
    /// Core gold spans loaded (for the configured task, when one is).
    pub spans: usize,
    pub notes: Vec<String>,
}

/// One read source: a reads JSONL log (tailed), a trajectory (re-imported when it changes), or
/// a file not looked at yet (classified on first sight, so a log created later still works).
#[derive(Debug, Default)]
pub enum ReadSource {
    #[default]
    Unknown,
    Log(Tail),
    Trajectory(Option<traj::Stamp>),
}

/// What changed in a refresh: the workspace paths whose reads or gold changed.
#[derive(Debug, Default)]
pub struct Changed {
    pub paths: BTreeSet<String>,
    pub all: bool,
    pub bytes: u64,
}

impl Store {
    pub fn gold_shown(&self) -> GoldShown {
        self.gold_shown
            .read()
            .map(|g| g.clone())
            .unwrap_or_default()
    }

    /// The reads, to look at (never held across an `.await`, nor while taking another lock
    /// of the store's).
    pub fn held(&self) -> std::sync::RwLockReadGuard<'_, Held> {
        self.reads.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The reads, to change: a load takes this once per piece.
    fn held_mut(&self) -> std::sync::RwLockWriteGuard<'_, Held> {
        self.reads.write().unwrap_or_else(|e| e.into_inner())
    }

    pub fn config(&self) -> Config {
        self.config.read().map(|c| c.clone()).unwrap_or_default()
    }

    /// Marks cached read lines and document views as outdated (gold, reads or configuration
    /// changed).
    pub fn bump(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// The current generation: the stamp of everything computed from gold, reads and settings.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    pub fn root(&self) -> Option<PathBuf> {
        self.root.read().ok().and_then(|r| r.clone())
    }

    fn root_str(&self) -> Option<String> {
        self.root().map(|r| r.to_string_lossy().into_owned())
    }

    /// Resolves a configured path against the workspace root.
    pub fn resolve(&self, p: &str) -> PathBuf {
        match self.root() {
            Some(root) if Path::new(p).is_relative() => root.join(p),
            _ => PathBuf::from(p),
        }
    }

    /// The fingerprint (`sha256`, `lines`) of the workspace file `path` as it is on disk.
    pub fn disk_base(&self, path: &str) -> Result<Base, String> {
        let full = self.confined(path)?;
        // In pieces: the fingerprint of a file of any size in constant memory.
        let (sha256, lines) =
            readcov_files::fingerprint_of_file(&full).map_err(|e| e.to_string())?;
        Ok(Base {
            sha256,
            lines: Some(lines),
            first: None,
            last: None,
        })
    }

    /// A configured gold or reads path, resolved, when it stays inside the workspace root —
    /// lexically (no `..` escape, absolute only under the root) and through symlinks (the path,
    /// or its nearest existing ancestor, resolves inside the root). Nothing outside the root is
    /// read, watched or has directories created for it. Without a root, paths are as configured.
    pub fn confined(&self, p: &str) -> Result<PathBuf, String> {
        let Some(root) = self.root() else {
            return Ok(self.resolve(p));
        };
        let rel = normalize_path(p, Some(&root.to_string_lossy())).map_err(|e| e.to_string())?;
        let full = root.join(rel);
        let mut probe = full.as_path();
        loop {
            match probe.canonicalize() {
                Ok(real) if real.starts_with(&root) => break,
                Ok(_) => return Err(format!("`{p}` resolves outside the workspace (symlink)")),
                Err(_) => match probe.parent() {
                    Some(parent) if parent.starts_with(&root) => probe = parent,
                    _ => break,
                },
            }
        }
        Ok(full)
    }

    /// Every file to watch: gold files, read logs, `patches`, the read log and `readcov.toml` (only those
    /// inside the workspace root, see [`Store::confined`]).
    pub fn watched(&self) -> Vec<PathBuf> {
        let c = self.config();
        let mut out: Vec<PathBuf> = c
            .gold
            .iter()
            .map(|g| gold_set::entry(g).1.to_string())
            .collect::<Vec<_>>()
            .iter()
            .chain(&c.reads)
            .chain(&c.patches)
            .filter_map(|p| self.confined(p).ok())
            .collect();
        out.extend(self.read_log().ok());
        if let Some(root) = self.root() {
            out.push(root.join("readcov.toml"));
        }
        out
    }

    /// A message per configured gold, reads or patches file whose folder does not exist. The
    /// server never makes such a folder (a repository's `readcov.toml` is untrusted): it says so
    /// and watches the nearest folder above, so the file loads once someone makes it.
    pub fn missing_folders(&self) -> Vec<String> {
        let c = self.config();
        let gold = c.gold.iter().map(|g| ("gold", gold_set::entry(g).1));
        let reads = c.reads.iter().map(|r| ("reads", r.as_str()));
        let patches = c.patches.iter().map(|p| ("patches", p.as_str()));
        (gold.chain(reads).chain(patches))
            .filter_map(|(key, p)| {
                let dir = self.confined(p).ok()?.parent()?.to_path_buf();
                (!dir.is_dir()).then(|| {
                    format!(
                        "{key} `{p}`: folder `{}` does not exist; not created (readcov makes no folder a setting or readcov.toml names), not loaded until it is made",
                        dir.display()
                    )
                })
            })
            .collect()
    }

    pub fn note(&self, errors: impl IntoIterator<Item = String>) {
        if let Ok(mut e) = self.errors.lock() {
            e.extend(errors);
            let n = e.len();
            if n > 1000 {
                e.drain(..n - 1000);
            }
        }
    }
}
