//! `import_log`: agent trajectories to reads rows, as `readcov import` writes them — by the
//! CLI's own walk over the inputs (`readcov_files::import_run`: the same inputs per argument, V1
//! conversation folders, Claude Code subagents, datasets streamed a row at a time, the same
//! refusal of a log that gave nothing but an error, `shard="I/N"`'s byte-range plan) into a sink
//! that keeps the rows — and the outcome each run's log states (`--emit-outcomes`:
//! `Imported::labels`), and with `patches` each run's change as a predictions line
//! (`--emit-patches --emit-from`: `readcov_files::patches`). Each log's rows become Python dicts
//! as the walk hands them on (`pyrows.rs`), and its Rust rows and text are let go: the call
//! holds no JSONL of all its rows (it did until session 38, 12 MB above the CLI's peak).

use crate::pyrows::Strings;
use crate::{file_error, one_workspace, Located};
use pyo3::prelude::*;
use pyo3::types::PyList;
use readcov_files::canonical_dir;
use readcov_files::import_run::{ImportSink, Plan, Problem, Request};
use readcov_files::patches::{EmitFrom, PatchLines};
use readcov_files::workspaces::no_task_folder_warning;
use readcov_import::chunks::beir::Corpus;
use readcov_import::{FileProvider, Format, ImportOptions, Imported};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

/// A run's stated outcome: `(task, run, resolved, from)`, an `--emit-outcomes` row.
type Label = (String, String, bool, &'static str);

/// `--emit-patches`: the predictions rows (dicts) and how many runs had no change to write.
type PatchesRows = Option<(Py<PyList>, usize)>;

/// Rows (dicts), the summary (JSON), located errors, the runs' stated outcomes, the patches,
/// whether the import failed as a whole (`readcov import`'s exit 2: nothing imported; a shard
/// whose part gave no rows has not failed), and the notes (what the CLI says on stderr beside
/// the summary: `workspaces` that changed nothing, shard parts, ...).
type ImportedRows = (
    Py<PyList>,
    String,
    Vec<Located>,
    Vec<Label>,
    PatchesRows,
    bool,
    Vec<String>,
);

/// What the walk hands on, kept: rows with their `base` as the CLI writes them (as Python
/// dicts), labels, patches and the located errors.
struct Kept<'a> {
    rows: Py<PyList>,
    strings: Strings,
    labels: Vec<Label>,
    patches: Option<(PatchLines, Py<PyList>)>,
    errors: Vec<Located>,
    notes: Vec<String>,
    pick: &'a dyn Fn(&str) -> Box<dyn FileProvider>,
}

impl ImportSink for Kept<'_> {
    type Error = PyErr;

    fn imported(&mut self, got: &Imported) -> PyResult<()> {
        // Rows of a file the workspace has record its `base`, as `readcov import` writes them:
        // the same text, one log's, made into dicts at once (the GIL taken for that only).
        let text =
            readcov_files::base::reads_jsonl_with_base(&got.rows, self.pick).map_err(file_error)?;
        let changes = (self.patches.as_mut()).map(|(lines, _)| lines.lines(&got.changes));
        Python::attach(|py| {
            (self.strings).append(py, self.rows.bind(py), &text)?;
            if let (Some(text), Some((_, list))) = (changes, &self.patches) {
                self.strings.append(py, list.bind(py), &text)?;
            }
            PyResult::Ok(())
        })?;
        let stated = got.labels.iter();
        (self.labels).extend(stated.map(|l| (l.task.clone(), l.run.clone(), l.resolved, l.field)));
        Ok(())
    }

    fn error(&mut self, p: &Problem) {
        (self.errors).push((p.file.clone(), 0, None, p.message.clone()));
    }

    fn note(&mut self, line: &str) {
        self.notes.push(line.trim_start().to_string());
    }
}

