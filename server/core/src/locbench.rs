//! Loc-Bench / LocAgent localization metrics, reproducing LocAgent's evaluation
//! (`evaluation/eval_metric.py`, `cal_metrics_w_file`; read to check, not copied): a localizer's
//! ranked names at one level (files `a.py`, modules `a.py:Class`, functions `a.py:Class.method`)
//! against the gold names of each instance.
//!
//! Per instance with gold (an instance without gold at a level is left out; one missing from the
//! predictions has an empty list), with max_k the largest k of the level, the predictions cut to
//! their first max_k, `hit_i` = 1 when prediction i is a gold name, and `ideal_i` = 1 for
//! i ≤ min(|gold|, max_k):
//!
//! - `Acc@k` = 1 when Σ_{i≤k} hit_i = Σ_{i≤k} ideal_i (every gold name within the top k, when
//!   there are at most k of them; when there are more, the top k are all gold);
//! - `Recall@k` = Σ_{i≤k} hit_i / Σ_i ideal_i (the denominator is capped at max_k);
//! - `NDCG@k` = Σ_{i≤k} hit_i / log2(i+1) ÷ Σ_{i≤k} ideal_i / log2(i+1);
//! - `P@k` = Σ_{i≤k} hit_i / k.
//!
//! Means are over the instances with gold. As in the reference, a name predicted twice counts
//! twice. LocAgent computes in float32 and prints four decimals; these are f64.

use serde::Serialize;
use std::collections::BTreeMap;

/// A localization level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LocLevel {
    File,
    Module,
    Function,
}

impl LocLevel {
    pub const ALL: [LocLevel; 3] = [LocLevel::File, LocLevel::Module, LocLevel::Function];

    pub fn label(self) -> &'static str {
        match self {
            LocLevel::File => "file",
            LocLevel::Module => "module",
            LocLevel::Function => "function",
        }
    }

    /// LocAgent's ks: file 1, 2, 3, 5 (its `evaluate_results` default is 1, 3, 5; max_k is 5
    /// either way, so the shared figures are the same); module and function 5, 10.
    pub fn default_ks(self) -> &'static [u32] {
        match self {
            LocLevel::File => &[1, 2, 3, 5],
            LocLevel::Module | LocLevel::Function => &[5, 10],
        }
    }
}

/// The metric names, in order: per metric, per k (`Acc@1`, `Acc@3`, …, `Recall@1`, …).
pub const METRICS: [&str; 4] = ["Acc", "Recall", "NDCG", "P"];

/// One instance at one level.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LocRow {
    pub task: String,
    pub gold: usize,
    pub predicted: usize,
    pub metrics: BTreeMap<String, f64>,
}

/// One level over every instance with gold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LocResult {
    pub level: LocLevel,
    pub ks: Vec<u32>,
    pub instances: usize,
    pub means: BTreeMap<String, f64>,
    pub rows: Vec<LocRow>,
}

/// Names per instance.
pub type Names = BTreeMap<String, Vec<String>>;

/// `gold` and `preds` at `level` for the cutoffs `ks` (sorted, each ≥ 1).
pub fn evaluate(level: LocLevel, gold: &Names, preds: &Names, ks: &[u32]) -> LocResult {
    let max_k = ks.iter().copied().max().unwrap_or(1) as usize;
    let rows: Vec<LocRow> = gold
        .iter()
        .filter(|(_, g)| !g.is_empty())
        .map(|(task, g)| {
            let p: &[String] = preds.get(task).map_or(&[], |p| &p[..p.len().min(max_k)]);
            let hit: Vec<f64> = (0..max_k)
                .map(|i| p.get(i).map_or(0.0, |x| f64::from(u8::from(g.contains(x)))))
                .collect();
            let ideal: Vec<f64> = (0..max_k)
                .map(|i| f64::from(u8::from(i < g.len())))
                .collect();
            LocRow {
                task: task.clone(),
                gold: g.len(),
                predicted: preds.get(task).map_or(0, Vec::len),
                metrics: instance_metrics(&hit, &ideal, ks),
            }
        })
        .collect();
    let mut means = BTreeMap::new();
    for r in &rows {
        for (name, v) in &r.metrics {
            *means.entry(name.clone()).or_insert(0.0) += v;
        }
    }
    for v in means.values_mut() {
        *v /= rows.len() as f64;
    }
    LocResult {
        level,
        ks: ks.to_vec(),
        instances: rows.len(),
        means,
        rows,
    }
}

fn instance_metrics(hit: &[f64], ideal: &[f64], ks: &[u32]) -> BTreeMap<String, f64> {
    let sum = |v: &[f64], k: usize| v[..k.min(v.len())].iter().sum::<f64>();
    let dcg = |v: &[f64], k: usize| {
        v[..k.min(v.len())]
            .iter()
            .enumerate()
            .map(|(i, x)| x / ((i + 2) as f64).log2())
            .sum::<f64>()
    };
    // LocAgent's div_no_nan: 0 where the denominator is 0.
    let div = |a: f64, b: f64| if b == 0.0 { 0.0 } else { a / b };
    let relevant = sum(ideal, ideal.len());
    let mut out = BTreeMap::new();
    for &k in ks {
        let k = k as usize;
        let acc = sum(hit, k) == sum(ideal, k);
        out.insert(format!("Acc@{k}"), f64::from(u8::from(acc)));
        out.insert(format!("Recall@{k}"), div(sum(hit, k), relevant));
        out.insert(format!("NDCG@{k}"), div(dcg(hit, k), dcg(ideal, k)));
        out.insert(format!("P@{k}"), sum(hit, k) / k as f64);
    }
    out
}

#[cfg(test)]
mod tests;
