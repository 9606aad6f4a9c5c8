//! Everything a stage diagnosis reads (`readcov diagnose`, explain's stages, Python's
//! `readcov.diagnose` and `explain`), loaded through the one input layer: gold (and the gold
//! patches behind it), reads (and, for a trajectory, each run's change: its log's final patch or
//! its replayed edits), SWE-bench predictions, harness reports, outcome labels, the workspaces.
//! Each input is a file or bytes already in memory ([`Source`]); the edges only say the notes and
//! located errors this returns, and hand [`Inputs::with_diagnose_input`] to the library call. An
//! edge that has loaded gold, reads and labels already hands them to [`with_loaded`] instead.

use crate::gold_files::Workspaces;
use crate::input::{LoadError, RunChanges};
use crate::FileError;

pub use crate::input::Source;
use readcov_core::outcomes::Outcomes;
use readcov_core::stages::{ReportFile, RunStages};
use readcov_core::{GoldSpan, InputError, LineSet, ReadSpan, ScoreOptions, Shard};
use readcov_gold::PatchRow;
use readcov_import::LostEdit;
use std::collections::BTreeMap;
use std::path::Path;

/// What to load, as `readcov diagnose`'s flags name it.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    pub gold: &'a Source,
    pub reads: &'a Source,
    /// `--patches`: the runs' changes as SWE-bench predictions.
    pub patches: &'a [Source],
    /// `--test-report [RUN=]FILE`: harness reports, for one run or every run of their instances.
    pub test_reports: &'a [(Option<String>, Source)],
    /// `--outcomes [RUN=]FILE`, repeated: labels, a file given for a run that run's.
    pub outcomes: &'a [(Option<String>, Source)],
    pub workspace: Option<&'a Path>,
    pub workspaces: Option<&'a Path>,
    pub shard: Option<Shard>,
    pub opts: ScoreOptions,
}

/// A load that could not go on.
#[derive(Debug, thiserror::Error)]
pub enum DiagnoseLoadError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error(transparent)]
    File(#[from] FileError),
    /// No valid gold span: its notes and located errors are kept for the edge to say.
    #[error("{name}: no valid gold spans, nothing to diagnose")]
    NoGold {
        name: String,
        notes: Vec<String>,
        errors: Vec<InputError>,
    },
    /// Reads with no valid row (an empty file, or every row an error), as every command says it:
    /// no run to diagnose. Its located errors are kept for the edge to say.
    #[error("{nothing}")]
    NoReads {
        nothing: crate::input::Nothing,
        errors: Vec<InputError>,
    },
    /// A harness report that is not one (a report file is read whole or not at all).
    #[error("{0}")]
    Report(InputError),
}

/// What the summary groups runs by (`--group-by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupBy {
    /// An agent or model.
    Run,
    Task,
    /// The task id before its last `-` (`psf__requests`).
    Repo,
    /// Where the change came from.
    Source,
}

impl GroupBy {
    pub const ALL: [GroupBy; 4] = [GroupBy::Run, GroupBy::Task, GroupBy::Repo, GroupBy::Source];

    pub fn label(self) -> &'static str {
        match self {
            GroupBy::Run => "run",
            GroupBy::Task => "task",
            GroupBy::Repo => "repo",
            GroupBy::Source => "source",
        }
    }

    /// The grouping named `name` (`run`, `task`, `repo`, `source`).
    pub fn parse(name: &str) -> Option<GroupBy> {
        GroupBy::ALL.into_iter().find(|g| g.label() == name)
    }

    /// The group of one diagnosed run.
    pub fn key(self, s: &RunStages) -> String {
        match self {
            GroupBy::Run => s.run.clone(),
            GroupBy::Task => s.task.clone(),
            GroupBy::Repo => s
                .task
                .rsplit_once('-')
                .map_or(s.task.clone(), |(r, _)| r.to_string()),
            GroupBy::Source => s.change_source.as_str().to_string(),
        }
    }
}

/// The loaded inputs, with what the edge says: `notes` (conversions done on the fly) and the
/// located errors of each input (bad rows skipped, the rest loaded).
pub struct Inputs {
    pub gold: Vec<GoldSpan>,
    pub reads: Vec<ReadSpan>,
    pub gold_patches: Vec<PatchRow>,
    pub gold_edit_lines: BTreeMap<String, BTreeMap<String, LineSet>>,
    /// The edits a trajectory imported on the fly could not place on base lines.
    pub lost_edits: Vec<LostEdit>,
    /// Each run's change: `--patches` entries, the log's own patch or the replay (a trajectory
    /// given as reads), matched by the one rule of `RunChanges` (the language server's too).
    pub changes: RunChanges,
    /// Reports applying to every run of a task, and to one run.
    reports: ReportFile,
    run_reports: BTreeMap<String, ReportFile>,
    pub outcomes: Option<Outcomes>,
    pub files: Workspaces,
    pub opts: ScoreOptions,
    /// The gold's notes, then the reads'.
    pub gold_notes: Vec<String>,
    pub reads_notes: Vec<String>,
    /// Notes of the other inputs (outcome labels converted from a harness report).
    pub other_notes: Vec<String>,
    pub gold_errors: Vec<InputError>,
    pub reads_errors: Vec<InputError>,
    /// Located errors of the predictions and outcome files, in the order they were read.
    pub other_errors: Vec<InputError>,
}

mod load;
mod runs;

pub use load::{load, with_loaded, workspace_text, Beside, Loaded};

#[cfg(test)]
mod tests;