#[pyfunction]
#[pyo3(signature = (paths, format="auto", workspace=None, workspaces=None, task=None, run=None, corpus=None, patches=None, layout="log", shard=None, jobs=1))]
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
    shard: Option<String>,
    jobs: usize,
) -> PyResult<ImportedRows> {
    let shard = crate::options::shard(shard)?;
    let task_run = match layout {
        "log" => false,
        "task/run" if task.is_some() || run.is_some() => {
            return Err(file_error(
                "layout \"task/run\" names each log's task and run: give no task or run",
            ))
        }
        "task/run" => true,
        other => {
            return Err(crate::options::not_one_of(
                "layout",
                other,
                &["log", "task/run"],
            ))
        }
    };
    let patches = match patches {
        None => None,
        Some("auto") => Some(PatchLines::new(EmitFrom::Auto)),
        Some("log") => Some(PatchLines::new(EmitFrom::Log)),
        Some("replay") => Some(PatchLines::new(EmitFrom::Replay)),
        Some(other) => {
            return Err(crate::options::not_one_of(
                "patches",
                other,
                &["auto", "log", "replay"],
            ))
        }
    };
    let format = match format {
        "auto" => None,
        label => Some(Format::from_label(label).ok_or_else(|| {
            let names: Vec<&str> = ["auto"]
                .into_iter()
                .chain(Format::ALL.iter().map(|f| f.label()))
                .collect();
            crate::options::not_one_of("format", label, &names)
        })?),
    };
    one_workspace(&workspace, &workspaces)?;
    let workspaces_given = workspaces.clone();
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
    let (corpus, errors) = load_corpus(corpus.as_deref(), format)?;
    let opts = ImportOptions {
        format,
        task,
        run,
        corpus,
        // Only `patches` writes the changes rebuilt by replay (as `--emit-patches`); the rows
        // are the same either way.
        no_replayed_changes: patches.is_none(),
    };
    // Each log's bytes on pages already faulted in, not fresh ones, as `readcov import` sets it
    // (readcov_files::memory: glibc's mmap and trim limits). A log's bytes are a block of a few
    // hundred KiB, over the extension's `alloc::LARGE`, so glibc's: without this, `import_log`
    // on the 191 real trajectories was 1.01–1.09x the CLI's wall, with it 0.91x
    // (bench/py_import.py, session 25, docs/performance.md).
    readcov_files::memory::keep_freed_memory();
    py.detach(|| {
        // Each workspace file read once for the import and the rows' `base` alike, as the CLI.
        let workspaces = readcov_files::workspaces::Workspaces::new(ws, per_task);
        let all = Arc::clone(&workspaces);
        let pick = move |task: &str| -> Box<dyn FileProvider> { workspaces.provider(task) };
        let plan = Plan::new(&paths, task_run, shard);
        // `jobs` threads, as `--jobs` (0: the available cores; Python's default is 1, one call
        // one thread for Ray workers that run a call per core). The GIL is released throughout.
        let req = Request {
            opts: &opts,
            task_run,
            threads: readcov_core::par::threads_for(jobs, usize::MAX),
            pick: &pick,
        };
        let (rows, lists) = Python::attach(|py| {
            let list = || PyList::empty(py).unbind();
            (list(), patches.as_ref().map(|_| list()))
        });
        let mut kept = Kept {
            rows,
            strings: Strings::default(),
            labels: Vec::new(),
            patches: patches.zip(lists),
            errors,
            notes: Vec::new(),
            pick: &pick,
        };
        let done = plan.import(&req, &mut kept)?;
        let t = &done.tally;
        let skipped: serde_json::Map<String, serde_json::Value> = (t.total.skipped.iter())
            .map(|(reason, n)| (reason.label().to_string(), json!(n)))
            .collect();
        // Every input file is counted once: imported, refused, or passed over (an AutoCodeRover
        // thread another holds, or a task folder's file that is no thread), as the CLI's lines.
        let summary = json!({
            "files": t.imported_files + t.refused_files + t.passed_files + t.passed_parts,
            "refused": t.refused_files,
            "passed_over": {"threads": t.passed_files, "folder_files": t.passed_parts},
            "runs": t.total.runs,
            "actions": t.total.actions,
            "read_events": t.total.read_events,
            "edit_events": t.total.edit_events,
            "malformed_records": t.total.malformed_records,
            "skipped": skipped,
        });
        let patches = kept.patches.map(|(p, list)| (list, p.none));
        // The shared strings let go with the GIL held (not left to PyO3's pool of pending ones).
        Python::attach(|_| drop(kept.strings));
        let failed = done.all_failed();
        // The CLI's warning, from the same library check (`--workspaces`).
        if let Some(dir) = workspaces_given.filter(|_| t.total.runs > 0 && all.no_task_folder()) {
            (kept.notes).push(no_task_folder_warning("`workspaces`", &dir));
        }
        let out = (
            kept.rows,
            summary.to_string(),
            kept.errors,
            kept.labels,
            patches,
            failed,
            kept.notes,
        );
        Ok(out)
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
