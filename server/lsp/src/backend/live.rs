//! The backend's live part: telling the user about input problems, loading large logs with
//! progress, settings changes, and the loop over the file watcher's events (the watcher itself
//! is `watch.rs`; it only sends events).

use super::{Inner, Shared};
use crate::store::Changed;
use crate::watch;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::sync::mpsc::UnboundedReceiver;
use tower_lsp_server::ls_types::*;

impl Inner {
    /// Sends the problems noted since the last call to the client's log (and one warning popup).
    pub async fn report_problems(&self) {
        let problems: Vec<String> = self
            .store
            .errors
            .lock()
            .map(|mut e| std::mem::take(&mut *e))
            .unwrap_or_default();
        if problems.is_empty() {
            return;
        }
        for p in &problems {
            self.client
                .log_message(MessageType::WARNING, format!("readcov: {p}"))
                .await;
        }
        let msg = format!(
            "readcov: {} input problem(s); first: {}",
            problems.len(),
            problems[0]
        );
        self.client.show_message(MessageType::WARNING, msg).await;
    }

    /// Total size of the read logs not yet read.
    pub fn log_bytes(&self) -> u64 {
        let cfg = self.store.config();
        (cfg.reads.iter())
            .filter_map(|p| self.store.confined(p).ok())
            .chain(self.store.read_log().ok())
            .filter_map(|p| std::fs::metadata(p).ok())
            .map(|m| m.len())
            .sum()
    }

    /// A settings change (`workspace/didChangeConfiguration`): reload, re-watch, re-publish.
    pub async fn settings_changed(self: &Arc<Self>, settings: &Value) {
        match crate::config::from_json(settings) {
            Ok(p) => {
                if let Ok(mut l) = self.layers.lock() {
                    l.settings = p;
                }
                let problems = self.reload();
                self.store.note(problems);
            }
            Err(e) => self.store.note([e]),
        }
        self.report_problems().await;
        // The files to watch may have changed with the settings.
        self.watch_files();
        self.refresh(Changed {
            all: true,
            ..Changed::default()
        })
        .await;
    }

    /// Asks the client to watch the files the server watches.
    pub fn register_client_watch(&self) {
        watch::register_client_watch(&self.client, &self.store.watched());
    }

    /// Starts the file watcher on the folders of every watched file, or restarts it when that
    /// set of folders changed. Returns false (and leaves the running watcher and its loop
    /// alone) when the folders are the ones already watched: a settings change that kept the
    /// paths, as most do, used to cost a new inotify instance, a thread and a task.
    pub fn watch_files(self: &Arc<Self>) -> bool {
        let dirs = watch::dirs_of(&self.store.watched());
        let Ok(mut running) = self.watcher.lock() else {
            return false;
        };
        if running.as_ref().is_some_and(|r| r.serves(&dirs)) {
            return false;
        }
        let Some((watcher, events)) = watch::start(dirs) else {
            return false;
        };
        // The old watcher is dropped here, its sender with it, so its loop ends.
        *running = Some(watcher);
        drop(running);
        tokio::spawn(self.clone().on_file_events(events));
        true
    }

    /// Reacts to the watcher's events until it is dropped or replaced.
    async fn on_file_events(self: Shared, mut events: UnboundedReceiver<Vec<PathBuf>>) {
        while let Some(mut paths) = events.recv().await {
            // Coalesce a burst of events into one sync.
            while let Ok(more) = events.try_recv() {
                paths.extend(more);
            }
            #[cfg(feature = "debug-panic")]
            let fence = crate::guard::Fences::find(&paths);
            let serving = self.on_file_batch(paths).await;
            #[cfg(feature = "debug-panic")]
            if let Some(fence) = fence {
                (self.fences).record(fence, self.watcher_syncs.load(Ordering::Relaxed));
            }
            if !serving {
                return;
            }
        }
    }

    /// One batch of the watcher's events; whether this loop keeps serving (a new watcher comes
    /// with its own loop).
    async fn on_file_batch(self: &Shared, paths: Vec<PathBuf>) -> bool {
        let watched = self.store.watched();
        // A folder of a watched file was made (e.g. `.readcov/` by the first recorded
        // read, or by another program): watch it, and read what it already holds.
        // The folders that were missing, only for an event that may have made one (every
        // append to a log comes here too).
        let was_missing = (self.watcher.lock().ok()).and_then(|w| {
            (w.as_ref())
                .filter(|r| r.appeared(&paths))
                .map(|r| r.missing_dirs())
        });
        if let Some(was_missing) = was_missing.filter(|_| self.watch_files()) {
            // Only the files of the folders that were missing: syncing every watched file
            // took `readcov.toml` for changed, so the first recorded read reloaded the
            // configuration, the gold and every log from the start.
            let inside: Vec<PathBuf> = (watched.iter())
                .filter(|f| f.parent().is_some_and(|d| was_missing.contains(d)))
                .cloned()
                .collect();
            let changed = self.sync_files(&inside);
            self.report_problems().await;
            self.refresh(changed).await;
            // Counted once done: a test waits for it before looking at what was logged.
            self.watcher_syncs.fetch_add(1, Ordering::Relaxed);
            return false;
        }
        let hits: Vec<PathBuf> = paths.into_iter().filter(|p| watched.contains(p)).collect();
        if hits.is_empty() {
            return true;
        }
        self.watcher_syncs.fetch_add(1, Ordering::Relaxed);
        let changed = self.sync_files(&hits);
        let restart = changed.all;
        // Bad rows appended, or a trajectory that no longer imports: tell the user.
        self.report_problems().await;
        self.refresh(changed).await;
        // `readcov.toml` changed: the set of files to watch may have too. A new watcher
        // comes with its own loop, so this one ends; otherwise it keeps serving.
        !(restart && self.watch_files())
    }

    /// Loads large logs off the async threads, reporting `$/progress` when the client supports
    /// it.
    pub async fn load_with_progress(self: Shared) {
        let token = NumberOrString::String("readcov/load".into());
        let with_progress = self.caps.progress.load(Ordering::Relaxed)
            && self
                .client
                .create_work_done_progress(token.clone())
                .await
                .is_ok();
        let progress = if with_progress {
            let mb = self.log_bytes() as f64 / 1e6;
            Some(
                self.client
                    .progress(token, "readcov: loading reads")
                    .with_message(format!("{mb:.1} MB"))
                    .begin()
                    .await,
            )
        } else {
            None
        };
        let worker = Arc::clone(&self);
        let changed = tokio::task::spawn_blocking(move || worker.store.poll_reads())
            .await
            .unwrap_or_default();
        // Figures may be shown again: the refresh below publishes every open document once.
        self.loading.store(false, Ordering::Release);
        let count = self.store.read_count();
        if let Some(p) = progress {
            p.finish_with_message(format!("{count} read events")).await;
        }
        self.report_problems().await;
        self.refresh(Changed {
            all: true,
            ..changed
        })
        .await;
    }
}
