//! The whole task, not only the open file: the inputs of `readcov_core::explain` gathered from
//! the store (the task's gold and rows, file lengths and units from the workspace on disk, as
//! `readcov explain --workspace` reads them), the selected task and run, and every gold file of
//! the task with its diagnostics — opened in the editor or not.

use crate::backend::Inner;
use crate::document::Document;
use crate::render;
use crate::store::StoredRead;
use readcov_core::explain::{
    explain, ExplainError, ExplainRequest, Explanation, UnitMap, UnitRange,
};
use readcov_core::{GoldSpan, Name, ReadSpan, ScoreOptions, Source};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use tower_lsp_server::ls_types::{Diagnostic, Uri};

/// The scoring options of `readcov/explain` and `readcov/tasks`: the configured threshold and
/// sources, as `readcov/summary` (what-if reads count only when `sources` lists `manual`).
pub(crate) fn options(me: &Inner) -> ScoreOptions {
    let cfg = me.store.config();
    ScoreOptions {
        threshold: cfg.threshold,
        sources: cfg.sources.clone(),
        breakdown: true,
    }
}

/// The task the editor is about: the configured `task`, else the only task with gold.
pub fn selected_task(me: &Inner) -> Option<String> {
    if let Some(t) = me.store.config().task {
        return Some(t);
    }
    // Looked at in place (this runs on every refresh): the gold is never copied for it.
    let files = me.store.gold_files();
    let mut tasks = files.iter().flat_map(|f| f.iter()).map(|g| g.task.as_str());
    let first = tasks.next()?;
    tasks.all(|t| t == first).then(|| first.to_string())
}

/// The agent runs of `task` in the store, in name order.
pub(crate) fn agent_runs(me: &Inner, task: &str) -> Vec<String> {
    // From the store's (task, run) index: no read visited (a walk over every read was a fifth
    // of `readcov/lineStates` with 1.2M reads, session 21).
    me.store.agent_runs_of(task)
}

/// The run the editor shows for `task`: the one selected run, else the task's only agent run.
pub fn selected_run(me: &Inner, task: &str) -> Option<String> {
    match me.store.config().runs.as_deref() {
        Some([one]) => Some(one.clone()),
        _ => match agent_runs(me, task).as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        },
    }
}

/// How messages name what the editor shows: `run R`, `runs R, S`, or `any run`.
pub fn run_label(me: &Inner, task: Option<&str>) -> String {
    match me.store.config().runs {
        Some(runs) if runs.len() == 1 => format!("run {}", runs[0]),
        Some(runs) if !runs.is_empty() => format!("runs {}", runs.join(", ")),
        _ => match task.map(|t| agent_runs(me, t)).as_deref() {
            Some([one]) => format!("run {one}"),
            _ => "any run".into(),
        },
    }
}

/// What-if reads (`source: manual`) are a layer over a run, never a run of their own: left out
/// of the runs and of the rows explained unless `sources` counts them.
pub(crate) fn is_run_row(source: Source, sources: &BTreeSet<Source>) -> bool {
    source != Source::Manual || sources.contains(&Source::Manual)
}

/// What `explain` needs of a task, without copying every row of it: the task's gold, the rows
/// of the runs asked about and the human rows (the what-if layer counts them with the run's),
/// the what-if reads apart (empty when `sources` counts them: then they are rows like any
/// other), and the names of all the task's runs. Given to `explain` as `more_runs`, those names
/// make it list and pick among the runs as if it had every row; it scores only the runs asked
/// about. The other runs' rows stay in the store: copying all of them cost ~240 MB at the peak
/// of `readcov/overview` with 1.2M reads of 3,000 runs (session 22).
pub(crate) struct RunRows {
    pub gold: Vec<GoldSpan>,
    pub rows: Vec<ReadSpan>,
    pub what_if: Vec<ReadSpan>,
    /// Every run of the task's rows (reads and edits, any source), in name order.
    pub runs: Vec<String>,
}

/// [`RunRows`] of `task` for `run` (none: the task's only run, as `explain` picks it) and
/// `against`.
pub(crate) fn run_rows(
    me: &Inner,
    task: &str,
    run: Option<&str>,
    against: Option<&str>,
) -> RunRows {
    let sources = me.store.config().sources;
    // Only the task's reads, through the store's (task, run) index, in a walk's order.
    let each = |f: &mut dyn FnMut(&StoredRead)| me.store.held().each_of_task_in_order(task, f);
    RunRows {
        gold: me.store.gold_where(|g| g.task == task),
        ..select_rows(each, task, &sources, run, against)
    }
}

