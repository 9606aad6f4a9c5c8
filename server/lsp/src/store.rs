//! The loaded data: gold spans and read events indexed by workspace path, the read logs being
//! tailed, and the filters (task, runs, sources, what-if) that decide what an editor shows.
//!
//! Everything lives in dashmaps and short-lived std locks; no guard is ever held across an
//! `.await` (callers copy out what they need first).

use crate::basefile;
use crate::config::Config;
use crate::gold_set::{self, Choice};
use crate::patch_base;
use crate::sources::{load_gold, LoadedGold, Workspace};
use crate::tail::{poll, Polled, Tail};
use crate::traj;
use dashmap::DashMap;
use readcov_core::base::Base;
use readcov_core::path::normalize_path;
use readcov_core::{GoldSpan, InputError, LineSet, ReadSpan, Source, Tier};
use readcov_readlog::{check_log_path, confine_log_path, ReadLog};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// A read event and the log it came from (so a rotated log can drop exactly its own reads).
#[derive(Clone, Debug)]
pub struct StoredRead {
    pub origin: usize,
    pub read: ReadSpan,
    /// The sha256 of the file the read's lines count in, when its row says (`base`).
    pub base: Option<Arc<str>>,
}

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
    pub reads: DashMap<String, Vec<StoredRead>>,
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
}

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

    /// The gold patches of the last gold load, as (task, patch).
    pub fn gold_patches(&self) -> Vec<(String, String)> {
        self.gold_patches
            .read()
            .map(|p| p.clone())
            .unwrap_or_default()
    }

    /// (Re)loads every gold file from scratch, whatever its format (see [`crate::sources`]).
    pub fn load_gold(&self) -> Changed {
        let c = self.config();
        let ws = self.root_str();
        let files = Workspace(self.root());
        let mut by_path: HashMap<String, FileGold> = HashMap::new();
        let mut errors = Vec::new();
        for r in &c.reads {
            if let Err(e) = self.confined(r) {
                errors.push(format!("{r}: not read: {e}"));
            }
        }
        if let Err(e) = self.read_log() {
            errors.push(format!("readLog: {e}"));
        }
        let choice = gold_set::choice(c.gold_definition.as_deref(), &c.gold);
        if let Choice::Unknown(d) = &choice {
            errors.push(format!(
                "goldDefinition `{d}` is not edit, units, tests, consensus or the NAME of a `NAME=FILE` gold entry; showing every gold file as given"
            ));
        }
        let mut spans = 0;
        let mut gold_patches = Vec::new();
        for g in gold_set::selected(&choice, &c.gold) {
            let abs = match self.confined(g) {
                Ok(abs) => abs,
                Err(e) => {
                    errors.push(format!("{g}: not read: {e}"));
                    continue;
                }
            };
            // Never blocks: a FIFO or device named as gold is refused, not waited on.
            let bytes = match readcov_files::read_input(&abs) {
                Ok(b) => b,
                Err(e) => {
                    errors.push(format!("{g}: not read: {}", e.what));
                    continue;
                }
            };
            let (mut loaded, bytes) = match &choice {
                Choice::Def(def) => {
                    let task = c.task.as_deref();
                    let l = gold_set::load_under(def, g, &bytes, ws.as_deref(), task, &files);
                    (l, bytes)
                }
                // The loader takes the file's bytes and hands back the rows it read them as.
                _ => load_gold(g, bytes, ws.as_deref(), c.task.as_deref(), &files),
            };
            errors.extend(std::mem::take(&mut loaded.errors));
            let patches = match loaded.kind {
                Some(kind) => patch_base::patches(
                    kind,
                    &bytes,
                    g,
                    c.task.as_deref().unwrap_or(readcov_core::DEFAULT_ID),
                ),
                None => Vec::new(),
            };
            self.patch_bases(g, &patches, &mut loaded, &mut errors);
            let of_task = |(t, _): &(String, String)| c.task.as_ref().is_none_or(|c| c == t);
            gold_patches.extend(patches.into_iter().filter(of_task));
            let keep =
                |s: &GoldSpan| c.task.as_ref().is_none_or(|t| *t == s.task) && s.tier == Tier::Core;
            // Each file's room made first, so moving the spans in never grows a list: the loaded
            // spans and the files' lists are held at their own sizes, never a doubling more.
            let mut per_path: HashMap<&str, usize> = HashMap::new();
            for span in loaded.spans.iter().filter(|s| keep(s)) {
                *per_path.entry(span.path.as_str()).or_default() += 1;
            }
            for (path, n) in per_path {
                let fg = by_path.entry(path.to_string()).or_default();
                // Not shared yet (built here): `make_mut` copies nothing.
                Arc::make_mut(&mut fg.spans).reserve_exact(n);
            }
            let mut kept = 0;
            for span in loaded.spans.into_iter().filter(keep) {
                kept += 1;
                if let Some(fg) = by_path.get_mut(span.path.as_str()) {
                    Arc::make_mut(&mut fg.spans).push(span);
                }
            }
            for row in loaded.bases {
                let (Some(base), Some(fg)) = (row.base, by_path.get_mut(&row.path)) else {
                    continue;
                };
                match &fg.base {
                    None => {
                        fg.base = Some(Base {
                            first: None,
                            last: None,
                            ..base.clone()
                        })
                    }
                    Some(b) if !b.is(&base.sha256) => errors.push(format!(
                        "{g}: `{}` has gold made against two versions (sha256 {}… and {}…); the first is used",
                        row.path,
                        b.sha256.get(..12).unwrap_or(&b.sha256),
                        base.sha256.get(..12).unwrap_or(&base.sha256)
                    )),
                    Some(_) => {}
                }
                fg.anchors.insert((row.start, row.end), base);
            }
            spans += kept;
            if kept == 0 {
                let kind = loaded.kind.map_or("gold", |f| f.label());
                let task = c.task.as_deref().map(|t| format!(" for task `{t}`"));
                errors.push(format!(
                    "{g} ({kind}): no core gold spans{}",
                    task.unwrap_or_default()
                ));
            }
        }
        if let Ok(mut p) = self.gold_patches.write() {
            *p = gold_patches;
        }
        if let Ok(mut shown) = self.gold_shown.write() {
            *shown = GoldShown {
                label: gold_set::label(&choice),
                spans,
                notes: errors.clone(),
            };
        }
        self.note(errors);
        let mut changed = Changed {
            all: true,
            ..Changed::default()
        };
        changed
            .paths
            .extend(self.gold.iter().map(|e| e.key().clone()));
        self.keep_base_texts(&by_path);
        self.gold.clear();
        for (path, mut fg) in by_path {
            Arc::make_mut(&mut fg.spans).shrink_to_fit();
            changed.paths.insert(path.clone());
            self.gold.insert(path, fg);
        }
        self.bump();
        changed
    }

    /// Gold made here from patches (a diff, SWE-bench rows) records the base of the configured
    /// task's files the workspace holds, as `readcov gold --workspace` does ([`patch_base`]).
    fn patch_bases(
        &self,
        name: &str,
        patches: &[(String, String)],
        loaded: &mut LoadedGold,
        errors: &mut Vec<String>,
    ) {
        let Some(root) = self.root() else {
            return;
        };
        let task = self.config().task;
        if patches.is_empty() {
            return;
        }
        let spans: Vec<GoldSpan> = (loaded.spans.iter())
            .filter(|s| task.as_ref().is_none_or(|t| *t == s.task))
            .cloned()
            .collect();
        let kept = || basefile::Cache::of(&root).kept();
        let (bases, note) =
            patch_base::patch_bases(name, patches, &spans, &Workspace(Some(root.clone())), &kept);
        loaded.bases.extend(bases);
        errors.extend(note);
    }

    /// For each gold file with a base whose disk text is that base: the text is kept in the base
    /// cache, so that once the file is edited — while this server runs or before a later one
    /// starts — [`Store::base_text`] still finds what the gold was made against.
    fn keep_base_texts(&self, by_path: &HashMap<String, FileGold>) {
        self.base_texts.clear();
        self.base_logged.clear();
        let Some(root) = self.root() else {
            return;
        };
        let cache = basefile::Cache::of(&root);
        let mut problems = Vec::new();
        for (path, fg) in by_path {
            let Some(base) = &fg.base else {
                continue;
            };
            let Ok(disk) = self.confined(path) else {
                continue;
            };
            // Hashed in pieces; kept only when it is the base, and at most MAX_SOURCE_BYTES.
            if let Err(e) = cache.keep(&disk, &base.sha256) {
                problems.push(format!("{path}: base text not kept: {e}"));
            }
        }
        self.note(problems);
    }

    /// The text gold file `path` was made against, when its gold records a base and the base
    /// cache holds that text (read once, then remembered by its sha256). Looked up when asked —
    /// not only for files that already differed when the gold loaded: a gold file edited on disk
    /// after the server started used to find no base text, so its reads were dropped and it was
    /// called "never opened" until a restart.
    pub fn base_text(&self, path: &str) -> Option<Arc<Vec<u8>>> {
        let sha = self
            .gold
            .get(path)?
            .base
            .as_ref()?
            .sha256
            .to_ascii_lowercase();
        if let Some(t) = self.base_texts.get(&sha) {
            return Some(t.clone());
        }
        let text = Arc::new(basefile::Cache::of(&self.root()?).load(&sha)?);
        self.base_texts.insert(sha, text.clone());
        Some(text)
    }

    /// The read logs: configured `reads` plus `readLog` (where human and what-if reads go).
    fn log_paths(&self) -> Vec<PathBuf> {
        let c = self.config();
        let mut v: Vec<PathBuf> = c
            .reads
            .iter()
            .filter_map(|p| self.confined(p).ok())
            .collect();
        if let Ok(log) = self.read_log() {
            if !v.contains(&log) {
                v.push(log);
            }
        }
        v
    }

    /// Reads every log again from the start (after a configuration change). The old reads stay visible until the new ones are
    /// in, then go: a request served meanwhile on another thread sees the reads twice (same
    /// lines, same runs), never none (clearing first once made `readcov/selectRun` answer with
    /// no runs during a reload).
    pub fn reload_reads(&self) {
        let stale: std::collections::HashSet<usize> = self
            .reads
            .iter()
            .flat_map(|e| e.iter().map(|r| r.origin).collect::<Vec<_>>())
            .collect();
        if let Ok(mut logs) = self.logs.lock() {
            logs.clear();
        }
        self.poll_reads();
        self.changes.keep_logs(&self.log_paths());
        self.drop_reads_of(|origin| stale.contains(&origin));
        self.reads.retain(|_, v| !v.is_empty());
        self.bump();
    }

    /// A fresh origin id: a log read afresh gets one, so its new reads can sit beside the old
    /// ones until those are dropped.
    fn new_origin(&self) -> usize {
        self.next_origin.fetch_add(1, Ordering::Relaxed)
    }

    /// Drops every read whose origin is `stale`; returns the paths that lost reads.
    fn drop_reads_of(&self, stale: impl Fn(usize) -> bool) -> Vec<String> {
        let mut paths = Vec::new();
        for mut entry in self.reads.iter_mut() {
            let before = entry.len();
            entry.retain(|r| !stale(r.origin));
            if entry.len() != before {
                paths.push(entry.key().clone());
            }
        }
        paths
    }

    /// Reads what was appended to every log since the last poll.
    pub fn poll_reads(&self) -> Changed {
        let ws = self.root_str();
        let task = self.config().task;
        let mut changed = Changed::default();
        let Ok(mut logs) = self.logs.lock() else {
            return changed;
        };
        let on_disk = Workspace(self.root());
        // Trajectories import against the base text of a file that changed since, when known.
        let base = |path: &str| self.base_text(path);
        let files = basefile::Overlay {
            ws: &on_disk,
            base: &base,
        };
        let read_log = self.read_log().ok();
        for path in self.log_paths() {
            let (origin, state) = logs
                .entry(path.clone())
                .or_insert_with(|| (self.new_origin(), ReadSource::Unknown));
            let display = path.display().to_string();
            // The read log is always JSONL (the server writes it); others are classified once
            // they exist.
            let is_log = read_log.as_ref() == Some(&path);
            if matches!(state, ReadSource::Unknown) && (is_log || path.exists()) {
                *state = if !is_log && readcov_files::input::is_trajectory(&path) {
                    ReadSource::Trajectory(None)
                } else {
                    ReadSource::Log(Tail::default())
                };
            }
            let Polled {
                reset,
                reads,
                bases,
                errors,
                bytes,
                changes,
            } = match state {
                ReadSource::Unknown => Polled::default(),
                ReadSource::Log(tail) => poll(&path, &display, ws.as_deref(), tail),
                ReadSource::Trajectory(stamp) => traj::poll(&path, &display, &files, stamp),
            };
            changed.bytes += bytes;
            if let Some(c) = changes {
                self.changes.set_logged(&path, c);
                // The change layer of every document may move.
                changed.all = true;
                self.bump();
            }
            // A rotated or rewritten log: its new reads go in under a fresh origin and only then
            // are the old origin's dropped, so a request served meanwhile never sees the log's
            // runs vanish (the same order as `reload_reads`).
            let replaced = reset.then(|| std::mem::replace(origin, self.new_origin()));
            self.note(errors.iter().map(InputError::to_string));
            for (i, read) in reads.into_iter().enumerate() {
                if task.as_ref().is_some_and(|t| *t != read.task) {
                    continue;
                }
                changed.paths.insert(read.path.clone());
                self.reads
                    .entry(read.path.clone())
                    .or_default()
                    .push(StoredRead {
                        origin: *origin,
                        read,
                        base: bases.get(i).cloned().flatten(),
                    });
            }
            if let Some(stale) = replaced {
                changed.paths.extend(self.drop_reads_of(|o| o == stale));
            }
        }
        if !changed.paths.is_empty() {
            self.bump();
        }
        changed
    }

    /// The read log, checked without writing anything: a `.jsonl` file directly in the
    /// workspace's `.readcov/` folder (`readcov-readlog`'s rule: readcov's own files, never the
    /// user's), and never one of the configured gold or reads files — recorded reads appended
    /// to the gold counted as gold. Without a workspace root only a client's own settings can
    /// name it, and it is taken as configured.
    pub fn read_log(&self) -> Result<PathBuf, String> {
        let c = self.config();
        let Some(root) = self.root() else {
            return Ok(self.resolve(&c.read_log));
        };
        let log = check_log_path(&root, &c.read_log).map_err(|e| e.to_string())?;
        let gold = c.gold.iter().map(|g| ("gold", gold_set::entry(g).1));
        let reads = c.reads.iter().map(|r| ("reads", r.as_str()));
        for (kind, input) in gold.chain(reads) {
            if self.confined(input).is_ok_and(|p| same_file(&p, &log)) {
                return Err(format!(
                    "read log `{}` refused: it is also configured as {kind} `{input}`, and recorded reads are never written into an input; name a file of its own in `.readcov/` (default `.readcov/reads.jsonl`), which is always read",
                    c.read_log
                ));
            }
        }
        Ok(log)
    }

    /// Where the read log is written: [`Store::read_log`], its `.readcov/` folder created when
    /// missing (never through a symlink); refusals are `PermissionDenied` with the reason.
    pub fn read_log_path(&self) -> std::io::Result<PathBuf> {
        let denied = |e: String| std::io::Error::new(std::io::ErrorKind::PermissionDenied, e);
        let log = self.read_log().map_err(denied)?;
        match self.root() {
            Some(root) => {
                confine_log_path(&root, &self.config().read_log).map_err(|e| denied(e.to_string()))
            }
            None => Ok(log),
        }
    }

    /// Appends one row to the read log through `readcov-readlog`: one `O_APPEND` write of a
    /// whole line under `flock`, fsynced before returning (the acknowledgement); a torn tail
    /// left by a crashed writer is repaired first and noted.
    pub fn append_read(&self, read: &ReadSpan, base: Option<&Base>) -> std::io::Result<()> {
        #[derive(serde::Serialize)]
        struct Row<'a> {
            #[serde(flatten)]
            read: &'a ReadSpan,
            #[serde(skip_serializing_if = "Option::is_none")]
            base: Option<&'a Base>,
        }
        let path = self.read_log_path()?;
        let done = ReadLog::new(&path)
            .append_json(&Row { read, base })
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        if let Some(t) = done.repaired {
            self.note([format!(
                "{}:{}: torn last line repaired ({:?})",
                path.display(),
                t.line,
                t.action
            )]);
        }
        Ok(())
    }

    /// Removes every `source: manual` row from the read log (rewritten atomically, under the
    /// log's lock) and memory.
    pub fn clear_what_if(&self) -> std::io::Result<Changed> {
        let log_path = self.read_log_path()?;
        let path = log_path.clone();
        if log_path.exists() {
            ReadLog::new(&log_path)
                .rewrite(|l| !is_manual_row(l))
                .map_err(|e| std::io::Error::other(e.to_string()))?;
        }
        let mut changed = Changed::default();
        for mut entry in self.reads.iter_mut() {
            let before = entry.len();
            entry.retain(|r| r.read.source != Source::Manual);
            if entry.len() != before {
                changed.paths.insert(entry.key().clone());
            }
        }
        // Read the rewritten log afresh under a new origin, then drop the old origin's reads:
        // its agent reads never vanish in between.
        let stale = self.logs.lock().ok().and_then(|mut logs| {
            let (origin, state) = logs.get_mut(&path)?;
            *state = ReadSource::Log(Tail::default());
            Some(std::mem::replace(origin, self.new_origin()))
        });
        let again = self.poll_reads();
        changed.paths.extend(again.paths);
        if let Some(stale) = stale {
            changed.paths.extend(self.drop_reads_of(|o| o == stale));
        }
        self.bump();
        Ok(changed)
    }

    /// Run ids seen in agent reads (what `readcov/selectRun` offers).
    pub fn runs(&self) -> Vec<String> {
        let mut runs = BTreeSet::new();
        for entry in self.reads.iter() {
            for r in entry.iter().filter(|r| r.read.source == Source::Agent) {
                if !runs.contains(&r.read.run) {
                    runs.insert(r.read.run.clone());
                }
            }
        }
        runs.into_iter().collect()
    }

    /// The gold spans of a file, as (start, end) 1-based.
    /// The task of the first gold span of `path`, if any.
    pub fn gold_task(&self, path: &str) -> Option<String> {
        self.gold
            .get(path)
            .and_then(|g| g.spans.first().map(|s| s.task.to_string()))
    }

    pub fn gold_spans(&self, path: &str) -> (Vec<(u32, u32)>, Option<Base>) {
        match self.gold.get(path) {
            Some(g) => (
                g.spans.iter().map(|s| (s.start, s.end)).collect(),
                g.base.clone(),
            ),
            None => (Vec::new(), None),
        }
    }

    /// Logs what a view of `path` could not map (once per distinct outcome, not per view):
    /// the count and every dropped read, by run and lines.
    pub fn note_base(&self, path: &str, m: &crate::basemap::Mapped) {
        let Some((msg, _)) = &m.note else {
            return;
        };
        if self.base_logged.get(path).is_some_and(|l| *l == *msg) {
            return;
        }
        self.base_logged.insert(path.to_string(), msg.clone());
        let mut notes = vec![format!("{path}: {msg}")];
        if !m.dropped.is_empty() {
            notes.push(format!(
                "{path}: {} read row(s) dropped: {}",
                m.dropped.len(),
                m.dropped.join(", ")
            ));
        }
        self.note(notes);
    }

    /// The gold of `path` with its base and anchors (a copy).
    pub fn file_gold(&self, path: &str) -> Option<FileGold> {
        self.gold.get(path).map(|g| g.clone())
    }

    /// The counted reads of `path`, split by the file their lines count in: `disk_sha` (the
    /// text on disk), the gold's base (`base_sha`; rows without a `base` count there, as
    /// `readcov score` takes them), or another version (kept apart, to be said).
    pub fn read_lines_by_base(
        &self,
        path: &str,
        cfg: &Config,
        disk_sha: &str,
        base_sha: &str,
    ) -> crate::basemap::ReadLines {
        let mut out = crate::basemap::ReadLines::default();
        let Some(entry) = self.reads.get(path) else {
            return out;
        };
        let (mut on_base, mut on_disk) = (Vec::new(), Vec::new());
        for r in entry.iter().filter(|r| counts(&r.read, cfg)) {
            let iv = readcov_core::Interval {
                start: r.read.start,
                end: r.read.end,
            };
            match r.base.as_deref() {
                Some(s) if s.eq_ignore_ascii_case(disk_sha) => on_disk.push(iv),
                None => on_base.push((iv, r.read.run.clone())),
                Some(s) if s.eq_ignore_ascii_case(base_sha) => {
                    on_base.push((iv, r.read.run.clone()))
                }
                Some(_) => out.other.push((iv, r.read.run.clone())),
            }
        }
        out.base = LineSet::from_intervals(on_base.iter().map(|(iv, _)| *iv));
        out.base_rows = on_base;
        out.disk = LineSet::from_intervals(on_disk);
        out
    }

    /// The disk lines of `path` read under the current filters, and whether any read counts.
    /// `cfg` must be the current configuration (the cache assumes it: changing the
    /// configuration bumps the generation).
    pub fn read_lines(&self, path: &str, cfg: &Config) -> LineSet {
        // Read before computing: a change racing with us leaves a stale stamp, not stale lines.
        let generation = self.generation.load(Ordering::SeqCst);
        if let Some(hit) = self.read_cache.get(path).filter(|c| c.0 == generation) {
            return hit.1.clone();
        }
        let set = match self.reads.get(path) {
            Some(entry) => {
                LineSet::from_intervals(entry.iter().filter(|r| counts(&r.read, cfg)).map(|r| {
                    readcov_core::Interval {
                        start: r.read.start,
                        end: r.read.end,
                    }
                }))
            }
            None => LineSet::new(),
        };
        self.read_cache
            .insert(path.to_string(), (generation, set.clone()));
        set
    }

    /// The disk lines of `path` that only what-if reads (`source: manual`, shown through the
    /// what-if layer) cover: painted and counted in the view, but labelled as not the agent's.
    /// Empty when `sources` lists `manual` (then they count as reads like any other).
    pub fn what_if_lines(&self, path: &str, cfg: &Config) -> LineSet {
        if !cfg.what_if || cfg.sources.contains(&Source::Manual) {
            return LineSet::new();
        }
        let generation = self.generation.load(Ordering::SeqCst);
        if let Some(hit) = self.what_if_cache.get(path).filter(|c| c.0 == generation) {
            return hit.1.clone();
        }
        let set = match self.reads.get(path) {
            Some(entry) => {
                let lines = |manual: bool| {
                    LineSet::from_intervals(
                        (entry.iter())
                            .filter(|r| (r.read.source == Source::Manual) == manual)
                            .filter(|r| counts(&r.read, cfg))
                            .map(|r| readcov_core::Interval {
                                start: r.read.start,
                                end: r.read.end,
                            }),
                    )
                };
                let manual = lines(true);
                if manual.is_empty() {
                    manual
                } else {
                    manual.difference(&lines(false))
                }
            }
            None => LineSet::new(),
        };
        self.what_if_cache
            .insert(path.to_string(), (generation, set.clone()));
        set
    }

    /// The counted reads of `path` that cover disk line `line` (1-based).
    pub fn reads_at(&self, path: &str, line: u32, cfg: &Config) -> Vec<ReadSpan> {
        let Some(entry) = self.reads.get(path) else {
            return Vec::new();
        };
        entry
            .iter()
            .filter(|r| r.read.start <= line && line <= r.read.end && counts(&r.read, cfg))
            .map(|r| r.read.clone())
            .collect()
    }

    /// Every stored read, for scoring (workspace summaries): without `tool` and `command`,
    /// which no metric uses — two fewer heap strings per read keeps the copy of a
    /// 100,000-event log small (the LSP memory budget is 100 MB).
    pub fn reads_for_scoring(&self) -> Vec<ReadSpan> {
        let mut out = Vec::with_capacity(self.reads.iter().map(|e| e.len()).sum());
        for entry in self.reads.iter() {
            out.extend(entry.iter().map(|r| ReadSpan {
                tool: None,
                command: None,
                task: r.read.task.clone(),
                run: r.read.run.clone(),
                path: r.read.path.clone(),
                ..r.read
            }));
        }
        out
    }

    pub fn all_gold(&self) -> Vec<GoldSpan> {
        self.gold.iter().flat_map(|e| e.spans.to_vec()).collect()
    }

    /// Copies of the gold spans `keep` accepts (one task's, say), the rest never copied.
    pub fn gold_where(&self, keep: impl Fn(&GoldSpan) -> bool) -> Vec<GoldSpan> {
        let files = self.gold_files();
        let spans = files.iter().flat_map(|f| f.iter());
        spans.filter(|g| keep(g)).cloned().collect()
    }

    /// The paths with gold of `task` (of any task: `None`).
    pub fn gold_paths(&self, task: Option<&str>) -> std::collections::BTreeSet<String> {
        let of_task = |f: &FileGold| task.is_none_or(|t| f.spans.iter().any(|g| g.task == t));
        (self.gold.iter())
            .filter(|e| of_task(e.value()))
            .map(|e| e.key().clone())
            .collect()
    }

    /// Every file's gold spans, shared (nothing copied): score them through
    /// `files.iter().flat_map(|f| f.iter())`.
    pub fn gold_files(&self) -> Vec<Arc<Vec<GoldSpan>>> {
        self.gold.iter().map(|e| e.spans.clone()).collect()
    }
}

/// Whether a read counts in the editor view: reads only (not edits), a counted source (manual
/// only through the what-if layer), and for agent reads, a selected run.
pub fn counts(r: &ReadSpan, cfg: &Config) -> bool {
    if r.kind != readcov_core::EventKind::Read {
        return false;
    }
    match r.source {
        Source::Manual => cfg.what_if || cfg.sources.contains(&Source::Manual),
        Source::Human => cfg.sources.contains(&Source::Human),
        // A retriever's run is selected like an agent's.
        Source::Agent | Source::Retriever => {
            cfg.sources.contains(&r.source)
                && cfg.runs.as_ref().is_none_or(|runs| runs.contains(&r.run))
        }
    }
}

/// Whether two paths name one file: the same path, or (both existing) the same file through
/// symlinks or hard links.
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    a == b
        || matches!(
            (std::fs::metadata(a), std::fs::metadata(b)),
            (Ok(x), Ok(y)) if x.dev() == y.dev() && x.ino() == y.ino()
        )
}

fn is_manual_row(line: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(line)
        .ok()
        .is_some_and(|v| v.get("source").and_then(|s| s.as_str()) == Some("manual"))
}
