//! The reads: the configured logs (and the editor's read log) tailed and reloaded, each poll's
//! reads staged and stored. Writing the read log is `read_log.rs`.

use super::{Changed, ReadSource, Store, StoredRead};
use crate::basefile;
use crate::sources::Workspace;
use crate::tail::{poll, Polled, Tail};
use crate::traj;
use readcov_core::{InputError, Name, ReadSpan};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Store {
    /// The read logs: configured `reads` plus `readLog` (where human and what-if reads go).
    pub(super) fn log_paths(&self) -> Vec<PathBuf> {
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

    /// Reads every log again from the start (after a configuration change). The new reads
    /// stay apart until all are in, then replace the old ones under one write: a request served
    /// meanwhile sees the old reads or the new, never none (clearing first once made
    /// `readcov/selectRun` answer with no runs) and never both (a summary counted them twice).
    pub fn reload_reads(&self) {
        // Taken under the logs' lock, which every poll holds while it stores: a poll storing
        // the first reads of a log between the two steps left them out of `stale`, so they
        // stayed beside the same reads read again (a hover listed such a read twice).
        let stale = match self.logs.lock() {
            Ok(mut logs) => {
                let stale = self.held_origins();
                logs.clear();
                stale
            }
            Err(_) => self.held_origins(),
        };
        let all = Staging {
            all: true,
            stale,
            ..Staging::default()
        };
        self.poll(all, None);
        self.changes.keep_logs(&self.log_paths());
        self.prune_names();
        self.bump();
    }

    /// The origins of every held read.
    fn held_origins(&self) -> HashSet<usize> {
        let held = self.held();
        let mut out = HashSet::new();
        for r in held.iter() {
            out.insert(r.origin);
        }
        out
    }

    /// A fresh origin id: a log read afresh gets one, so its new reads can sit beside the old
    /// ones until those are dropped.
    pub(super) fn new_origin(&self) -> usize {
        self.next_origin.fetch_add(1, Ordering::Relaxed)
    }

    /// Lets go of the shared texts no stored read names any more (after reads are dropped).
    /// Called with no guard of `reads` held.
    pub(super) fn prune_names(&self) {
        if let Ok(mut names) = self.names.lock() {
            names.prune();
        }
    }

    /// How many shared texts the reads hold (for tests: dropped reads let theirs go).
    pub fn shared_names(&self) -> usize {
        self.names.lock().map_or(0, |n| n.len())
    }

    /// Reads what was appended to every log since the last poll. A log read afresh (rotated,
    /// rewritten, truncated) is read whole before its reads replace the old ones at once.
    pub fn poll_reads(&self) -> Changed {
        self.poll(Staging::default(), None)
    }

    /// [`Store::poll_reads`]: the reads of logs read afresh (and those `staging` names) are
    /// kept apart until every log is polled, then put in under one write that also drops the
    /// stale origins' reads and those `keep` refuses.
    pub(super) fn poll(
        &self,
        staging: Staging,
        keep: Option<&dyn Fn(&StoredRead) -> bool>,
    ) -> Changed {
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
        let mut stale = staging.stale;
        // Rows of reads of logs read afresh, waiting for the last piece.
        let mut staged: Vec<Vec<StoredRead>> = Vec::new();
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
            // A large log comes in pieces (`tail::PIECE`), each stored before the next is
            // parsed — unless the log is read afresh: then its pieces wait in `staged`.
            let mut staged_log = staging.all || staging.paths.contains(&path);
            loop {
                let Polled {
                    reset,
                    reads,
                    bases,
                    errors,
                    bytes,
                    changes,
                    more,
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
                // A rotated or rewritten log: its new reads go in under a fresh origin, staged,
                // and only once all are in are the old origin's dropped, at the same time.
                if reset {
                    stale.insert(std::mem::replace(origin, self.new_origin()));
                    staged_log = true;
                }
                self.note(errors.iter().map(InputError::to_string));
                let paths = &mut changed.paths;
                if staged_log {
                    self.stored_rows(reads, &bases, *origin, task.as_deref(), &mut |row| {
                        paths.insert(row[0].path.to_string());
                        staged.push(std::mem::take(row));
                    });
                } else {
                    // Short writes (a row of at most `ROW` reads each): a reader waits at most
                    // that long, and a waiting load goes before new readers (`held`).
                    let mut wrote = false;
                    self.stored_rows(reads, &bases, *origin, task.as_deref(), &mut |row| {
                        paths.insert(row[0].path.to_string());
                        self.held_mut().append(row);
                        wrote = true;
                    });
                    if wrote {
                        self.piece_stored();
                    }
                }
                if !more {
                    break;
                }
            }
        }
        drop(logs);
        if !stale.is_empty() || !staged.is_empty() || keep.is_some() {
            let mut held = self.held_mut();
            let kept = |r: &StoredRead| keep.is_none_or(|k| k(r));
            let lost = held.retain(|r| !stale.contains(&r.origin) && kept(r));
            changed.paths.extend(lost);
            // A log rotated again while it was read afresh: its first staged reads are stale too.
            (staged.into_iter())
                .filter(|row| !stale.contains(&row[0].origin))
                .for_each(|mut row| held.append(&mut row));
            drop(held);
            self.prune_names();
            self.piece_stored();
        }
        if !changed.paths.is_empty() {
            self.bump();
        }
        changed
    }

    /// Calls the test hook, if any, once reads were stored ([`Store::on_piece`]).
    fn piece_stored(&self) {
        let hook = self.on_piece.lock().ok().and_then(|h| h.clone());
        if let Some(hook) = hook {
            hook(self);
        }
    }

    /// `reads` (of `task` only, when one is configured) from log `origin` as stored reads, their
    /// strings shared, handed to `put` in rows of one file of at most [`ROW`] reads (a log's
    /// reads of one file come in a row: each row goes in at once, one lookup of the file); `put`
    /// empties the row or takes it.
    fn stored_rows(
        &self,
        reads: Vec<ReadSpan>,
        bases: &[Option<Arc<str>>],
        origin: usize,
        task: Option<&str>,
        put: &mut dyn FnMut(&mut Vec<StoredRead>),
    ) {
        // One lock for the piece: every read's strings are shared with the reads before it.
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        let mut row: Vec<StoredRead> = Vec::new();
        for (i, read) in reads.into_iter().enumerate() {
            if task.is_some_and(|t| t != read.task) {
                continue;
            }
            let base = bases.get(i).and_then(|b| b.as_deref());
            let stored = StoredRead::new(&mut names, read, origin, base);
            let other_file = row
                .first()
                .is_some_and(|f| !Name::ptr_eq(&f.path, &stored.path));
            if other_file || row.len() >= ROW {
                put(&mut row);
            }
            row.push(stored);
        }
        if !row.is_empty() {
            put(&mut row);
        }
    }
}

/// Reads stored at once at most: a piece's reads in one row cost a second ~20 MB buffer for each
/// piece (the row growing by doubling), and left glibc's heap 15 MB larger once loaded (1.2M
/// reads, session 23); rows of this size reuse one buffer of ~640 KB.
const ROW: usize = 4096;

/// Which polled reads wait to go in with the dropping of stale ones (besides those of a log
/// read afresh, which always wait).
#[derive(Default)]
pub(super) struct Staging {
    /// Every log's (a reload).
    pub(super) all: bool,
    /// These logs' (read again from the start on purpose).
    pub(super) paths: Vec<PathBuf>,
    /// The origins whose reads go when the staged ones come in.
    pub(super) stale: HashSet<usize>,
}
