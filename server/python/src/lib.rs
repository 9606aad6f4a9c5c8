//! `readcov._native`: the Rust side of the `readcov` Python package. Each function loads its
//! inputs through `readcov-files`, makes the one library call the CLI command makes, and hands
//! back the CLI's JSON(L) text and located errors; `python/readcov/` turns them into rows,
//! DataFrames and `InputError`. No scoring, import or gold logic lives here.

mod after;
mod alloc;
mod at_k;
mod breakdown;
mod cells;
mod contextbench;
mod diagnose;
mod explain;
mod explore;
mod freer;
mod gold;
mod gold_beir;
mod import;
mod jsonl;
mod labels;
mod lean_rows;
mod limits;
mod locbench;
mod merge;
mod options;
mod pyrows;
mod pyvalue;
mod report;
mod rows;
mod score;
mod sets;
mod sheet;
mod units;

/// mimalloc for small blocks, glibc for large ones (`alloc.rs`: the free of a call's rows).
#[global_allocator]
static ALLOC: alloc::Alloc = alloc::Alloc;

use pyo3::prelude::*;
use readcov_core::InputError;

/// A located error as the tuple `(file, line, field, message)` Python's `InputError` carries
/// (`line` 0 and `field` None when the error is about the whole file).
type Located = (String, usize, Option<String>, String);

fn located(e: &InputError) -> Located {
    (e.file.clone(), e.line, e.field.clone(), e.message.clone())
}

/// A whole-file error (a file that cannot be read, a bad workspace): Python's `InputError` too.
fn file_error(e: impl std::fmt::Display) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(e.to_string())
}

/// A threshold outside 0..=1 is the caller's mistake, said before any file is read; the
/// threshold as every edge takes it (`readcov_core::checked_threshold`: `-0.0` is `0.0`).
fn check_threshold(threshold: f64) -> PyResult<f64> {
    readcov_core::checked_threshold(threshold)
        .map_err(|e| options::invalid("threshold", &threshold.to_string(), e))
}

/// `workspace` and `workspaces` exclude each other, as the CLI's flags do; said before any file is read.
fn one_workspace(
    workspace: &Option<std::path::PathBuf>,
    workspaces: &Option<std::path::PathBuf>,
) -> PyResult<()> {
    match workspace.is_some() && workspaces.is_some() {
        // The CLI's clap words for `--workspace X --workspaces Y`, the parameters for the flags.
        true => Err(options::arg_error(
            "workspace",
            "the argument `workspace` cannot be used with `workspaces`".into(),
        )),
        false => Ok(()),
    }
}

/// The stages' extra inputs as the input layer takes them: `patches` (predictions) and
/// `test_reports` (`(run or None, report)`), each a file or its bytes.
type BesideSources = (
    Vec<readcov_files::input::Source>,
    Vec<(Option<String>, readcov_files::input::Source)>,
);

fn beside_sources(
    patches: Vec<Input>,
    test_reports: Vec<(Option<String>, Input)>,
) -> BesideSources {
    let patches = patches.into_iter().map(Input::source).collect();
    let reports = (test_reports.into_iter())
        .map(|(run, i)| (run, i.source()))
        .collect();
    (patches, reports)
}

/// An input as Python hands it over: a file path (read by the input layer, as the CLI reads it)
/// or rows already turned into bytes, with the name errors give them (`<reads>`). The bytes are
/// the Python object's own, not a copy: the lean reads parser reads them in place (585k dict rows
/// are 64 MB of JSONL; each copy of it cost page faults for fresh memory).
#[derive(FromPyObject)]
pub enum Input {
    Bytes(pyo3::pybacked::PyBackedBytes, String),
    Path(std::path::PathBuf),
}

/// Gold of any kind `--gold` takes, as the CLI loads it. An input with no gold span and no bad
/// row (an empty file, `[]`, an empty DataFrame) is the CLI's "no valid gold spans, nothing to
/// score": `score`, `at_k` and `explain` returned rows scored against no gold instead until
/// session 27. Bad rows are left to the caller, which raises the first, located, or returns them
/// with `errors="collect"`.
fn gold_from(
    src: readcov_files::diagnose::Source,
    opts: &readcov_files::input::GoldOptions,
) -> Result<readcov_files::input::LoadedGold, String> {
    let name = src.name();
    let loaded = src.load_gold(opts).map_err(|e| e.to_string())?;
    if loaded.parsed.items.is_empty() && loaded.parsed.errors.is_empty() {
        return Err(readcov_files::input::Nothing::NoGold(name).to_string());
    }
    Ok(loaded)
}

impl Input {
    /// Gold of any kind `--gold` takes (a diff, SWE-bench rows converted): [`gold_from`].
    fn load_gold(
        self,
        opts: &readcov_files::input::GoldOptions,
    ) -> Result<readcov_files::input::LoadedGold, String> {
        gold_from(self.source(), opts)
    }

    /// The input layer's own name for it (the loaders of `readcov_files::diagnose` take it).
    fn source(self) -> readcov_files::diagnose::Source {
        match self {
            Input::Path(p) => readcov_files::diagnose::Source::Path(p),
            Input::Bytes(bytes, name) => readcov_files::diagnose::Source::Bytes {
                name,
                bytes: bytes.to_vec(),
            },
        }
    }

