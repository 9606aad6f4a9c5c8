//! The widening what-if for retrievers: for one (task, run) at one k, line coverage if every
//! retrieved chunk in a *hit file* (a gold file with at least one of the top-k chunks) had been
//! widened by ±N lines, or to its enclosing units, and the lines each widening adds — "filter
//! less, read more" in numbers. Chunks in files with no gold are left as they are (widening them
//! cannot add coverage; a retriever cannot tell them apart at query time, so their cost is a
//! lower bound of a blanket widening).
//!
//! A chunk widened to units: the chunk plus the innermost unit of its first line and of its last
//! line (a fixed-size chunk that ends in one function and starts in another grows to cover both,
//! and everything between). A line in no unit adds nothing. Pure: syntax arrives as values.

use crate::coverage::FileSyntax;
use crate::innermost;
use levels::{level_measures, rankings, LevelMeasures, Rankings};
use readcov_core::metrics::ratio;
use readcov_core::retrieval::fit::{chunk_fits, mean_fit, ChunkFit};
use readcov_core::{collect_lines, FileLengths, GoldSpan, LineSet, ReadSpan, Tier};
use serde::Serialize;
use std::collections::BTreeMap;
use unit_docs::file_units;

pub mod levels;
pub mod unit_docs;

/// The what-if for one row.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Widening {
    /// Gold files with at least one chunk.
    pub hit_files: usize,
    pub coverage_widened_by_lines: Option<f64>,
    /// Lines the ±N widening adds, in hit files.
    pub extra_lines_by_lines: u64,
    pub coverage_widened_to_units: Option<f64>,
    /// Lines the widening to units adds, in hit files.
    pub extra_lines_units: u64,
    /// Hit files with no units (unsupported language, source not in the workspace): widened by
    /// nothing for the unit what-if.
    pub files_without_units: usize,
}

/// The what-if for one (task, run): `gold` the task's spans (core tier counted), `chunks` the
/// run's chunks already cut to the top k. `syntax` should cover the gold files.
pub fn widen_chunks(
    gold: &[&GoldSpan],
    chunks: &[&ReadSpan],
    syntax: &BTreeMap<String, FileSyntax>,
    lengths: &dyn FileLengths,
    widen: u32,
) -> Widening {
    let gold = collect_lines(
        gold.iter()
            .filter(|g| g.tier == Tier::Core)
            .map(|g| (g.path.as_str(), g.start, g.end)),
        lengths,
    );
    let mut by_file: BTreeMap<&str, Vec<&ReadSpan>> = BTreeMap::new();
    for c in chunks {
        by_file.entry(c.path.as_str()).or_default().push(c);
    }
    let gold_total: u64 = gold.values().map(LineSet::len).sum();
    let mut w = Widening::default();
    let (mut cov_lines, mut cov_units) = (0u64, 0u64);
    for (path, g) in gold.iter().filter(|(_, g)| !g.is_empty()) {
        let Some(cs) = by_file.get(path.as_str()) else {
            continue;
        };
        let clip = |s: LineSet| match lengths.lines_in(path) {
            Some(len) => s.clip(len),
            None => s,
        };
        let read = clip(
            collect_lines(cs.iter().map(|c| (path.as_str(), c.start, c.end)), lengths)
                .remove(path.as_str())
                .unwrap_or_default(),
        );
        // Chunks wholly past the end of the file hold none of its lines: no hit (the engine's
        // file hit says the same), so nothing of it is widened.
        if read.is_empty() {
            continue;
        }
        w.hit_files += 1;
        let by_lines = clip(read.widen(widen)).union(&read);
        cov_lines += g.intersection_len(&by_lines);
        w.extra_lines_by_lines += by_lines.len() - read.len();
        let to_units = match syntax.get(path.as_str()) {
            Some(FileSyntax::Units { units, .. }) => {
                let mut s = read.clone();
                for c in cs {
                    for line in [c.start, c.end] {
                        if let Some(u) = innermost(units, line) {
                            s.insert(u.start, u.end);
                        }
                    }
                    // Everything between the two units: the chunk already spans it.
                    let (a, b) = (
                        innermost(units, c.start).map_or(c.start, |u| u.start),
                        innermost(units, c.end).map_or(c.end, |u| u.end),
                    );
                    s.insert(a.min(c.start), b.max(c.end));
                }
                clip(s).union(&read)
            }
            _ => {
                w.files_without_units += 1;
                read.clone()
            }
        };
        cov_units += g.intersection_len(&to_units);
        w.extra_lines_units += to_units.len() - read.len();
    }
    w.coverage_widened_by_lines = ratio(cov_lines, gold_total);
    w.coverage_widened_to_units = ratio(cov_units, gold_total);
    w
}

/// Means of the what-if over the scored rows of one k, and the share of rows each widening
/// brings to the threshold.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct WideningTotals {
    pub mean_coverage_widened_by_lines: Option<f64>,
    pub passing_widened_by_lines: usize,
    pub mean_extra_lines_by_lines: Option<f64>,
    pub mean_coverage_widened_to_units: Option<f64>,
    pub passing_widened_to_units: usize,
    pub mean_extra_lines_units: Option<f64>,
}

