//! `workspace/executeCommand` (`readcov.widen`, `readcov.clearWhatIf`, `readcov.toggleWhatIf`),
//! the custom requests (`readcov/lineStates`, `readcov/summary`, `readcov/selectRun`), the
//! `readcov/recordRead` notification. Free functions on the shared state; `server.rs` wraps them.

use crate::backend::{Inner, Shared};
use crate::render;
use crate::store::Changed;
use readcov_core::base::Base;
use readcov_core::{
    score_batch, totals, EventKind, LineSet, ReadSpan, ScoreOptions, Source, UnknownLengths,
    DEFAULT_ID,
};
use readcov_units::FileSyntax;
use serde::Deserialize;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

pub mod explain;
pub mod navigate;
pub mod overview;

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
            "watcherSyncs": me.watcher_syncs.load(std::sync::atomic::Ordering::Relaxed)
        }))),
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
            let clipped = cur.clip(lines);
            (
                path.ok_or_else(not_in_ws)?,
                lines,
                map.to_disk(&clipped),
                base,
            )
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

/// Workspace metrics per (task, run) with the configured sources: what-if reads never mix into
/// the agent's numbers unless `sources` lists `manual`. The what-if layer (when on and holding
/// reads) gets its own row per task, `layer: "what-if"`: the selected runs, human reads and the
/// what-if reads together — what the editor shows — and stays out of the totals.
pub fn summary(me: &Inner) -> Summary {
    let cfg = me.store.config();
    // The summary prints no per-file or per-span figures: they are not computed.
    let opts = ScoreOptions {
        threshold: cfg.threshold,
        sources: cfg.sources.clone(),
        breakdown: false,
    };
    // Each file's gold as the store keeps it, scored by reference: never copied.
    let files = me.store.gold_files();
    let gold: Vec<&readcov_core::GoldSpan> = files.iter().flat_map(|f| f.iter()).collect();
    let counted_manual = cfg.sources.contains(&Source::Manual);
    // One copy of the reads, filtered in place: with 100,000 events each extra copy cost
    // ~30 MB of peak memory (the LSP budget is 100 MB in all).
    let mut reads = me.store.reads_for_scoring();
    let manual: Vec<ReadSpan> = reads
        .iter()
        .filter(|r| r.source == Source::Manual)
        .cloned()
        .collect();
    if !counted_manual {
        // A run made only of uncounted what-if reads is no agent run: it gets no 0% row.
        reads.retain(|r| r.source != Source::Manual);
    }
    let mut rows = scored_rows(me, &gold, &reads, &opts);
    // The run selection picks agent runs; human rows are a layer and always show.
    let agent_runs = me.store.runs();
    rows.retain(|(r, _)| {
        let run = r.run.as_str();
        cfg.runs.as_ref().is_none_or(|runs| {
            runs.iter().any(|x| x == run) || !agent_runs.iter().any(|a| a == run)
        })
    });
    let t = totals(rows.iter().map(|(_, s)| s));
    let mut out: Vec<SummaryRow> = rows.into_iter().map(|(r, _)| r).collect();
    if cfg.what_if && !counted_manual && !manual.is_empty() {
        let tasks: std::collections::BTreeSet<&str> =
            manual.iter().map(|r| r.task.as_str()).collect();
        let with_manual = ScoreOptions {
            sources: [Source::Agent, Source::Human, Source::Manual].into(),
            ..opts
        };
        // Only the what-if tasks' reads are copied, relabelled as the what-if run.
        let layer: Vec<ReadSpan> = reads
            .iter()
            .chain(&manual)
            .filter(|r| tasks.contains(r.task.as_str()) && crate::store::counts(r, &cfg))
            .map(|r| ReadSpan {
                run: WHAT_IF.into(),
                ..r.clone()
            })
            .collect();
        out.extend(
            scored_rows(me, &gold, &layer, &with_manual)
                .into_iter()
                .filter(|(r, _)| r.run == WHAT_IF)
                .map(|(r, _)| r),
        );
    }
    let sources: Vec<&str> = cfg.sources.iter().map(|s| s.as_str()).collect();
    Summary {
        // Large read logs still loading: the rows count only what is in so far.
        loading: me.is_loading(),
        threshold: cfg.threshold,
        // The effective inputs (all configuration layers merged), e.g. for `readcov report`.
        inputs: json!({ "root": me.store.root(), "gold": cfg.gold, "goldDefinition": cfg.gold_definition,
                    "reads": cfg.reads,
                    "readLog": cfg.read_log, "task": cfg.task, "sources": sources }),
        rows: out,
        totals: json!({ "rows": t.rows, "scored": t.scored, "passing": t.passing,
                    "meanLineCoverage": t.mean_line_coverage, "meanFileHit": t.mean_file_hit }),
    }
}

