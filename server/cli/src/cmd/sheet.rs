//! `readcov sheet`: the multi-turn evaluation sheet — validity, evidence axes, strict success,
//! per-turn coverage, requirement ledger, read-before-edit, denominators and pass^k by condition.
//! Arguments checked, then one library call (`readcov_files::sheet::grade`, Python's too) that
//! loads and grades, its notes, located errors and warnings printed as they come, then the
//! partial and the table or JSON.

pub mod aggregate_text;
pub mod table;

use crate::cmd::score::{parse_rate, SourceArg};
use crate::exit::Exit;
use crate::inputs::workspace_root;
use anyhow::Result;
use clap::Args;
use readcov_core::sheet::{parse_axes, SheetPartial};
use readcov_files::input::Source;
use readcov_files::report::ReportError;
use readcov_files::sheet::{grade, Graded, SheetSettings, SheetSources};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct SheetArgs {
    /// Run records JSONL: one planned trial per line (see docs/evaluation.md).
    #[arg(long, value_name = "FILE")]
    pub runs: PathBuf,
    /// Gold JSONL; spans may carry a `requirement` (`id` or `id@version`). A unified diff or
    /// SWE-bench rows are turned into gold on the fly, as in `score`.
    #[arg(long, value_name = "FILE")]
    pub gold: Option<PathBuf>,
    /// Reads JSONL with turn-stamped reads and `"kind":"edit"` rows, or an agent trajectory,
    /// imported on the fly as `readcov import` does.
    #[arg(long, value_name = "FILE")]
    pub reads: Option<PathBuf>,
    /// Requirement ledger JSONL: activate / revoke / replace events per run.
    #[arg(long, value_name = "FILE")]
    pub ledger: Option<PathBuf>,
    /// Syntax units JSONL: {"path","start","end"} per unit (function, method, class…). An edit is
    /// judged on the smallest unit holding it; outside every unit, on ±10 lines. Without --units,
    /// units come from the --workspace files (tree-sitter), if given. The edits are the --reads
    /// file's: without it the file is only checked (its lines, its kind).
    #[arg(long, value_name = "FILE")]
    pub units: Option<PathBuf>,
    /// Tasks JSONL: {"task","required":[axes]} — the axes each task requires, declared up front.
    #[arg(long, value_name = "FILE")]
    pub tasks: Option<PathBuf>,
    /// Required axes for tasks not in --tasks (comma-separated: target, regression_free, output,
    /// state, process, requirement_tracking, exploration).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "target,regression_free,output,process,requirement_tracking"
    )]
    pub require: Vec<String>,
    /// The k values for pass^k and pass@k (comma-separated, each ≥ 1).
    #[arg(long, value_delimiter = ',', default_value = "1", value_parser = clap::value_parser!(u32).range(1..))]
    pub k: Vec<u32>,
    /// The scenario validator's regeneration limit: a run still rejected after this many
    /// regenerations counts as failed at the limit in the validator audit. Refused when no run
    /// record has `regeneration_count` (with --shard: a warning).
    #[arg(long, value_name = "N")]
    pub regeneration_limit: Option<u32>,
    /// Line coverage at or above this makes the exploration axis true [default: 0.5]. With --gold
    /// and --reads (refused without them: there is no coverage to judge).
    // An `Option` so a `--threshold` given is told from the default (it was silently ignored).
    #[arg(long = "threshold", value_parser = parse_rate)]
    pub threshold_given: Option<f64>,
    /// Repository root: absolute paths are made relative to it; windows are clipped to file
    /// lengths. With --gold, --reads or --units (refused without them: no path to confine).
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// Which read sources count (comma-separated: agent, human, manual, retriever). With --reads
    /// (refused without it: there is no read to filter).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "agent,human,retriever",
        requires = "reads"
    )]
    pub sources: Vec<SourceArg>,
    #[arg(long, value_enum, default_value_t = SheetFormat::Table)]
    pub format: SheetFormat,
    /// Grade only shard I of N (0-based): the run records whose task hashes to I mod N.
    /// An unreadable run record goes with the task it names; one naming no task, shard 0.
    #[arg(long, value_name = "I/N", value_parser = crate::shard::Shard::parse)]
    pub shard: Option<crate::shard::Shard>,
    /// Also write a mergeable aggregate (denominators, per-task (n, c) per condition) to FILE,
    /// for `readcov merge`.
    #[arg(long, value_name = "FILE")]
    pub emit_partial: Option<PathBuf>,
}

