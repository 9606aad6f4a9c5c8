//! Span fairness: how well each retrieved chunk fits the gold it touches, so "retrieve bigger
//! chunks" cannot win by overlap alone. Per chunk, over lines (Chroma's chunking evaluation does
//! the same over tokens):
//!
//! - line precision = |chunk ∩ gold| / |chunk|
//! - IoU = |chunk ∩ T| / |chunk ∪ T|, T = the core gold spans of the chunk's file that the chunk
//!   overlaps (the gold it touches); 0 when it touches none.
//!
//! A 400-line chunk holding a 10-line gold span covers it fully (coverage 1) at precision and
//! IoU 0.025. Chunks are clipped to known file lengths; a chunk clipped to nothing is left out.

use crate::lineset::LineSet;
use crate::metrics::{collect_lines, FileLengths};
use crate::span::{GoldSpan, ReadSpan, Tier};
use serde::Serialize;

/// One chunk's fit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChunkFit {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    pub path: String,
    pub start: u32,
    pub end: u32,
    /// Lines of the chunk (after clipping).
    pub lines: u64,
    /// Its gold lines.
    pub gold_lines: u64,
    /// Lines of the gold spans it touches.
    pub touched_gold_lines: u64,
    pub precision: f64,
    pub iou: f64,
}

/// The fit of each chunk, in the given order. `gold`: the task's spans (core tier counted).
pub fn chunk_fits(
    gold: &[&GoldSpan],
    chunks: &[&ReadSpan],
    lengths: &dyn FileLengths,
) -> Vec<ChunkFit> {
    chunks
        .iter()
        .filter_map(|c| chunk_fit(gold, c, lengths))
        .collect()
}

fn chunk_fit(gold: &[&GoldSpan], c: &ReadSpan, lengths: &dyn FileLengths) -> Option<ChunkFit> {
    let lines = collect_lines([(c.path.as_str(), c.start, c.end)], lengths)
        .remove(c.path.as_str())
        .filter(|l| !l.is_empty())?;
    let touched = collect_lines(
        gold.iter()
            .filter(|g| g.tier == Tier::Core && g.path == c.path)
            .filter(|g| lines.overlaps(&LineSet::span(g.start, g.end)))
            .map(|g| (g.path.as_str(), g.start, g.end)),
        lengths,
    )
    .remove(c.path.as_str())
    .unwrap_or_default();
    let hit = lines.intersection_len(&touched);
    let union = lines.len() + touched.len() - hit;
    Some(ChunkFit {
        rank: c.rank,
        path: c.path.clone(),
        start: c.start,
        end: c.end,
        lines: lines.len(),
        gold_lines: hit,
        touched_gold_lines: touched.len(),
        precision: hit as f64 / lines.len() as f64,
        iou: hit as f64 / union as f64,
    })
}

/// Mean line precision and mean IoU over `fits` (`None` without chunks).
pub fn mean_fit(fits: &[ChunkFit]) -> (Option<f64>, Option<f64>) {
    let n = fits.len() as u64;
    let sum = |f: fn(&ChunkFit) -> f64| fits.iter().map(f).sum::<f64>();
    let mean = |s: f64| (n > 0).then(|| s / n as f64);
    (mean(sum(|f| f.precision)), mean(sum(|f| f.iou)))
}

#[cfg(test)]
mod tests;
