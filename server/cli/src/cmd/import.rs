//! `readcov import`: agent trajectories (every [`Format`]) to reads JSONL, with `kind: edit` rows
//! for edits, and a summary of what was not turned into reads. The IO edge also gathers what one
//! format spreads over several files: an OpenHands V1 conversation folder (`base_state.json` +
//! `events/`) becomes one stream, and a Claude Code transcript brings its subagents along.

use crate::exit::Exit;
use crate::inputs::{canonical_dir, task_dir};
use crate::output::write_output;
use anyhow::Result;
use clap::Args;
use readcov_core::{EventKind, ReadSpan};
use readcov_files::Workspace;
use readcov_import::{import_with, FileProvider, Format, ImportOptions, Imported, Summary};
use std::path::{Path, PathBuf};

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
    /// Trajectory files.
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
    /// Run id (default: the format name).
    #[arg(long)]
    pub run: Option<String>,
    /// Files imported at once, on this many threads (default: the available cores). The output
    /// is the same whatever the number.
    #[arg(
        long,
        short = 'j',
        value_name = "N",
        default_value_t = 0,
        hide_default_value = true
    )]
    pub jobs: usize,
    /// Output reads JSONL (default, or `-`: stdout).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: ImportArgs) -> Result<Exit> {
    let ws = args.workspace.as_deref().map(canonical_dir).transpose()?;
    let per_task = args.workspaces.as_deref().map(canonical_dir).transpose()?;
    let opts = ImportOptions {
        format: args.format.0,
        task: args.task.clone(),
        run: args.run.clone(),
    };
    let files = readcov_files::logs::expand(&args.files);
    let bar = indicatif::ProgressBar::new(files.len() as u64);
    if files.len() < 2 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    // Files are independent: import them on `--jobs` threads, then report and collect in
    // argument order, so the output is the same bytes as a serial run.
    let threads = readcov_core::par::threads_for(args.jobs, files.len());
    let results = readcov_core::par::map_ordered(&files, threads, |_, file| {
        let got = import_one(file, &opts, ws.as_deref(), per_task.as_deref());
        bar.inc(1);
        got
    });
    let mut total = Summary::default();
    let mut rows = Vec::new();
    let mut failed = 0;
    for (file, got) in files.iter().zip(results) {
        let name = file.display().to_string();
        let got = match got {
            Ok(g) => g,
            Err(e) => {
                bar.suspend(|| eprintln!("error: {e:#}"));
                failed += 1;
                continue;
            }
        };
        for e in &got.errors {
            bar.suspend(|| eprintln!("error: {e}"));
        }
        // A log that gave nothing but an error (not a trajectory, truncated JSON) is refused:
        // it is no run, and the summary says so instead of counting it as one.
        if !got.errors.is_empty() && got.summary.actions == 0 && got.rows.is_empty() {
            bar.suspend(|| eprintln!("  refused {name}: nothing imported from it"));
            total.malformed_records += got.summary.malformed_records;
            failed += 1;
            continue;
        }
        total.add(&got.summary);
        rows.extend(got.rows);
    }
    bar.finish_and_clear();
    let all_failed = failed == files.len();
    // Nothing imported: an existing output file is left as it was.
    if !all_failed {
        let pick = |task: &str| -> Box<dyn FileProvider> {
            match &per_task {
                Some(dir) => Box::new(Workspace(task_dir(dir, task))),
                None => Box::new(Workspace(ws.clone())),
            }
        };
        // Rows of a file the workspace has record its `base` (what they were checked against).
        write_output(
            args.output.as_deref(),
            readcov_files::base::reads_jsonl_with_base(&rows, &pick)?.as_bytes(),
        )?;
    }
    print_summary(&total, &rows, files.len() - failed, failed);
    Ok(if all_failed { Exit::Input } else { Exit::Ok })
}

/// One file read and imported (a file that cannot be read is an error of its own).
fn import_one(
    file: &Path,
    opts: &ImportOptions,
    ws: Option<&Path>,
    per_task: Option<&Path>,
) -> Result<Imported> {
    let bytes = readcov_files::logs::read(file)?;
    let pick = |task: &str| -> Box<dyn FileProvider> {
        match per_task {
            Some(dir) => Box::new(Workspace(task_dir(dir, task))),
            None => Box::new(Workspace(ws.map(Path::to_path_buf))),
        }
    };
    Ok(import_with(
        &bytes,
        &file.display().to_string(),
        opts,
        &pick,
    ))
}

/// The summary on stderr. Row counts come from the rows written (read + edit rows = rows
/// written); an edit event can give no edit row (a created file has no base lines) or several
/// (one per edited base-line range), so the replayed edit events are a separate figure.
fn print_summary(s: &Summary, rows: &[ReadSpan], imported: usize, refused: usize) {
    let edit_rows = rows.iter().filter(|r| r.kind == EventKind::Edit).count();
    let read_rows = rows.len() - edit_rows;
    let read_lines: u64 = rows
        .iter()
        .filter(|r| r.kind != EventKind::Edit)
        .map(|r| u64::from(r.end - r.start) + 1)
        .sum();
    let refused = if refused > 0 {
        format!(", {refused} refused")
    } else {
        String::new()
    };
    eprintln!(
        "imported {} run(s) from {imported} file(s){refused}, {} action(s): {read_rows} read row(s) over {read_lines} line(s) + {edit_rows} edit row(s) = {} row(s) written",
        s.runs, s.actions, rows.len()
    );
    if s.read_events > 0 || s.edit_events > 0 {
        eprintln!(
            "  events: {} read event(s), {} edit event(s) replayed (an edit gives one row per edited base-line range, none when its lines cannot be placed on the base: a created file, or no --workspace to replay on)",
            s.read_events, s.edit_events
        );
    }
    if s.malformed_records > 0 {
        eprintln!("  malformed records: {}", s.malformed_records);
    }
    if !s.skipped.is_empty() {
        eprintln!("  action(s) not turned into reads ({}):", s.skipped_total());
        for (reason, n) in &s.skipped {
            eprintln!("    {:<28} {n}", reason.label());
        }
    }
}