/// The rows of [`RunRows`] (its gold left empty) from the reads `each` visits.
pub(crate) fn select_rows(
    each: impl Fn(&mut dyn FnMut(&StoredRead)),
    task: &str,
    sources: &BTreeSet<Source>,
    run: Option<&str>,
    against: Option<&str>,
) -> RunRows {
    let mut names = BTreeSet::new();
    // A run's rows come in a row: the set is searched only when the run changes.
    let mut last: Option<Name> = None;
    each(&mut |r| {
        if &*r.task == task && is_run_row(r.source, sources) && last.as_ref() != Some(&r.run) {
            last = Some(r.run.clone());
            if !names.contains(&*r.run) {
                names.insert(r.run.to_string());
            }
        }
    });
    let runs: Vec<String> = names.into_iter().collect();
    let only = match runs.as_slice() {
        [one] => Some(one.as_str()),
        _ => None,
    };
    let wanted: Vec<&str> = [run.or(only), against].into_iter().flatten().collect();
    let (mut rows, mut what_if) = (Vec::new(), Vec::new());
    each(&mut |r| {
        if &*r.task == task {
            if !is_run_row(r.source, sources) {
                what_if.push(r.to_span());
            } else if r.source == Source::Human || wanted.contains(&&*r.run) {
                rows.push(r.to_span());
            }
        }
    });
    RunRows {
        gold: Vec::new(),
        rows,
        what_if,
        runs,
    }
}

/// A workspace file's text on disk, when it resolves inside the root (through symlinks).
pub(crate) fn disk_text(me: &Inner, path: &str) -> Option<(PathBuf, String)> {
    let root = me.store.root()?.canonicalize().ok()?;
    let real = root.join(path).canonicalize().ok()?;
    if !real.starts_with(&root) || !real.is_file() {
        return None;
    }
    let bytes = readcov_files::read_source(&real).ok()?;
    // Lossy, as the CLI: a stray invalid byte must not hide the file's units or length.
    Some((
        root.join(path),
        String::from_utf8_lossy(&bytes).into_owned(),
    ))
}

/// `readcov/explain`: the task (default: the selected one) and run (default: the selected
/// one), as `readcov explain --workspace ROOT --format json` computes them.
pub fn explain_task(
    me: &Inner,
    task: Option<&str>,
    run: Option<&str>,
    against: Option<&str>,
) -> Result<Explanation, String> {
    let task = match task.map(str::to_string).or_else(|| selected_task(me)) {
        Some(t) => t,
        None => return Err("no task given and none selected (set `task`, or give one)".into()),
    };
    let run = run.map(str::to_string).or_else(|| selected_run(me, &task));
    let RunRows {
        gold, rows, runs, ..
    } = run_rows(me, &task, run.as_deref(), against);
    let req = ExplainRequest {
        task: &task,
        run: run.as_deref(),
        against,
        more_runs: &runs,
    };
    let opts = options(me);
    let mut e = explain_rows(me, &gold, &rows, &opts, &req).map_err(|e| e.to_string())?;
    e.stages = crate::change::stages(me, &gold, &rows, &opts, &e.task, &e.run);
    Ok(e)
}

/// `explain` on these rows, with file lengths and units from the workspace on disk.
pub(crate) fn explain_rows(
    me: &Inner,
    gold: &[GoldSpan],
    rows: &[ReadSpan],
    opts: &ScoreOptions,
    req: &ExplainRequest,
) -> Result<Explanation, ExplainError> {
    let paths: BTreeSet<&str> = (gold.iter().map(|g| g.path.as_str()))
        .chain(rows.iter().map(|r| r.path.as_str()))
        .collect();
    let mut lengths: BTreeMap<String, u32> = BTreeMap::new();
    let mut units = UnitMap::new();
    let gold_paths: BTreeSet<&str> = gold.iter().map(|g| g.path.as_str()).collect();
    for path in paths {
        let Some((_, text)) = disk_text(me, path) else {
            continue;
        };
        let doc = Document::new(Some(path.to_string()), &text, 0);
        lengths.insert(path.to_string(), doc.lines());
        if gold_paths.contains(path) {
            let spans = doc.units.spans.iter().map(|u| UnitRange {
                kind: u.kind.clone(),
                name: u.name.clone(),
                start: u.start,
                end: u.end,
            });
            units.insert(path.to_string(), spans.collect());
        }
    }
    explain(gold, rows, &lengths, opts, &units, req)
}

