//! Mergeable per-explorer aggregates of `readcov explore` (`--shard I/N --emit-partial`): counts
//! and exact sums of every metric the summary reports, so merging the partials of any split of
//! the benchmark instances gives bit-identical summaries to one unsharded run. The unsharded
//! summaries are computed through the same structs, which is what makes the equality hold.

use super::scores::{ExplorerSummary, InstanceScore};
use super::{Metrics, WALL};
use crate::batch::ExactSum;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A benchmark instance an explorer has no prediction for, with its position in the benchmark
/// file (so merged `missing_ids` come out in benchmark order, as in one run).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissingInstance {
    pub index: u64,
    pub instance_id: String,
}

/// One explorer over some benchmark instances.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExplorerPartial {
    pub explorer: String,
    pub instances: u64,
    pub missing: Vec<MissingInstance>,
    /// Instances with compatibility recall ≥ 0.5.
    pub wall: u64,
    /// Σ of compatibility values (unscored read as 0.0), over every instance.
    pub sum: Metrics<ExactSum>,
    /// Σ of clean values over the instances where each metric is scored.
    pub clean_sum: Metrics<ExactSum>,
    pub clean_scored: Metrics<u64>,
    pub clean_unscored: Metrics<u64>,
}

/// Adds `f(i)` to element `i` of every metric.
fn each<T: Copy>(m: &mut Metrics<T>, f: impl Fn(usize, &mut T)) {
    let mut v = m.values();
    v.iter_mut().enumerate().for_each(|(i, x)| f(i, x));
    *m = Metrics::from_values(v);
}

impl ExplorerPartial {
    pub fn new(explorer: &str) -> ExplorerPartial {
        ExplorerPartial {
            explorer: explorer.to_string(),
            instances: 0,
            missing: Vec::new(),
            wall: 0,
            sum: Metrics::default(),
            clean_sum: Metrics::default(),
            clean_scored: Metrics::default(),
            clean_unscored: Metrics::default(),
        }
    }

    /// Adds one row; `index` is the row's position in the whole benchmark.
    pub fn add(&mut self, index: usize, r: &InstanceScore) {
        self.instances += 1;
        if r.missing {
            self.missing.push(MissingInstance {
                index: index as u64,
                instance_id: r.instance_id.clone(),
            });
        }
        self.wall += u64::from(r.compat.recall >= WALL);
        let (compat, clean) = (r.compat.values(), r.clean.values());
        each(&mut self.sum, |i, s| s.add(compat[i]));
        each(&mut self.clean_sum, |i, s| s.add(clean[i].unwrap_or(0.0)));
        each(&mut self.clean_scored, |i, n| {
            *n += u64::from(clean[i].is_some())
        });
        each(&mut self.clean_unscored, |i, n| {
            *n += u64::from(clean[i].is_none())
        });
    }

    pub fn merge(&mut self, o: &ExplorerPartial) {
        self.instances += o.instances;
        self.missing.extend(o.missing.iter().cloned());
        self.missing.sort_by_key(|m| m.index);
        self.wall += o.wall;
        let (sum, clean_sum) = (o.sum.values(), o.clean_sum.values());
        let (scored, unscored) = (o.clean_scored.values(), o.clean_unscored.values());
        each(&mut self.sum, |i, s| s.merge(&sum[i]));
        each(&mut self.clean_sum, |i, s| s.merge(&clean_sum[i]));
        each(&mut self.clean_scored, |i, n| *n += scored[i]);
        each(&mut self.clean_unscored, |i, n| *n += unscored[i]);
    }

    /// The summary: compatibility means over every instance (0.0 for none), clean means over
    /// the scored ones (`None` for none).
    pub fn finish(&self) -> ExplorerSummary {
        let (sum, clean_sum) = (self.sum.values(), self.clean_sum.values());
        let scored = self.clean_scored.values();
        let missing_ids: Vec<String> = self.missing.iter().map(|m| m.instance_id.clone()).collect();
        ExplorerSummary {
            explorer: self.explorer.clone(),
            instances: self.instances as usize,
            with_preds: (self.instances as usize).saturating_sub(missing_ids.len()),
            missing: missing_ids.len(),
            missing_ids,
            wall: self.wall as usize,
            mean: Metrics::from_values(sum.map(|s| s.mean(self.instances).unwrap_or(0.0))),
            clean_mean: Metrics::from_values(std::array::from_fn(|i| clean_sum[i].mean(scored[i]))),
            clean_scored: self.clean_scored.map(|n| n as usize),
        }
    }
}

/// Every explorer's partial, plus what the run was configured with and how many prediction rows
/// it left unscored (unknown instance, duplicate).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExplorePartial {
    pub top_k: Option<usize>,
    pub explorers: Vec<ExplorerPartial>,
    pub unused: u64,
}

impl ExplorePartial {
    /// Adds `o`'s explorers by name (explorers stay sorted by name, as in one run).
    pub fn merge(&mut self, o: &ExplorePartial) {
        let mut by_name: BTreeMap<String, ExplorerPartial> = std::mem::take(&mut self.explorers)
            .into_iter()
            .map(|e| (e.explorer.clone(), e))
            .collect();
        for e in &o.explorers {
            by_name
                .entry(e.explorer.clone())
                .or_insert_with(|| ExplorerPartial::new(&e.explorer))
                .merge(e);
        }
        self.explorers = by_name.into_values().collect();
        self.unused += o.unused;
    }

    pub fn summaries(&self) -> Vec<ExplorerSummary> {
        self.explorers.iter().map(ExplorerPartial::finish).collect()
    }
}
