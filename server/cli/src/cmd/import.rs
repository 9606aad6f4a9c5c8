//! `readcov import`: agent trajectories (every [`Format`]) to reads JSONL, with `kind: edit` rows
//! for edits, and a summary of what was not turned into reads. The walk over the inputs (the
//! shard's byte-range plan, datasets streamed row by row, whole logs in batches on the threads,
//! the tallies) is the library's, [`readcov_files::import_run`], shared with Python's
//! `import_log`; this edge parses the arguments, writes the outputs as the rows come, draws the
//! progress bar and prints the summary.

pub mod layout;
mod report;
mod sink;

use crate::exit::Exit;
use crate::inputs::canonical_dir;
use crate::output::is_stdout;
use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use readcov_files::import_run::{ImportSink, Plan, Problem, Request, Tally};
use readcov_files::workspaces::no_task_folder_warning;
use readcov_import::{FileProvider, Format, ImportOptions, Imported};
use sink::Sink;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `--format`: `auto` (detect from content) or one format's label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatArg(pub Option<Format>);

fn format_parser() -> impl clap::builder::TypedValueParser<Value = FormatArg> {
    use clap::builder::TypedValueParser;
    let names = std::iter::once("auto").chain(Format::ALL.iter().map(|f| f.label()));
    clap::builder::PossibleValuesParser::new(names).map(|s| FormatArg(Format::from_label(&s)))
}

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// Trajectory files, dataset files (a run per row: JSONL, JSON array, Parquet) or folders of them.
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Log format (default: detected from content).
    #[arg(long, default_value = "auto", value_parser = format_parser())]
    pub format: FormatArg,
    /// Repository at the base commit: reads are checked against it (files absent from it are
    /// dropped) and edits are replayed on it.
    #[arg(long, value_name = "DIR", conflicts_with = "workspaces")]
    pub workspace: Option<PathBuf>,
    /// A directory holding one workspace per task: DIR/<task>/ (e.g. the real data's sources/).
    /// A task without its folder is imported as without a workspace; when no task has one, a
    /// warning says the option changed nothing.
    #[arg(long, value_name = "DIR")]
    pub workspaces: Option<PathBuf>,
    /// Task id (default: the log's instance id, else the file name).
    #[arg(long)]
    pub task: Option<String>,
    /// Run id (default: the format name; dataset rows: the row's model or agent name).
    #[arg(long)]
    pub run: Option<String>,
    /// `task/run`: each log's task is its folder's name and its run its file name without
    /// extensions (`<task>/<run>.traj`, as Multi-SWE-bench publishes SWE-agent runs); a folder
    /// given is walked two levels deep. Default `log`: the log's instance id, else the file name.
    #[arg(long, value_enum, default_value_t = layout::Layout::Log, conflicts_with_all = ["task", "run"])]
    pub layout: layout::Layout,
    /// A BEIR-style corpus (`corpus.jsonl`, or a folder holding it): a TREC run's docids are its
    /// `_id`s, each mapped to the span the corpus gives (docs/retrievers.md). Refused with another
    /// --format; with auto and no TREC run among the inputs, a warning says it mapped nothing.
    #[arg(long, value_name = "CORPUS")]
    pub corpus: Option<PathBuf>,
    /// Files (or dataset rows) imported at once, on this many threads (default: the available
    /// cores). The output is the same whatever the number.
    #[arg(
        long,
        short = 'j',
        value_name = "N",
        default_value_t = 0,
        hide_default_value = true
    )]
    pub jobs: usize,
    /// Also write the outcome each run's log states (dataset rows: `resolved`, `target`,
    /// `reward`) as labels JSONL (`task`, `run`, `resolved`, `from`), the file `--outcomes` takes.
    #[arg(long, value_name = "FILE")]
    pub emit_outcomes: Option<PathBuf>,
    /// Import only shard I of N (0-based) of the inputs: the inputs laid end to end are split
    /// into N contiguous byte parts, whole files where there are many, a dataset file at line
    /// starts (JSONL) or by row group (Parquet); each shard opens only its part, and the
    /// shards' outputs concatenated in shard order are the unsharded output (docs/scale.md).
    #[arg(long, value_name = "I/N", value_parser = crate::shard::Shard::parse)]
    pub shard: Option<crate::shard::Shard>,
    /// Output reads JSONL (default, or `-`: stdout).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write each run's change as SWE-bench predictions JSONL (`instance_id`,
    /// `model_name_or_path` = the run, `model_patch`, plus `partial`: what could not be rebuilt,
    /// and `change_source`): the log's own final patch, else the edits replayed on the
    /// workspace (docs/importers.md, "The run's change").
    #[arg(long, value_name = "FILE")]
    pub emit_patches: Option<PathBuf>,
    /// With --emit-patches: which change to write (`auto`: the log's patch, else the replay).
    #[arg(long, value_enum, default_value_t = sink::EmitFrom::Auto, requires = "emit_patches")]
    pub emit_from: sink::EmitFrom,
}

