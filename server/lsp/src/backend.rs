//! Shared server state and the operations every handler builds on: configuration layers,
//! loading and re-reading what changed on disk; `view.rs` an open document's view, `publish.rs`
//! diagnostics and re-publishing after any state change, `reparse.rs` re-parsing a document's
//! units after its edits, `live.rs` the file watcher's loop, settings changes, loading with
//! progress and problem reports.

mod live;
mod publish;
mod reparse;
mod view;

pub use publish::DidChange;
pub use reparse::PARSE_JOBS;

use crate::config::{self, Config, Partial};
use crate::document::Document;
use crate::store::{Changed, Store};
use dashmap::DashMap;
use readcov_core::path::normalize_path;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::Client;

/// Configuration layers, lowest first; `overrides` hold runtime choices (selectRun, toggle).
#[derive(Default)]
pub struct Layers {
    pub toml: Partial,
    pub init: Partial,
    pub settings: Partial,
    pub overrides: Partial,
}

#[derive(Default)]
pub struct ClientCaps {
    pub inlay_refresh: AtomicBool,
    pub lens_refresh: AtomicBool,
    pub watched_files: AtomicBool,
    pub progress: AtomicBool,
    /// The client pulls diagnostics (`textDocument.diagnostic`) and can be told to pull again
    /// (`workspace.diagnostics.refreshSupport`): then nothing is pushed, so its Problems list
    /// does not show every diagnostic twice.
    pub pull_diagnostics: AtomicBool,
}

pub struct Inner {
    pub client: Client,
    pub store: Store,
    pub docs: DashMap<Uri, Document>,
    pub layers: Mutex<Layers>,
    pub caps: ClientCaps,
    /// The file watcher, kept alive while the server runs.
    pub watcher: Mutex<Option<crate::watch::Running>>,
    /// Re-syncs the file watcher has started (tests check that an idle server makes none).
    pub watcher_syncs: std::sync::atomic::AtomicU64,
    /// Large read logs are still loading (after `initialized`): no figure is shown until they
    /// are in — a document opened meanwhile was told "0/20 read (0%)" — then every open
    /// document is published once.
    pub loading: AtomicBool,
    /// Large answers handed to readcov's transport to write (`readcov/summary`).
    pub streamed: Arc<crate::transport::streamed::Streamed>,
    /// Held while diagnostics are computed and sent (`publish.rs`): two refreshes racing — a
    /// widen's own and the file watcher's — sent in another order than they computed in, and
    /// the editor kept the older figures.
    pub publishing: tokio::sync::Mutex<()>,
    /// Feature `debug-panic` only: holds one document's publish between computing and sending.
    #[cfg(feature = "debug-panic")]
    pub publish_hold: crate::guard::PublishHold,
    /// Feature `debug-panic` only: the watcher's fences handled (`guard::FENCE_PREFIX`).
    #[cfg(feature = "debug-panic")]
    pub fences: crate::guard::Fences,
}

pub type Shared = Arc<Inner>;

impl Inner {
    pub fn new(client: Client) -> Inner {
        Inner {
            client,
            store: Store::default(),
            docs: DashMap::new(),
            layers: Mutex::new(Layers::default()),
            caps: ClientCaps::default(),
            watcher: Mutex::new(None),
            watcher_syncs: Default::default(),
            loading: AtomicBool::new(false),
            streamed: Arc::default(),
            publishing: tokio::sync::Mutex::new(()),
            #[cfg(feature = "debug-panic")]
            publish_hold: Default::default(),
            #[cfg(feature = "debug-panic")]
            fences: Default::default(),
        }
    }

