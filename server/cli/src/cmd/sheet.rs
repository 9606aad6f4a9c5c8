//! `readcov sheet`: the multi-turn evaluation sheet — validity, evidence axes, strict success,
//! per-turn coverage, requirement ledger, read-before-edit, denominators and pass^k by condition.

pub mod aggregate_text;
pub mod table;

use crate::cmd::score::{parse_rate, SourceArg};
use crate::exit::Exit;
use crate::inputs::{
    load_gold, load_reads, read_input, report_errors, workspace_lengths, workspace_root, BaseFiles,
};
use anyhow::Result;
use clap::Args;
use readcov_core::sheet::{
    evaluate, parse_axes, parse_ledger, parse_run_file, parse_tasks, parse_units, Axis,
    LedgerEvent, NoUnits, RunRecord, SheetInput, SheetPartial,
};
use readcov_core::{Parsed, ReadSpan, DEFAULT_ID};
use readcov_files::syntax::sheet_units;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct SheetArgs {
    /// Run records JSONL: one planned trial per line (see docs/evaluation.md).
    #[arg(long, value_name = "FILE")]
    pub runs: PathBuf,
    /// Gold JSONL; spans may carry a `requirement` (`id` or `id@version`).
    #[arg(long, value_name = "FILE")]
    pub gold: Option<PathBuf>,
    /// Reads JSONL with turn-stamped reads and `"kind":"edit"` rows.
    #[arg(long, value_name = "FILE")]
    pub reads: Option<PathBuf>,
    /// Requirement ledger JSONL: activate / revoke / replace events per run.
    #[arg(long, value_name = "FILE")]
    pub ledger: Option<PathBuf>,
    /// Syntax units JSONL: {"path","start","end"} per unit (function, method, class…). An edit is
    /// judged on the smallest unit holding it; outside every unit, on ±10 lines. Without --units,
    /// units come from the --workspace files (tree-sitter), if given.
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
    /// regenerations counts as failed at the limit in the validator audit.
    #[arg(long, value_name = "N")]
    pub regeneration_limit: Option<u32>,
    /// Line coverage at or above this makes the exploration axis true.
    #[arg(long, default_value_t = readcov_core::metrics::DEFAULT_THRESHOLD, value_parser = parse_rate)]
    pub threshold: f64,
    /// Repository root: absolute paths are made relative to it; windows are clipped to file lengths.
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// Which read sources count (comma-separated: agent, human, manual, retriever).
    #[arg(long, value_delimiter = ',', default_value = "agent,human,retriever")]
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

fn load_optional<T>(
    path: Option<&Path>,
    parse: impl Fn(&[u8], &str) -> Parsed<T>,
) -> Result<Option<Parsed<T>>> {
    path.map(|p| Ok(parse(&read_input(p)?, &p.display().to_string())))
        .transpose()
}

pub fn run(args: SheetArgs) -> Result<Exit> {
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
    let run_file = parse_run_file(&read_input(&args.runs)?, &args.runs.display().to_string());
    let (mut runs, mut unreadable) = (run_file.parsed, run_file.unreadable);
    let mut gold = args
        .gold
        .as_deref()
        .map(|p| load_gold(p, ws.as_deref()))
        .transpose()?;
    let reads = args
        .reads
        .as_deref()
        .map(|p| {
            load_reads(
                p,
                ws.as_deref(),
                BaseFiles::of(args.workspace.as_deref(), None),
            )
        })
        .transpose()?;
    let ledger = load_optional(args.ledger.as_deref(), parse_ledger)?.unwrap_or_default();
    let tasks = load_optional(args.tasks.as_deref(), parse_tasks)?.unwrap_or_default();
    let ws_units = ws.clone();
    let units = load_optional(args.units.as_deref(), move |b, f| {
        parse_units(b, f, ws_units.as_deref())
    })?;

    let mut errors = units.as_ref().map_or(0, |u| report_errors(&u.errors));
    errors +=
        report_errors(&runs.errors) + report_errors(&ledger.errors) + report_errors(&tasks.errors);
    errors += gold.as_ref().map_or(0, |g| report_errors(&g.errors));
    errors += reads.as_ref().map_or(0, |r| report_errors(&r.errors));
    if runs.items.is_empty() {
        say!(
            "error: {}: no valid run records, nothing to grade",
            args.runs.display()
        );
        return Ok(Exit::Input);
    }
    warn_orphans(
        &runs.items,
        &ledger.items,
        reads.as_ref().map(|r| r.items.as_slice()),
    );
    // After the orphan check, which needs every run record to know what is an orphan.
    // A broken record that names its task goes with that task; one that names none, shard 0.
    if let Some(shard) = args.shard {
        runs.items.retain(|r| shard.keeps(&r.task));
        // The shard's gold only: the sheet lists the gold tasks no record names, its own.
        if let Some(g) = gold.as_mut() {
            g.items.retain(|g| shard.keeps(&g.task));
        }
        unreadable.retain(|u| match &u.task {
            Some(t) => shard.keeps(t),
            None => shard.keeps_taskless(),
        });
    }
    let mut required: BTreeMap<String, BTreeSet<Axis>> = BTreeMap::new();
    for t in &tasks.items {
        if required
            .insert(t.task.clone(), t.required.clone())
            .is_some()
        {
            say!(
                "warning: task `{}` is declared more than once; the last declaration wins",
                t.task
            );
        }
    }
    let paths = gold
        .iter()
        .flat_map(|g| g.items.iter().map(|s| s.path.as_str()));
    let paths = paths.chain(
        reads
            .iter()
            .flat_map(|r| r.items.iter().map(|s| s.path.as_str())),
    );
    let lengths = workspace_lengths(args.workspace.as_deref(), paths);
    let sources = args.sources.iter().map(|&s| s.into()).collect();
    // --units wins; else tree-sitter units of the edited files in --workspace; else windows only.
    let (unit_map, units_label) = sheet_units(
        units.as_ref().map(|u| u.items.as_slice()),
        args.workspace.as_deref(),
        reads.as_ref().map(|r| r.items.as_slice()),
    );
    let input = SheetInput {
        runs: &runs.items,
        unreadable: &unreadable,
        gold: gold.as_ref().map(|g| g.items.as_slice()),
        reads: reads.as_ref().map(|r| r.items.as_slice()),
        ledger: &ledger.items,
        required: &required,
        default_required: &default_required,
        threshold: args.threshold,
        sources: &sources,
        lengths: &lengths,
        // Until readcov-units is wired in, units come from --units; without them every edit is
        // judged on its ±10-line window.
        units: match &unit_map {
            Some(m) => m,
            None => &NoUnits,
        },
        ks: &args.k,
        regeneration_limit: args.regeneration_limit,
    };
    let sheet = evaluate(&input);
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
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(text.as_bytes());
    if errors > 0 {
        say!("{errors} input error(s) skipped; the valid records were graded (unreadable run records count as planned, never scorable)");
    }
    Ok(Exit::Ok)
}

/// Ledger events and reads for runs that have no run record are not graded; say so rather than
/// drop them silently (a typo in a run id would otherwise look like a run with no reads).
fn warn_orphans(runs: &[RunRecord], ledger: &[LedgerEvent], reads: Option<&[ReadSpan]>) {
    let pairs: BTreeSet<(&str, &str)> = runs
        .iter()
        .map(|r| (r.task.as_str(), r.run.as_str()))
        .collect();
    let ids: BTreeSet<&str> = runs.iter().map(|r| r.run.as_str()).collect();
    // Same matching as the sheet: a row without a task (or ledger task) fits the run in any task.
    let graded = |task: Option<&str>, run: &str| match task {
        None | Some(DEFAULT_ID) => ids.contains(run),
        Some(t) => pairs.contains(&(t, run)),
    };
    let mut orphans: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for e in ledger.iter().filter(|e| !graded(e.task.as_deref(), &e.run)) {
        orphans.entry(e.run.as_str()).or_default().0 += 1;
    }
    for r in reads
        .unwrap_or(&[])
        .iter()
        .filter(|r| !graded(Some(&r.task), &r.run))
    {
        orphans.entry(r.run.as_str()).or_default().1 += 1;
    }
    for (run, (events, rows)) in orphans {
        say!("warning: run `{run}` has no run record: {events} ledger event(s) and {rows} reads row(s) not graded");
    }
}

/// What `readcov report --runs` grades the sheet with (the report's own settings).
pub struct ReportSheetOptions<'a> {
    pub threshold: f64,
    pub sources: &'a [SourceArg],
    pub lengths: &'a dyn readcov_core::metrics::FileLengths,
    pub ks: &'a [u32],
}

/// The sheet of `runs` (with an optional ledger and task declarations) against already-loaded
/// gold and reads (`readcov_files::report::report_sheet`); returns it and the input errors reported.
pub fn report_sheet(
    runs: &Path,
    ledger: Option<&Path>,
    tasks: Option<&Path>,
    gold: &[readcov_core::GoldSpan],
    reads: &[ReadSpan],
    o: &ReportSheetOptions,
) -> Result<(readcov_core::sheet::Sheet, usize)> {
    let source = |p: &Path| readcov_files::input::Source::Path(p.to_path_buf());
    let (runs, ledger, tasks) = (source(runs), ledger.map(source), tasks.map(source));
    let sources = o.sources.iter().map(|&s| s.into()).collect();
    let req = readcov_files::report::ReportSheet {
        runs: &runs,
        ledger: ledger.as_ref(),
        tasks: tasks.as_ref(),
        threshold: o.threshold,
        sources: &sources,
        lengths: o.lengths,
        ks: o.ks,
    };
    let (sheet, errors) = readcov_files::report::report_sheet(&req, gold, reads)?;
    Ok((sheet, report_errors(&errors)))
}