/// Totals of the scored rows' what-ifs (a row is scored when its coverage is `Some`).
pub fn widening_totals<'a>(
    rows: impl IntoIterator<Item = &'a Widening>,
    threshold: f64,
) -> WideningTotals {
    let mut t = WideningTotals::default();
    let (mut n, mut lines, mut units, mut extra_l, mut extra_u) = (0u64, 0.0, 0.0, 0u64, 0u64);
    for w in rows {
        let (Some(l), Some(u)) = (w.coverage_widened_by_lines, w.coverage_widened_to_units) else {
            continue;
        };
        n += 1;
        lines += l;
        units += u;
        extra_l += w.extra_lines_by_lines;
        extra_u += w.extra_lines_units;
        t.passing_widened_by_lines += usize::from(l >= threshold);
        t.passing_widened_to_units += usize::from(u >= threshold);
    }
    let mean = |x: f64| (n > 0).then(|| x / n as f64);
    t.mean_coverage_widened_by_lines = mean(lines);
    t.mean_coverage_widened_to_units = mean(units);
    t.mean_extra_lines_by_lines = mean(extra_l as f64);
    t.mean_extra_lines_units = mean(extra_u as f64);
    t
}

/// One (task, run) at one k: the line metrics of its top-k chunks, the what-if, the chunks' fit
/// to the gold they touch, and the IR measures at k at file, unit and line level.
#[derive(Clone, Debug, Serialize)]
pub struct AtKRow {
    pub k: u32,
    pub task: String,
    pub run: String,
    pub status: readcov_core::metrics::Status,
    pub file_hit: Option<f64>,
    pub line_coverage: Option<f64>,
    pub passes_threshold: Option<bool>,
    /// Chunks in the top k (ties included).
    pub chunks: usize,
    pub gold_lines: u64,
    pub read_lines: u64,
    pub covered_lines: u64,
    #[serde(flatten)]
    pub widening: Widening,
    /// Mean line precision of the top-k chunks (`None` without chunks).
    pub chunk_precision: Option<f64>,
    /// Mean IoU of the top-k chunks with the gold each touches.
    pub chunk_iou: Option<f64>,
    /// `R@k`, `P@k`, `nDCG@k`, `Success@k`, `RR`, `AP` of the whole ranking, per level.
    pub measures: LevelMeasures,
    /// Each top-k chunk's fit.
    pub chunk_fit: Vec<ChunkFit>,
}

/// Every (task, run) of `gold` and `reads`, and every run `named` names (labels, run records:
/// [`readcov_core::named`]) of a gold task, at each k of `ks` (rows by k, then as the engine
/// gives them): rows from the one scoring engine ([`readcov_core::retrieval::score_at_k`]), each
/// with its what-if, chunk fit and measures. A named run that read nothing is a row with nothing
/// retrieved: coverage and file hit 0, what-if coverages 0, no chunk fit, IR measures 0 where
/// a level has relevant documents. Without `syntax` the unit what-if has no units to widen to
/// (it equals line coverage, and `files_without_units` says so) and unit measures are `None`;
/// `syntax` should cover the gold files and the chunks' files.
// The engine's inputs (gold, reads, named runs, lengths, options) and the what-if's (syntax,
// widening, ks): a struct of them would only be unpacked here.
#[allow(clippy::too_many_arguments)]
pub fn at_k_rows(
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &readcov_core::NamedRuns,
    lengths: &dyn FileLengths,
    opts: &readcov_core::ScoreOptions,
    syntax: &BTreeMap<String, FileSyntax>,
    widen: u32,
    ks: &[u32],
) -> Vec<AtKRow> {
    use readcov_core::retrieval::{score_at_k, within_k};
    let mut all: BTreeMap<(&str, &str), Vec<&ReadSpan>> = BTreeMap::new();
    for r in reads.iter().filter(|r| opts.counts(r)) {
        all.entry((&r.task, &r.run)).or_default().push(r);
    }
    let mut gold_by_task: BTreeMap<&str, Vec<&GoldSpan>> = BTreeMap::new();
    for g in gold {
        gold_by_task.entry(&g.task).or_default().push(g);
    }
    let units = file_units(syntax);
    // Rankings do not depend on k: built once per (task, run).
    let mut ranked: BTreeMap<(String, String), Rankings> = BTreeMap::new();
    let mut out = Vec::new();
    for &k in ks {
        for row in score_at_k(gold, reads, named, lengths, opts, k) {
            let key = (row.task.as_str(), row.run.as_str());
            let every = all.get(&key).map_or(&[][..], Vec::as_slice);
            let cs: Vec<&ReadSpan> = every.iter().copied().filter(|r| within_k(r, k)).collect();
            let g = gold_by_task
                .get(row.task.as_str())
                .map_or(&[][..], Vec::as_slice);
            let rankings = ranked
                .entry((row.task.clone(), row.run.clone()))
                .or_insert_with(|| rankings(g, every, &units, lengths));
            let measures = level_measures(rankings, &[k]);
            let mut widening = widen_chunks(g, &cs, syntax, lengths, widen);
            if row.score.line_coverage.is_none() {
                // A `no run` row (gold no run read) measures nothing: its what-if coverages are
                // null like its line coverage, and it stays out of the points' means.
                widening.coverage_widened_by_lines = None;
                widening.coverage_widened_to_units = None;
            }
            let chunk_fit = chunk_fits(g, &cs, lengths);
            let (chunk_precision, chunk_iou) = mean_fit(&chunk_fit);
            let s = row.score;
            out.push(AtKRow {
                k,
                widening,
                task: row.task,
                run: row.run,
                status: s.status,
                file_hit: s.file_hit,
                line_coverage: s.line_coverage,
                passes_threshold: s.passes_threshold,
                chunks: cs.len(),
                gold_lines: s.gold_lines,
                read_lines: s.read_lines,
                covered_lines: s.covered_lines,
                chunk_precision,
                chunk_iou,
                measures,
                chunk_fit,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests;
