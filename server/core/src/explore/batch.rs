//! Scores every explorer on every benchmark instance and summarises per explorer.
//!
//! Each benchmark instance gets one row per explorer. An instance an explorer has no prediction
//! for is *missing*: scored as empty predictions (so the compatibility means match an evaluator
//! that iterates over the benchmark) and counted and listed, never dropped. Predictions for an
//! instance that is not in the benchmark, and repeated (explorer, instance) rows, are reported.

use super::input::{BenchRow, InstanceLengths, PredRow};
use super::measure::score_instance;
use super::partial::{ExplorePartial, ExplorerPartial};
use super::resolve::{Gold, Preds};
use super::runner_lengths::RegionPathsOnly;
pub use super::scores::{ExplorerSummary, InstanceScore};
use super::DEFAULT_TOP_K;
use crate::shard::{keeps, Shard};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};

#[derive(Clone, Debug)]
pub struct ExploreOptions {
    /// Keep only the first k regions of each prediction (`None`: all).
    pub top_k: Option<usize>,
    /// The lengths were counted in checkouts (`--workspace`): these are the reference runner's
    /// counts (per instance, `str.splitlines()`, see `splitlines.rs`) of the files the row's
    /// regions name, the only lengths compatibility numbers then know (`runner_lengths.rs`);
    /// clean numbers use every length counted by readcov's `\n` rule.
    pub runner_lengths: Option<InstanceLengths>,
}

impl Default for ExploreOptions {
    fn default() -> Self {
        ExploreOptions {
            top_k: Some(DEFAULT_TOP_K),
            runner_lengths: None,
        }
    }
}

/// A prediction row that was not scored, with why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Unused {
    pub explorer: String,
    pub instance_id: String,
    pub file: String,
    pub line: usize,
    pub reason: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ExploreReport {
    pub instances: Vec<InstanceScore>,
    pub summaries: Vec<ExplorerSummary>,
    pub unused: Vec<Unused>,
    /// The mergeable aggregate the summaries were computed from (`--emit-partial`).
    #[serde(skip)]
    pub partial: ExplorePartial,
}

/// Scores every explorer in `preds` over every row of `bench`. Rows come grouped by explorer
/// (sorted by name), then in benchmark order.
pub fn score_explore(
    bench: &[BenchRow],
    preds: &[PredRow],
    lengths: &InstanceLengths,
    opts: &ExploreOptions,
) -> ExploreReport {
    score_explore_shard(bench, preds, lengths, opts, None)
}

/// [`score_explore`] over the instances of one shard only. `bench` and `preds` are the whole
/// inputs: the explorer set and the known instances come from all of them, so an explorer whose
/// predictions all fall in other shards still gets (missing) rows here, as in one run.
pub fn score_explore_shard(
    bench: &[BenchRow],
    preds: &[PredRow],
    lengths: &InstanceLengths,
    opts: &ExploreOptions,
    shard: Option<Shard>,
) -> ExploreReport {
    let no_lengths = BTreeMap::new();
    let len_of = |id: &str| lengths.get(id).unwrap_or(&no_lengths);
    let known: BTreeSet<&str> = bench.iter().map(|b| b.instance_id.as_str()).collect();
    let mut report = ExploreReport::default();
    let mut by_key: HashMap<(&str, &str), &PredRow> = HashMap::new();
    let mut explorers: BTreeSet<&str> = BTreeSet::new();
    for p in preds {
        explorers.insert(&p.explorer);
        if !keeps(shard, &p.instance_id) {
            continue;
        }
        let unused = |reason: String| Unused {
            explorer: p.explorer.clone(),
            instance_id: p.instance_id.clone(),
            file: p.file.clone(),
            line: p.line,
            reason,
        };
        if !known.contains(p.instance_id.as_str()) {
            report
                .unused
                .push(unused("instance not in the benchmark".into()));
        } else if let Some(first) = by_key.get(&(p.explorer.as_str(), p.instance_id.as_str())) {
            report.unused.push(unused(format!(
                "duplicate of {}:{}; the first row is scored",
                first.file, first.line
            )));
        } else {
            by_key.insert((&p.explorer, &p.instance_id), p);
        }
    }
    // Gold is prepared once per instance, for every explorer; the index is the benchmark position.
    let golds: Vec<(usize, &BenchRow, Gold, Option<RegionPathsOnly>)> = bench
        .iter()
        .enumerate()
        .filter(|(_, b)| keeps(shard, &b.instance_id))
        .map(|(i, b)| {
            let lengths = len_of(&b.instance_id);
            let runner = (opts.runner_lengths.as_ref()).map(|r| {
                RegionPathsOnly::new(b, lengths, r.get(&b.instance_id).unwrap_or(&no_lengths))
            });
            (i, b, Gold::new(b, lengths), runner)
        })
        .collect();
    report.partial.top_k = opts.top_k;
    report.partial.unused = report.unused.len() as u64;
    for explorer in explorers {
        let mut partial = ExplorerPartial::new(explorer);
        for (index, row, gold, runner) in &golds {
            let pred = by_key.get(&(explorer, row.instance_id.as_str()));
            let regions = pred.map_or(&[][..], |p| &p.regions[..]);
            let p = Preds::new(gold, regions, opts.top_k, len_of(&row.instance_id));
            let clean = score_instance(gold, &p);
            let compat = match runner {
                // Scored again with the lengths the reference's runner would know: its own counts
                // of the gold's files; the prediction's whole-file regions of other files do not
                // resolve.
                Some(r) if r.differs(regions, opts.top_k) => {
                    let g = Gold::new(row, r);
                    score_instance(&g, &Preds::new(&g, regions, opts.top_k, r)).compat()
                }
                _ => clean.compat(),
            };
            let score = InstanceScore {
                explorer: explorer.to_string(),
                instance_id: row.instance_id.clone(),
                missing: pred.is_none(),
                compat,
                clean,
                core_lines: gold.core_lines,
                pred_lines: p.line_count,
                pred_regions: p.regions.len(),
                unresolvable_regions: p.unresolvable(),
            };
            partial.add(*index, &score);
            report.instances.push(score);
        }
        report.summaries.push(partial.finish());
        report.partial.explorers.push(partial);
    }
    report
}

/// Means and counts over one explorer's rows (in benchmark order), through [`ExplorerPartial`].
pub fn summarise(explorer: &str, rows: &[InstanceScore]) -> ExplorerSummary {
    let mut p = ExplorerPartial::new(explorer);
    rows.iter().enumerate().for_each(|(i, r)| p.add(i, r));
    p.finish()
}
