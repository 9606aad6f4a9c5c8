//! Everything a stage diagnosis reads (`readcov diagnose`, explain's stages, Python's
//! `readcov.diagnose` and `explain`), loaded through the one input layer: gold (and the gold
//! patches behind it), reads (and, for a trajectory, each run's change: its log's final patch or
//! its replayed edits), SWE-bench predictions, harness reports, outcome labels, the workspaces.
//! Each input is a file or bytes already in memory ([`Source`]); the edges only say the notes and
//! located errors this returns, and hand [`Inputs::with_diagnose_input`] to the library call.

use crate::gold_files::Workspaces;
use crate::input::{self, BaseFiles, GoldOptions, LoadError, ReadsOptions, RunChanges};
use crate::{canonical_dir, FileError};

pub use crate::input::Source;
use readcov_core::outcomes::Outcomes;
use readcov_core::stages::{parse_reports, ReportFile, RunStages};
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
    pub outcomes: Option<&'a Source>,
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
    pub gold_errors: Vec<InputError>,
    pub reads_errors: Vec<InputError>,
    /// Located errors of the predictions and outcome files, in the order they were read.
    pub other_errors: Vec<InputError>,
}

/// The workspace as the loaders take it: its absolute path as text (paths in rows are made
/// relative to it), refused when it is not a directory.
pub fn workspace_text(ws: Option<&Path>) -> Result<Option<String>, FileError> {
    let Some(ws) = ws else { return Ok(None) };
    match std::path::absolute(ws) {
        Ok(abs) if abs.is_dir() => Ok(Some(abs.to_string_lossy().into_owned())),
        Ok(_) => Err(FileError::new(ws, "workspace is not a directory")),
        Err(e) => Err(FileError::new(ws, format!("bad workspace path: {e}"))),
    }
}

/// Loads every input of `req`. Gold first: without a valid gold span nothing else is read.
pub fn load(req: &Request) -> Result<Inputs, DiagnoseLoadError> {
    let root = workspace_text(req.workspace)?;
    let one = req.workspace.map(canonical_dir).transpose()?;
    let per_task = req.workspaces.map(canonical_dir).transpose()?;
    let gold_opts = GoldOptions {
        workspace: root.as_deref(),
        ..GoldOptions::default()
    };
    let gold_bytes = req.gold.bytes()?;
    let gold_name = req.gold.name();
    let g = input::gold_of(&gold_name, gold_bytes.clone(), &gold_opts)?;
    let mut gold = g.parsed;
    if gold.items.is_empty() {
        return Err(DiagnoseLoadError::NoGold {
            name: gold_name,
            notes: g.notes,
            errors: gold.errors,
        });
    }
    // The gold change behind the gold (a Parquet file's rows as JSONL, as the gold read them).
    let (rows, _) = input::rows::parquet_as_jsonl(&gold_name, gold_bytes);
    let gold_change = input::gold_changes(&gold_name, &rows, root.as_deref());
    drop(rows);
    let opts = ReadsOptions {
        workspace: root.as_deref(),
        base_files: BaseFiles::of(req.workspace, req.workspaces),
    };
    let (loaded, changes) = match req.reads {
        Source::Path(p) => input::load_reads_and_changes(p, &opts)?,
        Source::Bytes { name, bytes } => input::reads_and_changes_of(name, bytes.clone(), &opts)?,
    };
    let mut reads = loaded.parsed;
    if let Some(shard) = req.shard {
        gold.items.retain(|g| shard.keeps(&g.task));
        reads.items.retain(|r| shard.keeps(&r.task));
    }
    let mut run_changes = RunChanges::default();
    run_changes.add_logged(&changes);
    for r in &reads.items {
        run_changes.add_run(&r.task, &r.run);
    }
    let mut inputs = Inputs {
        gold: gold.items,
        reads: reads.items,
        gold_patches: gold_change.patches,
        gold_edit_lines: gold_change.edit_lines,
        lost_edits: loaded.lost_edits,
        changes: run_changes,
        reports: ReportFile::default(),
        run_reports: BTreeMap::new(),
        outcomes: None,
        files: Workspaces { one, per_task },
        opts: req.opts.clone(),
        gold_notes: g.notes,
        reads_notes: loaded.notes,
        gold_errors: gold.errors,
        reads_errors: reads.errors,
        other_errors: Vec::new(),
    };
    for p in req.patches {
        let loaded = match p {
            Source::Path(path) => input::load_predictions(path)?,
            Source::Bytes { name, bytes } => input::predictions_of(name, bytes)?,
        };
        inputs.other_errors.extend(loaded.parsed.errors);
        inputs.changes.add_predictions(loaded.parsed.items);
    }
    for (run, src) in req.test_reports {
        let file = parse_reports(&src.bytes()?, &src.name()).map_err(DiagnoseLoadError::Report)?;
        match run {
            Some(run) => inputs
                .run_reports
                .entry(run.clone())
                .or_default()
                .merge(file),
            None => inputs.reports.merge(file),
        }
    }
    if let Some(src) = req.outcomes {
        let loaded = match src {
            Source::Path(path) => input::load_outcomes(path)?,
            Source::Bytes { name, bytes } => input::outcomes_of(name, bytes)?,
        };
        inputs.other_errors.extend(loaded.parsed.errors);
        inputs.outcomes = Some(loaded.parsed.items.into_iter().collect());
    }
    Ok(inputs)
}

mod runs;
#[cfg(test)]
mod tests;
