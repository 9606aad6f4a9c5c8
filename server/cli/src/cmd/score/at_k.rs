//! `readcov score --at-k 1,3,5,10`: a retriever's ranked chunks scored with only each task's
//! top k (rows with `rank ≤ k`), for every k — file hit@k and coverage@k, the share of rows at
//! the threshold, and the widening what-if (±N lines, enclosing units) with its extra lines.
//! Load → per task [`readcov_units::at_k_rows`] (the one scoring engine behind a rank filter) →
//! one of four renderings. See docs/retrievers.md.

use super::ScoreArgs;
use crate::cmd::score_units::load_syntax;
use crate::exit::Exit;
use crate::inputs::{
    canonical_dir, lengths_of_inputs, load_gold, load_reads, report_errors, task_dir,
    workspace_root,
};
use crate::render::{csv_field, percent, ratio, Format, Table};
use anyhow::Result;
use readcov_core::retrieval::{summarize, AtK};
use readcov_core::{GoldSpan, ReadSpan};
use readcov_units::{at_k_rows, widening_totals, AtKRow, WideningTotals};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;

/// `--at-k`: the ks, sorted, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ks(pub Vec<u32>);

impl Ks {
    pub fn parse(s: &str) -> Result<Ks, String> {
        readcov_core::retrieval::parse_ks(s).map(Ks)
    }
}

/// One point of the curves and of the what-if.
#[derive(Serialize)]
pub struct Point {
    #[serde(flatten)]
    pub at: AtK,
    #[serde(flatten)]
    pub widened: WideningTotals,
}

pub fn run(args: &ScoreArgs, ks: &[u32]) -> Result<Exit> {
    let ws = workspace_root(args.workspace.as_deref())?;
    // `task_dir` confines each task's folder to the canonical DIR.
    let per_task = args.workspaces.as_deref().map(canonical_dir).transpose()?;
    let gold = load_gold(args.gold_path(), ws.as_deref())?;
    // A chunks file (or a trajectory) as --reads is imported first, saying so.
    let reads = match crate::convert::reads_of_trajectory(&args.reads, super::workspaces_of(args))?
    {
        Some(r) => r,
        None => load_reads(&args.reads, ws.as_deref())?,
    };
    report_errors(&gold.errors);
    report_errors(&reads.errors);
    if gold.items.is_empty() {
        return Ok(super::no_gold(args));
    }
    if reads.items.is_empty() && !reads.errors.is_empty() {
        return Ok(super::no_valid_reads(args));
    }
    if !reads.items.iter().any(|r| r.rank.is_some()) {
        eprintln!(
            "warning: {}: no read has a `rank`, so every k scores the same reads (ranked chunks \
             come from `readcov import --format chunks`)",
            args.reads.display()
        );
    }
    let opts = super::score_options(args.threshold, &args.sources, false);
    let mut rows: Vec<AtKRow> = Vec::new();
    for (task, (g, r)) in by_task(&gold.items, &reads.items) {
        let dir: Option<PathBuf> = match (&args.workspace, &per_task) {
            (Some(d), _) => Some(d.clone()),
            (None, Some(dir)) => task_dir(dir, task),
            (None, None) => None,
        };
        let lengths = lengths_of_inputs(dir.as_deref(), &g, &r);
        let syntax = dir
            .as_deref()
            .map(|d| load_syntax(Some(d), &g))
            .unwrap_or_default();
        for &k in ks {
            rows.extend(at_k_rows(&g, &r, &lengths, &opts, &syntax, args.widen, k));
        }
    }
    // Rows by k, then task and run (as one batch gives them).
    rows.sort_by(|a, b| (a.k, &a.task, &a.run).cmp(&(b.k, &b.task, &b.run)));
    let points: Vec<Point> = ks
        .iter()
        .map(|&k| points_at(k, &rows, args.threshold))
        .collect();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render(&mut out, args, &points, &rows)?;
    out.flush()?;
    Ok(Exit::Ok)
}

