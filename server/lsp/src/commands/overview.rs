//! `readcov/overview`: the task overview both editors show — the explanation of the selected
//! (task, run) under the gold shown, its spans merged for display, the what-if layer's figure
//! beside the run's own, lines of open documents as they are now. Gathers; `render::overview`
//! lays it out.

use crate::backend::Inner;
use crate::render::overview::{self as view, Locate};
use crate::task;
use readcov_core::explain::{ExplainError, ExplainRequest};
use readcov_core::{merge_touching, LineSet, ReadSpan, Source};
use serde::Deserialize;
use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::Uri;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OverviewParams {
    task: Option<String>,
    run: Option<String>,
}

/// Workspace paths as URIs, and disk lines as the open document's current lines.
struct Places<'a>(&'a Inner);

impl Locate for Places<'_> {
    fn uri(&self, path: &str) -> Option<Uri> {
        Uri::from_file_path(self.0.store.root()?.join(path))
    }

    fn lines(&self, path: &str, start: u32, end: u32) -> (u32, u32) {
        let open = (self.0.docs.iter()).find(|d| d.path.as_deref() == Some(path));
        let now = open.map(|d| d.map.to_current(&LineSet::span(start, end)));
        match now.as_ref().and_then(|l| Some((l.first()?, l.last()?))) {
            Some(lines) => lines,
            // Not open, or every line deleted since: the lines on disk.
            None => (start, end),
        }
    }
}

/// `readcov/overview {task?, run?}` → the overview (see `render::overview`). A task that cannot
/// be explained (none selected, several runs and none picked) answers with `error` set, and
/// `needsRun` when picking a run is the way out.
pub fn overview(me: &Inner, params: Value) -> Result<Value> {
    let p: OverviewParams = match params {
        Value::Null => OverviewParams::default(),
        v => serde_json::from_value(v)
            .map_err(|e| Error::invalid_params(format!("readcov/overview: {e}")))?,
    };
    let shown = me.store.gold_shown();
    let Some(task_id) = p.task.or_else(|| task::selected_task(me)) else {
        let msg = "no task given and none selected (set `task`, or pick a run)";
        return Ok(view::failed(&shown, msg, true));
    };
    let run = p.run.or_else(|| task::selected_run(me, &task_id));
    // The asked run's rows only; the other runs by name (`task::RunRows`).
    let task::RunRows {
        gold,
        rows,
        what_if,
        runs,
    } = task::run_rows(me, &task_id, run.as_deref(), None);
    let gold = merge_touching(&gold);
    let opts = task::options(me);
    let req = ExplainRequest {
        task: &task_id,
        run: run.as_deref(),
        against: None,
        more_runs: &runs,
    };
    let e = match task::explain_rows(me, &gold, &rows, &opts, &req) {
        Ok(e) => e,
        Err(err) => {
            let needs_run = matches!(err, ExplainError::AmbiguousRun { .. });
            return Ok(view::failed(&shown, &err.to_string(), needs_run));
        }
    };
    // The what-if layer over this run: its reads counted with the run's (and human) reads.
    let layer = (!what_if.is_empty() && me.store.config().what_if)
        .then(|| {
            let mine = (rows.iter())
                .filter(|r| r.run == e.run || r.source == Source::Human)
                .chain(&what_if)
                .map(|r| ReadSpan {
                    run: e.run.clone(),
                    ..r.clone()
                });
            let rows: Vec<ReadSpan> = mine.collect();
            let mut opts = opts.clone();
            opts.sources.insert(Source::Manual);
            // Only this run's rows: the other runs are no part of the layer.
            let req = ExplainRequest {
                run: Some(&e.run),
                more_runs: &[],
                ..req
            };
            task::explain_rows(me, &gold, &rows, &opts, &req).ok()
        })
        .flatten();
    // The change layer of the selected run, when this is it.
    let change = crate::change::diagnosis(me)
        .filter(|d| d.task == e.task && d.run.as_deref() == Some(e.run.as_str()))
        .and_then(|d| crate::render::change::overview(&d, &Places(me)));
    Ok(view::overview(
        &e,
        &shown,
        layer.as_ref(),
        change,
        &Places(me),
    ))
}
