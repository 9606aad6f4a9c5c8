//! `readcov score` without a workspace: reads parsed into a lean table (interned ids, 16 bytes a
//! read) and rows scored one at a time, jsonl and csv rows written as they come. Same output,
//! errors and exit code as the general path (tests/score_lean.rs runs both); a log with edits
//! hands back to the general path, which needs whole rows for read-before-edit.

use super::render::{render, write_csv_header, write_csv_row};
use super::{
    before_edit, exit_for, ignore_broken_pipe, named_runs, report_skipped,
    rows::write_row_without_edits, score_options, warn_no_reads, write_partial_of, Below,
    ScoreArgs,
};
use crate::exit::Exit;
use crate::inputs::{load_gold, load_reads_lean, nothing_read, report_errors};
use crate::render::Format;
use anyhow::Result;
use readcov_core::{score_lean_named, ScorePartial, TaskRunScore, UnknownLengths};
use std::io::Write;

/// The whole command on the lean path, or `None` when the reads have edits (nothing has been
/// printed then, and the reads were read only up to the first edit: the general path starts
/// over).
pub fn run(args: &ScoreArgs) -> Result<Option<Exit>> {
    let started = std::time::Instant::now();
    // Reads first: a file the lean table cannot take (a trajectory to import, another kind to
    // refuse) or a log with edits hands back before the gold is loaded (and noted) once here.
    let Some(mut reads) = load_reads_lean(&args.reads)? else {
        return Ok(None);
    };
    if reads.has_edits {
        return Ok(None);
    }
    let mut gold = load_gold(args.gold_path(), None)?;
    if reads.rows().is_empty() {
        return Err(nothing_read(&args.reads, &reads.errors));
    }
    let mut errors = report_errors(&gold.errors) + report_errors(&reads.errors);
    let (named, e) = named_runs(args)?;
    errors += e;
    if let Some(shard) = args.shard {
        gold.items.retain(|g| shard.keeps(&g.task));
        reads.retain_tasks(|t| shard.keeps(t));
    }
    if reads.rows().is_empty() {
        warn_no_reads(args);
    }
    let (gold_n, reads_n) = (gold.items.len(), reads.rows().len());
    let opts = score_options(args.threshold, &args.sources, args.breakdown());
    let parsed = started.elapsed();
    let no_edits = before_edit::ByRun::new();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let (mut partial, mut below, mut rows) = (ScorePartial::default(), Below::default(), 0usize);
    // jsonl and csv stream; json and the table print totals first or align columns, so they
    // keep the rows.
    let streaming = matches!(args.format, Format::Jsonl | Format::Csv);
    let mut kept: Vec<TaskRunScore> = Vec::new();
    let mut written: std::io::Result<()> = Ok(());
    if args.format == Format::Csv {
        written = write_csv_header(&mut out, false);
    }
    // Rows are rendered as they are scored: with --timings, the rendering is clocked apart so
    // the metric phase can be told from it.
    let mut rendering = std::time::Duration::ZERO;
    let clock = |on: bool| on.then(std::time::Instant::now);
    score_lean_named(
        &gold.items,
        &mut reads,
        &named,
        &UnknownLengths,
        &opts,
        |row| {
            partial.add(&row.score);
            below.note(args, &row);
            rows += 1;
            let t = clock(args.timings);
            if !streaming {
                kept.push(row.into_owned());
            } else if written.is_ok() {
                written = match args.format {
                    Format::Csv => write_csv_row(&mut out, &row, None, &no_edits),
                    _ => write_row_without_edits(&mut out, &row, opts.breakdown),
                };
            }
            rendering += t.map_or(std::time::Duration::ZERO, |t| t.elapsed());
        },
    );
    let total = partial.finish();
    write_partial_of(args, partial)?;
    let t = clock(args.timings);
    if !streaming && written.is_ok() {
        written = render(&mut out, &kept, None, &no_edits, &total, args);
    }
    ignore_broken_pipe(written.and_then(|()| out.flush()))?;
    drop(out);
    rendering += t.map_or(std::time::Duration::ZERO, |t| t.elapsed());
    if args.timings {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        say!(
            "timings: parse {:.1} ms, score {:.1} ms, render {:.1} ms ({rows} rows, lean path)",
            ms(parsed),
            ms(started.elapsed().saturating_sub(parsed + rendering)),
            ms(rendering),
        );
    }
    report_skipped(errors, gold_n, reads_n);
    below.report(args);
    // As on the general path: the process ends next, the exit returns the memory.
    std::mem::forget((gold, reads, kept));
    Ok(Some(exit_for(below.any())))
}
