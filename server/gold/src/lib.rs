//! readcov-gold: what a fix needs, defined more than one way. Gold from a patch is only the
//! changed lines; this crate widens them to their enclosing units (`unit`), builds gold from the
//! reads successful runs agree on (`consensus`), and the test functions a test patch touches
//! (`test`), each as gold JSONL rows whose `origin` says where a line came from.
//!
//! No IO: workspace files come in through [`TaskFiles`], inputs as parsed values or bytes.

mod beir;
mod consensus;
mod dedupe;
mod def;
pub mod diagnose;
mod expand;
mod loo;
mod note;
mod patch;
mod row;
mod rows_def;
mod short;
mod swe;
mod test_ids;
mod test_tier;

pub use beir::beir_gold;
pub use consensus::{consensus, Agree, Consensus, ConsensusOptions, RunsInput, TaskConsensus};
pub use def::{Built, DefError, EmptyInput, GoldDef, GoldInput};
pub use expand::{expand_file, ExpandOptions, FileGold};
pub use loo::{leave_one_out, mean_score, score_leave_one_out, LeaveOneOut, LooScore, Others};
pub use note::{Note, NoteKind, Notes};
pub use patch::{parse_patch_rows, unit_gold, PatchRow};
pub use row::{parse_rows, parse_rows_in, GoldRow, Origin};
pub use swe::swe_explore_row;
pub use test_ids::{parse_test_id, TestRef};
pub use test_tier::test_gold;

/// Workspace files by task: `--workspace DIR` serves every task from one folder, `--workspaces
/// DIR` each task from `DIR/<task>/`.
pub trait TaskFiles {
    /// The text of `path` in `task`'s workspace, or `None` when it has no such file. Bytes that
    /// are no UTF-8 are decoded lossily, as `score` reads sources: one stray byte must not lose
    /// the whole file (its units, its length, the patches applied to it).
    fn read(&self, task: &str, path: &str) -> Option<String>;
    /// The bytes of `path` as they are (what a `base` fingerprint is of); by default [`read`]'s.
    ///
    /// [`read`]: TaskFiles::read
    fn bytes(&self, task: &str, path: &str) -> Option<Vec<u8>> {
        self.read(task, path).map(String::into_bytes)
    }
    /// Whether `task` has a workspace at all (without one, no file is "missing").
    fn has_workspace(&self, task: &str) -> bool;
}

/// No workspace: gold stays the edit lines, with a note.
pub struct NoWorkspace;

impl TaskFiles for NoWorkspace {
    fn read(&self, _: &str, _: &str) -> Option<String> {
        None
    }
    fn has_workspace(&self, _: &str) -> bool {
        false
    }
}

/// Files in memory, keyed by (task, path) (tests).
impl TaskFiles for std::collections::BTreeMap<(String, String), String> {
    fn read(&self, task: &str, path: &str) -> Option<String> {
        self.get(&(task.to_string(), path.to_string())).cloned()
    }
    fn has_workspace(&self, _: &str) -> bool {
        true
    }
}
