//! `report`: the self-contained HTML report, the LCOV tracefile and the SARIF log `readcov report`
//! writes, as text, with the report's summary figures. The inputs load through the input layer,
//! the model comes from the library call `readcov report` makes
//! (`readcov_files::report::build_report`, each named gold set's section and the at-k curves
//! with it), where runs failed from `readcov_files::report::diagnosis` on `readcov diagnose`'s
//! loaded inputs, and the texts from `readcov_report`'s renderers. Python writes the files.

use crate::pyvalue::serde_to_py;
use crate::{
    beside_sources, check_threshold, file_error, located, one_workspace, Input, Located, Workspace,
};
use pyo3::prelude::*;
use readcov_core::retrieval::parse_ks;
use readcov_core::ScoreOptions;
use readcov_files::canonical_dir;
use readcov_files::diagnose::{with_loaded, Beside, Loaded, Source};
use readcov_files::input::{self, BaseFiles, GoldOptions, LoadedGold, ReadsOptions};
use readcov_files::report::{
    build_report, diagnosis, lcov_warnings, report_lengths, report_sheet, ReportRequest,
    ReportSheet,
};
use readcov_files::sets::GoldSetInput;
use readcov_report::lcov::LcovOptions;
use readcov_report::{html, lcov, parse_units, sarif};
use serde_json::json;
use std::path::PathBuf;

/// The summary (a dict), the HTML, LCOV and SARIF texts, located errors, notes.
type Out<'py> = (
    Bound<'py, PyAny>,
    String,
    String,
    String,
    Vec<Located>,
    Vec<String>,
);

/// The report's inputs, a tuple from Python: the gold sets (`--gold [NAME=]FILE`, the first is
/// the report's gold), reads, labels, units, `--patches`, `--test-report [RUN=]FILE`, and the
/// evaluation sheet's `--runs`, `--ledger`, `--tasks` and `--k`.
#[derive(FromPyObject)]
pub struct Inputs(
    Vec<(Option<String>, Input)>,
    Input,
    Option<Input>,
    Option<Input>,
    Vec<Input>,
    Vec<(Option<String>, Input)>,
    Option<SheetInputs>,
);

/// `--runs`, `--ledger`, `--tasks`, `--k`.
type SheetInputs = (Input, Option<Input>, Option<Input>, Vec<u32>);

#[pyfunction]
#[pyo3(signature = (inputs, title, threshold=0.5, workspace=None, workspaces=None, at_k=None, lcov_gold_unread=false, stages=true, sources=None))]
#[allow(clippy::too_many_arguments)]
pub fn report<'py>(
    py: Python<'py>,
    inputs: Inputs,
    title: String,
    threshold: f64,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    at_k: Option<Vec<u32>>,
    lcov_gold_unread: bool,
    stages: bool,
    sources: Option<Vec<String>>,
) -> PyResult<Out<'py>> {
    check_threshold(threshold)?;
    let counted = crate::options::sources(sources)?;
    if inputs.0.is_empty() {
        return Err(file_error("no gold given"));
    }
    one_workspace(&workspace, &workspaces)?;
    let ks = at_k
        .map(|ks| {
            let text: Vec<String> = ks.iter().map(u32::to_string).collect();
            parse_ks(&text.join(",")).map_err(|e| file_error(format!("at_k: {e}")))
        })
        .transpose()?;
    let ws = Workspace::new(&workspace)?;
    let workspaces = workspaces
        .map(|d| canonical_dir(&d).map(|_| d))
        .transpose()
        .map_err(file_error)?;
    let (summary, texts, errors, notes) = py
        .detach(|| {
            build(
                inputs,
                &title,
                threshold,
                &ws,
                workspaces,
                ks,
                lcov_gold_unread,
                stages,
                counted,
            )
        })
        .map_err(file_error)?;
    let summary = serde_to_py(py, &summary)?;
    let (html, lcov, sarif) = texts;
    Ok((summary, html, lcov, sarif, errors, notes))
}

/// The three texts.
type Texts = (String, String, String);