    /// Recomputes the effective configuration from its layers (re-reading `readcov.toml`) and
    /// returns the problems found.
    pub fn rebuild_config(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let toml = match self.read_toml() {
            Ok(t) => t,
            Err(e) => {
                problems.push(e);
                Partial::default()
            }
        };
        let mut cfg = Config::default();
        if let Ok(mut l) = self.layers.lock() {
            l.toml = toml;
            for layer in [&l.toml, &l.init, &l.settings, &l.overrides] {
                problems.extend(cfg.apply(layer.clone()));
            }
        }
        problems.extend(self.store.keep_distinct(&mut cfg));
        if let Ok(mut c) = self.store.config.write() {
            *c = cfg;
        }
        self.store.bump();
        problems
    }

    /// The workspace's `readcov.toml` (none: every key unset). It comes with the repository, so
    /// it is untrusted: confined to the root like any configured path, a regular file only (a
    /// FIFO would block the read), at most [`config::MAX_TOML`] bytes.
    fn read_toml(&self) -> Result<Partial, String> {
        let Some(root) = self.store.root() else {
            return Ok(Partial::default());
        };
        if std::fs::symlink_metadata(root.join("readcov.toml")).is_err() {
            return Ok(Partial::default());
        }
        let p = self
            .store
            .confined("readcov.toml")
            .map_err(|e| format!("readcov.toml: not read: {e}"))?;
        let bytes = readcov_files::read_input_max(&p, config::MAX_TOML)
            .map_err(|e| format!("readcov.toml: not read: {}", e.what))?;
        let text = String::from_utf8(bytes).map_err(|_| "readcov.toml: not UTF-8".to_string())?;
        config::from_toml(&text)
    }

    /// Full (re)load: configuration, gold, and every read log from the start.
    pub fn reload(&self) -> Vec<String> {
        let mut problems = self.rebuild_config();
        problems.extend(self.store.missing_folders());
        self.store.load_gold();
        crate::change::load_patches(&self.store);
        self.store.reload_reads();
        problems
    }

    pub fn set_override(&self, f: impl FnOnce(&mut Partial)) {
        if let Ok(mut l) = self.layers.lock() {
            f(&mut l.overrides);
        }
        self.rebuild_config();
    }

    /// The workspace path of a document URI (None outside the workspace or not a file).
    pub fn path_of(&self, uri: &Uri) -> Option<String> {
        let file: PathBuf = uri.to_file_path()?.into_owned();
        let root = self.store.root().map(|r| r.to_string_lossy().into_owned());
        normalize_path(&file.to_string_lossy(), root.as_deref())
            .ok()
            .or_else(|| {
                // The client may spell the path through a symlink of the (canonical) root.
                let real = file.canonicalize().ok()?;
                normalize_path(&real.to_string_lossy(), root.as_deref()).ok()
            })
    }

    pub fn is_loading(&self) -> bool {
        self.loading.load(Ordering::Acquire)
    }

    /// Re-reads what changed on disk: `readcov.toml` or gold → full reload; logs → appended reads.
    pub fn sync_files(&self, paths: &[PathBuf]) -> Changed {
        let cfg = self.store.config();
        let root = self.store.root();
        let is_toml = |p: &PathBuf| root.as_ref().is_some_and(|r| *p == r.join("readcov.toml"));
        let is_gold = |p: &PathBuf| {
            cfg.gold.iter().any(|g| {
                let file = crate::gold_set::entry(g).1;
                self.store.confined(file).is_ok_and(|c| c == *p)
            })
        };
        if paths.iter().any(is_toml) {
            // Its problems (a missing folder named in it, say) are told as at startup.
            let problems = self.reload();
            self.store.note(problems);
            return Changed {
                all: true,
                ..Changed::default()
            };
        }
        let mut changed = if paths.iter().any(is_gold) {
            self.store.load_gold()
        } else {
            Changed::default()
        };
        let is_patches = |p: &PathBuf| {
            (cfg.patches.iter()).any(|f| self.store.confined(f).is_ok_and(|c| c == *p))
        };
        if paths.iter().any(is_patches) {
            crate::change::load_patches(&self.store);
            changed.all = true;
        }
        let polled = self.store.poll_reads();
        changed.paths.extend(polled.paths);
        changed.bytes += polled.bytes;
        changed
    }
}
