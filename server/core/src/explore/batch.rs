//! Scores every explorer on every benchmark instance and summarises per explorer.
//!
//! Each benchmark instance gets one row per explorer. An instance an explorer has no prediction
//! for is *missing*: scored as empty predictions (so the compatibility means match an evaluator
//! that iterates over the benchmark) and counted and listed, never dropped. Predictions for an
//! instance that is not in the benchmark, and repeated (explorer, instance) rows, are reported.

use super::input::{BenchRow, InstanceLengths, PredRow};
use super::measure::score_instance;
use super::resolve::{Gold, Preds};
use super::{Metrics, DEFAULT_TOP_K, METRIC_NAMES, WALL};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};

#[derive(Clone, Debug)]
pub struct ExploreOptions {
    /// Keep only the first k regions of each prediction (`None`: all).
    pub top_k: Option<usize>,
}

impl Default for ExploreOptions {
    fn default() -> Self {
        ExploreOptions {
            top_k: Some(DEFAULT_TOP_K),
        }
    }
}

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
}

/// Scores every explorer in `preds` over every row of `bench`. Rows come grouped by explorer
/// (sorted by name), then in benchmark order.
pub fn score_explore(
    bench: &[BenchRow],
    preds: &[PredRow],
    lengths: &InstanceLengths,
    opts: &ExploreOptions,
) -> ExploreReport {
    let no_lengths = BTreeMap::new();
    let len_of = |id: &str| lengths.get(id).unwrap_or(&no_lengths);
    let known: BTreeSet<&str> = bench.iter().map(|b| b.instance_id.as_str()).collect();
    let mut report = ExploreReport::default();
    let mut by_key: HashMap<(&str, &str), &PredRow> = HashMap::new();
    let mut explorers: BTreeSet<&str> = BTreeSet::new();
    for p in preds {
        explorers.insert(&p.explorer);
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
    let golds: Vec<Gold> = bench
        .iter()
        .map(|b| Gold::new(b, len_of(&b.instance_id)))
        .collect();
    for explorer in explorers {
        let start = report.instances.len();
        for (row, gold) in bench.iter().zip(&golds) {
            let pred = by_key.get(&(explorer, row.instance_id.as_str()));
            let regions = pred.map_or(&[][..], |p| &p.regions[..]);
            let p = Preds::new(gold, regions, opts.top_k, len_of(&row.instance_id));
            let clean = score_instance(gold, &p);
            report.instances.push(InstanceScore {
                explorer: explorer.to_string(),
                instance_id: row.instance_id.clone(),
                missing: pred.is_none(),
                compat: clean.compat(),
                clean,
                core_lines: gold.core_lines,
                pred_lines: p.line_count,
                pred_regions: p.regions.len(),
                unresolvable_regions: p.unresolvable(),
            });
        }
        report
            .summaries
            .push(summarise(explorer, &report.instances[start..]));
    }
    report
}

/// Means and counts over one explorer's rows.
pub fn summarise(explorer: &str, rows: &[InstanceScore]) -> ExplorerSummary {
    let n = METRIC_NAMES.len();
    let mut compat_sum = vec![0.0; n];
    let mut clean_sum = vec![0.0; n];
    let mut clean_n = vec![0usize; n];
    for r in rows {
        for (i, (c, k)) in r.compat.values().iter().zip(r.clean.values()).enumerate() {
            compat_sum[i] += c;
            if let Some(k) = k {
                clean_sum[i] += k;
                clean_n[i] += 1;
            }
        }
    }
    let pick = |f: &dyn Fn(usize) -> f64| Metrics::from_values(std::array::from_fn(f));
    let rows_n = rows.len();
    let mean = pick(&|i| {
        if rows_n == 0 {
            0.0
        } else {
            compat_sum[i] / rows_n as f64
        }
    });
    let clean_mean = Metrics::from_values(std::array::from_fn(|i| {
        (clean_n[i] > 0).then(|| clean_sum[i] / clean_n[i] as f64)
    }));
    let missing_ids: Vec<String> = rows
        .iter()
        .filter(|r| r.missing)
        .map(|r| r.instance_id.clone())
        .collect();
    ExplorerSummary {
        explorer: explorer.to_string(),
        instances: rows_n,
        with_preds: rows_n - missing_ids.len(),
        missing: missing_ids.len(),
        missing_ids,
        wall: rows.iter().filter(|r| r.compat.recall >= WALL).count(),
        mean,
        clean_mean,
        clean_scored: Metrics::from_values(std::array::from_fn(|i| clean_n[i])),
    }
}
