//! `score`: reads against gold, one row per (task, run) — `readcov score --format jsonl` rows
//! (unit columns with a workspace, `read_before_edit` always), the totals and the mergeable
//! partial of `--emit-partial`, all through `score_batch`, the CLI's general path.

use crate::{check_threshold, file_error, located, Located, Workspace};
use pyo3::prelude::*;
use readcov_core::sheet::{read_before_edit_by_run, NoUnits, ReadBeforeEdit, Units};
use readcov_core::{
    parse_gold_checked, parse_reads_piece, score_batch, Parsed, Partial, PartialFile, ScoreOptions,
    ScorePartial, Shard, TaskRunScore,
};
use readcov_files::syntax::{load_syntax, workspace_units};
use readcov_files::{inside_workspace, workspace_lengths};
use readcov_units::{unit_scores, UnitScore};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What `score` hands back: rows (JSONL), totals (JSON), the partial (JSON), located errors.
type Scored = (String, String, String, Vec<Located>);

#[pyfunction]
#[pyo3(signature = (gold, gold_name, reads, reads_name, threshold, workspace=None, shard=None, breakdown=true, widen=readcov_units::DEFAULT_WIDEN))]
#[allow(clippy::too_many_arguments)]
pub fn score(
    py: Python<'_>,
    gold: Vec<u8>,
    gold_name: String,
    reads: Vec<u8>,
    reads_name: String,
    threshold: f64,
    workspace: Option<PathBuf>,
    shard: Option<String>,
    breakdown: bool,
    widen: u32,
) -> PyResult<Scored> {
    let shard = shard
        .map(|s| Shard::parse(&s))
        .transpose()
        .map_err(file_error)?;
    check_threshold(threshold)?;
    let ws = Workspace::new(&workspace)?;
    // The scoring itself runs without the GIL: other Python threads (a Ray worker's) go on.
    py.detach(|| {
        let (ws_str, root) = ws.confined();
        let check = |p: &str| inside_workspace(root.as_deref(), p);
        let mut g = parse_gold_checked(&gold, &gold_name, ws_str.as_deref(), &check);
        let mut r = Parsed::default();
        parse_reads_piece(&reads, 1, &reads_name, ws_str.as_deref(), &check, &mut r);
        let errors = g.errors.iter().chain(&r.errors).map(located).collect();
        if let Some(s) = shard {
            g.items.retain(|x| s.keeps(&x.task));
            r.items.retain(|x| s.keeps(&x.task));
        }
        let opts = ScoreOptions {
            threshold,
            breakdown,
            ..ScoreOptions::default()
        };
        let paths = g.items.iter().map(|x| x.path.as_str());
        let lengths = workspace_lengths(
            ws.as_deref(),
            paths.chain(r.items.iter().map(|x| x.path.as_str())),
        );
        let rows = score_batch(&g.items, &r.items, &lengths, &opts);
        let units = ws.as_deref().map(|w| {
            let syntax = load_syntax(Some(w), &g.items);
            unit_scores(&rows, &g.items, &r.items, &lengths, &opts, &syntax, widen)
        });
        let edit_units = ws.as_deref().map(|w| workspace_units(w, &r.items));
        let units_of: &dyn Units = match &edit_units {
            Some(u) => u,
            None => &NoUnits,
        };
        let rbe = read_before_edit_by_run(&r.items, &opts.sources, units_of, &lengths);
        let mut partial = ScorePartial::default();
        rows.iter().for_each(|x| partial.add(&x.score));
        let totals = serde_json::to_string(&partial.finish()).expect("totals serialise");
        let file = PartialFile::new(
            shard,
            Partial::Score {
                threshold,
                score: partial,
            },
        );
        let mut text = String::new();
        for (i, row) in rows.iter().enumerate() {
            let unit = units.as_ref().map(|u| &u[i]);
            text.push_str(&row_value(row, unit, &rbe, breakdown).to_string());
            text.push('\n');
        }
        let partial = serde_json::to_string(&file).expect("partial serialises");
        Ok((text, totals, partial, errors))
    })
}

/// One row as `readcov score --format jsonl` prints it: line metrics, unit figures with a
/// workspace, and `read_before_edit` (null for a run without edits); without the breakdown
/// (`--summary`) no `files` and `spans` keys.
fn row_value(
    row: &TaskRunScore,
    unit: Option<&UnitScore>,
    rbe: &BTreeMap<(String, String), ReadBeforeEdit>,
    breakdown: bool,
) -> Value {
    let mut v = serde_json::to_value(row).expect("rows serialise");
    if let Value::Object(map) = &mut v {
        if !breakdown {
            map.remove("files");
            map.remove("spans");
        }
        if let Some(Value::Object(extra)) =
            unit.map(|u| serde_json::to_value(u).expect("units serialise"))
        {
            map.extend(extra);
        }
        let edits = rbe
            .get(&(row.task.clone(), row.run.clone()))
            .filter(|r| r.edits > 0);
        map.insert(
            "read_before_edit".into(),
            edits.map_or(Value::Null, |r| {
                json!({
                    "edits": r.edits,
                    "mean": r.mean,
                    "worst": r.worst.as_ref().map(|w| w.coverage),
                    "worst_event_id": r.worst.as_ref().map(|w| w.event_id.clone()),
                    "worst_path": r.worst.as_ref().map(|w| w.path.clone()),
                    "worst_region": r.worst.as_ref().map(|w| w.region),
                })
            }),
        );
    }
    v
}
