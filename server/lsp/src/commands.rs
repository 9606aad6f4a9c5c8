//! `workspace/executeCommand` (`readcov.widen`, `readcov.clearWhatIf`, `readcov.toggleWhatIf`),
//! the custom requests (`readcov/lineStates`, `readcov/summary`, `readcov/selectRun`), the
//! `readcov/recordRead` notification (`readcov/summary` in `summary.rs`). Free functions on the
//! shared state; `server.rs` wraps them.

use crate::backend::Shared;
use crate::render;
use crate::store::Changed;
use readcov_core::base::Base;
use readcov_core::{EventKind, LineSet, ReadSpan, Source, DEFAULT_ID};
use serde::Deserialize;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

pub mod explain;
pub mod navigate;
pub mod overview;
pub mod summary;

pub const COMMANDS: [&str; 3] = [render::WIDEN, "readcov.clearWhatIf", "readcov.toggleWhatIf"];

/// Lines of a document, as sent by clients (0-based inclusive).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinesParams {
    pub uri: Uri,
    pub start_line: u32,
    pub end_line: u32,
    #[serde(default)]
    pub source: Option<String>,
}

fn invalid(msg: impl Into<String>) -> Error {
    Error::invalid_params(msg.into())
}

pub async fn execute(me: &Shared, command: &str, args: Vec<Value>) -> Result<Option<Value>> {
    match command {
        render::WIDEN => {
            let first = args
                .into_iter()
                .next()
                .ok_or_else(|| invalid("readcov.widen needs [{uri, startLine, endLine}]"))?;
            let p: LinesParams = serde_json::from_value(first)
                .map_err(|e| invalid(format!("readcov.widen: {e}")))?;
            // Applying a widen shows its result: the what-if layer is switched on.
            me.set_override(|o| o.what_if = Some(true));
            let recorded = record(me, &p, Source::Manual).await?;
            Ok(Some(json!({ "recorded": recorded })))
        }
        "readcov.clearWhatIf" => {
            let changed = me
                .store
                .clear_what_if()
                .map_err(|e| request_failed(e.to_string()))?;
            me.refresh(Changed {
                all: true,
                ..changed
            })
            .await;
            Ok(None)
        }
        "readcov.toggleWhatIf" => {
            let on = !me.store.config().what_if;
            me.set_override(|o| o.what_if = Some(on));
            me.refresh(Changed {
                all: true,
                ..Changed::default()
            })
            .await;
            Ok(Some(json!({ "whatIf": on })))
        }
        #[cfg(feature = "debug-panic")]
        crate::guard::DEBUG_PANIC => panic!("readcov.debugPanic: a panic on purpose"),
        #[cfg(feature = "debug-panic")]
        crate::guard::DEBUG_SYNCS => Ok(Some(json!({
            "watcherSyncs": me.watcher_syncs.load(std::sync::atomic::Ordering::Relaxed),
            "fences": me.fences.seen(),
            "publishQueued": me.publish_hold.queued(),
        }))),
        #[cfg(feature = "debug-panic")]
        crate::guard::DEBUG_HOLD_PUBLISH => {
            if !me.publish_hold.is_waiting() {
                me.publish_hold.arm();
            }
            Ok(Some(json!({ "waiting": me.publish_hold.is_waiting() })))
        }
        #[cfg(feature = "debug-panic")]
        crate::guard::DEBUG_RELEASE_PUBLISH => {
            me.publish_hold.release();
            Ok(None)
        }
        other => Err(invalid(format!("unknown command `{other}`"))),
    }
}

/// LSP's `RequestFailed`: a valid request the server could not carry out (a refused or failed
/// write). Not `InternalError`, which is reserved for a caught panic (see `guard`), so clients
/// and the fuzz target can tell a bug from a refusal.
const REQUEST_FAILED: i64 = -32803;

fn request_failed(msg: String) -> Error {
    Error {
        code: tower_lsp_server::jsonrpc::ErrorCode::ServerError(REQUEST_FAILED),
        message: msg.into(),
        data: None,
    }
}

