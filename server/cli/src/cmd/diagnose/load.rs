//! Everything `readcov diagnose` reads, through the one input layer (`readcov_files::input`):
//! gold (and the gold patches behind it), reads (and, for a trajectory, each run's change),
//! predictions, harness reports, outcome labels, the workspaces. Notes and located errors go to
//! stderr; a file of the wrong kind is refused (exit 2).

use super::DiagnoseArgs;
use crate::inputs::{load_gold, report_errors, workspace_root, BaseFiles};
use anyhow::Result;
use readcov_core::outcomes::Outcomes;
use readcov_core::stages::{parse_reports, ReportFile, RunStages, TestReport};
use readcov_core::{GoldSpan, LineSet, ReadSpan, ScoreOptions};
use readcov_files::gold_files::Workspaces;
use readcov_files::input::{self, ReadsOptions, RunChanges};
use readcov_gold::diagnose::{AgentChange, DiagnoseInput};
use readcov_gold::PatchRow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `--test-report [RUN=]FILE`.
#[derive(Clone, Debug)]
pub struct ReportArg {
    pub run: Option<String>,
    pub path: PathBuf,
}

impl ReportArg {
    pub fn parse(s: &str) -> Result<ReportArg, String> {
        let g = crate::cmd::score::GoldArg::parse(s)?;
        Ok(ReportArg {
            run: g.name,
            path: g.path,
        })
    }
}

/// The loaded inputs.
pub struct Inputs {
    pub gold: Vec<GoldSpan>,
    pub reads: Vec<ReadSpan>,
    pub gold_patches: Vec<PatchRow>,
    pub gold_edit_lines: BTreeMap<String, BTreeMap<String, LineSet>>,
    /// Each run's change: `--patches` entries, the log's own patch or the replay (a trajectory
    /// given as `--reads`), matched by the one rule of `readcov_files::input::RunChanges`.
    pub changes: RunChanges,
    /// Reports applying to every run of a task, and to one run.
    reports: ReportFile,
    run_reports: BTreeMap<String, ReportFile>,
    pub outcomes: Option<Outcomes>,
    pub files: Workspaces,
    pub opts: ScoreOptions,
}

/// `say`: print the notes and located errors of the gold and reads (`explain` loads and reports
/// them itself, then this for the stages of one run).
pub fn load(args: &DiagnoseArgs, say: bool) -> Result<Inputs> {
    let root = workspace_root(args.workspace.as_deref())?;
    let one = args
        .workspace
        .as_deref()
        .map(crate::inputs::canonical_dir)
        .transpose()?;
    let per_task = args
        .workspaces
        .as_deref()
        .map(crate::inputs::canonical_dir)
        .transpose()?;
    let mut gold = match say {
        true => load_gold(&args.gold, root.as_deref())?,
        false => {
            let opts = input::GoldOptions {
                workspace: root.as_deref(),
                ..input::GoldOptions::default()
            };
            input::load_gold(&args.gold, &opts)?.parsed
        }
    };
    let gold_change = gold_changes(&args.gold, root.as_deref())?;
    let opts = ReadsOptions {
        workspace: root.as_deref(),
        base_files: BaseFiles::of(args.workspace.as_deref(), args.workspaces.as_deref()),
    };
    let (loaded, changes) = input::load_reads_and_changes(&args.reads, &opts)?;
    let mut reads = loaded.parsed;
    if say {
        loaded.notes.iter().for_each(|n| say!("{n}"));
        report_errors(&gold.errors);
        report_errors(&reads.errors);
    }
    if gold.items.is_empty() {
        anyhow::bail!(
            "{}: no valid gold spans, nothing to diagnose",
            args.gold.display()
        );
    }
    if let Some(shard) = args.shard {
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
        changes: run_changes,
        reports: ReportFile::default(),
        run_reports: BTreeMap::new(),
        outcomes: None,
        files: Workspaces { one, per_task },
        opts: crate::cmd::score::score_options(args.threshold, &args.sources, false),
    };
    for p in &args.patches {
        let loaded = input::load_predictions(p)?;
        report_errors(&loaded.parsed.errors);
        inputs.changes.add_predictions(loaded.parsed.items);
    }
    for r in &args.test_report {
        let bytes = crate::inputs::read_input(&r.path)?;
        let file = parse_reports(&bytes, &r.path.display().to_string())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        match &r.run {
            Some(run) => inputs
                .run_reports
                .entry(run.clone())
                .or_default()
                .merge(file),
            None => inputs.reports.merge(file),
        }
    }
    if let Some(p) = &args.outcomes {
        let parsed = crate::inputs::load_outcomes(p)?;
        report_errors(&parsed.errors);
        inputs.outcomes = Some(parsed.items.into_iter().collect());
    }
    Ok(inputs)
}

