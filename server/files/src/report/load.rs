//! `readcov report` as one library call ([`load_and_build`]): gold (and, with the stages, the
//! change behind it), reads (and each trajectory's runs' changes), labels, units, the file
//! lengths, every named gold set, then [`super::build_report`], the evaluation sheet and where
//! each run failed. `readcov report` and Python's `readcov.report` both call it; what loading
//! says goes to the caller's sink as it comes ([`Said`]), so the CLI prints it on stderr in the
//! order it always has and Python collects it. The edges only check their arguments before and
//! write (or return) the HTML, LCOV and SARIF after.

use super::record_runs;
use super::{build_report, diagnosis, report_sheet, ReportRequest, ReportSheet};
use crate::diagnose::{with_loaded, Beside, DiagnoseLoadError, Loaded};
use crate::input::{BaseFiles, GoldOptions, LoadError, LoadedGold, ReadsOptions, Source};
use crate::input::{Nothing, Role};
use crate::sets::GoldSetInput;
use crate::{canonical_dir, FileError};
use readcov_core::outcomes::Outcomes;
use readcov_core::sheet::Sheet;
use readcov_core::{InputError, ScoreOptions};
use readcov_report::html::sheet::invalid_without_row;
use readcov_report::{parse_units, Report};
use std::path::{Path, PathBuf};

/// What the report reads, each a file or bytes already in memory.
pub struct ReportSources<'a> {
    /// `--gold [NAME=]FILE`, in order: the first is the report's gold; more than one adds the
    /// per-set section.
    pub golds: &'a [(Option<String>, Source)],
    pub reads: &'a Source,
    /// `--outcomes [RUN=]FILE`, repeated: labels (the resolve-rate table), a file given for a
    /// run that run's.
    pub outcomes: &'a [(Option<String>, Source)],
    /// `--units`: syntax units JSONL (the drill-down).
    pub units: Option<&'a Source>,
    /// `--runs` (with `--ledger`, `--tasks`, `--k`): the evaluation sheet; `None`, no sheet.
    pub sheet: Option<SheetSources<'a>>,
    /// `--patches` and `--test-report`: where runs failed; `None` leaves the stages out
    /// (`--no-stages`, `stages=False`), and then the gold's change is not read either.
    pub stages: Option<StageSources<'a>>,
}

/// The evaluation sheet's inputs (`--runs`, `--ledger`, `--tasks`, `--k`).
pub struct SheetSources<'a> {
    pub runs: &'a Source,
    pub ledger: Option<&'a Source>,
    pub tasks: Option<&'a Source>,
    pub ks: &'a [u32],
}

/// The stages' inputs beside gold, reads and labels.
pub struct StageSources<'a> {
    pub patches: &'a [Source],
    pub test_reports: &'a [(Option<String>, Source)],
}

/// How the report is built.
pub struct ReportSettings<'a> {
    pub title: String,
    /// Threshold and sources; the breakdown on (the drill-down needs it).
    pub opts: ScoreOptions,
    /// `--at-k`: the curves' ks.
    pub at_k: Option<&'a [u32]>,
    /// The workspace root as absolute text: rows' paths confined to it (gold, reads, units).
    pub root: Option<&'a str>,
    /// The workspace as the caller named it (lengths, base files, the stages' files).
    pub workspace: Option<&'a Path>,
    /// `--workspaces DIR`: one workspace per task.
    pub workspaces: Option<&'a Path>,
    /// Threads for the diagnosis (its output is the same on any number).
    pub threads: usize,
    /// Whether reads with no valid row stop the report, as in every CLI command (`readcov
    /// report`), or leave every gold task a `no run` row (Python's `report`, as it always has).
    pub require_reads: bool,
}

