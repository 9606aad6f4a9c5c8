//! `report`: the self-contained HTML report, the LCOV tracefile and the SARIF log `readcov report`
//! writes, as text, with the report's summary figures. Loading and the model are the one library
//! call `readcov report` makes (`readcov_files::report::load_and_build`: every input through the
//! input layer, each named gold set's section, the at-k curves, the sheet, where runs failed),
//! the texts come from `readcov_report`'s renderers. Python writes the files.

use crate::pyvalue::serde_to_py;
use crate::{
    beside_sources, check_threshold, file_error, located, one_workspace, Input, Located, Workspace,
};
use pyo3::prelude::*;
use readcov_core::retrieval::check_ks;
use readcov_core::ScoreOptions;
use readcov_files::canonical_dir;
use readcov_files::input::Source;
use readcov_files::report::{
    lcov_warnings, load_and_build, ReportSettings, ReportSources, Said, SheetSources, StageSources,
};
use readcov_report::lcov::LcovOptions;
use readcov_report::{html, lcov, sarif};
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
/// the report's gold), reads, labels (`--outcomes [RUN=]FILE`, repeated), units, `--patches`, `--test-report [RUN=]FILE`, and the
/// evaluation sheet's `--runs`, `--ledger`, `--tasks` and `--k`.
#[derive(FromPyObject)]
pub struct Inputs(
    Vec<(Option<String>, Input)>,
    Input,
    crate::labels::RunInputs,
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
    let threshold = check_threshold(threshold)?;
    let counted = crate::options::sources(sources)?;
    if inputs.0.is_empty() {
        return Err(file_error("no gold given"));
    }
    one_workspace(&workspace, &workspaces)?;
    let ks = at_k
        .map(|ks| check_ks(ks).map_err(|e| crate::options::arg_error("at_k", e)))
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

/// `readcov report`'s one library call (`readcov_files::report::load_and_build`), its notes and
/// located errors collected (the gold sets' and the labels warning left out, as Python always
/// has: the first set is the report's gold again), then the three texts rendered.
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
    let (reads, units) = (reads.source(), units.map(Input::source));
    // `outcomes=`: `--outcomes [RUN=]FILE`, repeated (`labels.rs`).
    let outcomes = crate::labels::sources(outcomes);
    let sheet = sheet.map(|(runs, ledger, tasks, ks)| {
        let sources = (
            runs.source(),
            ledger.map(Input::source),
            tasks.map(Input::source),
        );
        (sources, ks)
    });
    let (patches, reports) = beside_sources(patches, test_reports);
    let sources = ReportSources {
        golds: &golds,
        reads: &reads,
        outcomes: &outcomes,
        units: units.as_ref(),
        sheet: (sheet.as_ref()).map(|((runs, ledger, tasks), ks)| SheetSources {
            runs,
            ledger: ledger.as_ref(),
            tasks: tasks.as_ref(),
            ks,
        }),
        stages: stages.then_some(StageSources {
            patches: &patches,
            test_reports: &reports,
        }),
    };
    let settings = ReportSettings {
        title: title.to_string(),
        opts: ScoreOptions {
            threshold,
            breakdown: true,
            sources: counted,
        },
        at_k: ks.as_deref(),
        root: ws_str.as_deref(),
        workspace: ws.as_deref(),
        workspaces: workspaces.as_deref(),
        threads: 1,
        require_reads: false,
    };
    let (mut errors, mut notes) = (Vec::new(), Vec::new());
    let built = load_and_build(&sources, &settings, &mut |said| match said {
        Said::Notes(n) => notes.extend_from_slice(n),
        Said::Errors(e) => errors.extend(e.iter().map(located)),
        Said::SetNotes(_) | Said::SetErrors(_) | Said::Warning(_) => {}
    })
    .map_err(|e| e.to_string())?;
    let report = built.report;
    let html = html::render_with_sheet(&report, built.sheet.as_ref());
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
