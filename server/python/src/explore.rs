//! `explore`: SWE-Explore benchmark rows and explorer outputs scored as `readcov explore` scores
//! them (`score_explore_shard`): instance rows, per-explorer summaries, unused predictions, and
//! the mergeable partial of `--emit-partial`. Text-form prediction files (`--instance`) and file
//! lengths counted in checkouts (`--workspace`) go through `readcov_files::explore_inputs`, as
//! the CLI's do.

use crate::after::{argument, fatal_after, whole};
use crate::{file_error, located, Input, Located};
use pyo3::prelude::*;
use readcov_core::explore::{
    parse_bench, parse_lengths, score_explore_shard, ExploreOptions, InstanceLengths,
};
use readcov_core::{Partial, PartialFile};
use readcov_files::explore_inputs::{
    explore_preds, explore_workspace_lengths, explorer_idle, explorer_idle_error, is_text_form,
    pred_root_warning,
};
use readcov_files::input::{check_file, Role};
use std::path::Path;

/// A predictions input (a path, read here as the CLI reads it, or rows as (bytes, name)) with
/// its default explorer name.
type Preds = Vec<(Input, String)>;

/// The report (JSON: `instances`, `explorers`, `unused_predictions`, `top_k`), the partial (JSON),
/// located errors and notes (the CLI's warnings on instance folders `workspace` could not use).
type Explored = (String, String, Vec<Located>, Vec<String>);

/// An input's bytes and name: a path checked and read by the input layer as the CLI's
/// `check_kind` + `read_input` do (a file of another kind, such as gold JSONL given as
/// predictions, is refused naming what it looks like), or the bytes Python wrote.
fn bytes_of(input: Input, role: Option<Role>) -> Result<(Vec<u8>, String), Located> {
    match input {
        Input::Path(p) => {
            if let Some(role) = role {
                check_file(&p, role).map_err(whole)?;
            }
            let name = p.display().to_string();
            let bytes = readcov_files::read_input(&p).map_err(whole)?;
            Ok((bytes, name))
        }
        Input::Bytes(b, name) => Ok((b.to_vec(), name)),
    }
}

#[pyfunction]
#[pyo3(signature = (bench, preds, top_k=Some(readcov_core::explore::DEFAULT_TOP_K), lengths=None, pred_root=None, shard=None, workspace=None, instance=None, explorer=None))]
#[allow(clippy::too_many_arguments)]
pub fn explore(
    py: Python<'_>,
    bench: Input,
    preds: Preds,
    top_k: Option<usize>,
    lengths: Option<Input>,
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
    // From here the CLI's order (`cmd/explore.rs`): the benchmark's row errors, each preds
    // file's, then what ends the run — a preds file that cannot be read, `instance` beside JSONL
    // only, no valid row, an idle `explorer`, a lengths file that cannot be read. Before
    // session 37 the lengths file was read first, so its error came alone.
    py.detach(|| {
        let (bench, bench_name) =
            bytes_of(bench, Some(Role::ExploreBench)).map_err(|e| fatal_after(vec![], e))?;
        let b = parse_bench(&bench, &bench_name);
        let mut errors: Vec<Located> = b.errors.iter().map(located).collect();
        if b.items.is_empty() {
            let why = "no valid benchmark rows, nothing to score".to_string();
            return Err(fatal_after(errors, (bench_name.clone(), 0, None, why)));
        }
        let (mut rows, mut rooted, mut any_text) = (Vec::new(), 0, false);
        for (input, explorer) in preds {
            let (bytes, name) = bytes_of(input, Some(Role::ExplorePreds))
                .map_err(|e| fatal_after(errors.clone(), e))?;
            any_text |= is_text_form(&bytes);
            let (p, acted) = explore_preds(
                &bytes,
                &name,
                &explorer,
                pred_root.as_deref(),
                instance.as_deref(),
            )
            .map_err(|e| fatal_after(errors.clone(), whole(format!("{e} with instance=ID"))))?;
            rooted += acted;
            errors.extend(p.errors.iter().map(located));
            rows.extend(p.items);
        }
        // `instance` names what a text-form file answers; beside JSONL alone it did nothing.
        if instance.is_some() && !any_text {
            let why = "`instance` goes with a text-form prediction file only: JSONL rows name \
                       their own instance";
            return Err(fatal_after(errors, argument("instance", why.to_string())));
        }
        if rows.is_empty() {
            let why = "no valid prediction rows, nothing to score".to_string();
            return Err(fatal_after(errors, ("<preds>".to_string(), 0, None, why)));
        }
        // The CLI's rules (`--explorer`, `--pred-root`), asked of the same library.
        // `explorer`: the name given, which the caller made each input's default name.
        if let Some(name) = explorer.as_deref().filter(|n| explorer_idle(n, &rows)) {
            let why = explorer_idle_error("`explorer`", name);
            return Err(fatal_after(errors, argument("explorer", why)));
        }
        let mut notes: Vec<String> = (pred_root.as_deref())
            .and_then(|r| pred_root_warning("`pred_root`", r, rooted))
            .into_iter()
            .collect();
        // Checkouts give both counts from one read of each file, as the CLI's do.
        let (lengths, runner_lengths) = match (lengths, &workspace) {
            (Some(input), _) => {
                let (bytes, name) =
                    bytes_of(input, None).map_err(|e| fatal_after(errors.clone(), e))?;
                let (l, e) = parse_lengths(&bytes, &name);
                errors.extend(e.iter().map(located));
                (l, None)
            }
            (None, Some(ws)) => {
                let counted = explore_workspace_lengths(Path::new(ws), &b.items, &rows)
                    .map_err(|e| fatal_after(errors.clone(), whole(e)))?;
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
