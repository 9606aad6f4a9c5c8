//! What `explore` hands out: one row per (explorer, instance) and the summary per explorer.
//! Their own module so that `batch` (which scores) and `partial` (which sums, for shards) both
//! build on them without importing each other.

use super::Metrics;
use serde::Serialize;

/// One (explorer, instance) row: compatibility metrics flat, clean ones under `clean`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InstanceScore {
    pub explorer: String,
    pub instance_id: String,
    /// No prediction row for this instance: scored as empty predictions.
    pub missing: bool,
    #[serde(flatten)]
    pub compat: Metrics<f64>,
    pub clean: Metrics<Option<f64>>,
    pub core_lines: u64,
    pub pred_lines: u64,
    pub pred_regions: usize,
    pub unresolvable_regions: usize,
}

/// Means and counts for one explorer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExplorerSummary {
    pub explorer: String,
    /// Benchmark instances (every one has a row).
    pub instances: usize,
    pub with_preds: usize,
    pub missing: usize,
    pub missing_ids: Vec<String>,
    /// Instances with recall ≥ 0.5 (the "50% wall").
    pub wall: usize,
    /// Compatibility means, over all instances.
    pub mean: Metrics<f64>,
    /// Clean means, over the instances where the metric is scored.
    pub clean_mean: Metrics<Option<f64>>,
    /// How many instances each clean mean is over.
    pub clean_scored: Metrics<usize>,
}
