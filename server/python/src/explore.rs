//! `explore`: SWE-Explore benchmark rows and explorer outputs scored as `readcov explore` scores
//! them (`score_explore_shard`): instance rows, per-explorer summaries, unused predictions, and
//! the mergeable partial of `--emit-partial`.

use crate::{file_error, located, Located};
use pyo3::prelude::*;
use readcov_core::explore::{
    parse_bench, parse_lengths, parse_preds, score_explore_shard, ExploreOptions, InstanceLengths,
};
use readcov_core::{Partial, PartialFile, Shard};
use serde_json::json;

/// A JSONL input as (bytes, name for errors, default explorer name).
type Preds = Vec<(Vec<u8>, String, String)>;

/// The report (JSON: `instances`, `explorers`, `unused_predictions`, `top_k`), the partial (JSON)
/// and located errors.
type Explored = (String, String, Vec<Located>);

#[pyfunction]
#[pyo3(signature = (bench, bench_name, preds, top_k=Some(readcov_core::explore::DEFAULT_TOP_K), lengths=None, pred_root=None, shard=None))]
#[allow(clippy::too_many_arguments)]
pub fn explore(
    py: Python<'_>,
    bench: Vec<u8>,
    bench_name: String,
    preds: Preds,
    top_k: Option<usize>,
    lengths: Option<(Vec<u8>, String)>,
    pred_root: Option<String>,
    shard: Option<String>,
) -> PyResult<Explored> {
    let shard = shard
        .map(|s| Shard::parse(&s))
        .transpose()
        .map_err(file_error)?;
    if top_k == Some(0) {
        return Err(file_error("top_k must be a positive count or None (all)"));
    }
    py.detach(|| {
        let b = parse_bench(&bench, &bench_name);
        let mut errors: Vec<Located> = b.errors.iter().map(located).collect();
        let mut rows = Vec::new();
        for (bytes, name, explorer) in &preds {
            let p = parse_preds(bytes, name, explorer, pred_root.as_deref());
            errors.extend(p.errors.iter().map(located));
            rows.extend(p.items);
        }
        let lengths = match &lengths {
            Some((bytes, name)) => {
                let (l, e) = parse_lengths(bytes, name);
                errors.extend(e.iter().map(located));
                l
            }
            None => InstanceLengths::new(),
        };
        let report =
            score_explore_shard(&b.items, &rows, &lengths, &ExploreOptions { top_k }, shard);
        let doc = json!({
            "top_k": top_k,
            "explorers": report.summaries,
            "instances": report.instances,
            "unused_predictions": report.unused,
        });
        let partial = PartialFile::new(
            shard,
            Partial::Explore {
                explore: report.partial,
            },
        );
        let partial = serde_json::to_string(&partial).expect("partial serialises");
        Ok((doc.to_string(), partial, errors))
    })
}
