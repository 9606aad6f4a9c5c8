//! The workspaces of one `readcov import`, each file read once: the import reads a file to
//! check and replay on it, and the rows written then record its `base` (sha256, lines), which
//! read it again; with `--workspaces`, every log also looked its task's folder up twice, and
//! asked again whether a path is a directory at every view. Here a task's folder, a file's
//! bytes, its `base` and whether a path is a directory are each found once and kept, the bytes
//! up to a budget (the oldest dropped first), so memory stays bounded however many tasks a run
//! has. Answers are those of [`crate::Workspace`] (the same confinement): a file that changes while
//! the import runs is seen as it was first read.

use crate::beneath::Found;
use crate::{list_confined, read_source, Beneath};
use readcov_core::base::Base;
use readcov_import::FileProvider;
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// File bytes kept at most (a run's files beyond it are read again when asked for again).
const KEPT_BYTES: usize = 32 << 20;
/// Paths kept at most (each with what is known of it), and task folders.
const KEPT_PATHS: usize = 1 << 16;

/// `--workspace DIR` (every task's) or `--workspaces DIR` (`DIR/<task>/`), both canonical.
pub struct Workspaces {
    one: Option<PathBuf>,
    per_task: Option<Beneath>,
    kept: Mutex<Kept>,
    /// Whether some task had its own folder under `per_task` ([`Workspaces::no_task_folder`]).
    folder_found: AtomicBool,
    /// [`KEPT_BYTES`] and [`KEPT_PATHS`] (smaller in tests).
    budget: (usize, usize),
}

#[derive(Default)]
struct Kept {
    /// Task → its folder (`None`: no usable folder, no workspace).
    folders: HashMap<String, Option<Arc<Path>>>,
    paths: HashMap<(Arc<Path>, String), Known>,
    /// Paths in the order they were first asked for (the oldest is dropped first).
    order: VecDeque<(Arc<Path>, String)>,
    bytes: usize,
}

/// What is known of one path of a workspace (`None`: not asked yet).
#[derive(Clone, Default)]
struct Known {
    bytes: Option<Option<Arc<[u8]>>>,
    base: Option<Option<Base>>,
    is_dir: Option<bool>,
    /// Whether it is a file its bytes can be read from, when that was asked before its bytes.
    is_file: Option<bool>,
    /// What the path's walk found ([`Beneath::walk`]), for whichever of its bytes and whether
    /// it is a directory is asked second (a view asks both: profiled, the second walk of the
    /// same components was 1% of importing the real runs).
    walked: Option<Found>,
}

impl Workspaces {
    pub fn new(one: Option<PathBuf>, per_task: Option<PathBuf>) -> Arc<Workspaces> {
        Arc::new(Workspaces {
            one,
            per_task: per_task.map(Beneath::new),
            kept: Mutex::new(Kept::default()),
            folder_found: AtomicBool::new(false),
            budget: (KEPT_BYTES, KEPT_PATHS),
        })
    }

    /// `--workspaces DIR` (Python's `workspaces=`) when no task asked for had its folder there
    /// (`DIR/<task>/`): every run was then imported as without a workspace (no read checked, no
    /// edit replayed, no `base`), and the option changed nothing (before session 31, silently).
    /// The edges warn, not refuse: the rows are written as they come, and another shard's (or
    /// another batch's) tasks may have folders. False with `--workspace` or neither.
    pub fn no_task_folder(&self) -> bool {
        self.per_task.is_some() && !self.folder_found.load(Ordering::Relaxed)
    }

    fn kept(&self) -> MutexGuard<'_, Kept> {
        // A panic while the lock was held left the maps whole (each change is one insert).
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The files of `task`: its own folder with per-task workspaces, else the one workspace.
    pub fn provider(self: &Arc<Self>, task: &str) -> Box<dyn FileProvider> {
        let root = match &self.per_task {
            Some(dir) => {
                let known = self.kept().folders.get(task).cloned();
                known.unwrap_or_else(|| {
                    let found: Option<Arc<Path>> = dir.task_dir(task).map(Arc::from);
                    if found.is_some() {
                        self.folder_found.store(true, Ordering::Relaxed);
                    }
                    let mut k = self.kept();
                    if k.folders.len() >= self.budget.1 {
                        k.folders.clear();
                    }
                    k.folders.insert(task.to_string(), found.clone());
                    found
                })
            }
            None => self.one.as_deref().map(Arc::from),
        };
        // The task's folders are walked once for this provider (one run's files), not kept
        // for the whole import: memory stays bounded however many tasks there are.
        let root = root.map(|r| (Beneath::new(r.to_path_buf()), r));
        Box::new(Files {
            all: Arc::clone(self),
            root,
        })
    }