    /// Reads of any kind `--reads` takes (a trajectory imported), as the CLI loads them.
    fn load_reads(
        self,
        opts: &readcov_files::input::ReadsOptions,
    ) -> Result<readcov_files::input::Loaded<readcov_core::ReadSpan>, String> {
        match self {
            Input::Path(p) => readcov_files::input::load_reads(&p, opts),
            Input::Bytes(b, name) => readcov_files::input::reads_of(&name, b.to_vec(), opts),
        }
        .map_err(|e| e.to_string())
    }
}

/// The workspace a binding reads files in: its absolute path, or an error when it is not a directory.
/// `confined()` then gives the pieces every loader takes (the path as text, and the confinement check).
struct Workspace(Option<std::path::PathBuf>);

impl Workspace {
    fn new(workspace: &Option<std::path::PathBuf>) -> PyResult<Self> {
        let Some(w) = workspace else {
            return Ok(Self(None));
        };
        std::path::absolute(w)
            .ok()
            .filter(|a| a.is_dir())
            .map(|a| Self(Some(a)))
            .ok_or_else(|| file_error(format!("{}: workspace is not a directory", w.display())))
    }

    fn as_deref(&self) -> Option<&std::path::Path> {
        self.0.as_deref()
    }

    /// The workspace as text (what the loaders record) and its canonical root (what paths must stay under).
    fn confined(&self) -> (Option<String>, Option<std::path::PathBuf>) {
        let text = self.0.as_ref().map(|w| w.to_string_lossy().into_owned());
        (text, self.0.as_deref().and_then(|w| w.canonicalize().ok()))
    }
}

/// A whole input file as bytes, read through `readcov-files` as the CLI reads it: a FIFO, a
/// socket or a device (`/dev/zero`) is refused ("not a regular file"), never waited on or read
/// without end. Python's own `open().read()` hung on a FIFO and grew to MemoryError on
/// `/dev/zero`.
#[pyfunction]
fn read_input(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Py<pyo3::types::PyBytes>> {
    let bytes = py
        .detach(|| readcov_files::read_input(&path))
        .map_err(file_error)?;
    Ok(pyo3::types::PyBytes::new(py, &bytes).unbind())
}

/// Waits until the rows a `score` call loaded are freed (they are freed on a thread of their
/// own after the call, `freer.rs`): for the bench, to count that CPU time with the call's.
/// Whether a free was in flight.
#[pyfunction]
fn settle(py: Python<'_>) -> bool {
    py.detach(freer::settle)
}

/// The shard (`0..n`) of a task id: the stable FNV-1a hash `--shard I/N` splits by.
#[pyfunction]
fn shard_of(task: &str, n: u32) -> PyResult<u32> {
    if n == 0 {
        return Err(file_error("shard count must be at least 1"));
    }
    Ok(readcov_core::shard_of(task, n))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    freer::on_fork();
    m.add_function(wrap_pyfunction!(score::score, m)?)?;
    m.add_function(wrap_pyfunction!(sets::score_sets, m)?)?;
    m.add_function(wrap_pyfunction!(at_k::at_k, m)?)?;
    m.add_function(wrap_pyfunction!(report::report, m)?)?;
    m.add_class::<breakdown::Breakdown>()?;
    m.add_function(wrap_pyfunction!(import::import_log, m)?)?;
    m.add_function(wrap_pyfunction!(gold::gold_from_patch, m)?)?;
    m.add_function(wrap_pyfunction!(gold::gold_from_runs, m)?)?;
    m.add_function(wrap_pyfunction!(gold_beir::gold_from_beir, m)?)?;
    m.add_function(wrap_pyfunction!(merge::merge, m)?)?;
    m.add_function(wrap_pyfunction!(explore::explore, m)?)?;
    m.add_function(wrap_pyfunction!(sheet::sheet, m)?)?;
    m.add_function(wrap_pyfunction!(explain::explain, m)?)?;
    m.add_function(wrap_pyfunction!(diagnose::diagnose, m)?)?;
    m.add_function(wrap_pyfunction!(contextbench::contextbench, m)?)?;
    m.add_function(wrap_pyfunction!(locbench::locbench, m)?)?;
    m.add_function(wrap_pyfunction!(units::units, m)?)?;
    m.add_function(wrap_pyfunction!(shard_of, m)?)?;
    m.add_function(wrap_pyfunction!(labels::run_file, m)?)?;
    m.add_function(wrap_pyfunction!(limits::set_parquet_limits, m)?)?;
    m.add_function(wrap_pyfunction!(read_input, m)?)?;
    m.add_function(wrap_pyfunction!(settle, m)?)?;
    m.add_function(wrap_pyfunction!(jsonl::rows_jsonl, m)?)?;
    m.add_function(wrap_pyfunction!(jsonl::columns_jsonl, m)?)?;
    m.add_function(wrap_pyfunction!(lean_rows::lean_rows, m)?)?;
    m.add_function(wrap_pyfunction!(lean_rows::lean_columns, m)?)?;
    m.add_class::<lean_rows::LeanTable>()?;
    Ok(())
}
