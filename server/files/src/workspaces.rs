//! The workspaces of one `readcov import`, each file read once: the import reads a file to
//! check and replay on it, and the rows written then record its `base` (sha256, lines), which
//! read it again; with `--workspaces`, every log also looked its task's folder up twice, and
//! asked again whether a path is a directory at every view. Here a task's folder, a file's
//! bytes, its `base` and whether a path is a directory are each found once and kept, the bytes
//! up to a budget (the oldest dropped first), so memory stays bounded however many tasks a run
//! has. Answers are those of [`crate::Workspace`] (the same confinement): a file that changes while
//! the import runs is seen as it was first read.

use crate::{confined_dir, confined_file, read_source, task_dir};
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
    per_task: Option<PathBuf>,
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
    /// What the path's `lstat`s found, for whichever of its bytes and whether it is a
    /// directory is asked second (a view asks both: profiled, the second walk of the same
    /// components was 1% of importing the real runs).
    beneath: Option<Beneath>,
}

impl Workspaces {
    pub fn new(one: Option<PathBuf>, per_task: Option<PathBuf>) -> Arc<Workspaces> {
        Arc::new(Workspaces {
            one,
            per_task,
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
                    let found: Option<Arc<Path>> = task_dir(dir, task).map(Arc::from);
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
        Box::new(Files {
            all: Arc::clone(self),
            root,
        })
    }

    /// What is known of `rel` in `root` (`ask`), else found by `learn` (outside the lock, so
    /// the threads of an import read their files at once) and kept (`keep`). `learn` is handed
    /// the path's look-up when an earlier question made it ([`Known::beneath`]), and what it
    /// finds there is kept too.
    fn known<T: Clone>(
        &self,
        root: &Arc<Path>,
        rel: &str,
        ask: impl Fn(&Known) -> Option<T>,
        learn: impl FnOnce(&mut Option<Beneath>) -> T,
        keep: fn(&mut Known, T),
    ) -> T {
        let key = (Arc::clone(root), rel.to_string());
        let mut beneath = None;
        if let Some(k) = self.kept().paths.get(&key) {
            if let Some(v) = ask(k) {
                return v;
            }
            beneath.clone_from(&k.beneath);
        }
        let value = learn(&mut beneath);
        let mut k = self.kept();
        let (fresh, added) = {
            let fresh = !k.paths.contains_key(&key);
            let known = k.paths.entry(key.clone()).or_default();
            let had = size(known);
            keep(known, value.clone());
            if known.beneath.is_none() {
                known.beneath = beneath;
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

/// What `root/rel` resolves to, when `rel` is plain (no empty, `.` or `..` component) and no
/// component of it is a symbolic link: then `root/rel` is what resolving it through links
/// gives, inside `root` (canonical, as every root here is: [`task_dir`] and `canonical_dir`
/// resolve it). Found by one `lstat` per component of `rel`; resolving the whole path asks
/// `readlink` of each of its components (profiled: 15,500 calls for the real corpus's 1,250
/// look-ups).
#[derive(Clone)]
enum Beneath {
    Is(PathBuf, std::fs::FileType),
    /// A component is missing (every one before it a directory, not a link): nothing there.
    Missing,
    /// Anything else: for the full route to decide.
    Ask,
}

fn plain_beneath(root: &Path, rel: &str) -> Beneath {
    if rel.is_empty()
        || rel
            .split('/')
            .any(|c| c.is_empty() || c == "." || c == "..")
    {
        return Beneath::Ask;
    }
    let mut path = root.to_path_buf();
    let mut kind: Option<std::fs::FileType> = None;
    for c in rel.split('/') {
        if kind.is_some_and(|k| !k.is_dir()) {
            return Beneath::Ask;
        }
        path.push(c);
        let k = match std::fs::symlink_metadata(&path) {
            Ok(m) => m.file_type(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Beneath::Missing,
            Err(_) => return Beneath::Ask,
        };
        if k.is_symlink() {
            return Beneath::Ask;
        }
        kind = Some(k);
    }
    match kind {
        Some(k) => Beneath::Is(path, k),
        None => Beneath::Ask,
    }
}

/// `beneath`: [`plain_beneath`] of `rel`, made now unless an earlier question made it.
fn found<'b>(beneath: &'b mut Option<Beneath>, root: &Path, rel: &str) -> &'b Beneath {
    beneath.get_or_insert_with(|| plain_beneath(root, rel))
}

/// [`crate::read_confined`], the path found by [`plain_beneath`] (`beneath`) when it can.
fn read_beneath(beneath: &Beneath, root: &Path, rel: &str) -> Option<Vec<u8>> {
    let file = match beneath {
        Beneath::Is(path, kind) => kind.is_file().then(|| path.clone())?,
        Beneath::Missing => return None,
        Beneath::Ask => confined_file(root, rel)?,
    };
    read_source(&file).ok()
}

/// Whether [`crate::confined_dir`] finds a directory, found by [`plain_beneath`] (`beneath`)
/// when it can.
fn dir_beneath(beneath: &Beneath, root: &Path, rel: &str) -> bool {
    match beneath {
        Beneath::Is(_, kind) => kind.is_dir(),
        Beneath::Missing => false,
        Beneath::Ask => confined_dir(root, rel).is_some(),
    }
}

/// One task's files, through the run's [`Workspaces`].
struct Files {
    all: Arc<Workspaces>,
    root: Option<Arc<Path>>,
}

impl Files {
    fn bytes(&self, root: &Arc<Path>, path: &str) -> Option<Arc<[u8]>> {
        self.all.known(
            root,
            path,
            |k| k.bytes.clone(),
            |b| read_beneath(found(b, root, path), root, path).map(Arc::from),
            |k, v| k.bytes = Some(v),
        )
    }
}

impl FileProvider for Files {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        let root = self.root.as_ref()?;
        self.bytes(root, path).map(|b| b.to_vec())
    }
    fn has_workspace(&self) -> bool {
        self.root.is_some()
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        let root = self.root.as_ref()?;
        Some(self.all.known(
            root,
            path,
            |k| k.is_dir,
            |b| dir_beneath(found(b, root, path), root, path),
            |k, v| k.is_dir = Some(v),
        ))
    }
    fn base(&self, path: &str) -> Option<Base> {
        let root = self.root.as_ref()?;
        let bytes = self.bytes(root, path)?;
        self.all.known(
            root,
            path,
            |k| k.base.clone(),
            |_| Some(Base::of_file(&bytes)),
            |k, v| k.base = Some(v),
        )
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