    /// What is known of `rel` in `root` (`ask`), else found by `learn` (outside the lock, so
    /// the threads of an import read their files at once) and kept (`keep`). `learn` is handed
    /// the path's walk when an earlier question made it ([`Known::walked`]), and what it finds
    /// there is kept too.
    fn known<T: Clone>(
        &self,
        root: &Arc<Path>,
        rel: &str,
        ask: impl Fn(&Known) -> Option<T>,
        learn: impl FnOnce(&mut Option<Found>) -> T,
        keep: fn(&mut Known, T),
    ) -> T {
        let key = (Arc::clone(root), rel.to_string());
        let mut walked = None;
        if let Some(k) = self.kept().paths.get(&key) {
            if let Some(v) = ask(k) {
                return v;
            }
            walked.clone_from(&k.walked);
        }
        let value = learn(&mut walked);
        let mut k = self.kept();
        let (fresh, added) = {
            let fresh = !k.paths.contains_key(&key);
            let known = k.paths.entry(key.clone()).or_default();
            let had = size(known);
            keep(known, value.clone());
            if known.walked.is_none() {
                known.walked = walked;
            }
            (fresh, size(known).saturating_sub(had))
        };
        if fresh {
            k.order.push_back(key);
        }
        k.bytes += added;
        while k.bytes > self.budget.0 || k.order.len() > self.budget.1 {
            let Some(old) = k.order.pop_front() else {
                break;
            };
            if let Some(gone) = k.paths.remove(&old) {
                k.bytes -= size(&gone);
            }
        }
        value
    }
}

/// The bytes a known path keeps.
fn size(k: &Known) -> usize {
    k.bytes
        .as_ref()
        .and_then(Option::as_ref)
        .map_or(0, |b| b.len())
}

/// `walked`: the walk of `rel` from `root`, made now unless an earlier question made it.
fn walk<'w>(walked: &'w mut Option<Found>, root: &Beneath, rel: &str) -> &'w Found {
    walked.get_or_insert_with(|| root.walk(rel))
}

/// One task's files, through the run's [`Workspaces`]: its folder (the key of what is kept)
/// and that folder's walk.
struct Files {
    all: Arc<Workspaces>,
    root: Option<(Beneath, Arc<Path>)>,
}

impl Files {
    fn bytes(&self, (walk_root, root): &(Beneath, Arc<Path>), path: &str) -> Option<Arc<[u8]>> {
        self.all.known(
            root,
            path,
            |k| k.bytes.clone(),
            |w| {
                let file = walk_root.file_of(walk(w, walk_root, path), path)?;
                read_source(&file).ok().map(Arc::from)
            },
            |k, v| k.bytes = Some(v),
        )
    }
}

impl FileProvider for Files {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        let root = self.root.as_ref()?;
        self.bytes(root, path).map(|b| b.to_vec())
    }
    fn is_file(&self, path: &str) -> bool {
        let Some((walk_root, root)) = self.root.as_ref() else {
            return false;
        };
        self.all.known(
            root,
            path,
            |k| k.is_file.or_else(|| Some(k.bytes.as_ref()?.is_some())),
            |w| walk_root.is_readable_file_of(walk(w, walk_root, path), path),
            |k, v| k.is_file = Some(v),
        )
    }
    fn has_workspace(&self) -> bool {
        self.root.is_some()
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        let (walk_root, root) = self.root.as_ref()?;
        Some(self.all.known(
            root,
            path,
            |k| k.is_dir,
            |w| walk_root.dir_of(walk(w, walk_root, path), path).is_some(),
            |k, v| k.is_dir = Some(v),
        ))
    }
    fn base(&self, path: &str) -> Option<Base> {
        let both = self.root.as_ref()?;
        let bytes = self.bytes(both, path)?;
        let root = &both.1;
        self.all.known(
            root,
            path,
            |k| k.base.clone(),
            |_| Some(Base::of_file(&bytes)),
            |k, v| k.base = Some(v),
        )
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        list_confined(self.root.as_ref()?.0.root(), path)
    }
}

/// What both edges say when [`Workspaces::no_task_folder`] (`dir` as given; `param`:
/// `--workspaces` or `` `workspaces` ``).
pub fn no_task_folder_warning(param: &str, dir: &Path) -> String {
    format!(
        "warning: {param} {}: no imported task has a folder there (<dir>/<task>/), so it changed \
         nothing: no read was checked against a workspace, no edit replayed, no row has a `base`",
        dir.display()
    )
}

#[cfg(test)]
mod tests;