/// The curves' point at `k`: line metrics from the engine's rows, the what-if from theirs.
pub fn points_at(k: u32, rows: &[AtKRow], threshold: f64) -> Point {
    let at_k: Vec<&AtKRow> = rows.iter().filter(|r| r.k == k).collect();
    let scores: Vec<readcov_core::TaskRunScore> = at_k.iter().map(|r| as_score(r)).collect();
    Point {
        at: summarize(k, &scores),
        widened: widening_totals(at_k.iter().map(|r| &r.widening), threshold),
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
fn by_task<'a>(
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

fn render(out: &mut impl Write, args: &ScoreArgs, points: &[Point], rows: &[AtKRow]) -> Result<()> {
    match args.format {
        Format::Json => {
            let doc = serde_json::json!({
                "threshold": args.threshold,
                "widen": args.widen,
                "at_k": points,
                "rows": rows,
            });
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)?;
        }
        Format::Jsonl => {
            for r in rows {
                serde_json::to_writer(&mut *out, r)?;
                writeln!(out)?;
            }
        }
        Format::Csv => csv(out, rows)?,
        Format::Table => table(out, args, points, rows)?,
    }
    Ok(())
}

const CSV: [&str; 14] = [
    "k",
    "task",
    "run",
    "status",
    "file_hit",
    "line_coverage",
    "passes_threshold",
    "chunks",
    "hit_files",
    "coverage_widened_by_lines",
    "extra_lines_by_lines",
    "coverage_widened_to_units",
    "extra_lines_units",
    "files_without_units",
];

fn csv(out: &mut impl Write, rows: &[AtKRow]) -> Result<()> {
    writeln!(out, "{}", CSV.join(","))?;
    let num = |v: Option<f64>| v.map_or(String::new(), |x| x.to_string());
    for r in rows {
        let w = &r.widening;
        let status = serde_json::to_value(r.status)?;
        let cells = [
            r.k.to_string(),
            csv_field(&r.task),
            csv_field(&r.run),
            status.as_str().unwrap_or_default().to_string(),
            num(r.file_hit),
            num(r.line_coverage),
            r.passes_threshold.map_or(String::new(), |b| b.to_string()),
            r.chunks.to_string(),
            w.hit_files.to_string(),
            num(w.coverage_widened_by_lines),
            w.extra_lines_by_lines.to_string(),
            num(w.coverage_widened_to_units),
            w.extra_lines_units.to_string(),
            w.files_without_units.to_string(),
        ];
        writeln!(out, "{}", cells.join(","))?;
    }
    Ok(())
}

fn table(out: &mut impl Write, args: &ScoreArgs, points: &[Point], rows: &[AtKRow]) -> Result<()> {
    let wall = percent(Some(args.threshold));
    let n = args.widen;
    let lines = format!("cov_±{n}");
    let lines_pass = format!("≥{wall} ±{n}");
    let lines_cost = format!("+lines_±{n}");
    let wall_head = format!("≥{wall}");
    let units_pass = format!("≥{wall} units");
    let mut t = Table::new(
        &[
            "k",
            "rows",
            "file_hit@k",
            "coverage@k",
            &wall_head,
            &lines,
            &lines_pass,
            &lines_cost,
            "cov_units",
            &units_pass,
            "+lines_units",
        ],
        &[],
    );
    let share = |n: usize, of: usize| format!("{n}/{of}");
    let mean_lines = |v: Option<f64>| v.map_or("-".to_string(), |x| format!("{x:.0}"));
    for p in points {
        let (a, w) = (&p.at, &p.widened);
        t.row(vec![
            a.k.to_string(),
            a.rows.to_string(),
            ratio(a.mean_file_hit),
            ratio(a.mean_line_coverage),
            share(a.passing, a.scored),
            ratio(w.mean_coverage_widened_by_lines),
            share(w.passing_widened_by_lines, a.scored),
            mean_lines(w.mean_extra_lines_by_lines),
            ratio(w.mean_coverage_widened_to_units),
            share(w.passing_widened_to_units, a.scored),
            mean_lines(w.mean_extra_lines_units),
        ]);
    }
    write!(out, "{}", t.render())?;
    if args.detail {
        let mut d = Table::new(
            &[
                "k",
                "task",
                "run",
                "chunks",
                "file_hit",
                "coverage",
                &lines,
                &lines_cost,
                "cov_units",
                "+lines_units",
            ],
            &[1, 2],
        );
        for r in rows {
            let w = &r.widening;
            d.row(vec![
                r.k.to_string(),
                r.task.clone(),
                r.run.clone(),
                r.chunks.to_string(),
                ratio(r.file_hit),
                ratio(r.line_coverage),
                ratio(w.coverage_widened_by_lines),
                w.extra_lines_by_lines.to_string(),
                ratio(w.coverage_widened_to_units),
                w.extra_lines_units.to_string(),
            ]);
        }
        write!(out, "\n{}", d.render())?;
    }
    if !args.no_legend {
        writeln!(
            out,
            "\nfile_hit@k, coverage@k: means over scored rows using only each task's chunks of rank ≤ k (ties all kept).\n\
             {wall_head}: rows at or above the threshold. cov_±{n} / cov_units: coverage had every top-k chunk in a\n\
             hit file been widened by ±{n} lines / to its enclosing units; +lines: mean lines that adds per row."
        )?;
    }
    Ok(())
}