/// The gold change behind the gold file (`readcov_files::input::gold_changes`).
fn gold_changes(path: &Path, root: Option<&str>) -> Result<input::GoldChanges> {
    let (bytes, _) = input::read_rows(path)?;
    Ok(input::gold_changes(
        &path.display().to_string(),
        &bytes,
        root,
    ))
}

impl Inputs {
    /// The library's input over these loaded inputs (`diagnose` and `explain`'s stages build it
    /// the same way; `threads`: tasks measured at once).
    pub fn with_diagnose_input<R>(&self, threads: usize, f: impl FnOnce(&DiagnoseInput) -> R) -> R {
        let change = |t: &str, r: &str| self.changes.change(t, r);
        let reports = |t: &str, r: &str| self.report(t, r);
        f(&DiagnoseInput {
            gold: &self.gold,
            reads: &self.reads,
            gold_patches: &self.gold_patches,
            gold_edit_lines: &self.gold_edit_lines,
            change: &change,
            reports: &reports,
            outcomes: self.outcomes.as_ref(),
            files: &self.files,
            opts: &self.opts,
            threads,
        })
    }

    /// A run's change (`RunChanges::change`: its `--patches` entry, else its log's patch or replay).
    pub fn change(&self, task: &str, run: &str) -> Option<AgentChange> {
        self.changes.change(task, run)
    }

    /// The harness report of a run: its own, joined with its task's.
    pub fn report(&self, task: &str, run: &str) -> Option<TestReport> {
        let own = self
            .run_reports
            .get(run)
            .and_then(|f| f.instances.get(task));
        let all = self.reports.instances.get(task);
        match (own, all) {
            (Some(o), Some(a)) => {
                let mut f = ReportFile::default();
                f.instances.insert(task.into(), a.clone());
                let mut g = ReportFile::default();
                g.instances.insert(task.into(), o.clone());
                f.merge(g);
                f.instances.remove(task)
            }
            (o, a) => o.or(a).cloned(),
        }
    }

    /// Says on stderr how the runs' changes were found, and what `--patches` gave that no run
    /// took.
    pub fn report_matches(&self, runs: &[RunStages]) {
        let mut by: BTreeMap<&str, usize> = BTreeMap::new();
        for s in runs {
            *by.entry(s.change_source.as_str()).or_default() += 1;
        }
        if runs.is_empty() {
            return;
        }
        let counts: Vec<String> = by.iter().map(|(k, n)| format!("{n} {k}")).collect();
        say!(
            "note: changes of {} run(s): {}",
            runs.len(),
            counts.join(", ")
        );
        let runs = runs.iter().map(|r| (r.task.as_str(), r.run.as_str()));
        let unused = self.changes.unused_predictions(runs);
        if unused > 0 {
            say!(
                "note: {unused} --patches entr(y/ies) matched no run (an entry is a run's when its \
                 `model_name_or_path` is the run's name, or when it is its task's only entry and the \
                 task has one run)"
            );
        }
    }
}
