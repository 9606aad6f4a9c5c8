//! Loading a diagnosis' inputs: [`load`] reads every file of a [`Request`]; [`with_loaded`] takes
//! gold, reads and labels an edge has loaded already (`readcov report` scores them first) and
//! reads only what the diagnosis needs beside them, so no file is read twice.

use super::{DiagnoseLoadError, Inputs, Request, Source};
use crate::gold_files::Workspaces;
use crate::input::{self, BaseFiles, GoldChanges, GoldOptions, ReadsOptions, Role, RunChanges};
use crate::{canonical_dir, FileError};
use readcov_core::outcomes::Outcomes;
use readcov_core::stages::{parse_reports, ReportFile};
use readcov_core::{GoldSpan, ReadSpan, ScoreOptions};
use readcov_import::{LostEdit, RunChange};
use std::collections::BTreeMap;
use std::path::Path;

/// Gold, reads and labels as loaded (`input::load_gold_and_change`,
/// `input::load_reads_and_changes`, `input::load_outcomes`), their notes and errors already said
/// by whoever loaded them.
pub struct Loaded {
    pub gold: Vec<GoldSpan>,
    /// The gold change behind the gold (its patches, or the `edit` rows of gold JSONL).
    pub gold_change: GoldChanges,
    pub reads: Vec<ReadSpan>,
    /// Each run's change a trajectory imported on the fly brought (none for reads rows).
    pub changes: Vec<RunChange>,
    pub lost_edits: Vec<LostEdit>,
    pub outcomes: Option<Outcomes>,
}

/// What a diagnosis reads beside gold, reads and labels (a [`Request`]'s other fields).
#[derive(Clone, Debug)]
pub struct Beside<'a> {
    /// `--patches`: the runs' changes as SWE-bench predictions.
    pub patches: &'a [Source],
    /// `--test-report [RUN=]FILE`: harness reports, for one run or every run of their instances.
    pub test_reports: &'a [(Option<String>, Source)],
    pub workspace: Option<&'a Path>,
    pub workspaces: Option<&'a Path>,
    pub opts: ScoreOptions,
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
    // Both folders are checked before any file is read (a bad folder is the error said first).
    workspaces(req.workspace, req.workspaces)?;
    let gold_opts = GoldOptions {
        workspace: root.as_deref(),
        ..GoldOptions::default()
    };
    let gold_name = req.gold.name();
    let (g, gold_change) = req.gold.load_gold_and_change(&gold_opts)?;
    let mut gold = g.parsed;
    if gold.items.is_empty() {
        return Err(DiagnoseLoadError::NoGold {
            name: gold_name,
            notes: g.notes,
            errors: gold.errors,
        });
    }
    let opts = ReadsOptions {
        workspace: root.as_deref(),
        base_files: BaseFiles::of(req.workspace, req.workspaces),
    };
    let (loaded, changes) = req.reads.load_reads_and_changes(&opts)?;
    let mut reads = loaded.parsed;
    // As in every command: no valid read row, no run (a trajectory whose every edit was lost
    // still names one). Checked before the shard keeps its tasks: a shard may hold none.
    if reads.items.is_empty() && loaded.lost_edits.is_empty() {
        return Err(DiagnoseLoadError::NoReads {
            nothing: crate::input::Nothing::read(&req.reads.name(), &reads.errors),
            errors: reads.errors,
        });
    }
    if let Some(shard) = req.shard {
        gold.items.retain(|g| shard.keeps(&g.task));
        reads.items.retain(|r| shard.keeps(&r.task));
    }
    let beside = Beside {
        patches: req.patches,
        test_reports: req.test_reports,
        workspace: req.workspace,
        workspaces: req.workspaces,
        opts: req.opts.clone(),
    };
    let both = Loaded {
        gold: gold.items,
        gold_change,
        reads: reads.items,
        changes,
        lost_edits: loaded.lost_edits,
        outcomes: None,
    };
    let mut inputs = with_loaded(both, &beside)?;
    inputs.gold_notes = g.notes;
    inputs.reads_notes = loaded.notes;
    inputs.gold_errors = gold.errors;
    inputs.reads_errors = reads.errors;
    if let Some(loaded) = input::load_labels(req.outcomes)? {
        inputs.other_notes.extend(loaded.notes);
        inputs.other_errors.extend(loaded.parsed.errors);
        inputs.outcomes = Some(loaded.parsed.items.into_iter().collect());
    }
    Ok(inputs)
}

/// The diagnosis' inputs over gold, reads and labels already loaded: only the predictions and
/// harness reports of `beside` are read (their located errors in `other_errors`).
pub fn with_loaded(loaded: Loaded, beside: &Beside) -> Result<Inputs, DiagnoseLoadError> {
    let files = workspaces(beside.workspace, beside.workspaces)?;
    let mut changes = RunChanges::default();
    changes.add_logged(&loaded.changes);
    for r in &loaded.reads {
        changes.add_run(&r.task, &r.run);
    }
    let mut inputs = Inputs {
        gold: loaded.gold,
        reads: loaded.reads,
        gold_patches: loaded.gold_change.patches,
        gold_edit_lines: loaded.gold_change.edit_lines,
        lost_edits: loaded.lost_edits,
        changes,
        reports: ReportFile::default(),
        run_reports: BTreeMap::new(),
        outcomes: loaded.outcomes,
        files,
        opts: beside.opts.clone(),
        gold_notes: Vec::new(),
        reads_notes: Vec::new(),
        other_notes: Vec::new(),
        gold_errors: Vec::new(),
        reads_errors: Vec::new(),
        other_errors: Vec::new(),
    };
    for p in beside.patches {
        let loaded = match p {
            Source::Path(path) => input::load_predictions(path)?,
            Source::Bytes { name, bytes } => input::predictions_of(name, bytes)?,
        };
        inputs.other_errors.extend(loaded.parsed.errors);
        inputs.changes.add_predictions(loaded.parsed.items);
    }
    for (run, src) in beside.test_reports {
        let (bytes, name) = (src.bytes()?, src.name());
        // Another kind of file (reads, predictions, …) is refused naming what it looks like.
        Role::TestReport.check(&name, input::detect(&name, &bytes))?;
        let file = parse_reports(&bytes, &name).map_err(DiagnoseLoadError::Report)?;
        match run {
            Some(run) => inputs
                .run_reports
                .entry(run.clone())
                .or_default()
                .merge(file),
            None => inputs.reports.merge(file),
        }
    }
    Ok(inputs)
}

/// `--workspace` or `--workspaces` as the diagnosis reads files from them (each a directory).
fn workspaces(one: Option<&Path>, per_task: Option<&Path>) -> Result<Workspaces, FileError> {
    Ok(Workspaces {
        one: one.map(canonical_dir).transpose()?,
        per_task: per_task.map(canonical_dir).transpose()?,
    })
}
