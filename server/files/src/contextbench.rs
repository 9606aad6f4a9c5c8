//! What `readcov contextbench` and Python's `readcov.contextbench` read: ContextBench gold rows
//! (JSONL or Parquet), predictions (the benchmark's unified form, or readcov reads with turns as
//! steps), and the checkouts under `--workspaces` (`DIR/<instance_id>/`), each file confined to
//! its checkout. The scoring is `readcov_core::contextbench::score_contextbench`.

use crate::input::{self, detect, BaseFiles, LoadError, ReadsOptions, Role, Source};
use crate::{read_source, Beneath, FileError};
use readcov_core::contextbench::{
    parse_gold_rows, parse_preds, preds_from_reads, Checkout, GoldRow, PredRow, Workspaces,
};
use readcov_core::Parsed;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Gold rows from JSONL or Parquet (the data set's distribution; row N is reported as line N);
/// a file of another kind is refused.
pub fn load_gold_rows(src: &Source) -> Result<Parsed<GoldRow>, LoadError> {
    let name = src.name();
    let bytes = src.bytes()?;
    Role::ContextBenchGold.check(&name, detect(&name, &bytes))?;
    let (bytes, parquet_errors) = input::rows::parquet_as_jsonl(&name, bytes);
    let mut rows = parse_gold_rows(&bytes, &name);
    rows.errors.splice(0..0, parquet_errors);
    Ok(rows)
}

/// Predictions in ContextBench's unified form (`--preds`); another kind is refused.
pub fn load_preds(src: &Source) -> Result<Parsed<PredRow>, LoadError> {
    let name = src.name();
    let bytes = src.bytes()?;
    Role::ContextBenchPreds.check(&name, detect(&name, &bytes))?;
    Ok(parse_preds(&bytes, &name))
}

/// readcov reads as predictions (`--reads`): one per (task, run), one step per turn; a
/// trajectory is imported first (the notes say so), against its checkout under `workspaces`
/// (`DIR/<task>/`, its base files: without them edits cannot be placed and reads after them map
/// to the wrong lines). The located errors are the reads'.
pub fn preds_of_reads(
    src: &Source,
    workspaces: Option<&Path>,
) -> Result<(Parsed<PredRow>, Vec<String>), LoadError> {
    let opts = ReadsOptions {
        workspace: None,
        base_files: BaseFiles::of(None, workspaces),
    };
    let loaded = match src {
        Source::Path(p) => input::load_reads(p, &opts)?,
        Source::Bytes { name, bytes } => input::reads_of(name, bytes.clone(), &opts)?,
    };
    let preds = Parsed {
        items: preds_from_reads(&loaded.parsed.items, &src.name()),
        errors: loaded.parsed.errors,
        records: loaded.parsed.records,
    };
    Ok((preds, loaded.notes))
}

/// `--workspaces DIR`: the checkout of an instance is DIR/<id> for the first id naming a folder.
pub struct DirWorkspaces {
    root: Beneath,
}

impl DirWorkspaces {
    /// The folder, refused when it is missing or not a directory.
    pub fn new(dir: &Path) -> Result<DirWorkspaces, FileError> {
        let Ok(root) = dir.canonicalize() else {
            return Err(FileError::new(dir, "workspaces folder not found"));
        };
        if !root.is_dir() {
            return Err(FileError::new(dir, "workspaces is not a directory"));
        }
        Ok(DirWorkspaces {
            root: Beneath::new(root),
        })
    }
}

impl Workspaces for DirWorkspaces {
    fn checkout<'a>(&'a self, ids: &[&str]) -> Option<Box<dyn Checkout + 'a>> {
        // Through the confinement of `score --workspaces`: one plain folder name resolving
        // inside the root (an id with `/` or `..`, or a symlink out, is never a checkout).
        ids.iter().find_map(|id| {
            let root = Beneath::new(self.root.task_dir(id)?);
            let walked = RefCell::default();
            Some(Box::new(DirCheckout { root, walked }) as Box<dyn Checkout>)
        })
    }
}

/// One checkout: files resolved through symlinks must stay inside it (its folders walked once
/// for the instance, not each file resolved whole: [`Beneath`]).
struct DirCheckout {
    root: Beneath,
    /// Each path's answer, kept for the instance: a file is asked whether it is one, then read,
    /// and resolving it again for the read was a second `lstat` per file (3,565 on the
    /// real-size corpus; docs/performance.md, session 38). As for the folders' answers, a file
    /// replaced by a link while the instance is scored is out of scope ([`Beneath`]).
    walked: RefCell<HashMap<String, Option<PathBuf>>>,
}

impl DirCheckout {
    fn file(&self, rel: &str) -> Option<PathBuf> {
        if let Some(known) = self.walked.borrow().get(rel) {
            return known.clone();
        }
        let found = self.resolve(rel);
        (self.walked.borrow_mut()).insert(rel.to_string(), found.clone());
        found
    }

    fn resolve(&self, rel: &str) -> Option<PathBuf> {
        let lexical_ok = !Path::new(rel).is_absolute()
            && Path::new(rel).components().all(|c| {
                matches!(
                    c,
                    std::path::Component::Normal(_) | std::path::Component::CurDir
                )
            });
        if !lexical_ok {
            return None;
        }
        self.root.file(rel)
    }
}

impl Checkout for DirCheckout {
    fn is_file(&self, path: &str) -> bool {
        self.file(path).is_some()
    }
    fn read(&self, path: &str) -> Result<Option<Vec<u8>>, String> {
        let Some(file) = self.file(path) else {
            return Ok(None);
        };
        // A workspace source file: at most `MAX_SOURCE_BYTES` (`read_input` read an 8 GB one
        // whole). Why it was not read goes to the row's notes (it was dropped without a word).
        read_source(&file).map(Some).map_err(|e| e.what)
    }
}

#[cfg(test)]
mod tests;
