//! SWE-Explore compatibility: benchmark rows, explorer outputs and the full SWE-Explore metric
//! suite, computed twice — the reference evaluator's numbers (0.0 for an empty denominator) and
//! readcov's clean numbers (`None`, "unscored", instead). See `docs/metrics.md`.
//!
//! Pipeline: [`input`] parses bytes into [`BenchRow`]s and [`PredRow`]s (text region form in
//! [`text`]), [`resolve`](mod@resolve) turns raw regions into line intervals using file lengths, [`measure`]
//! and [`rank`] compute the metrics for one (explorer, instance), [`batch`] scores every explorer
//! over every benchmark instance and summarises.

pub mod batch;
mod fields;
pub mod gold;
pub mod input;
pub mod measure;
pub mod partial;
pub mod rank;
mod region;
pub mod resolve;
mod runner_lengths;
mod scores;
pub mod splitlines;
pub mod text;

#[cfg(test)]
mod props;
#[cfg(test)]
mod tests;

pub use batch::{
    score_explore, score_explore_shard, ExploreOptions, ExploreReport, ExplorerSummary,
    InstanceScore,
};
pub use gold::{bench_gold, BenchGold};
pub use input::{
    parse_bench, parse_lengths, parse_preds, parse_preds_rooted, BenchRow, InstanceLengths,
    PredRow, Region,
};
pub use measure::score_instance;
pub use partial::{ExplorePartial, ExplorerPartial};
pub use resolve::{resolve, Gold, Preds, Resolved};

use serde::{Deserialize, Serialize};

/// The ranking budgets (in lines) of `ndcg_at_*` and `recall_at_*`.
pub const BUDGETS: [u64; 3] = [100, 300, 500];

/// The benchmark's default top-k cut of explorer regions.
pub const DEFAULT_TOP_K: usize = 5;

/// Recall at or above this passes the "50% wall".
pub const WALL: f64 = 0.5;

/// Every SWE-Explore metric, generic over the value: `f64` for compatibility numbers,
/// `Option<f64>` for clean numbers (`None` = unscored), `usize` for counts.
/// Field names are the reference evaluator's, and are the output keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics<T> {
    pub precision: T,
    pub recall: T,
    pub f1: T,
    pub hit_file_rate: T,
    pub noise_file_rate: T,
    pub hit_region_rate: T,
    pub noise_region_rate: T,
    pub weighted_core_coverage: T,
    pub context_efficiency: T,
    pub optional_coverage: T,
    pub ndcg_at_100: T,
    pub ndcg_at_300: T,
    pub ndcg_at_500: T,
    pub recall_at_100: T,
    pub recall_at_300: T,
    pub recall_at_500: T,
    pub first_useful_hit: T,
}

/// The metric names, in output order.
pub const METRIC_NAMES: [&str; 17] = [
    "precision",
    "recall",
    "f1",
    "hit_file_rate",
    "noise_file_rate",
    "hit_region_rate",
    "noise_region_rate",
    "weighted_core_coverage",
    "context_efficiency",
    "optional_coverage",
    "ndcg_at_100",
    "ndcg_at_300",
    "ndcg_at_500",
    "recall_at_100",
    "recall_at_300",
    "recall_at_500",
    "first_useful_hit",
];

impl<T: Copy> Metrics<T> {
    /// The values in [`METRIC_NAMES`] order.
    pub fn values(&self) -> [T; 17] {
        [
            self.precision,
            self.recall,
            self.f1,
            self.hit_file_rate,
            self.noise_file_rate,
            self.hit_region_rate,
            self.noise_region_rate,
            self.weighted_core_coverage,
            self.context_efficiency,
            self.optional_coverage,
            self.ndcg_at_100,
            self.ndcg_at_300,
            self.ndcg_at_500,
            self.recall_at_100,
            self.recall_at_300,
            self.recall_at_500,
            self.first_useful_hit,
        ]
    }

    /// Builds from values in [`METRIC_NAMES`] order.
    pub fn from_values(v: [T; 17]) -> Metrics<T> {
        let [precision, recall, f1, hit_file_rate, noise_file_rate, hit_region_rate, noise_region_rate, weighted_core_coverage, context_efficiency, optional_coverage, ndcg_at_100, ndcg_at_300, ndcg_at_500, recall_at_100, recall_at_300, recall_at_500, first_useful_hit] =
            v;
        Metrics {
            precision,
            recall,
            f1,
            hit_file_rate,
            noise_file_rate,
            hit_region_rate,
            noise_region_rate,
            weighted_core_coverage,
            context_efficiency,
            optional_coverage,
            ndcg_at_100,
            ndcg_at_300,
            ndcg_at_500,
            recall_at_100,
            recall_at_300,
            recall_at_500,
            first_useful_hit,
        }
    }

    pub fn map<U: Copy>(&self, f: impl Fn(T) -> U) -> Metrics<U> {
        Metrics::from_values(self.values().map(f))
    }
}

impl Metrics<Option<f64>> {
    /// The compatibility view: an unscored metric is 0.0, as in the reference evaluator.
    pub fn compat(&self) -> Metrics<f64> {
        self.map(|v| v.unwrap_or(0.0))
    }
}
