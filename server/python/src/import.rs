//! `import_log`: agent trajectories to reads rows, as `readcov import` writes them — the same
//! inputs per argument (`readcov_files::logs`: V1 conversation folders, Claude Code subagents),
//! the same confined workspaces, the same refusal of a log that gave nothing but an error — and
//! the outcome each run's log states (`--emit-outcomes`: `Imported::labels`), and with `patches`
//! each run's change as a predictions line (`--emit-patches --emit-from`: `readcov_files::patches`).

use crate::{file_error, one_workspace, Located};
use pyo3::prelude::*;
use readcov_files::layout::task_run_opts;
use readcov_files::patches::{EmitFrom, PatchLines};
use readcov_files::{canonical_dir, logs, task_dir, Workspace};
use readcov_import::chunks::beir::Corpus;
use readcov_import::{import_with, FileProvider, Format, ImportOptions, Summary};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

/// A run's stated outcome: `(task, run, resolved, from)`, an `--emit-outcomes` row.
type Label = (String, String, bool, &'static str);

/// `--emit-patches`: the predictions lines (JSONL) and how many runs had no change to write.
type PatchesText = Option<(String, usize)>;

/// Rows (JSONL), the summary (JSON), located errors, the runs' stated outcomes and the patches.
type ImportedText = (String, String, Vec<Located>, Vec<Label>, PatchesText);

#[pyfunction]
#[pyo3(signature = (paths, format="auto", workspace=None, workspaces=None, task=None, run=None, corpus=None, patches=None, layout="log"))]
#[allow(clippy::too_many_arguments)]
pub fn import_log(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    format: &str,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    task: Option<String>,
    run: Option<String>,
    corpus: Option<PathBuf>,
    patches: Option<&str>,
    layout: &str,
) -> PyResult<ImportedText> {
    let task_run = match layout {
        "log" => false,
        "task/run" if task.is_some() || run.is_some() => {
            return Err(file_error(
                "layout \"task/run\" names each log's task and run: give no task or run",
            ))
        }
        "task/run" => true,
        other => {
            return Err(file_error(format!(
                "layout `{other}`: expected log or task/run"
            )))
        }
    };
    let mut patches = match patches {
        None => None,
        Some("auto") => Some(PatchLines::new(EmitFrom::Auto)),
        Some("log") => Some(PatchLines::new(EmitFrom::Log)),
        Some("replay") => Some(PatchLines::new(EmitFrom::Replay)),
        Some(other) => {
            return Err(file_error(format!(
                "patches `{other}`: expected auto, log or replay"
            )))
        }
    };
    let format = match format {
        "auto" => None,
        label => Some(Format::from_label(label).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.label()).collect();
            file_error(format!(
                "format `{label}`: expected auto or one of {}",
                names.join(", ")
            ))
        })?),
    };
    one_workspace(&workspace, &workspaces)?;
    let ws = workspace
        .as_deref()
        .map(canonical_dir)
        .transpose()
        .map_err(file_error)?;
    let per_task = workspaces
        .as_deref()
        .map(canonical_dir)
        .transpose()
        .map_err(file_error)?;
    let (corpus, mut errors) = load_corpus(corpus.as_deref(), format)?;
    let opts = ImportOptions {
        format,
        task,
        run,
        corpus,
        // Only `patches` writes the changes rebuilt by replay (as `--emit-patches`); the rows
        // are the same either way.
        no_replayed_changes: patches.is_none(),
    };
    py.detach(|| {
        let mut total = Summary::default();
        let mut rows = Vec::new();
        let mut labels: Vec<Label> = Vec::new();
        let mut patch_text = String::new();
        let (mut files, mut refused) = (0usize, 0usize);
        let paths = match task_run {
            true => readcov_files::layout::task_run_files(&paths),
            false => paths,
        };
        for file in logs::expand(&paths) {
            files += 1;
            let name = file.display().to_string();
            let bytes = match logs::read(&file) {
                Ok(b) => b,
                Err(e) => {
                    errors.push((e.path.clone(), 0, None, e.what.clone()));
                    refused += 1;
                    continue;
                }
            };
            let pick = |task: &str| -> Box<dyn FileProvider> {
                match &per_task {
                    Some(dir) => Box::new(Workspace(task_dir(dir, task))),
                    None => Box::new(Workspace(ws.clone())),
                }
            };
            let opts = match task_run {
                true => task_run_opts(&file, &opts),
                false => std::borrow::Cow::Borrowed(&opts),
            };
            let got = import_with(&bytes, &name, &opts, &pick);
            errors.extend(
                got.errors
                    .iter()
                    .map(|e| (e.file.clone(), 0, None, e.message.clone())),
            );
            // A log that gave nothing but an error is no run (as `readcov import` refuses it).
            if !got.errors.is_empty() && got.summary.actions == 0 && got.rows.is_empty() {
                total.malformed_records += got.summary.malformed_records;
                refused += 1;
                continue;
            }
            total.add(&got.summary);
            if let Some(p) = &mut patches {
                patch_text += &p.lines(&got.changes);
            }
            rows.extend(got.rows);
            let stated = got.labels.into_iter();
            labels.extend(stated.map(|l| (l.task, l.run, l.resolved, l.field)));
        }
        let skipped: serde_json::Map<String, serde_json::Value> = total
            .skipped
            .iter()
            .map(|(reason, n)| (reason.label().to_string(), json!(n)))
            .collect();
        let summary = json!({
            "files": files,
            "refused": refused,
            "runs": total.runs,
            "actions": total.actions,
            "read_events": total.read_events,
            "edit_events": total.edit_events,
            "malformed_records": total.malformed_records,
            "skipped": skipped,
        });
        // Rows of a file the workspace has record its `base`, as `readcov import` writes them.
        let pick = |task: &str| -> Box<dyn FileProvider> {
            match &per_task {
                Some(dir) => Box::new(Workspace(task_dir(dir, task))),
                None => Box::new(Workspace(ws.clone())),
            }
        };
        let rows = readcov_files::base::reads_jsonl_with_base(&rows, &pick).map_err(file_error)?;
        let patches = patches.map(|p| (patch_text, p.none));
        Ok((rows, summary.to_string(), errors, labels, patches))
    })
}

/// `--corpus`: a TREC run's docids mapped to the spans a BEIR corpus gives, loaded and checked as
/// `readcov import --corpus` does; its located errors join the import's.
fn load_corpus(
    corpus: Option<&std::path::Path>,
    format: Option<Format>,
) -> PyResult<(Option<Arc<Corpus>>, Vec<Located>)> {
    let Some(p) = corpus else {
        return Ok((None, Vec::new()));
    };
    if format.is_some_and(|f| f != Format::Trec) {
        let why = "corpus maps the docids of a TREC run: it goes with format=\"trec\" or \"auto\"";
        return Err(file_error(why));
    }
    let (c, e) = readcov_files::beir::load_corpus(p).map_err(file_error)?;
    if c.is_empty() {
        let msg = format!("{}: no corpus document with a span", p.display());
        return Err(file_error(msg));
    }
    Ok((Some(Arc::new(c)), e.iter().map(crate::located).collect()))
}
