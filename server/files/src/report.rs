//! `readcov report`'s model from loaded inputs (`readcov report` and Python's `readcov.report`):
//! the file lengths it clips with ([`report_lengths`]), the report built by `readcov_report::build`
//! with each named gold set's buckets and the retrieval-at-k points ([`build_report`]), where each
//! run failed ([`diagnosis`], `readcov diagnose`'s library call on the loaded inputs), and the
//! LCOV writer's warnings as text. `load.rs` ([`load_and_build`]) is the one call both edges
//! make: every input loaded, then all of the above; the edges write HTML, LCOV and SARIF with
//! `readcov_report`'s renderers.

mod load;
#[cfg(test)]
mod tests;

pub use load::{
    load_and_build, Built, ReportError, ReportSettings, ReportSources, Said, SheetSources,
    StageSources,
};

use crate::at_k::score_at_k;
use crate::diagnose::Inputs;
use crate::input::Source;
use crate::scored::{lengths_of_inputs, Sources};
use crate::sets::{label_of, unique, GoldSetInput, Set};
use crate::{task_folder, workspace_lengths};
use readcov_core::metrics::FileLengths;
use readcov_core::outcomes::Outcomes;
use readcov_core::sheet::{
    evaluate, parse_ledger, parse_run_file, parse_tasks, Axis, NoUnits, RunStatus, Sheet,
    SheetInput,
};
use readcov_core::shown::shown;
use readcov_core::{score_batch_named, GoldSpan, NamedRuns, ReadSpan, ScoreOptions};
use readcov_core::{InputError, Parsed, Source as ReadSource};
use readcov_gold::diagnose::diagnose;
use readcov_report::folders::TaskFolders;
use readcov_report::lcov::{Skipped, MAX_LINES_PER_FILE};
use readcov_report::{build, Diagnosis, GoldSetBuckets, GoldSetRun, Report, ReportInput, Unit};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What [`build_report`] builds from.
pub struct ReportRequest<'a> {
    pub title: String,
    /// The first gold set's spans (the report's gold for everything but the per-set section).
    pub gold: &'a [GoldSpan],
    pub reads: &'a [ReadSpan],
    pub lengths: &'a BTreeMap<String, u32>,
    pub opts: &'a ScoreOptions,
    pub outcomes: Option<&'a Outcomes>,
    /// The runs the run records name (`--runs`, [`record_runs`]): rows as labelled runs are.
    pub records: &'a NamedRuns,
    pub units: Option<&'a [Unit]>,
    pub skipped_input_errors: usize,
    /// Every gold set when more than one is given (`--gold NAME=FILE`, repeated); empty else.
    pub gold_sets: Vec<GoldSetInput>,
    /// The workspace the per-set lengths come from (`--workspace`).
    pub workspace: Option<&'a Path>,
    /// One workspace per task (`--workspaces`): the at-k curves take each task's lengths from
    /// its own folder, as `score --at-k` does.
    pub workspaces: Option<&'a Path>,
    /// `--at-k`: the curves' ks.
    pub at_k: Option<&'a [u32]>,
}

/// The report: scores, drill-down, per-set buckets and the at-k points (the diagnosis is the
/// caller's to add: it reads more inputs).
pub fn build_report(req: ReportRequest) -> Report {
    let mut report = build(&ReportInput {
        title: req.title.clone(),
        gold: req.gold,
        reads: req.reads,
        lengths: req.lengths,
        opts: req.opts,
        outcomes: req.outcomes,
        named: req.records,
        units: req.units,
        skipped_input_errors: req.skipped_input_errors,
    });
    if req.gold_sets.len() > 1 {
        report.gold_sets = gold_set_buckets(
            req.gold_sets,
            req.workspace,
            req.reads,
            req.opts,
            req.outcomes,
            req.records,
        );
    }
    if let Some(ks) = req.at_k {
        // `score --at-k`'s one library call, with the runs the page's rows name (labels and run
        // records): before session 34 the curves were scored from the reads alone, so a named
        // run that read nothing was a row of the page (coverage 0) and no row of its curves.
        let named = NamedRuns::of_labels_and(req.outcomes, req.records);
        let sources = Sources::of(req.workspace, req.workspaces);
        let widen = readcov_units::DEFAULT_WIDEN;
        let scored = score_at_k(req.gold, req.reads, &named, sources, req.opts, widen, ks);
        report.at_k = scored.points.into_iter().map(|p| p.at).collect();
    }
    report
}

