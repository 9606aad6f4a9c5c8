//! `readcov score --at-k 1,3,5,10`: a retriever's ranked chunks scored with only each task's
//! top k (rows with `rank ≤ k`), for every k — file hit@k and coverage@k, the share of rows at
//! the threshold, the widening what-if (±N lines, enclosing units) with its extra lines, the
//! chunks' line precision and IoU, and the IR measures (`R@k`, `P@k`, `nDCG@k`, `Success@k`,
//! `RR`, `AP`) at file, unit and line level. Load → per task [`readcov_units::at_k_rows`] (the
//! one scoring engine behind a rank filter) → one of four renderings ([`render`]), or the run
//! as TREC at a level ([`trec`]). See docs/retrievers.md.

mod render;
mod trec;

use super::ScoreArgs;
use crate::cmd::score_units::load_syntax;
use crate::exit::Exit;
use crate::inputs::{
    canonical_dir, lengths_of_inputs, load_gold, load_reads, report_errors, task_dir,
    workspace_root,
};
use anyhow::Result;
use readcov_core::retrieval::{summarize, AtK};
use readcov_core::{GoldSpan, ReadSpan};
use readcov_units::retrieval::levels::mean_level_measures;
use readcov_units::{at_k_rows, widening_totals, AtKRow, Level, LevelMeasures, WideningTotals};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;

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

/// One point of the curves and of the what-if: the `all` row of one k.
#[derive(Serialize)]
pub struct Point {
    #[serde(flatten)]
    pub at: AtK,
    #[serde(flatten)]
    pub widened: WideningTotals,
    /// Means over the rows that have them.
    pub measures: LevelMeasures,
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
    if !reads.items.iter().any(|r| r.rank.is_some()) {
        say!(
            "warning: {}: no read has a `rank`, so every k scores the same reads (ranked chunks \
             come from `readcov import --format chunks`)",
            args.reads.display()
        );
    }
    let opts = super::score_options(args.threshold, &args.sources, false);
    if let Some(level) = args.trec_run {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        trec::write_run(
            &mut out,
            args,
            &gold.items,
            &reads.items,
            &opts,
            level.into(),
        )?;
        out.flush()?;
        return Ok(Exit::Ok);
    }
    let mut rows: Vec<AtKRow> = Vec::new();
    for (task, (g, r)) in by_task(&gold.items, &reads.items) {
        let (lengths, syntax) = task_inputs(args, per_task.as_deref(), task, &g, &r);
        rows.extend(at_k_rows(&g, &r, &lengths, &opts, &syntax, args.widen, ks));
    }
    // Rows by k, then task and run (as one batch gives them).
    rows.sort_by(|a, b| (a.k, &a.task, &a.run).cmp(&(b.k, &b.task, &b.run)));
    let points: Vec<Point> = ks
        .iter()
        .map(|&k| points_at(k, &rows, args.threshold))
        .collect();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render::render(&mut out, args, &points, &rows)?;
    out.flush()?;
    Ok(Exit::Ok)
}

/// One task's file lengths and syntax (gold files and the chunks' files: unit measures judge
/// every retrieved unit) from its workspace, if it has one.
fn task_inputs(
    args: &ScoreArgs,
    per_task: Option<&std::path::Path>,
    task: &str,
    g: &[GoldSpan],
    r: &[ReadSpan],
) -> (
    BTreeMap<String, u32>,
    BTreeMap<String, readcov_units::FileSyntax>,
) {
    let dir: Option<PathBuf> = match (&args.workspace, per_task) {
        (Some(d), _) => Some(d.clone()),
        (None, Some(dir)) => task_dir(dir, task),
        (None, None) => None,
    };
    let lengths = lengths_of_inputs(dir.as_deref(), g, r);
    let syntax = dir
        .as_deref()
        .map(|d| {
            let mut files: Vec<GoldSpan> = g.to_vec();
            let paths: BTreeSet<&str> = r.iter().map(|x| x.path.as_str()).collect();
            files.extend(paths.into_iter().map(|p| GoldSpan {
                task: task.to_string(),
                ..GoldSpan::simple(p, 1, 1)
            }));
            load_syntax(Some(d), &files)
        })
        .unwrap_or_default();
    (lengths, syntax)
}

/// The curves' point at `k`: line metrics from the engine's rows, the what-if from theirs.
pub fn points_at(k: u32, rows: &[AtKRow], threshold: f64) -> Point {
    let at_k: Vec<&AtKRow> = rows.iter().filter(|r| r.k == k).collect();
    let scores: Vec<readcov_core::TaskRunScore> = at_k.iter().map(|r| as_score(r)).collect();
    let scored: Vec<&&AtKRow> = at_k.iter().filter(|r| r.line_coverage.is_some()).collect();
    let mean = |f: fn(&AtKRow) -> Option<f64>| {
        let v: Vec<f64> = scored.iter().filter_map(|r| f(r)).collect();
        (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
    };
    let mut at = summarize(k, &scores);
    at.mean_chunk_precision = mean(|r| r.chunk_precision);
    at.mean_chunk_iou = mean(|r| r.chunk_iou);
    Point {
        at,
        widened: widening_totals(at_k.iter().map(|r| &r.widening), threshold),
        measures: mean_level_measures(at_k.iter().map(|r| &r.measures)),
    }
}

/// The summary figures of a row back as a score row, for the engine's own totals.
fn as_score(r: &AtKRow) -> readcov_core::TaskRunScore {
    readcov_core::TaskRunScore {
        task: r.task.clone(),
        run: r.run.clone(),
        score: readcov_core::RunScore {
            status: r.status,
            file_hit: r.file_hit,
            line_coverage: r.line_coverage,
            precision: None,
            f1: None,
            gold_files: 0,
            files_hit: 0,
            gold_lines: r.gold_lines,
            read_lines: r.read_lines,
            covered_lines: r.covered_lines,
            passes_threshold: r.passes_threshold,
            files: Vec::new(),
            spans: Vec::new(),
        },
    }
}

/// Gold and reads per task, every task of either.
pub(super) fn by_task<'a>(
    gold: &'a [GoldSpan],
    reads: &'a [ReadSpan],
) -> BTreeMap<&'a str, (Vec<GoldSpan>, Vec<ReadSpan>)> {
    let tasks: BTreeSet<&str> = gold
        .iter()
        .map(|g| g.task.as_str())
        .chain(reads.iter().map(|r| r.task.as_str()))
        .collect();
    let mut out: BTreeMap<&str, (Vec<GoldSpan>, Vec<ReadSpan>)> =
        tasks.into_iter().map(|t| (t, Default::default())).collect();
    for g in gold {
        out.get_mut(g.task.as_str())
            .expect("listed")
            .0
            .push(g.clone());
    }
    for r in reads {
        out.get_mut(r.task.as_str())
            .expect("listed")
            .1
            .push(r.clone());
    }
    out
}
