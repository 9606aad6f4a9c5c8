//! `readcov score --at-k 1,3,5,10`: a retriever's ranked chunks scored with only each task's top
//! k, for every k. Load (gold, reads, and the runs `--outcomes` labels, as `score` loads them) →
//! one library call ([`readcov_files::at_k::score_at_k`]: per task the one scoring engine
//! behind a rank filter, then each k's point) → one of four renderings ([`render`]), or the run
//! as TREC at a level ([`trec`]). See docs/retrievers.md.

mod render;
mod trec;

use super::ScoreArgs;
use crate::exit::Exit;
use crate::inputs::{canonical_dir, load_gold, load_reads, report_errors, workspace_root};
use anyhow::Result;
use readcov_files::at_k::{any_ranked, score_at_k};
use readcov_files::scored::Sources;
use readcov_units::Level;
use std::io::Write;

/// `--trec-run LEVEL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LevelArg {
    File,
    Unit,
    Line,
}

impl From<LevelArg> for Level {
    fn from(l: LevelArg) -> Level {
        match l {
            LevelArg::File => Level::File,
            LevelArg::Unit => Level::Unit,
            LevelArg::Line => Level::Line,
        }
    }
}

/// `--at-k`: the ks, sorted, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ks(pub Vec<u32>);

impl Ks {
    pub fn parse(s: &str) -> Result<Ks, String> {
        readcov_core::retrieval::parse_ks(s).map(Ks)
    }
}

pub fn run(args: &ScoreArgs, ks: &[u32]) -> Result<Exit> {
    let ws = workspace_root(args.workspace.as_deref())?;
    // `task_dir` confines each task's folder to the canonical DIR.
    let per_task = args.workspaces.as_deref().map(canonical_dir).transpose()?;
    let gold = load_gold(args.gold_path(), ws.as_deref())?;
    // A chunks file (or a trajectory) as --reads is imported first, saying so.
    let reads = load_reads(&args.reads, ws.as_deref(), super::workspaces_of(args))?;
    report_errors(&gold.errors);
    report_errors(&reads.errors);
    // `--outcomes`: each labelled run of a gold task is a row at every k, retrieved or not.
    let (named, _) = super::load::named_runs(args, &gold.items)?;
    if !any_ranked(&reads.items) {
        say!(
            "warning: {}: no read has a `rank`, so every k scores the same reads (ranked chunks \
             come from `readcov import --format chunks`)",
            args.reads.display()
        );
    }
    let sources = Sources::of(args.workspace.as_deref(), per_task.as_deref());
    let opts = super::score_options(args.threshold, &args.sources, false);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if let Some(level) = args.trec_run {
        trec::write_run(
            &mut out,
            sources,
            &gold.items,
            &reads.items,
            &opts,
            level.into(),
        )?;
    } else {
        let (gold, reads) = (&gold.items, &reads.items);
        let scored = score_at_k(gold, reads, &named, sources, &opts, args.widen(), ks);
        let output = super::output::Output::of(args);
        render::render(&mut out, &output, &scored.points, &scored.rows)?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}