/// File lengths for clipping: the one workspace's, or with one folder per task each task's own
/// (a path two tasks give different lengths is left unclipped: the report's lengths are per path).
pub fn report_lengths(
    workspace: Option<&Path>,
    workspaces: Option<&Path>,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
) -> BTreeMap<String, u32> {
    match workspaces {
        None => lengths_of_inputs(workspace, gold, reads),
        Some(dir) => per_task_lengths(dir, gold, reads),
    }
}

/// With one folder per task (`--workspaces DIR`): `DIR` as absolute text and the report's tasks
/// that have a usable folder in it, for the LCOV and SARIF paths (`readcov_report::folders`).
pub fn task_folders(dir: &Path, report: &Report) -> TaskFolders {
    let root = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let tasks: BTreeSet<&str> = report.rows.iter().map(|r| r.task.as_str()).collect();
    TaskFolders {
        root: root.to_string_lossy().into_owned(),
        tasks: (tasks.into_iter())
            .filter(|t| matches!(task_folder(dir, t), Ok(Some(_))))
            .map(str::to_string)
            .collect(),
    }
}

/// Line counts with one workspace per task (`DIR/<task>/`): each task's files in its own
/// folder; a path two tasks give different lengths is left out (unknown, so never clipped).
pub fn per_task_lengths(
    dir: &Path,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
) -> BTreeMap<String, u32> {
    let mut paths: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let named = (gold.iter().map(|g| (g.task.as_str(), g.path.as_str())))
        .chain(reads.iter().map(|r| (r.task.as_str(), r.path.as_str())));
    for (task, path) in named {
        paths.entry(task).or_default().push(path);
    }
    let mut out = BTreeMap::new();
    let mut differ = BTreeSet::new();
    for (task, ps) in paths {
        let Ok(Some(ws)) = task_folder(dir, task) else {
            continue;
        };
        for (path, n) in workspace_lengths(Some(&ws), ps) {
            if *out.entry(path.clone()).or_insert(n) != n {
                differ.insert(path);
            }
        }
    }
    out.retain(|p, _| !differ.contains(p));
    out
}

/// Each gold set of `report --gold NAME=FILE` (repeated): per-run coverage and verdict, the
/// summary, and with outcome labels resolve rate by coverage bucket; each set scored by
/// `score_batch_named` (each labelled run a row, and each run `records` names), as `score` does.
pub fn gold_set_buckets(
    golds: Vec<GoldSetInput>,
    ws: Option<&Path>,
    reads: &[ReadSpan],
    opts: &ScoreOptions,
    outcomes: Option<&Outcomes>,
    records: &NamedRuns,
) -> Vec<GoldSetBuckets> {
    let mut names = BTreeSet::new();
    let mut out = Vec::new();
    let named = NamedRuns::of_labels_and(outcomes, records);
    for g in golds {
        let name = unique(&mut names, label_of(&g));
        let lengths = lengths_of_inputs(ws, &g.spans, reads);
        let rows = score_batch_named(&g.spans, reads, &named, &lengths, opts);
        let set = Set::new(name, rows, None);
        let t = set.totals();
        out.push(GoldSetBuckets {
            scored: t.scored,
            passing: t.passing,
            no_run: t.no_run,
            mean_file_hit: t.mean_file_hit,
            mean_line_coverage: t.mean_line_coverage,
            runs: (set.rows.values())
                .map(|r| GoldSetRun {
                    task: r.task.clone(),
                    run: r.run.clone(),
                    line_coverage: r.score.line_coverage,
                    passes_threshold: r.score.passes_threshold,
                    status: r.score.status,
                })
                .collect(),
            buckets: outcomes.map(|o| set.buckets(o)).unwrap_or_default(),
            name: set.name,
        });
    }
    out
}

/// Where each run failed, on `readcov diagnose`'s loaded inputs (its library call, on
/// `threads` threads): the runs grouped by run label, each run's change and its task's gold
/// patch for the drill-down; with the notes on how changes were matched to runs.
pub fn diagnosis(inputs: &Inputs, threads: usize, threshold: f64) -> (Diagnosis, Vec<String>) {
    let mut runs = Vec::new();
    inputs.with_diagnose_input(threads, |input| diagnose(input, &mut |s| runs.push(s)));
    let notes = inputs.match_notes(&runs);
    let mut gold_patches: BTreeMap<String, String> = BTreeMap::new();
    for p in &inputs.gold_patches {
        gold_patches
            .entry(p.task.clone())
            .or_default()
            .push_str(&p.patch);
    }
    let run_patches = (runs.iter())
        .filter_map(|s| {
            let c = inputs.change(&s.task, &s.run)?;
            Some(((s.task.clone(), s.run.clone()), c.patch))
        })
        .collect();
    let d = Diagnosis::new(runs, threshold, gold_patches, run_patches);
    (d, notes)
}

