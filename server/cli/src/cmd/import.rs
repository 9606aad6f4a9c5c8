//! `readcov import`: agent trajectories (every [`Format`]) to reads JSONL, with `kind: edit` rows
//! for edits, and a summary of what was not turned into reads. The IO edge also gathers what one
//! format spreads over several files: an OpenHands V1 conversation folder (`base_state.json` +
//! `events/`) becomes one stream, and a Claude Code transcript brings its subagents along. A
//! dataset file (a run per row: JSONL, a JSON array, Parquet) is streamed row by row; rows and
//! labels are written as they come.

mod files;
pub mod layout;
use files::{import_whole, stream, Probed};
mod report;
mod sink;

use crate::exit::Exit;
use crate::inputs::canonical_dir;
use crate::output::is_stdout;
use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use readcov_files::rows::{self, Opened};
use readcov_import::{FileProvider, Format, ImportOptions};
use report::Tally;
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
    /// `_id`s, each mapped to the span the corpus gives (docs/retrievers.md).
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

/// Whole-log files imported together (then written, in argument order), per thread, and at
/// most: a batch holds its files' bytes and parses until it is written, so a batch larger than
/// the threads need only costs fresh pages (profiled: 64 files held at once, 50 MB, made the
/// kernel's page zeroing a third of a `--jobs 1` import of the real corpus).
const FILE_BATCH_PER_THREAD: usize = 4;
const FILE_BATCH: usize = 64;

struct Ctx<'a> {
    opts: ImportOptions,
    layout: layout::Layout,
    threads: usize,
    pick: &'a (dyn Fn(&str) -> Box<dyn FileProvider> + Sync),
    bar: ProgressBar,
    started: Instant,
    /// Bytes of the inputs done (files read whole, and datasets' consumed bytes).
    done_bytes: u64,
    shard: Option<crate::shard::Shard>,
}

pub fn run(args: ImportArgs) -> Result<Exit> {
    // Each log's bytes on pages already faulted in, not fresh ones (readcov_files::memory).
    readcov_files::memory::keep_freed_memory();
    let ws = args.workspace.as_deref().map(canonical_dir).transpose()?;
    let per_task = args.workspaces.as_deref().map(canonical_dir).transpose()?;
    // Each workspace file read once for the import and the rows' `base` alike.
    let workspaces = readcov_files::workspaces::Workspaces::new(ws, per_task);
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
    let files = readcov_files::logs::expand(&layout::expand(&args.files, args.layout));
    // Folders (OpenHands V1 conversations) weigh nothing: their size on disk is no input's.
    let lens: Vec<u64> = files.iter().map(|f| file_len(f)).collect();
    let parts = readcov_files::shard::plan(&lens, args.shard);
    let total: u64 = parts.iter().flatten().map(|p| p.end - p.start).sum();
    let mut ctx = Ctx {
        opts: ImportOptions {
            format: args.format.0,
            task: args.task.clone(),
            run: args.run.clone(),
            corpus,
            // Only --emit-patches writes the changes rebuilt by replay.
            no_replayed_changes: args.emit_patches.is_none(),
        },
        layout: args.layout,
        threads: readcov_core::par::threads_for(args.jobs, usize::MAX),
        pick: &pick,
        bar: progress_bar(total),
        started: Instant::now(),
        done_bytes: 0,
        shard: args.shard,
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
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    // Without -o the rows go to standard output: no other output may go there too.
    crate::output::check(&outputs, &inputs, args.output.is_none())?;
    let mut sink = Sink::open(args.output.as_deref(), args.emit_outcomes.as_deref(), &pick)?
        .with_patches(args.emit_patches.as_deref(), args.emit_from)?;
    let mut tally = Tally::default();
    // Each whole-log file with the parse of its one row (to be imported without parsing it
    // again) and its bytes (not to be read again), when the probe has them.
    let mut whole: Vec<(&PathBuf, Probed)> = Vec::new();
    for (file, part) in files.iter().zip(parts) {
        let Some(part) = part else { continue };
        // Only a regular file may be a dataset (a folder is an OpenHands V1 conversation).
        let dataset = match file.is_file() {
            true => rows::open_parsed(file, ctx.opts.format).and_then(|d| match d {
                Opened::Rows(f, rows) if args.shard.is_some() => {
                    Ok(Opened::Rows(f, Box::new(rows.part(part.clone())?)))
                }
                d => Ok(d),
            }),
            false => Ok(Opened::Whole {
                parsed: None,
                bytes: None,
            }),
        };
        match dataset {
            // A whole log is the shard's that holds its first byte.
            Ok(Opened::Whole { .. }) if !readcov_files::shard::owns_whole(&part) => {}
            Ok(Opened::Whole { parsed, bytes }) => {
                whole.push((file, (parsed, bytes)));
                if whole.len() >= (ctx.threads * FILE_BATCH_PER_THREAD).min(FILE_BATCH) {
                    import_whole(&mut ctx, &mut whole, &mut sink, &mut tally)?;
                }
            }
            Ok(Opened::Rows(format, rows)) => {
                import_whole(&mut ctx, &mut whole, &mut sink, &mut tally)?;
                stream(&mut ctx, file, format, *rows, &mut sink, &mut tally)?;
            }
            Err(e) => {
                import_whole(&mut ctx, &mut whole, &mut sink, &mut tally)?;
                ctx.bar
                    .suspend(|| crate::render::print_error(&e.to_string()));
                tally.refused_files += 1;
            }
        }
    }
    import_whole(&mut ctx, &mut whole, &mut sink, &mut tally)?;
    ctx.bar.finish_and_clear();
    // Nothing imported: an existing output file is left as it was.
    // Nothing written counts as a failure too (exit 2, said): a run of 0 rows is no result.
    // A shard's part may hold nothing, or only logs that give no rows: it writes empty outputs
    // and succeeds (the shards' outputs concatenate), unless all it touched was refused.
    let rows = tally.read_rows + tally.edit_rows;
    let all_failed = match args.shard {
        None => tally.imported_files == 0 || rows == 0,
        Some(_) => tally.imported_files == 0 && tally.refused_files > 0,
    };
    sink.finish(!all_failed)?;
    tally.print();
    if let Some(shard) = args.shard {
        let all: u64 = lens.iter().sum();
        say!("  shard {shard}: {total} of {all} input byte(s)");
    }
    if all_failed && tally.imported_files > 0 {
        let kept = match args.output.as_deref().filter(|o| !is_stdout(Some(o))) {
            Some(o) => format!("; {} left as it was", o.display()),
            None => String::new(),
        };
        say!(
            "error: no read or edit rows imported from {} file(s){kept}",
            files.len()
        );
    }
    Ok(if all_failed { Exit::Input } else { Exit::Ok })
}

fn file_len(p: &Path) -> u64 {
    std::fs::metadata(p).map(|m| m.len()).unwrap_or(0)
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

impl Ctx<'_> {
    fn advance(&mut self, bytes: u64, tally: &Tally) {
        self.bar.set_position(self.done_bytes + bytes);
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        let runs = tally.total.runs;
        self.bar
            .set_message(format!("{runs} run(s), {:.0} runs/s", runs as f64 / secs));
    }
}
