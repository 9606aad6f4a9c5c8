//! `merge`: partial aggregates (the dicts `score` returns, or `--emit-partial` files) into the
//! aggregate of one unsharded run, as `readcov merge --format json` prints it.

use crate::file_error;
use pyo3::prelude::*;
use readcov_core::{merge_partials, Partial};
use serde_json::json;

/// The merged document (JSON) and a warning when the shards do not cover `0..N`.
#[pyfunction]
pub fn merge(partials: Vec<String>) -> PyResult<(String, Option<String>)> {
    let mut files = Vec::new();
    for (i, p) in partials.iter().enumerate() {
        files.push(
            readcov_files::input::partial_of(&format!("partial {i}"), p.as_bytes())
                .map_err(file_error)?,
        );
    }
    let merged = merge_partials(files).map_err(|(at, e)| match at {
        Some(i) => file_error(format!("partial {i}: {e}")),
        None => file_error(e),
    })?;
    let shards = &merged.shards;
    let doc = match merged.partial {
        Partial::Score { threshold, score } => {
            json!({ "shards": shards, "threshold": threshold, "totals": score.finish() })
        }
        Partial::Explore { explore: e } => json!({ "shards": shards, "top_k": e.top_k,
            "explorers": e.summaries(), "unused_prediction_rows": e.unused }),
        Partial::Sheet { sheet: s } => {
            let (conditions, common) = s.conditions();
            json!({ "shards": shards, "threshold": s.threshold,
                    "regeneration_limit": s.regeneration_limit, "overall": s.overall,
                    "conditions": conditions, "common": common })
        }
        Partial::Diagnose { diagnose: d } => json!({ "shards": shards,
            "threshold": d.threshold, "group_by": d.group_by, "summary": d.finish() }),
    };
    Ok((doc.to_string(), merged.warning))
}