/// The `readcov/summary` answer. Typed, not a `Value`: tower-lsp-server makes the one `Value`
/// of the answer from it (`to_value`), where a `Value` built here was copied whole — with a
/// row per task (156,844 one-span tasks) each copy was ~100 MB (issue 35, item 7). Fields in
/// the order of the JSON.
#[derive(serde::Serialize)]
pub struct Summary {
    loading: bool,
    threshold: f64,
    inputs: Value,
    rows: Vec<SummaryRow>,
    totals: Value,
}

/// One `readcov/summary` row.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    task: String,
    run: String,
    layer: &'static str,
    file_hit: Option<f64>,
    line_coverage: Option<f64>,
    passes_threshold: Option<bool>,
    gold_lines: u64,
    covered_lines: u64,
    unit_hit: Option<f64>,
}

/// The run id of the what-if layer's rows (and of the reads `readcov.widen` records).
pub const WHAT_IF: &str = "what-if";
/// The run id of reads a person viewed (`readcov/recordRead`).
pub const HUMAN: &str = "human";

/// `score_batch` rows as `readcov/summary` JSON, with unit hit and the row's layer (`agent`,
/// `human` — the run `readcov/recordRead` writes — or `what-if`).
fn scored_rows(
    me: &Inner,
    gold: &[&readcov_core::GoldSpan],
    reads: &[ReadSpan],
    opts: &ScoreOptions,
) -> Vec<(SummaryRow, readcov_core::RunScore)> {
    let rows = score_batch(gold.iter().copied(), reads, &UnknownLengths, opts);
    let syntax = syntax_of(me, gold);
    let units = readcov_units::unit_scores(
        &rows,
        gold.iter().copied(),
        reads,
        &UnknownLengths,
        opts,
        &syntax,
        0,
    );
    rows.into_iter()
        .zip(units)
        .map(|(r, u)| {
            let layer = match r.run.as_str() {
                WHAT_IF => WHAT_IF,
                HUMAN => HUMAN,
                _ => "agent",
            };
            let v = SummaryRow {
                file_hit: r.score.file_hit,
                line_coverage: r.score.line_coverage,
                passes_threshold: r.score.passes_threshold,
                gold_lines: r.score.gold_lines,
                covered_lines: r.score.covered_lines,
                unit_hit: u.unit_hit,
                task: r.task,
                run: r.run,
                layer,
            };
            (v, r.score)
        })
        .collect()
}

/// Syntax units of every gold file: the open document's text when open, else the file on disk
/// (confined to the workspace through symlinks).
fn syntax_of(
    me: &Inner,
    gold: &[&readcov_core::GoldSpan],
) -> std::collections::BTreeMap<String, FileSyntax> {
    let root = me.store.root().and_then(|r| r.canonicalize().ok());
    let mut out = std::collections::BTreeMap::new();
    for path in gold.iter().map(|g| g.path.as_str()) {
        if out.contains_key(path) {
            continue;
        }
        let open = me
            .docs
            .iter()
            .find(|d| d.path.as_deref() == Some(path))
            .map(|d| d.text());
        let text = open.or_else(|| {
            let real = root.as_ref()?.join(path).canonicalize().ok()?;
            real.starts_with(root.as_ref()?)
                .then(|| String::from_utf8(readcov_files::read_source(&real).ok()?).ok())
                .flatten()
        });
        let lang = match &text {
            Some(t) => readcov_units::lang_for_file(path, t),
            None => readcov_units::lang_for_path(path),
        };
        let syntax = match (lang, text) {
            (None, _) => FileSyntax::Unsupported,
            (Some(_), None) => {
                FileSyntax::Unavailable("cannot read the file in the workspace".into())
            }
            (Some(lang), Some(text)) => match readcov_units::units(lang, &text) {
                Ok(r) => FileSyntax::Units {
                    units: r.units,
                    parse_errors: r.parse_errors,
                },
                Err(e) => FileSyntax::Unavailable(e.to_string()),
            },
        };
        out.insert(path.to_string(), syntax);
    }
    out
}