/// Lines as readcov counts them (a last line without a newline counts).
pub(crate) fn count_lines(text: &str) -> u32 {
    let n = text.matches('\n').count() + usize::from(!text.is_empty() && !text.ends_with('\n'));
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Every gold file of the selected task that is not open, with its diagnostics as if it were
/// (from its text on disk), or only the file-level one when it is not on disk. Open files get
/// theirs from the document (`Inner::diagnostics_for`).
pub fn closed_gold_files(me: &Inner) -> Vec<(Uri, Vec<Diagnostic>)> {
    let Some(task) = selected_task(me) else {
        return Vec::new();
    };
    let Some(root) = me.store.root() else {
        return Vec::new();
    };
    let paths = me.store.gold_paths(Some(&task));
    let open: BTreeSet<String> = me.docs.iter().filter_map(|d| d.path.clone()).collect();
    let cfg = me.store.config();
    let label = run_label(me, Some(&task));
    let mut out = Vec::new();
    for path in paths.into_iter().filter(|p| !open.contains(p)) {
        let Some(uri) = Uri::from_file_path(root.join(&path)) else {
            continue;
        };
        let diags = match disk_text(me, &path) {
            Some((_, text)) => {
                let doc = Document::new(Some(path.clone()), &text, 0);
                let view = me.view_of(&doc);
                let mut d = render::diagnostics(&uri, &doc, &view, cfg.info_at_threshold);
                d.extend(render::never_opened(&doc, &view, &label));
                d
            }
            None => {
                let (gold, _) = me.store.gold_spans(&path);
                let read = me.store.read_lines(&path, &cfg);
                render::missing_file(&gold, &read, &label)
                    .into_iter()
                    .collect()
            }
        };
        out.push((uri, diags));
    }
    out
}

/// The hover's nearest-reads part for disk line `line` of `path`, when that line is gold and
/// no shown read covered it.
pub fn hover_nearest(me: &Inner, path: &str, line: u32) -> Option<String> {
    let (gold, _) = me.store.gold_spans(path);
    if !gold.iter().any(|&(s, e)| s <= line && line <= e) {
        return None;
    }
    let cfg = me.store.config();
    let reads: Vec<ReadSpan> = (me.store.held().of_path(path).iter())
        .filter(|s| crate::store::counts_stored(s, &cfg))
        .map(crate::store::StoredRead::to_span)
        .collect();
    if reads.iter().any(|r| r.start <= line && line <= r.end) {
        return None;
    }
    let refs: Vec<&ReadSpan> = reads.iter().collect();
    let (mut before, mut after) = readcov_core::explain::nearest_reads(&refs, line, line);
    // The explanation cuts commands in the middle for text; the hover shortens the whole one.
    for near in [&mut before, &mut after].into_iter().flatten() {
        let full =
            (reads.iter()).find(|r| (r.start, r.end, r.turn) == (near.start, near.end, near.turn));
        if let Some(cmd) = full.and_then(|r| r.command.clone()) {
            near.command = Some(cmd);
        }
    }
    Some(render::hover_nearest(line, before.as_ref(), after.as_ref()))
}

/// The edits of `path` by the shown agent runs, each checked against the shown reads before it.
pub fn file_edits(me: &Inner, path: &str) -> Vec<readcov_core::explain::EditNote> {
    let cfg = me.store.config();
    let held = me.store.held();
    let entry = held.of_path(path);
    let shown = |r: &crate::store::StoredRead| {
        r.source == Source::Agent
            && (cfg.runs.as_ref()).is_none_or(|runs| runs.iter().any(|x| **x == *r.run))
    };
    // Each run's edits against that run's reads (plus human reads, which the view shows too).
    let mut out = Vec::new();
    let runs: BTreeSet<&str> = (entry.iter())
        .filter(|s| s.kind == readcov_core::EventKind::Edit && shown(s))
        .map(|s| &*s.run)
        .collect();
    let (spans, _) = me.store.gold_spans(path);
    let gold: BTreeMap<String, readcov_core::LineSet> = [(
        path.to_string(),
        readcov_core::LineSet::from_intervals(
            (spans.iter()).filter_map(|&(s, e)| readcov_core::Interval::new(s, e)),
        ),
    )]
    .into();
    for run in runs {
        // One run's rows at a time as `ReadSpan`s (the store shares their strings).
        let spans: Vec<ReadSpan> = (entry.iter())
            .filter(|r| &*r.run == run || r.source == Source::Human)
            .map(crate::store::StoredRead::to_span)
            .collect();
        let rows: Vec<&ReadSpan> = spans.iter().collect();
        let counted = |r: &&ReadSpan| crate::store::counts(r, &cfg);
        let unknown = readcov_core::UnknownLengths;
        out.extend(readcov_core::explain::edits_before_reading(
            &rows, counted, &gold, &unknown,
        ));
    }
    out
}

#[cfg(test)]
mod tests;