#[allow(clippy::too_many_arguments)]
fn build(
    inputs: Inputs,
    title: &str,
    threshold: f64,
    ws: &Workspace,
    workspaces: Option<PathBuf>,
    ks: Option<Vec<u32>>,
    lcov_gold_unread: bool,
    stages: bool,
    counted: std::collections::BTreeSet<readcov_core::Source>,
) -> Result<(serde_json::Value, Texts, Vec<Located>, Vec<String>), String> {
    let (ws_str, _) = ws.confined();
    let Inputs(golds, reads, outcomes, units, patches, test_reports, sheet) = inputs;
    let golds: Vec<(Option<String>, Source)> =
        golds.into_iter().map(|(n, g)| (n, g.source())).collect();
    let reads = reads.source();
    let outcomes = outcomes.map(Input::source);
    let gold_opts = GoldOptions {
        workspace: ws_str.as_deref(),
        ..GoldOptions::default()
    };
    // As every command: a gold input with no valid span leaves nothing to report.
    let some_gold = |src: &Source, g: LoadedGold| -> Result<LoadedGold, String> {
        match g.parsed.items.is_empty() {
            true => Err(format!(
                "{}: no valid gold spans, nothing to score",
                src.name()
            )),
            false => Ok(g),
        }
    };
    let load_gold = |src: &Source| -> Result<_, String> {
        let g = input::gold_of(
            &src.name(),
            src.bytes().map_err(|e| e.to_string())?,
            &gold_opts,
        )
        .map_err(|e| e.to_string())?;
        some_gold(src, g)
    };
    // Loaded once, as `readcov report` loads them: with stages, the change behind the gold and
    // each trajectory's runs' changes come along, and the diagnosis takes them over.
    let (g, gold_change) = match stages {
        false => (load_gold(&golds[0].1)?, None),
        true => {
            let (g, change) = (golds[0].1)
                .load_gold_and_change(&gold_opts)
                .map_err(|e| e.to_string())?;
            (some_gold(&golds[0].1, g)?, Some(change))
        }
    };
    let reads_opts = ReadsOptions {
        workspace: ws_str.as_deref(),
        base_files: BaseFiles::of(ws.as_deref(), workspaces.as_deref()),
    };
    let (r, changes) = reads
        .load_reads_and_changes(&reads_opts)
        .map_err(|e| e.to_string())?;
    let lost_edits = r.lost_edits;
    let mut notes: Vec<String> = g.notes.into_iter().chain(r.notes).collect();
    let (g, r) = (g.parsed, r.parsed);
    let mut errors: Vec<Located> = g.errors.iter().chain(&r.errors).map(located).collect();
    let (label_errors, labels) = crate::score::load_labels(outcomes.as_ref())?;
    errors.extend(label_errors);
    let units = match units.map(Input::source) {
        None => None,
        Some(src) => {
            let bytes = src.bytes().map_err(|e| e.to_string())?;
            let parsed = parse_units(&bytes, &src.name(), ws_str.as_deref());
            errors.extend(parsed.errors.iter().map(located));
            Some(parsed.items)
        }
    };
    let skipped = errors.len();
    let mut sets = Vec::new();
    if golds.len() > 1 {
        for (name, src) in &golds {
            let s = load_gold(src)?;
            let bytes = src.bytes().map_err(|e| e.to_string())?;
            let file = PathBuf::from(src.name());
            sets.push(GoldSetInput::new(
                name.clone(),
                file,
                s.parsed.items,
                &bytes,
            ));
        }
    }
    let lengths = report_lengths(ws.as_deref(), workspaces.as_deref(), &g.items, &r.items);
    let opts = ScoreOptions {
        threshold,
        breakdown: true,
        sources: counted.clone(),
    };
    let mut report = build_report(ReportRequest {
        title: title.to_string(),
        gold: &g.items,
        reads: &r.items,
        lengths: &lengths,
        opts: &opts,
        outcomes: labels.as_ref(),
        units: units.as_deref(),
        skipped_input_errors: skipped,
        gold_sets: sets,
        workspace: ws.as_deref(),
        at_k: ks.as_deref(),
    });
    let sheet = match sheet {
        None => None,
        Some((runs, ledger, tasks, ks)) => {
            if ks.is_empty() || ks.contains(&0) {
                return Err("k: every k must be at least 1".to_string());
            }
            let (runs, ledger, tasks) = (
                runs.source(),
                ledger.map(Input::source),
                tasks.map(Input::source),
            );
            let req = ReportSheet {
                runs: &runs,
                ledger: ledger.as_ref(),
                tasks: tasks.as_ref(),
                threshold,
                sources: &opts.sources,
                lengths: &lengths,
                ks: &ks,
            };
            let (sheet, more) =
                report_sheet(&req, &g.items, &r.items).map_err(|e| e.to_string())?;
            errors.extend(more.iter().map(located));
            Some(sheet)
        }
    };
    // Last of what reads gold and reads: the diagnosis takes them over.
    if let Some(gold_change) = gold_change {
        let loaded = Loaded {
            gold: g.items,
            gold_change,
            reads: r.items,
            changes,
            lost_edits,
            outcomes: labels,
        };
        let (patches, reports) = beside_sources(patches, test_reports);
        let beside = Beside {
            patches: &patches,
            test_reports: &reports,
            workspace: ws.as_deref(),
            workspaces: workspaces.as_deref(),
            opts: ScoreOptions {
                threshold,
                breakdown: false,
                sources: counted,
            },
        };
        let inputs = with_loaded(loaded, &beside).map_err(|e| e.to_string())?;
        errors.extend(inputs.other_errors.iter().map(located));
        let (d, more) = diagnosis(&inputs, 1, threshold);
        notes.extend(more);
        report.diagnosis = Some(d);
    }
    let html = html::render_with_sheet(&report, sheet.as_ref());
    let out = lcov::render(
        &report,
        LcovOptions {
            gold_unread: lcov_gold_unread,
        },
    );
    notes.extend(lcov_warnings(&out.skipped));
    let sarif = sarif::render(&report, ws_str.as_deref());
    let t = &report.totals;
    let summary = json!({
        "title": report.title, "threshold": report.threshold, "tasks": report.tasks,
        "runs": report.runs, "gold_spans": report.gold_spans, "read_events": report.read_events,
        "skipped_input_errors": report.skipped_input_errors, "totals": t,
        "buckets": report.buckets, "labelled_runs": report.labelled_runs,
        "gold_sets": report.gold_sets, "at_k": report.at_k,
        "diagnosis": report.diagnosis.as_ref().map(|d| &d.summary),
    });
    Ok((summary, (html, out.text, sarif), errors, notes))
}
