//! Live updates: a `notify` file watcher on the folders of the read logs, gold files and
//! `readcov.toml` (works with any client), plus `workspace/didChangeWatchedFiles` registration
//! for clients that support it. Both paths end in the same idempotent `sync_files`.

use crate::backend::Shared;
use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecursiveMode, Watcher};
use std::collections::BTreeSet;
use std::path::PathBuf;
use tower_lsp_server::ls_types::*;

/// The running watcher and the folders it watches (a restart with the same folders keeps it).
pub struct Running {
    _watcher: notify::RecommendedWatcher,
    dirs: BTreeSet<PathBuf>,
}

/// Whether an event can mean a watched file changed. inotify also reports opens: every read of a
/// watched log (by the editor, a `cat`, or the server itself) came back as an event and cost a
/// sync, and since a sync opens the logs it tails, each sync set off the next. A close after
/// writing still counts (some writers' last word on a file).
pub fn is_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

/// Starts the watcher on the folders of every watched file, or restarts it when that set of
/// folders changed. Returns false (and leaves the running watcher and its task alone) when the
/// folders are the ones already watched: a settings change that kept the paths, as most do,
/// used to cost a new inotify instance, a thread and a task.
pub fn start(me: &Shared) -> bool {
    let files = me.store.watched();
    let dirs: BTreeSet<PathBuf> = files
        .iter()
        .filter_map(|f| f.parent().map(|p| p.to_path_buf()))
        .collect();
    let Ok(mut running) = me.watcher.lock() else {
        return false;
    };
    if running.as_ref().is_some_and(|r| r.dirs == dirs) {
        return false;
    }
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Vec<PathBuf>>();
    let watcher = notify::recommended_watcher(move |ev: notify::Result<notify::Event>| {
        if let Ok(ev) = ev {
            if is_change(&ev.kind) {
                let _ = tx.send(ev.paths);
            }
        }
    });
    let Ok(mut watcher) = watcher else {
        return false;
    };
    for d in &dirs {
        // A folder that does not exist yet (the read log's) is created so it can be watched.
        let _ = std::fs::create_dir_all(d);
        let _ = watcher.watch(d, RecursiveMode::NonRecursive);
    }
    // The old watcher is dropped here; its sender with it, so its task below ends.
    *running = Some(Running {
        _watcher: watcher,
        dirs,
    });
    drop(running);
    let me = me.clone();
    tokio::spawn(async move {
        while let Some(mut paths) = rx.recv().await {
            // Coalesce a burst of events into one sync.
            while let Ok(more) = rx.try_recv() {
                paths.extend(more);
            }
            let watched = me.store.watched();
            let hits: Vec<PathBuf> = paths.into_iter().filter(|p| watched.contains(p)).collect();
            if hits.is_empty() {
                continue;
            }
            me.watcher_syncs
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let changed = me.sync_files(&hits);
            let restart = changed.all;
            // Bad rows appended, or a trajectory that no longer imports: tell the user.
            crate::commands::report_problems(&me).await;
            me.refresh(changed).await;
            // `readcov.toml` changed: the set of files to watch may have too. A new watcher
            // comes with its own task, so this one ends; otherwise it keeps serving.
            if restart && start(&me) {
                return;
            }
        }
    });
    true
}

/// Asks the client to watch the same files (`workspace/didChangeWatchedFiles`).
pub async fn register_client_watch(me: &Shared) {
    let watchers: Vec<FileSystemWatcher> = me
        .store
        .watched()
        .iter()
        .map(|p| FileSystemWatcher {
            glob_pattern: GlobPattern::String(p.to_string_lossy().into_owned()),
            kind: None,
        })
        .collect();
    let options = DidChangeWatchedFilesRegistrationOptions { watchers };
    let reg = Registration {
        id: "readcov-watch".into(),
        method: "workspace/didChangeWatchedFiles".into(),
        register_options: serde_json::to_value(options).ok(),
    };
    let client = me.client.clone();
    // A client request: spawned, so `initialized` never waits for the answer.
    tokio::spawn(async move {
        let _ = client.register_capability(vec![reg]).await;
    });
}