/// The LCOV writer's left-out sections, said as warnings.
pub fn lcov_warnings(skipped: &[Skipped]) -> Vec<String> {
    (skipped.iter())
        .map(|s| {
            let (path, task, run) = (shown(&s.path), shown(&s.task), shown(&s.run));
            match s.line_break {
                true => format!(
                    "warning: {path}: {task} / {run}: the path holds a line break, which LCOV \
                     cannot carry; section left out"
                ),
                false => format!(
                    "warning: {path}: {task} / {run}: {} lines is over the LCOV limit of {}; \
                     section left out (give --workspace to clip reads to file lengths)",
                    s.lines, MAX_LINES_PER_FILE
                ),
            }
        })
        .collect()
}

/// What `readcov report --runs` grades the evaluation sheet with: the run records, the ledger and
/// task declarations, and the report's own settings.
pub struct ReportSheet<'a> {
    pub runs: &'a Source,
    pub ledger: Option<&'a Source>,
    pub tasks: Option<&'a Source>,
    pub threshold: f64,
    pub sources: &'a BTreeSet<ReadSource>,
    pub lengths: &'a dyn FileLengths,
    pub ks: &'a [u32],
}

/// The sheet of the run records against the report's loaded gold and reads (default required
/// axes, window units), with the located errors of the records, ledger and declarations.
pub fn report_sheet(
    req: &ReportSheet,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
) -> Result<(Sheet, Vec<InputError>), crate::input::LoadError> {
    let file = parse_run_file(&req.runs.bytes()?, &req.runs.name());
    let ledger = optional(req.ledger, crate::input::Role::Ledger, parse_ledger)?;
    let tasks = optional(req.tasks, crate::input::Role::TaskDecls, parse_tasks)?;
    let errors: Vec<InputError> = (file.parsed.errors.iter())
        .chain(&ledger.errors)
        .chain(&tasks.errors)
        .cloned()
        .collect();
    let required: BTreeMap<String, BTreeSet<Axis>> = (tasks.items.iter())
        .map(|t| (t.task.clone(), t.required.clone()))
        .collect();
    let default_required: BTreeSet<Axis> =
        readcov_core::sheet::DEFAULT_REQUIRED.into_iter().collect();
    let sheet = evaluate(&SheetInput {
        runs: &file.parsed.items,
        unreadable: &file.unreadable,
        gold: Some(gold),
        reads: Some(reads),
        ledger: &ledger.items,
        required: &required,
        default_required: &default_required,
        threshold: req.threshold,
        sources: req.sources,
        lengths: req.lengths,
        units: &NoUnits,
        ks: req.ks,
        regeneration_limit: None,
    });
    Ok((sheet, errors))
}

/// The runs the run records name for the rest of the page (summary, run table, charts, means,
/// the gold sets' section), through the same walk as the labels' (`readcov_core::named`): a
/// record is a run, read or not, so one that read nothing of a gold task is a row with line
/// coverage 0, as the sheet itself measures it — save an **invalid** record: that trial was no
/// valid test, its evidence says nothing about the agent (docs/evaluation.md), and the sheet
/// leaves it out of every axis it judges, exploration too, so its missing reads are no 0 in the
/// agents' mean (it is a row only when it read something: the reads name it). An unscored
/// record (pending, or a required axis without evidence) is a row: the sheet judges its
/// exploration. Unreadable lines name no run. The invalid records left out are said
/// (`readcov_report::html::sheet::invalid_without_row`).
pub fn record_runs(sheet: &Sheet) -> NamedRuns {
    NamedRuns::new(
        (sheet.runs.iter())
            .filter(|r| r.grade.status != RunStatus::Invalid)
            .map(|r| (r.task.clone(), r.run.clone())),
    )
}

/// An optional input of `role` parsed by `parse` (nothing when not given; the sheet's inputs
/// too): a file the input layer recognises as another kind is refused, and one whose every line
/// is an error stops (`input::Nothing`) rather than count as given empty.
pub(crate) fn optional<T>(
    src: Option<&Source>,
    role: crate::input::Role,
    parse: impl Fn(&[u8], &str) -> Parsed<T>,
) -> Result<Parsed<T>, crate::input::LoadError> {
    let Some(s) = src else {
        return Ok(Parsed::default());
    };
    let (name, bytes) = (s.name(), s.bytes()?);
    role.check(&name, crate::input::detect(&name, &bytes))?;
    let parsed = parse(&bytes, &name);
    match crate::input::Nothing::every_line_bad(role, &name, parsed.items.len(), &parsed.errors) {
        Some(nothing) => Err(nothing.into()),
        None => Ok(parsed),
    }
}