/// What loading says, in the order it happens. The CLI prints every one at once; Python keeps
/// notes and errors and has never said the gold sets' (the first set is its gold again) or the
/// warning.
#[derive(Debug)]
pub enum Said<'a> {
    /// The input layer's notes (a conversion done on the fly), the stages' change matching.
    Notes(&'a [String]),
    /// Located errors of an input, skipped.
    Errors(&'a [InputError]),
    /// A named gold set's notes, as `score` says them when it loads the set.
    SetNotes(&'a [String]),
    /// A named gold set's located errors, likewise.
    SetErrors(&'a [InputError]),
    /// A warning that is not an input's error (a labels file with no valid label).
    Warning(String),
}

/// What [`load_and_build`] gives.
pub struct Built {
    /// The report, with the diagnosis when the stages were asked for.
    pub report: Report,
    /// The evaluation sheet, when run records were given.
    pub sheet: Option<Sheet>,
    /// Located input errors skipped: gold, reads, labels, units (the report's own count) and the
    /// sheet's inputs.
    pub errors: usize,
}

/// A report (or a sheet: `crate::sheet::grade`) that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error(transparent)]
    File(#[from] FileError),
    #[error(transparent)]
    Stages(#[from] DiagnoseLoadError),
    /// A gold input with no valid span, reads with no valid row (when
    /// [`ReportSettings::require_reads`]): the words of every command.
    #[error(transparent)]
    Nothing(#[from] crate::input::Nothing),
    /// A sheet `k` of 0.
    #[error("k: every k must be at least 1")]
    Ks,
    #[error("no gold given")]
    NoGoldGiven,
    /// A runs file with no valid run record (`readcov sheet`).
    #[error("{0}: no valid run records, nothing to grade")]
    NoRecords(String),
}

/// Loads every input of the report, saying what loading says to `said` as it comes, and builds
/// the report, the sheet and the diagnosis.
pub fn load_and_build(
    src: &ReportSources,
    set: &ReportSettings,
    said: &mut dyn FnMut(Said),
) -> Result<Built, ReportError> {
    let gold_opts = GoldOptions {
        workspace: set.root,
        ..GoldOptions::default()
    };
    let first = &src.golds.first().ok_or(ReportError::NoGoldGiven)?.1;
    // Loaded once: with stages, the change behind the gold and each trajectory's runs' changes
    // come along, and the diagnosis takes them over.
    let (gold, gold_change) = match src.stages {
        None => (first.clone().load_gold(&gold_opts)?, None),
        Some(_) => {
            let (g, change) = first.load_gold_and_change(&gold_opts)?;
            (g, Some(change))
        }
    };
    let gold = some_gold(first, gold, false, said)?;
    let reads_opts = ReadsOptions {
        workspace: set.root,
        base_files: BaseFiles::of(set.workspace, set.workspaces),
    };
    let (reads, changes) = src.reads.load_reads_and_changes(&reads_opts)?;
    said(Said::Notes(&reads.notes));
    // A trajectory whose every edit was lost still names a run.
    if set.require_reads && reads.parsed.items.is_empty() && reads.lost_edits.is_empty() {
        let name = src.reads.name();
        said(Said::Errors(&reads.parsed.errors));
        return Err(crate::input::Nothing::read(&name, &reads.parsed.errors).into());
    }
    let lost_edits = reads.lost_edits;
    let (gold, reads) = (gold.parsed, reads.parsed);
    said(Said::Errors(&gold.errors));
    said(Said::Errors(&reads.errors));
    let mut errors = gold.errors.len() + reads.errors.len();
    let outcomes = match crate::input::load_labels(src.outcomes)? {
        None => None,
        Some(loaded) => {
            said(Said::Notes(&loaded.notes));
            let labels = loaded.parsed;
            said(Said::Errors(&labels.errors));
            errors += labels.errors.len();
            if labels.items.is_empty() {
                let names: Vec<String> = src.outcomes.iter().map(|(_, o)| o.name()).collect();
                said(Said::Warning(format!(
                    "warning: {}: no valid outcome labels; the resolve-rate table will be empty",
                    names.join(", ")
                )));
            }
            Some(labels.items.into_iter().collect::<Outcomes>())
        }
    };
    let units = match src.units {
        None => None,
        Some(u) => {
            let parsed = parse_units(&u.units_bytes()?, &u.name(), set.root);
            said(Said::Errors(&parsed.errors));
            let nothing =
                Nothing::every_line_bad(Role::Units, &u.name(), parsed.items.len(), &parsed.errors);
            if let Some(nothing) = nothing {
                return Err(nothing.into());
            }
            errors += parsed.errors.len();
            Some(parsed.items)
        }
    };
    // Canonical: the at-k curves confine each task's folder to it (`task_dir`).
    let per_task = set.workspaces.map(canonical_dir).transpose()?;
    let lengths = super::report_lengths(set.workspace, set.workspaces, &gold.items, &reads.items);
    // Several gold sets: each loaded (as `score` loads them) for its own section.
    let mut gold_sets = Vec::new();
    if src.golds.len() > 1 {
        for (name, g) in src.golds {
            let loaded = some_gold(g, g.clone().load_gold(&gold_opts)?, true, said)?;
            said(Said::SetErrors(&loaded.parsed.errors));
            let file = match g {
                Source::Path(p) => p.clone(),
                Source::Bytes { name, .. } => PathBuf::from(name),
            };
            let spans = loaded.parsed.items;
            gold_sets.push(GoldSetInput::new(name.clone(), file, spans, &g.bytes()?));
        }
    }
    // The sheet first: the runs its records name are rows of the page too (`record_runs`), as
    // the labels' are, so its summary, table and means count the sheet's trials. The page's
    // error card counts the report's own inputs, as it always has.
    let page_errors = errors;
    let sheet = match &src.sheet {
        None => None,
        Some(s) => {
            if s.ks.is_empty() || s.ks.contains(&0) {
                return Err(ReportError::Ks);
            }
            let req = ReportSheet {
                runs: s.runs,
                ledger: s.ledger,
                tasks: s.tasks,
                threshold: set.opts.threshold,
                sources: &set.opts.sources,
                lengths: &lengths,
                ks: s.ks,
            };
            let (sheet, more) = report_sheet(&req, &gold.items, &reads.items)?;
            said(Said::Errors(&more));
            errors += more.len();
            Some(sheet)
        }
    };
    let records = sheet.as_ref().map(record_runs).unwrap_or_default();
    let mut report = build_report(ReportRequest {
        title: set.title.clone(),
        gold: &gold.items,
        reads: &reads.items,
        lengths: &lengths,
        opts: &set.opts,
        outcomes: outcomes.as_ref(),
        records: &records,
        units: units.as_deref(),
        skipped_input_errors: page_errors,
        gold_sets,
        workspace: set.workspace,
        workspaces: per_task.as_deref(),
        at_k: set.at_k,
    });
    // One folder per task: the LCOV and SARIF exports name each task's files under it.
    if let Some(dir) = set.workspaces {
        report.task_folders = Some(super::task_folders(dir, &report));
    }
    if let Some(sheet) = &sheet {
        let left_out = invalid_without_row(sheet, &report);
        if !left_out.is_empty() {
            said(Said::Notes(&[invalid_note(&left_out)]));
        }
    }
    // Last of what reads gold and reads: the diagnosis takes them over.
    if let (Some(stages), Some(gold_change)) = (&src.stages, gold_change) {
        let loaded = Loaded {
            gold: gold.items,
            gold_change,
            reads: reads.items,
            changes,
            lost_edits,
            outcomes,
        };
        let beside = Beside {
            patches: stages.patches,
            test_reports: stages.test_reports,
            workspace: set.workspace,
            workspaces: set.workspaces,
            opts: ScoreOptions {
                breakdown: false,
                ..set.opts.clone()
            },
        };
        let inputs = with_loaded(loaded, &beside)?;
        said(Said::Errors(&inputs.other_errors));
        let (d, notes) = diagnosis(&inputs, set.threads, set.opts.threshold);
        said(Said::Notes(&notes));
        report.diagnosis = Some(d);
    }
    Ok(Built {
        report,
        sheet,
        errors,
    })
}

/// A gold input's notes said; with no valid span, its errors said and the error. `of_set`: a
/// named gold set's load (said as such).
fn some_gold(
    src: &Source,
    g: LoadedGold,
    of_set: bool,
    said: &mut dyn FnMut(Said),
) -> Result<LoadedGold, ReportError> {
    said(match of_set {
        true => Said::SetNotes(&g.notes),
        false => Said::Notes(&g.notes),
    });
    if g.parsed.items.is_empty() {
        said(match of_set {
            true => Said::SetErrors(&g.parsed.errors),
            false => Said::Errors(&g.parsed.errors),
        });
        return Err(crate::input::Nothing::NoGold(src.name()).into());
    }
    Ok(g)
}

/// The invalid run records that read nothing, said: they are planned trials of the sheet but
/// no row of the page (`record_runs`).
fn invalid_note(left_out: &[(String, String)]) -> String {
    let shown: Vec<String> = (left_out.iter())
        .map(|(t, r)| {
            format!(
                "{} / {}",
                readcov_core::shown::shown(t),
                readcov_core::shown::shown(r)
            )
        })
        .collect();
    format!(
        "note: --runs: {} invalid run record(s) read nothing: planned trials of the sheet, no row \
         of the page's summary, table and means (an invalid trial says nothing about the agent): {}",
        left_out.len(),
        shown.join(", ")
    )
}
