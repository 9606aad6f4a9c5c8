//! Resolve rate by line-coverage bucket: the "50% wall", measured. Buckets are fixed quarters so
//! reports stay comparable across thresholds; each keeps its counts so a rate is never shown
//! without its denominator.

use serde::Serialize;

/// Lower bounds of the quarters; the last bucket includes 1.0.
pub const BUCKETS: [(f64, f64); 4] = [(0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.0)];

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bucket {
    /// Inclusive lower bound.
    pub low: f64,
    /// Exclusive upper bound, except 1.0 which is inclusive.
    pub high: f64,
    /// Scored runs with a label in this bucket.
    pub labelled: usize,
    pub resolved: usize,
    /// Scored runs in this bucket that no label matched.
    pub unlabelled: usize,
    /// `resolved / labelled`, `None` for an empty bucket.
    pub rate: Option<f64>,
}

impl Bucket {
    /// "0–25%" style label; the last bucket reads "75–100%".
    pub fn label(&self) -> String {
        format!("{:.0}–{:.0}%", self.low * 100.0, self.high * 100.0)
    }
}

/// Index of the bucket a coverage falls in (values outside 0..=1 are clamped).
pub fn bucket_of(coverage: f64) -> usize {
    BUCKETS
        .iter()
        .position(|&(_, high)| coverage < high)
        .unwrap_or(BUCKETS.len() - 1)
}

/// Buckets (line coverage, label) pairs of scored runs; unscored runs must be left out by the caller.
pub fn resolve_by_coverage(runs: impl IntoIterator<Item = (f64, Option<bool>)>) -> Vec<Bucket> {
    let mut out: Vec<Bucket> = BUCKETS
        .iter()
        .map(|&(low, high)| Bucket {
            low,
            high,
            labelled: 0,
            resolved: 0,
            unlabelled: 0,
            rate: None,
        })
        .collect();
    for (cov, label) in runs {
        let b = &mut out[bucket_of(cov)];
        match label {
            Some(r) => {
                b.labelled += 1;
                b.resolved += usize::from(r);
            }
            None => b.unlabelled += 1,
        }
    }
    for b in &mut out {
        b.rate = readcov_core::metrics::ratio(b.resolved as u64, b.labelled as u64);
    }
    out
}

#[cfg(test)]
mod tests;
