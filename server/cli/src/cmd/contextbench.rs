//! `readcov contextbench`: ContextBench gold rows + agent predictions (the benchmark's unified
//! form, or readcov reads with turns as steps) → the benchmark's rows, reference-compatible,
//! with readcov's clean numbers beside them, then micro and macro summaries
//! (see docs/contextbench.md).

pub mod render;

use crate::exit::Exit;
use crate::inputs::{load_reads, report_errors, BaseFiles};
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use readcov_core::contextbench::{
    preds_from_reads, score_contextbench, CbOptions, PredRow, Workspaces,
};
use readcov_files::contextbench::{load_gold_rows, load_preds, DirWorkspaces};
use readcov_files::input::Source;
use readcov_units::blocks::TreeSitterBlocks;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ContextBenchArgs {
    /// ContextBench gold rows, JSONL or Parquet (as the data set is distributed): `gold_context`
    /// (a JSON string) or the legacy `init_ctx`/`add_ctx`/`gold_ctx` lists.
    #[arg(long, value_name = "FILE")]
    pub gold: PathBuf,
    /// Predictions in ContextBench's unified form (JSONL: instance_id, model_patch, traj_data).
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "reads",
        conflicts_with = "reads"
    )]
    pub preds: Option<PathBuf>,
    /// readcov reads JSONL as predictions: one per (task, run), one step per turn; an agent
    /// trajectory is imported on the fly, against its checkout under --workspaces.
    #[arg(long, value_name = "FILE")]
    pub reads: Option<PathBuf>,
    /// Checkouts at the base commit: DIR/<instance_id>/<path>. Needed for the span and symbol
    /// levels and for resolving predicted paths; a trajectory given as --reads is imported
    /// against them (its base files), as `score --workspaces` does.
    #[arg(long, value_name = "DIR")]
    pub workspaces: Option<PathBuf>,
    /// Skip the symbol (block) level: no tree-sitter parsing. Without --workspaces there is no
    /// symbol level anyway: then it changes nothing (accepted).
    #[arg(long)]
    pub no_blocks: bool,
    #[arg(long, value_enum, default_value_t = CbFormat::Table)]
    pub format: CbFormat,
    /// Instances scored at once, on this many threads (default: the available cores). The
    /// output is the same whatever the number.
    #[arg(
        long,
        short = 'j',
        value_name = "N",
        default_value_t = 0,
        hide_default_value = true
    )]
    pub jobs: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CbFormat {
    /// One row per prediction (the reference's keys, `clean` beside), then the two summaries.
    Jsonl,
    /// `{rows, summaries}` in one document.
    Json,
    /// The summaries side by side: compat micro/macro, clean micro/macro.
    Table,
}

pub fn run(args: ContextBenchArgs) -> Result<Exit> {
    let gold = load_gold_rows(&Source::Path(args.gold.clone()))?;
    let mut errors = report_errors(&gold.errors);
    if gold.items.is_empty() {
        say!(
            "error: {}: no valid gold rows, nothing to score",
            args.gold.display()
        );
        return Ok(Exit::Input);
    }
    let preds: Vec<PredRow> = match (&args.preds, &args.reads) {
        (Some(p), _) => {
            let parsed = load_preds(&Source::Path(p.clone()))?;
            errors += report_errors(&parsed.errors);
            parsed.items
        }
        (None, Some(r)) => {
            // A trajectory is imported on the fly against its checkout (`DIR/<task>/`), as
            // `score --workspaces` imports it: without its base files, edits cannot be placed
            // and reads after them map to the wrong lines.
            let parsed = load_reads(r, None, BaseFiles::of(None, args.workspaces.as_deref()))?;
            errors += report_errors(&parsed.errors);
            preds_from_reads(&parsed.items, &r.display().to_string())
        }
        (None, None) => bail!("give --preds FILE or --reads FILE"),
    };
    if preds.is_empty() {
        say!("error: no valid predictions, nothing to score");
        return Ok(Exit::Input);
    }
    let ws = args
        .workspaces
        .as_deref()
        .map(DirWorkspaces::new)
        .transpose()?;
    let blocks = TreeSitterBlocks;
    let opts = CbOptions {
        workspaces: ws.as_ref().map(|w| w as &dyn Workspaces),
        defs: (!args.no_blocks).then_some(&blocks as _),
        threads: args.jobs,
    };
    let report = score_contextbench(&gold.items, &preds, &opts);
    crate::output::print(&render::render(&report, args.format))?;
    let failed: Vec<String> = render::error_counts(&report)
        .into_iter()
        .map(|(k, n)| format!("{k}={n}"))
        .collect();
    if !failed.is_empty() {
        say!("error rows: {}", failed.join(" "));
    }
    // Checkout files given up (not read, or not parsed for blocks): each named, the rows scored
    // without them.
    let mut given_up = 0usize;
    for warning in report.given_up() {
        say!("{warning}");
        given_up += 1;
    }
    if given_up > 0 {
        say!("{given_up} checkout file(s) given up (named above); their rows scored without them");
    }
    if errors > 0 {
        say!(
            "{errors} input error(s) skipped; scored {} gold row(s) and {} prediction(s) that were valid",
            gold.items.len(),
            preds.len()
        );
    }
    Ok(Exit::Ok)
}