/// The JSON document, fields in this order.
#[derive(serde::Serialize)]
struct JsonDoc<'a> {
    input_errors: usize,
    /// Where edit units came from: `file` (--units), `workspace` (tree-sitter on --workspace files)
    /// or `window` (none: ±10 lines). Edits outside every known unit always use the window.
    units: &'static str,
    #[serde(flatten)]
    sheet: &'a readcov_core::sheet::Sheet,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SheetFormat {
    Table,
    Json,
}

pub fn run(args: SheetArgs) -> Result<Exit> {
    // Given where they change nothing (before session 30, taken silently): the sheet's JSON
    // echoed the threshold, and nothing else differed.
    let (gold, reads) = (args.gold.is_some(), args.reads.is_some());
    crate::args::refuse_idle(&[
        (
            "--threshold",
            args.threshold_given.is_some(),
            "--gold and --reads",
            gold && reads,
        ),
        (
            "--workspace",
            args.workspace.is_some(),
            "--gold, --reads or --units",
            gold || reads || args.units.is_some(),
        ),
    ])?;
    let inputs = [
        Some(args.runs.as_path()),
        args.gold.as_deref(),
        args.reads.as_deref(),
        args.ledger.as_deref(),
        args.units.as_deref(),
        args.tasks.as_deref(),
    ];
    crate::shard::check_partial_path(args.emit_partial.as_deref(), &inputs)?;
    let default_required = match parse_axes(&args.require) {
        Ok(a) => a,
        Err(e) => {
            say!("error: --require: {e}");
            return Ok(Exit::Input);
        }
    };
    let ws = workspace_root(args.workspace.as_deref())?;
    // One library call loads and grades; what loading says is printed as it comes.
    let path = |p: &PathBuf| Source::Path(p.clone());
    let runs = path(&args.runs);
    let [gold, reads, ledger, tasks, units] = [
        &args.gold,
        &args.reads,
        &args.ledger,
        &args.tasks,
        &args.units,
    ]
    .map(|p| p.as_ref().map(path));
    let sources = args.sources.iter().map(|&s| s.into()).collect();
    let graded = grade(
        &SheetSources {
            runs: &runs,
            gold: gold.as_ref(),
            reads: reads.as_ref(),
            ledger: ledger.as_ref(),
            tasks: tasks.as_ref(),
            units: units.as_ref(),
        },
        &SheetSettings {
            root: ws.as_deref(),
            workspace: args.workspace.as_deref(),
            default_required: &default_required,
            ks: &args.k,
            regeneration_limit: args.regeneration_limit,
            threshold: (args.threshold_given).unwrap_or(readcov_core::metrics::DEFAULT_THRESHOLD),
            sources: &sources,
            shard: args.shard,
            require_records: true,
        },
        &mut super::report::say_loaded,
    );
    let Graded {
        sheet,
        units: units_label,
        errors,
    } = match graded {
        Err(e @ ReportError::NoRecords(_)) => {
            say!("error: {e}");
            return Ok(Exit::Input);
        }
        g => g?,
    };
    if readcov_files::sheet::regeneration_limit_idle(&sheet) {
        let why = format!(
            "--regeneration-limit goes with run records that have `regeneration_count` only: no \
             record of {} has one, so it counts nothing",
            args.runs.display()
        );
        match args.shard {
            None => anyhow::bail!(why),
            Some(_) => say!("warning: {why} in this shard"),
        }
    }
    if let Some(path) = &args.emit_partial {
        let partial = readcov_core::Partial::Sheet {
            sheet: SheetPartial::of(&sheet, &args.k),
        };
        crate::shard::write_partial(path, args.shard, partial)?;
    }
    let text = match args.format {
        SheetFormat::Json => {
            let doc = JsonDoc {
                input_errors: errors,
                units: units_label,
                sheet: &sheet,
            };
            serde_json::to_string_pretty(&doc)? + "\n"
        }
        SheetFormat::Table => table::render(&sheet) + &table::no_run(&sheet.no_run_tasks),
    };
    crate::output::print(&text)?;
    if errors > 0 {
        say!("{errors} input error(s) skipped; the valid records were graded (unreadable run records count as planned, never scorable)");
    }
    Ok(Exit::Ok)
}
