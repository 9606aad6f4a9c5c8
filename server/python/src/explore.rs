//! `explore`: SWE-Explore benchmark rows and explorer outputs scored as `readcov explore` scores
//! them (`score_explore_shard`): instance rows, per-explorer summaries, unused predictions, and
//! the mergeable partial of `--emit-partial`. Text-form prediction files (`--instance`) and file
//! lengths counted in checkouts (`--workspace`) go through `readcov_files::explore_inputs`, as
//! the CLI's do.

use crate::{file_error, located, Located};
use pyo3::prelude::*;
use readcov_core::explore::{
    parse_bench, parse_lengths, score_explore_shard, ExploreOptions, InstanceLengths,
};
use readcov_core::{Partial, PartialFile};
use readcov_files::explore_inputs::{
    explore_preds, explore_workspace_lengths, explorer_idle, explorer_idle_error, is_text_form,
    pred_root_warning,
};
use std::path::Path;

/// A JSONL input as (bytes, name for errors, default explorer name).
type Preds = Vec<(Vec<u8>, String, String)>;

/// The report (JSON: `instances`, `explorers`, `unused_predictions`, `top_k`), the partial (JSON),
/// located errors and notes (the CLI's warnings on instance folders `workspace` could not use).
type Explored = (String, String, Vec<Located>, Vec<String>);

#[pyfunction]
#[pyo3(signature = (bench, bench_name, preds, top_k=Some(readcov_core::explore::DEFAULT_TOP_K), lengths=None, pred_root=None, shard=None, workspace=None, instance=None, explorer=None))]
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
    workspace: Option<String>,
    instance: Option<String>,
    explorer: Option<String>,
) -> PyResult<Explored> {
    let shard = crate::options::shard(shard)?;
    if top_k == Some(0) {
        return Err(file_error("top_k must be a positive count or None (all)"));
    }
    if lengths.is_some() && workspace.is_some() {
        return Err(file_error(
            "lengths and workspace: give one (file lengths from a file or from checkouts)",
        ));
    }
    // `instance` names what a text-form file answers; beside JSONL alone it did nothing. The
    // CLI's rule (`--instance goes with a text-form --preds file only`), asked the same way.
    if instance.is_some() && !preds.iter().any(|(bytes, ..)| is_text_form(bytes)) {
        return Err(crate::options::arg_error(
            "instance",
            "`instance` goes with a text-form prediction file only: JSONL rows name their own instance"
                .to_string(),
        ));
    }
    py.detach(|| {
        let b = parse_bench(&bench, &bench_name);
        let mut errors: Vec<Located> = b.errors.iter().map(located).collect();
        let (mut rows, mut rooted) = (Vec::new(), 0);
        for (bytes, name, explorer) in &preds {
            let (p, acted) = explore_preds(
                bytes,
                name,
                explorer,
                pred_root.as_deref(),
                instance.as_deref(),
            )
            .map_err(|e| file_error(format!("{e} with instance=ID")))?;
            rooted += acted;
            errors.extend(p.errors.iter().map(located));
            rows.extend(p.items);
        }
        // The CLI's rules (`--explorer`, `--pred-root`), asked of the same library.
        // `explorer`: the name given, which the caller made each input's default name.
        if let Some(name) = explorer.as_deref().filter(|n| explorer_idle(n, &rows)) {
            return Err(crate::options::arg_error(
                "explorer",
                explorer_idle_error("`explorer`", name),
            ));
        }
        let mut notes: Vec<String> = (pred_root.as_deref())
            .and_then(|r| pred_root_warning("`pred_root`", r, rooted))
            .into_iter()
            .collect();
        // Checkouts give both counts from one read of each file, as the CLI's do.
        let (lengths, runner_lengths) = match (&lengths, &workspace) {
            (Some((bytes, name)), _) => {
                let (l, e) = parse_lengths(bytes, name);
                errors.extend(e.iter().map(located));
                (l, None)
            }
            (None, Some(ws)) => {
                let counted = explore_workspace_lengths(Path::new(ws), &b.items, &rows)
                    .map_err(file_error)?;
                notes.extend(counted.warnings);
                (counted.lengths, Some(counted.runner))
            }
            (None, None) => (InstanceLengths::new(), None),
        };
        let report = score_explore_shard(
            &b.items,
            &rows,
            &lengths,
            &ExploreOptions {
                top_k,
                runner_lengths,
            },
            shard,
        );
        // Each record in its own key order, as `readcov explore --format jsonl` prints it
        // (`explorer`, `instance_id`, `missing`, ...); through `json!` they came out sorted, so
        // `.to_pandas()` began with `clean`, `context_efficiency` (before session 35).
        let doc = Doc {
            top_k,
            explorers: &report.summaries,
            instances: &report.instances,
            unused_predictions: &report.unused,
        };
        let doc = serde_json::to_string(&doc).expect("the report serialises");
        let partial = PartialFile::new(
            shard,
            Partial::Explore {
                explore: report.partial,
            },
        );
        let partial = serde_json::to_string(&partial).expect("partial serialises");
        Ok((doc, partial, errors, notes))
    })
}

/// The report as the extension hands it to Python, each part in its own key order.
#[derive(serde::Serialize)]
struct Doc<'a, K: serde::Serialize> {
    top_k: K,
    explorers: &'a [readcov_core::explore::ExplorerSummary],
    instances: &'a [readcov_core::explore::InstanceScore],
    unused_predictions: &'a [readcov_core::explore::batch::Unused],
}
