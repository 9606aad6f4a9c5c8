//! Live updates: a `notify` file watcher on the folders of the read logs, gold files and
//! `readcov.toml` (works with any client), plus `workspace/didChangeWatchedFiles` registration
//! for clients that support it. Both paths end in the same idempotent `sync_files`. This module
//! only makes the watcher and its event channel; the backend reacts to the events.

use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecursiveMode, Watcher};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tokio::sync::mpsc::UnboundedReceiver;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::Client;

/// The running watcher and the folders it was asked to watch (a restart with the same folders
/// keeps it), with those that did not exist and the nearest existing folder above each.
pub struct Running {
    _watcher: notify::RecommendedWatcher,
    dirs: BTreeSet<PathBuf>,
    missing: BTreeMap<PathBuf, Option<PathBuf>>,
}

/// The nearest folder that exists: `dir` itself, else the closest one above it.
fn nearest(dir: &Path) -> Option<PathBuf> {
    dir.ancestors().find(|a| a.is_dir()).map(Path::to_path_buf)
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

/// Starts a watcher on `dirs`. A folder that does not exist is not created (a repository's
/// `readcov.toml` must not make the server write anything): its nearest existing ancestor is
/// watched instead, so its creation is an event ([`Running::appeared`]) and the backend then
/// restarts the watcher. Returns it with the channel its change events arrive on; the backend
/// runs the loop over that channel (`Inner::watch_files`). Dropping the `Running` drops the
/// sender, which ends that loop.
pub fn start(dirs: BTreeSet<PathBuf>) -> Option<(Running, UnboundedReceiver<Vec<PathBuf>>)> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Vec<PathBuf>>();
    let watcher = notify::recommended_watcher(move |ev: notify::Result<notify::Event>| {
        if let Ok(ev) = ev {
            if is_change(&ev.kind) {
                let _ = tx.send(ev.paths);
            }
        }
    });
    let mut watcher = watcher.ok()?;
    let missing: BTreeMap<PathBuf, Option<PathBuf>> = (dirs.iter())
        .filter(|d| !d.is_dir())
        .map(|d| (d.clone(), nearest(d)))
        .collect();
    let present = dirs.iter().filter(|d| !missing.contains_key(*d));
    let watched: BTreeSet<&Path> = (present.map(PathBuf::as_path))
        .chain(missing.values().flatten().map(PathBuf::as_path))
        .collect();
    for d in watched {
        let _ = watcher.watch(d, RecursiveMode::NonRecursive);
    }
    Some((
        Running {
            _watcher: watcher,
            dirs,
            missing,
        },
        rx,
    ))
}

impl Running {
    /// Whether this watcher is the one for `dirs`: the same folders, and for each missing one
    /// the same nearest existing folder (none of them, nor a folder between, made since).
    pub fn serves(&self, dirs: &BTreeSet<PathBuf>) -> bool {
        self.dirs == *dirs && (self.missing.iter()).all(|(d, above)| nearest(d) == *above)
    }

    /// Whether an event on `paths` may be a missing folder (or one above it) being made.
    pub fn appeared(&self, paths: &[PathBuf]) -> bool {
        (paths.iter()).any(|p| self.missing.keys().any(|m| m.starts_with(p)))
    }

    /// The folders asked for that did not exist when this watcher started.
    pub fn missing_dirs(&self) -> BTreeSet<PathBuf> {
        self.missing.keys().cloned().collect()
    }
}

/// The folders to watch for these files.
pub fn dirs_of(files: &[PathBuf]) -> BTreeSet<PathBuf> {
    files
        .iter()
        .filter_map(|f| f.parent().map(|p| p.to_path_buf()))
        .collect()
}

/// Asks the client to watch the same files (`workspace/didChangeWatchedFiles`).
pub fn register_client_watch(client: &Client, files: &[PathBuf]) {
    let watchers: Vec<FileSystemWatcher> = files
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
    let client = client.clone();
    // A client request: spawned, so `initialized` never waits for the answer.
    tokio::spawn(async move {
        let _ = client.register_capability(vec![reg]).await;
    });
}
