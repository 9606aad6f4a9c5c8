//! Shared server state and the operations every handler builds on: configuration layers,
//! loading, computing a document's view, and re-publishing after any state change; `live.rs`
//! the file watcher's loop, settings changes, loading with progress and problem reports.

mod live;

use crate::basemap::{map_file, Mapped};
use crate::config::{self, Config, Partial};
use crate::document::Document;
use crate::render;
use crate::store::{Changed, Store};
use crate::view::{file_view, FileView, UnitSpan, ViewInput};
use dashmap::DashMap;
use readcov_core::path::normalize_path;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::notification::Notification;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::Client;

/// `readcov/didChange`: the documents whose line states changed.
pub enum DidChange {}
impl Notification for DidChange {
    type Params = Value;
    const METHOD: &'static str = "readcov/didChange";
}

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
}

pub type Shared = Arc<Inner>;

/// Re-parses running at once, over all documents (each holds a blocking thread while it runs).
pub const PARSE_JOBS: usize = 1;
static PARSE_SLOTS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(PARSE_JOBS);

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

    /// Computes the view of an open document and hands it, with the document, to `f`.
    /// The document guard lives only inside this call (never across an `.await`).
    pub fn with_view<R>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&Document, &FileView, &[UnitSpan]) -> R,
    ) -> Option<R> {
        if self.is_loading() {
            return None;
        }
        let doc = self.docs.get(uri)?;
        // Read the generation before computing: a change racing with us leaves an old key,
        // so the next call recomputes instead of keeping a stale view.
        let key = (self.store.generation(), doc.edits, doc.units.epoch);
        let cached = doc.view_cache.lock().ok().and_then(|c| {
            c.as_ref()
                .filter(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
        });
        let view = match cached {
            Some(v) => v,
            None => {
                let v = Arc::new(self.compute_view(&doc));
                if let Ok(mut c) = doc.view_cache.lock() {
                    *c = Some((key, v.clone()));
                }
                v
            }
        };
        Some(f(&doc, &view, &doc.units.spans))
    }

    /// The view of a document that is not open (a gold file's text on disk), as if it were.
    pub fn view_of(&self, doc: &Document) -> FileView {
        self.compute_view(doc)
    }

    /// The view of `doc` from the store's current gold, reads and configuration.
    fn compute_view(&self, doc: &Document) -> FileView {
        let cfg = self.store.config();
        let mapped = self.mapped(doc, &cfg);
        // What-if reads are written by this server with the opened text's fingerprint: they
        // count in disk lines as they are.
        let what_if = (doc.path.as_deref())
            .map(|p| self.store.what_if_lines(p, &cfg))
            .unwrap_or_default();
        file_view(&ViewInput {
            gold_disk: &mapped.gold,
            read_disk: &mapped.read,
            what_if_disk: &what_if,
            map: &doc.map,
            opened_lines: doc.opened_lines,
            base_note: mapped.note.as_ref(),
            units: &doc.units.spans,
            threshold: cfg.threshold,
        })
    }

    /// Gold and reads of `doc` in its disk lines: as stored, or — for a file whose gold records
    /// a base — mapped from that base onto the opened text ([`crate::basemap`]), computed once
    /// per store generation; what could not be mapped is logged once.
    fn mapped(&self, doc: &Document, cfg: &Config) -> Arc<Mapped> {
        let Some(path) = doc.path.as_deref() else {
            return Arc::default();
        };
        let generation = self.store.generation();
        let gold = self.store.file_gold(path).unwrap_or_default();
        let Some(base) = gold.base.clone() else {
            return Arc::new(Mapped {
                gold: gold.spans.iter().map(|s| (s.start, s.end)).collect(),
                read: self.store.read_lines(path, cfg),
                ..Mapped::default()
            });
        };
        if let Some((g, m)) = doc.base_cache.lock().ok().and_then(|c| c.clone()) {
            if g == generation {
                return m;
            }
        }
        let reads = self
            .store
            .read_lines_by_base(path, cfg, &doc.opened_sha256, &base.sha256);
        let base_text = self.store.base_text(path);
        let m = Arc::new(map_file(
            &gold,
            base_text.as_deref().map(Vec::as_slice),
            doc.opened.as_bytes(),
            &doc.opened_sha256,
            &reads,
        ));
        if let Ok(mut c) = doc.base_cache.lock() {
            *c = Some((generation, m.clone()));
        }
        self.store.note_base(path, &m);
        m
    }

    /// An open document's diagnostics: one per gold span, and the file-level one when the
    /// shown run(s) never opened this gold file.
    pub fn diagnostics_for(&self, uri: &Uri) -> Option<(Vec<Diagnostic>, i32)> {
        let info = self.store.config().info_at_threshold;
        self.with_view(uri, |doc, v, _| {
            let mut diags = render::diagnostics(uri, doc, v, info);
            if !v.file_hit && !v.gold.is_empty() {
                // Named only when needed: finding the task's runs walks the reads.
                let task = crate::task::selected_task(self);
                let runs = crate::task::run_label(self, task.as_deref());
                diags.extend(render::never_opened(doc, v, &runs));
            }
            (diags, doc.version)
        })
    }

    /// Pushes the diagnostics of the selected task's gold files that are not open (`only`:
    /// just these paths), unless the client pulls them (`workspace/diagnostic`).
    pub async fn publish_closed(&self, only: Option<&std::collections::BTreeSet<String>>) {
        // While large logs load no figure is shown; the refresh after the load publishes.
        if self.caps.pull_diagnostics.load(Ordering::Relaxed) || self.is_loading() {
            return;
        }
        let root = self.store.root();
        for (uri, diags) in crate::task::closed_gold_files(self) {
            let path = uri.to_file_path().and_then(|p| {
                let rel = p
                    .strip_prefix(root.as_deref()?)
                    .ok()?
                    .to_string_lossy()
                    .into_owned();
                Some(rel)
            });
            if only.is_some_and(|o| !path.is_some_and(|p| o.contains(&p))) {
                continue;
            }
            // Opened meanwhile: its document's diagnostics are the ones to keep.
            if self.docs.contains_key(&uri) {
                continue;
            }
            self.client.publish_diagnostics(uri, diags, None).await;
        }
    }

    pub async fn publish(&self, uri: &Uri) {
        if self.caps.pull_diagnostics.load(Ordering::Relaxed) {
            return;
        }
        if let Some((diags, version)) = self.diagnostics_for(uri) {
            self.client
                .publish_diagnostics(uri.clone(), diags, Some(version))
                .await;
        }
    }

    /// After a state change: re-publish diagnostics of the affected open documents, tell the
    /// client (`readcov/didChange`, inlay hint and code lens refresh when supported).
    pub async fn refresh(self: &Arc<Self>, changed: Changed) {
        let uris: Vec<Uri> = self
            .docs
            .iter()
            .filter(|d| changed.all || d.path.as_ref().is_some_and(|p| changed.paths.contains(p)))
            .map(|d| d.key().clone())
            .collect();
        self.publish_closed((!changed.all).then_some(&changed.paths))
            .await;
        if uris.is_empty() && !changed.all {
            return;
        }
        for uri in &uris {
            self.publish(uri).await;
        }
        // What a view found it could not map (a file that differs from its base) is logged.
        self.report_problems().await;
        let list: Vec<&str> = uris.iter().map(|u| u.as_str()).collect();
        self.client
            .send_notification::<DidChange>(json!({ "uris": list }))
            .await;
        // Refresh requests wait for the client's answer: never in the caller's path.
        let me = self.clone();
        tokio::spawn(async move {
            if me.caps.inlay_refresh.load(Ordering::Relaxed) {
                let _ = me.client.inlay_hint_refresh().await;
            }
            if me.caps.lens_refresh.load(Ordering::Relaxed) {
                let _ = me.client.code_lens_refresh().await;
            }
            if me.caps.pull_diagnostics.load(Ordering::Relaxed) {
                let _ = me.client.workspace_diagnostic_refresh().await;
            }
        });
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

    /// Re-parses the units of a document shortly after its last edit, off the async threads,
    /// then refreshes what depends on them. A job whose edit was followed by another within the
    /// pause does nothing (the later job goes on); one finding a re-parse of the document already
    /// running leaves it to that one, which parses again until it has parsed the latest text.
    /// At most [`PARSE_JOBS`] re-parses run at once, whatever the number of documents.
    pub fn schedule_units(self: &Arc<Self>, uri: Uri, version: i32) {
        let me = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            let busy = match me.docs.get(&uri) {
                Some(d) if d.version == version && d.units.lang.is_some() => d.units.busy.clone(),
                _ => return,
            };
            if busy.swap(true, Ordering::AcqRel) {
                return;
            }
            loop {
                me.reparse_latest(&uri).await;
                busy.store(false, Ordering::Release);
                // An edit that arrived while `busy` was still set left its job to this loop.
                let stale = me.docs.get(&uri).is_some_and(|d| d.units.stale);
                if !stale || busy.swap(true, Ordering::AcqRel) {
                    return;
                }
            }
        });
    }

    /// One re-parse of the document's latest text; its units replace the shifted ones if no
    /// edit came meanwhile (else the caller's loop parses again).
    async fn reparse_latest(self: &Arc<Self>, uri: &Uri) {
        let job = self.docs.get(uri).and_then(|d| {
            d.units.stale.then(|| {
                (
                    d.version,
                    d.units.lang,
                    d.units.tree.clone(),
                    d.text(),
                    d.path.clone(),
                )
            })
        });
        let Some((version, Some(lang), tree, text, path)) = job else {
            return;
        };
        let Ok(_slot) = PARSE_SLOTS.acquire().await else {
            return;
        };
        let parsed = tokio::task::spawn_blocking(move || {
            let mut tree = tree.lock().unwrap_or_else(|e| e.into_inner());
            crate::units::reparse(lang, &mut tree, &text)
        })
        .await;
        let Ok(spans) = parsed else {
            return;
        };
        match self.docs.get_mut(uri) {
            // Units as the edits had shifted them: what was published stands.
            Some(mut d) if d.version == version => {
                if !d.units.replace(spans) {
                    return;
                }
            }
            _ => return,
        }
        let mut changed = Changed::default();
        changed.paths.extend(path);
        self.refresh(changed).await;
    }
}
