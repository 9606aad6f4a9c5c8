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
mod tests {
    use super::*;

    #[test]
    fn edges_fall_in_the_upper_bucket_and_one_in_the_last() {
        for (cov, want) in [
            (0.0, 0),
            (0.2499, 0),
            (0.25, 1),
            (0.4999, 1),
            (0.5, 2),
            (0.75, 3),
            (1.0, 3),
        ] {
            assert_eq!(bucket_of(cov), want, "coverage {cov}");
        }
    }

    #[test]
    fn counts_and_rates() {
        let b = resolve_by_coverage([
            (0.1, Some(false)),
            (0.2, Some(true)),
            (0.3, None),
            (0.9, Some(true)),
            (1.0, Some(true)),
        ]);
        let got: Vec<(usize, usize, usize, Option<f64>)> = b
            .iter()
            .map(|b| (b.labelled, b.resolved, b.unlabelled, b.rate))
            .collect();
        assert_eq!(
            got,
            vec![
                (2, 1, 0, Some(0.5)),
                (0, 0, 1, None),
                (0, 0, 0, None),
                (2, 2, 0, Some(1.0))
            ]
        );
        assert_eq!(b[0].label(), "0–25%");
        assert_eq!(b[3].label(), "75–100%");
    }
}
