//! `score --at-k` renderings: json (points as `at_k`, each the `all` row of its k, and the rows),
//! jsonl (each k's rows, then its `all` row), csv (rows) and the table (points, measures, and
//! with `--detail` the rows).

use crate::cmd::score::output::Output;
use crate::render::{csv_field, ratio, ratio_at, Format, Table};
use anyhow::Result;
use readcov_files::at_k::Point;
use readcov_units::{AtKRow, Level};
use std::io::Write;

pub(super) fn render(
    out: &mut impl Write,
    output: &Output,
    points: &[Point],
    rows: &[AtKRow],
) -> Result<()> {
    match output.format {
        Format::Json => {
            let doc = serde_json::json!({
                "threshold": output.threshold,
                "widen": output.widen,
                "at_k": points,
                "rows": rows,
            });
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)?;
        }
        Format::Jsonl => {
            for p in points {
                for r in rows.iter().filter(|r| r.k == p.at.k) {
                    serde_json::to_writer(&mut *out, r)?;
                    writeln!(out)?;
                }
                // The `all` row of this k (trec_eval's name for the mean over queries).
                let mut all = serde_json::to_value(p)?;
                if let serde_json::Value::Object(m) = &mut all {
                    m.insert("task".into(), "all".into());
                    m.insert("run".into(), "all".into());
                }
                serde_json::to_writer(&mut *out, &all)?;
                writeln!(out)?;
            }
        }
        Format::Csv => csv(out, rows)?,
        Format::Table => table(out, output, points, rows)?,
    }
    Ok(())
}

const CSV: [&str; 19] = [
    "k",
    "task",
    "run",
    "status",
    "file_hit",
    "line_coverage",
    "passes_threshold",
    "chunks",
    "gold_lines",
    "read_lines",
    "covered_lines",
    "hit_files",
    "coverage_widened_by_lines",
    "extra_lines_by_lines",
    "coverage_widened_to_units",
    "extra_lines_units",
    "files_without_units",
    "chunk_precision",
    "chunk_iou",
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
            r.gold_lines.to_string(),
            r.read_lines.to_string(),
            r.covered_lines.to_string(),
            w.hit_files.to_string(),
            num(w.coverage_widened_by_lines),
            w.extra_lines_by_lines.to_string(),
            num(w.coverage_widened_to_units),
            w.extra_lines_units.to_string(),
            w.files_without_units.to_string(),
            num(r.chunk_precision),
            num(r.chunk_iou),
        ];
        writeln!(out, "{}", cells.join(","))?;
    }
    Ok(())
}

fn table(out: &mut impl Write, output: &Output, points: &[Point], rows: &[AtKRow]) -> Result<()> {
    let wall = readcov_core::words::threshold(output.threshold);
    let n = output.widen;
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
            "prec/chunk",
            "IoU/chunk",
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
            ratio(a.mean_chunk_precision),
            ratio(a.mean_chunk_iou),
        ]);
    }
    write!(out, "{}", t.render())?;
    write!(out, "\n{}", measures_table(points))?;
    if output.detail {
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
                ratio_at(r.line_coverage, Some(output.threshold)),
                ratio(w.coverage_widened_by_lines),
                w.extra_lines_by_lines.to_string(),
                ratio(w.coverage_widened_to_units),
                w.extra_lines_units.to_string(),
            ]);
        }
        write!(out, "\n{}", d.render())?;
    }
    if !output.no_legend {
        writeln!(
            out,
            "\nfile_hit@k, coverage@k: means over scored rows using only each task's chunks of rank ≤ k (ties all kept).\n\
             {wall_head}: rows at or above the threshold. cov_±{n} / cov_units: coverage had every top-k chunk in a\n\
             hit file been widened by ±{n} lines / to its enclosing units; +lines: mean lines that adds per row.\n\
             prec/chunk, IoU/chunk: per top-k chunk, |chunk ∩ gold| / |chunk| and |chunk ∩ T| / |chunk ∪ T| (T: the gold\n\
             spans it touches), averaged per row, then over rows. Measures (ir_measures names; means over rows with\n\
             relevant documents at that level): a file's or unit's rank is the best rank of its chunks; at line level\n\
             every line is a document (k counts lines)."
        )?;
    }
    Ok(())
}

/// The mean IR measures per k and level (`-` where no row has relevant documents at a level).
fn measures_table(points: &[Point]) -> String {
    let mut t = Table::new(
        &[
            "k",
            "level",
            "R@k",
            "P@k",
            "nDCG@k",
            "Success@k",
            "RR",
            "AP",
        ],
        &[],
    );
    for p in points {
        let k = p.at.k;
        for level in Level::ALL {
            let m = p.measures.get(level);
            let get = |name: String| ratio(m.and_then(|m| m.get(&name).copied()));
            t.row(vec![
                k.to_string(),
                level.label().to_string(),
                get(format!("R@{k}")),
                get(format!("P@{k}")),
                get(format!("nDCG@{k}")),
                get(format!("Success@{k}")),
                get("RR".into()),
                get("AP".into()),
            ]);
        }
    }
    t.render()
}