pub fn run(args: ImportArgs) -> Result<Exit> {
    // Each log's bytes on pages already faulted in, not fresh ones (readcov_files::memory).
    readcov_files::memory::keep_freed_memory();
    let ws = args.workspace.as_deref().map(canonical_dir).transpose()?;
    let per_task = args.workspaces.as_deref().map(canonical_dir).transpose()?;
    // Each workspace file read once for the import and the rows' `base` alike.
    let workspaces = readcov_files::workspaces::Workspaces::new(ws, per_task);
    let all = std::sync::Arc::clone(&workspaces);
    let pick = move |task: &str| -> Box<dyn FileProvider> { workspaces.provider(task) };
    let corpus = match &args.corpus {
        Some(_) if args.format.0.is_some_and(|f| f != Format::Trec) => {
            anyhow::bail!(
                "--corpus maps the docids of a TREC run: it goes with --format trec or auto"
            )
        }
        Some(p) => {
            let (corpus, errors) = readcov_files::beir::load_corpus(p)?;
            crate::inputs::report_errors(&errors);
            anyhow::ensure!(
                !corpus.is_empty(),
                "{}: no corpus document with a span",
                p.display()
            );
            Some(std::sync::Arc::new(corpus))
        }
        None => None,
    };
    let task_run = args.layout == layout::Layout::TaskRun;
    let plan = Plan::new(&args.files, task_run, args.shard);
    let total = plan.bytes();
    let opts = ImportOptions {
        format: args.format.0,
        task: args.task.clone(),
        run: args.run.clone(),
        corpus,
        // Only --emit-patches writes the changes rebuilt by replay.
        no_replayed_changes: args.emit_patches.is_none(),
    };
    // `import a.json -o a.json` replaced its input: no output may be an input (or another output).
    let outputs: Vec<(&str, &Path)> = [
        ("-o", &args.output),
        ("--emit-outcomes", &args.emit_outcomes),
        ("--emit-patches", &args.emit_patches),
    ]
    .into_iter()
    .filter_map(|(flag, p)| Some((flag, p.as_deref()?)))
    .collect();
    // The AutoCodeRover files passed over are inputs too: none may be overwritten.
    let passed = (plan.acr.passed.iter())
        .chain(&plan.acr.parts)
        .map(|p| p.file.as_path());
    let inputs: Vec<&Path> = plan
        .files
        .iter()
        .map(PathBuf::as_path)
        .chain(passed)
        .collect();
    // Without -o the rows go to standard output: no other output may go there too.
    crate::output::check(&outputs, &inputs, args.output.is_none())?;
    let sink = Sink::open(args.output.as_deref(), args.emit_outcomes.as_deref(), &pick)?
        .with_patches(args.emit_patches.as_deref(), args.emit_from)?;
    let mut out = Shown {
        sink,
        bar: progress_bar(total),
        started: Instant::now(),
    };
    let req = Request {
        opts: &opts,
        task_run,
        threads: readcov_core::par::threads_for(args.jobs, usize::MAX),
        pick: &pick,
    };
    let done = plan.import(&req, &mut out)?;
    out.bar.finish_and_clear();
    // Nothing imported: an existing output file is left as it was (and exit 2, said).
    let all_failed = done.all_failed();
    out.sink.finish(!all_failed)?;
    let tally = done.tally;
    report::print(&tally);
    // With `--format auto` the kind of each file is known only once read: a corpus no TREC run
    // used is said, not passed over in silence (it was).
    if args.corpus.is_some() && tally.imported_files > 0 && !tally.per_format.contains_key("trec") {
        say!("warning: --corpus: no input imported here was a TREC run, so it mapped nothing (it goes with TREC runs only)");
    }
    // Per-task workspaces no imported task had a folder in changed nothing: said, since the
    // rows are written by now and another shard's tasks may have folders.
    if let Some(dir) =
        (args.workspaces.as_deref()).filter(|_| tally.total.runs > 0 && all.no_task_folder())
    {
        say!("{}", no_task_folder_warning("--workspaces", dir));
    }
    if let Some(shard) = args.shard {
        let all = plan.all_bytes();
        say!("  shard {shard}: {total} of {all} input byte(s)");
    }
    if all_failed && tally.imported_files > 0 {
        let kept = match args.output.as_deref().filter(|o| !is_stdout(Some(o))) {
            Some(o) => format!("; {} left as it was", o.display()),
            None => String::new(),
        };
        say!(
            "error: no read or edit rows imported from {} file(s){kept}",
            plan.files.len()
        );
    }
    Ok(if all_failed { Exit::Input } else { Exit::Ok })
}

/// The progress bar (stderr; drawn only on a terminal): bytes, MB/s, ETA, runs and runs/s.
fn progress_bar(total: u64) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:30} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} ETA {eta} {msg}",
    ) {
        bar.set_style(style);
    }
    bar
}

/// Where the import's results go: the outputs, and stderr around the progress bar.
struct Shown<'a> {
    sink: Sink<'a>,
    bar: ProgressBar,
    started: Instant,
}

impl ImportSink for Shown<'_> {
    type Error = anyhow::Error;

    fn imported(&mut self, got: &Imported) -> Result<()> {
        self.sink.write(got)
    }

    fn error(&mut self, problem: &Problem) {
        self.bar
            .suspend(|| crate::render::print_error(&problem.to_string()));
    }

    fn note(&mut self, line: &str) {
        self.bar.suspend(|| say!("{line}"));
    }

    fn progress(&mut self, bytes: u64, tally: &Tally) {
        self.bar.set_position(bytes);
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        let runs = tally.total.runs;
        self.bar
            .set_message(format!("{runs} run(s), {:.0} runs/s", runs as f64 / secs));
    }
}
