//! Retrieval at k: a code retriever's ranked chunks (reads rows with `rank`) scored with only
//! the top k chunks of each task, for several k — the "coverage@k" curve beside "file hit@k".
//!
//! The cut is a filter on the reads before the one scoring engine ([`score_batch_where`]), so
//! every figure means what it means in `readcov score`. Ties: a chunk is in the top k when its
//! rank is ≤ k, so two chunks sharing rank 3 are both in the top 3 (the top k may hold more than
//! k chunks). Rows without a rank (an agent's reads beside a retriever's) are never cut. Runs
//! named outside the reads ([`NamedRuns`]: labels, run records) are rows at every k, as in
//! `readcov score`: a named run that retrieved nothing is a scored row with nothing retrieved
//! (before session 34 the curves left it out).

pub mod docs;
pub mod fit;
pub mod measures;
pub mod qrels;

use crate::batch::{score_batch_where, totals, ScoreOptions, TaskRunScore};
use crate::metrics::{ratio, FileLengths};
use crate::named::NamedRuns;
use crate::span::{GoldSpan, ReadSpan};
use serde::Serialize;

/// Whether `r` is in the top `k` of its task: rank ≤ k, or no rank at all.
pub fn within_k(r: &ReadSpan, k: u32) -> bool {
    r.rank.is_none_or(|rank| rank <= k)
}

/// One row per (task, run) as [`crate::score_batch_named`] gives them (the runs `named` names
/// too, read or not), counting only the top `k` chunks.
pub fn score_at_k(
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &NamedRuns,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    k: u32,
) -> Vec<TaskRunScore> {
    score_batch_where(gold, reads, named, lengths, opts, |r| within_k(r, k))
}

/// The means at one k: one point of each curve, and the share of rows at the threshold (the
/// "50% wall" with the default threshold). Means are over scored rows only.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AtK {
    pub k: u32,
    pub rows: usize,
    pub scored: usize,
    pub mean_file_hit: Option<f64>,
    pub mean_line_coverage: Option<f64>,
    /// Scored rows with line coverage ≥ the threshold.
    pub passing: usize,
    pub share_passing: Option<f64>,
    /// Mean over scored rows with chunks of each row's mean chunk line precision ([`fit`]).
    pub mean_chunk_precision: Option<f64>,
    /// The same for the chunks' IoU with the gold each touches.
    pub mean_chunk_iou: Option<f64>,
}

/// The point of the curves at `k`, from that k's rows.
pub fn summarize(k: u32, rows: &[TaskRunScore]) -> AtK {
    let t = totals(rows.iter().map(|r| &r.score));
    AtK {
        k,
        rows: t.rows,
        scored: t.scored,
        mean_file_hit: t.mean_file_hit,
        mean_line_coverage: t.mean_line_coverage,
        passing: t.passing,
        share_passing: ratio(t.passing as u64, t.scored as u64),
        mean_chunk_precision: None,
        mean_chunk_iou: None,
    }
}

/// `1,3,5,10` → `[1, 3, 5, 10]` (sorted, each once); every k ≥ 1.
pub fn parse_ks(s: &str) -> Result<Vec<u32>, String> {
    let mut ks = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<u32>() {
            Ok(k) => ks.push(k),
            _ => return Err(format!("`{part}` is not a k ≥ 1")),
        }
    }
    check_ks(ks)
}

/// The rule for a list of ks, given as numbers (the Python functions) or parsed by
/// [`parse_ks`]: at least one, every k ≥ 1; sorted, each once.
pub fn check_ks(mut ks: Vec<u32>) -> Result<Vec<u32>, String> {
    if let Some(k) = ks.iter().find(|&&k| k == 0) {
        return Err(format!("`{k}` is not a k ≥ 1"));
    }
    if ks.is_empty() {
        return Err("no k given (e.g. 1,3,5,10)".into());
    }
    ks.sort_unstable();
    ks.dedup();
    Ok(ks)
}

#[cfg(test)]
mod tests;
