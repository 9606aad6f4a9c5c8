//! Gold sources the server understands, loaded through the one input layer
//! (`readcov_files::input`): gold JSONL, a unified diff and SWE-bench rows (built as `readcov gold`
//! builds them), ContextBench gold rows and SWE-Explore benchmark rows, a JSON array of rows read
//! like JSONL and a Parquet file like the JSONL of its rows. The kind is detected there, as the CLI
//! and the Python module detect it; a file of another kind (reads, a trajectory) is one error.

use readcov_core::base::RowBase;
use readcov_core::{FileLengths, GoldSpan, InputError};
use readcov_files::input::{gold_and_rows, GoldOptions};
use readcov_import::FileProvider;
use std::path::{Path, PathBuf};

pub use readcov_files::input::{as_jsonl, detect, InputKind};

/// Gold loaded from one file.
#[derive(Debug, Default)]
pub struct LoadedGold {
    pub kind: Option<InputKind>,
    pub spans: Vec<GoldSpan>,
    /// Each gold JSONL row's place and `base` (the file it was made against), when it has one.
    pub bases: Vec<RowBase>,
    pub errors: Vec<String>,
}

/// Loads one gold file. `task` names the task of a plain diff; `lengths` resolves SWE-Explore
/// regions that count from the end of a file. The file's bytes are taken, not copied, and handed
/// back as the gold was read from them (an array's JSONL, a Parquet file's rows).
pub fn load_gold(
    name: &str,
    bytes: Vec<u8>,
    workspace: Option<&str>,
    task: Option<&str>,
    lengths: &dyn FileLengths,
) -> (LoadedGold, Vec<u8>) {
    let opts = GoldOptions {
        workspace,
        task,
        lengths,
        bases: true,
    };
    let (g, rows) = gold_and_rows(name, bytes, &opts);
    let loaded = LoadedGold {
        kind: Some(g.kind),
        spans: g.parsed.items,
        bases: g.bases,
        errors: g.parsed.errors.iter().map(InputError::to_string).collect(),
    };
    (loaded, rows)
}

/// Files of the workspace on disk, confined to it through symlinks: what trajectory imports
/// replay edits against and what SWE-Explore regions measure lengths on.
pub struct Workspace(pub Option<PathBuf>);

impl Workspace {
    fn real(&self, path: &str) -> Option<PathBuf> {
        let root = self.0.as_ref()?.canonicalize().ok()?;
        if Path::new(path).is_absolute() || path.split('/').any(|c| c == "..") {
            return None;
        }
        let real = root.join(path).canonicalize().ok()?;
        (real.starts_with(&root) && real.is_file()).then_some(real)
    }
}

impl FileProvider for Workspace {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        readcov_files::read_source(&self.real(path)?).ok()
    }
    fn has_workspace(&self) -> bool {
        self.0.is_some()
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        let root = self.0.as_ref()?.canonicalize().ok()?;
        if Path::new(path).is_absolute() || path.split('/').any(|c| c == "..") {
            return Some(false);
        }
        let real = root.join(path).canonicalize().ok()?;
        Some(real.starts_with(&root) && real.is_dir())
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        let root = self.0.as_ref()?.canonicalize().ok()?;
        if Path::new(path).is_absolute() || path.split('/').any(|c| c == "..") {
            return None;
        }
        readcov_files::list_confined(&root, path)
    }
}

impl FileLengths for Workspace {
    fn lines_in(&self, path: &str) -> Option<u32> {
        let bytes = self.read(path)?;
        let n = bytes.iter().filter(|&&b| b == b'\n').count();
        let last = !bytes.is_empty() && !bytes.ends_with(b"\n");
        u32::try_from(n + usize::from(last)).ok()
    }
}

#[cfg(test)]
mod tests;