/// Appends the lines (mapped back to disk lines) to the read log and shows them at once.
/// Returns how many rows were written.
///
/// Refused with `InvalidParams` (-32602), writing nothing: `endLine` before `startLine`, lines
/// that start past the end of the file (the open document, else the file on disk), a file not
/// in the workspace or not readable. Lines running past the end are clipped to it: a read of
/// lines `0..u32::MAX` of an unopened file once wrote `{"start":1,"end":4294967295}`.
pub async fn record(me: &Shared, p: &LinesParams, source: Source) -> Result<usize> {
    if p.end_line < p.start_line {
        return Err(invalid(format!(
            "endLine {} is before startLine {}",
            p.end_line, p.start_line
        )));
    }
    let cur = LineSet::span(p.start_line.saturating_add(1), p.end_line.saturating_add(1));
    let not_in_ws = || invalid(format!("{} is not a file in the workspace", p.uri.as_str()));
    let open = me.docs.get(&p.uri).map(|doc| {
        let base = Base {
            sha256: doc.opened_sha256.clone(),
            lines: Some(doc.opened_lines),
            ..Base::default()
        };
        (doc.path.clone(), doc.lines().max(1), doc.map.clone(), base)
    });
    // Each row says which text its lines count in (the text as opened, or on disk), so a
    // later session maps it correctly even after that file changed.
    let (path, lines, disk, base) = match open {
        Some((path, lines, map, base)) => {
            let path = path.ok_or_else(not_in_ws)?;
            // Lexically inside is not enough: a symlink out is refused as for the file unopened
            // (`disk_base` below), whose read it would otherwise record.
            (me.store.confined(&path))
                .map_err(|e| invalid(format!("cannot record a read of `{path}`: {e}")))?;
            let clipped = cur.clip(lines);
            (path, lines, map.to_disk(&clipped), base)
        }
        None => {
            let path = me.path_of(&p.uri).ok_or_else(not_in_ws)?;
            let base = me
                .store
                .disk_base(&path)
                .map_err(|e| invalid(format!("cannot record a read of `{path}`: {e}")))?;
            let lines = base.lines.unwrap_or(0);
            (path, lines, cur.clip(lines), base)
        }
    };
    if p.start_line >= lines {
        return Err(invalid(format!(
            "startLine {} is past the end of `{path}` ({lines} lines)",
            p.start_line
        )));
    }
    // The task: the configured one, else the task whose gold covers this file.
    let cfg = me.store.config();
    let task = cfg
        .task
        .clone()
        .or_else(|| me.store.gold_task(&path))
        .unwrap_or_else(|| DEFAULT_ID.into());
    let (run, tool) = match source {
        Source::Manual => (WHAT_IF, "readcov.widen"),
        _ => (HUMAN, "editor"),
    };
    let mut n = 0;
    for iv in disk.intervals() {
        let row = ReadSpan {
            rank: None,
            score: None,
            task: task.clone(),
            run: run.into(),
            path: path.clone(),
            start: iv.start,
            end: iv.end,
            turn: None,
            step: None,
            tool: Some(tool.into()),
            source,
            command: None,
            kind: EventKind::Read,
        };
        me.store
            .append_read(&row, Some(&base))
            .map_err(|e| request_failed(format!("cannot append to the read log: {e}")))?;
        n += 1;
    }
    // The log is the single way in: polling it picks up these rows (and anything else appended).
    let changed = me.store.poll_reads();
    me.refresh(Changed {
        all: source == Source::Manual,
        ..changed
    })
    .await;
    Ok(n)
}

/// `readcov/lineStates`.
pub async fn line_states(me: &Shared, params: Value) -> Result<Value> {
    let uri: Uri = params
        .pointer("/textDocument/uri")
        .cloned()
        .and_then(|u| serde_json::from_value(u).ok())
        .ok_or_else(|| invalid("readcov/lineStates needs { textDocument: { uri } }"))?;
    if me.is_loading() && me.docs.contains_key(&uri) {
        return Ok(render::line_states_loading(
            &uri,
            me.store.config().threshold,
        ));
    }
    let edits = (me.docs.get(&uri))
        .and_then(|d| d.path.clone())
        .map(|p| crate::task::file_edits(me, &p))
        .unwrap_or_default();
    let gold = me.store.gold_shown();
    let diagnosis = crate::change::diagnosis(me);
    me.with_view(&uri, |doc, v, _| {
        let mut states = render::line_states(&uri, v);
        states["edits"] = render::edit_states(doc, &edits);
        // The change layer (issue 38): the gold's and the run's changed lines in this file.
        states["change"] = match (&diagnosis, doc.path.as_deref()) {
            (Some(d), Some(path)) => render::change::line_states(d, path, doc),
            _ => Value::Null,
        };
        // Which gold the figures are about (the status tooltip names it).
        states["gold"] = json!(gold.label);
        states
    })
    .ok_or_else(|| invalid(format!("{} is not open", uri.as_str())))
}

/// `readcov/selectRun`.
pub async fn select_run(me: &Shared, params: Value) -> Result<Value> {
    let runs: Option<Vec<String>> = match params.get("runs") {
        None | Some(Value::Null) => None,
        Some(v) => {
            Some(serde_json::from_value(v.clone()).map_err(|e| invalid(format!("runs: {e}")))?)
        }
    };
    me.set_override(|o| o.runs = Some(runs.clone()));
    me.refresh(Changed {
        all: true,
        ..Changed::default()
    })
    .await;
    Ok(json!({ "runs": runs, "available": me.store.runs() }))
}

/// `readcov/recordRead` (a notification: a refusal goes to the client's log).
pub async fn record_read(me: &Shared, params: Value) {
    let parsed: std::result::Result<LinesParams, _> = serde_json::from_value(params);
    let result = match parsed {
        Ok(p) => {
            let source = p
                .source
                .as_deref()
                .and_then(Source::parse)
                .unwrap_or(Source::Human);
            record(me, &p, source).await.map(|_| ())
        }
        Err(e) => Err(invalid(format!("readcov/recordRead: {e}"))),
    };
    if let Err(e) = result {
        me.client.log_message(MessageType::WARNING, e.message).await;
    }
}

/// The run id of the what-if layer's rows (and of the reads `readcov.widen` records).
pub const WHAT_IF: &str = "what-if";
/// The run id of reads a person viewed (`readcov/recordRead`).
pub const HUMAN: &str = "human";
