//! The output of `readcov score` with several gold sets: one column per set (coverage and the
//! verdict at the threshold; with a workspace, each set's unit columns as the single-gold table has them),
//! a summary per set from core's totals, and resolve rate by coverage bucket with `--outcomes`.
//! Table, csv, json and jsonl carry the same figures.

use super::sets::{Key, Set};
use super::ScoreArgs;
use crate::cmd::score_units;
use crate::render::{csv_field, ratio, Format, Table};
use anyhow::Result;
use readcov_core::metrics::Status;
use readcov_core::outcomes::Outcomes;
use readcov_core::TaskRunScore;
use readcov_units::UnitScore;
use serde_json::{json, Value};
use std::collections::BTreeSet;

pub(super) fn render(
    sets: &[Set],
    args: &ScoreArgs,
    outcomes: Option<&Outcomes>,
) -> Result<String> {
    let mut out = String::new();
    match args.format {
        Format::Table => table(&mut out, sets, args, outcomes),
        Format::Csv => csv(&mut out, sets, outcomes),
        Format::Json | Format::Jsonl => json_rows(&mut out, sets, args, outcomes)?,
    }
    Ok(out)
}

fn pairs(sets: &[Set]) -> BTreeSet<Key> {
    sets.iter().flat_map(|s| s.rows.keys().cloned()).collect()
}

/// Sets that carry unit figures (a workspace was given and the set is not leave-one-out).
fn with_units(sets: &[Set]) -> impl Iterator<Item = &Set> {
    sets.iter().filter(|s| !s.units.is_empty())
}

fn cell(r: Option<&TaskRunScore>) -> String {
    match r.map(|r| &r.score) {
        Some(s) => match (s.status, s.passes_threshold) {
            (Status::NoRun, _) => "no run".to_string(),
            (_, Some(true)) => format!("{} OK", ratio(s.line_coverage)),
            (_, Some(false)) => format!("{} below", ratio(s.line_coverage)),
            (_, None) => "unscored".to_string(),
        },
        None => "-".to_string(),
    }
}

fn resolved(outcomes: &Outcomes, (task, run): &Key) -> String {
    outcomes
        .get(task, run)
        .map_or("-".into(), |b| b.to_string())
}

fn table(out: &mut String, sets: &[Set], args: &ScoreArgs, outcomes: Option<&Outcomes>) {
    let mut header: Vec<String> = vec!["task".into(), "run".into()];
    header.extend(sets.iter().map(|s| s.name.clone()));
    // The unit columns of the single-gold table, once per set.
    for s in with_units(sets) {
        let unit_headers = score_units::headers(args.widen);
        header.extend(unit_headers.iter().map(|h| format!("{}:{h}", s.name)));
    }
    if outcomes.is_some() {
        header.push("resolved".into());
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new(&header, &[0, 1]);
    for key in pairs(sets) {
        let mut cells = vec![key.0.clone(), key.1.clone()];
        cells.extend(sets.iter().map(|s| cell(s.rows.get(&key))));
        for s in with_units(sets) {
            // A task with no run has no unit figures (nothing was read), as in one set's table.
            let no_run = s.rows.get(&key).map(|r| r.score.status) == Some(Status::NoRun);
            match s.units.get(&key).filter(|_| !no_run) {
                Some(u) => cells.extend(score_units::cells(u)),
                None => cells.extend(score_units::headers(args.widen).iter().map(|_| "-".into())),
            }
        }
        if let Some(o) = outcomes {
            cells.push(resolved(o, &key));
        }
        t.row(cells);
    }
    out.push_str(&t.render());
    out.push('\n');
    let pct = (args.threshold * 100.0).round();
    for s in sets {
        let t = s.totals();
        let n = t.scored;
        out.push_str(&format!(
            "{}: {n} scored · {}/{n} at or above {pct}% · mean file_hit {} · mean line_coverage {}{}\n",
            s.name,
            t.passing,
            ratio(t.mean_file_hit),
            ratio(t.mean_line_coverage),
            t.not_scored_note()
        ));
        if let Some(o) = outcomes {
            let b: Vec<String> = s
                .buckets(o)
                .iter()
                .map(|b| format!("{} {}/{}", b.label(), b.resolved, b.labelled))
                .collect();
            out.push_str(&format!("  resolved by line coverage: {}\n", b.join(" · ")));
        }
    }
    for s in sets {
        if let Some(n) = &s.note {
            out.push_str(&format!("note: {n}\n"));
        }
    }
}

/// Per set: its line figures, and the unit keys `score` prints with a workspace.
fn set_value(r: &TaskRunScore, unit: Option<&UnitScore>) -> Value {
    let mut v = json!({"file_hit": r.score.file_hit, "line_coverage": r.score.line_coverage,
        "passes_threshold": r.score.passes_threshold, "gold_lines": r.score.gold_lines,
        "covered_lines": r.score.covered_lines, "status": r.score.status});
    if let (Some(u), Value::Object(map)) = (unit, &mut v) {
        let u = serde_json::to_value(u).expect("serialisable");
        for k in score_units::UNIT_KEYS {
            map.insert(k.to_string(), u[k].clone());
        }
    }
    v
}

/// The flat csv keys of one set.
const CSV_KEYS: [&str; 5] = [
    "line_coverage",
    "passes_threshold",
    "file_hit",
    "gold_lines",
    "covered_lines",
];

fn csv(out: &mut String, sets: &[Set], outcomes: Option<&Outcomes>) {
    let mut header = vec!["task".to_string(), "run".to_string()];
    for s in sets {
        header.extend(CSV_KEYS.iter().map(|k| format!("{}.{k}", s.name)));
        if !s.units.is_empty() {
            let units = score_units::UNIT_KEYS;
            header.extend(units.iter().map(|k| format!("{}.{k}", s.name)));
        }
    }
    if outcomes.is_some() {
        header.push("resolved".into());
    }
    let line = |cells: Vec<String>| cells.join(",") + "\n";
    out.push_str(&line(header.iter().map(|h| csv_field(h)).collect()));
    for key in pairs(sets) {
        let mut cells = vec![csv_field(&key.0), csv_field(&key.1)];
        for s in sets {
            let v = s
                .rows
                .get(&key)
                .map_or(Value::Null, |r| set_value(r, s.units.get(&key)));
            let units: &[&str] = if s.units.is_empty() {
                &[]
            } else {
                &score_units::UNIT_KEYS
            };
            for k in CSV_KEYS.iter().chain(units) {
                cells.push(match &v[k] {
                    Value::Null => String::new(),
                    other => other.to_string(),
                });
            }
        }
        if let Some(o) = outcomes {
            cells.push(
                o.get(&key.0, &key.1)
                    .map_or(String::new(), |b| b.to_string()),
            );
        }
        out.push_str(&line(cells));
    }
}

fn json_rows(
    out: &mut String,
    sets: &[Set],
    args: &ScoreArgs,
    outcomes: Option<&Outcomes>,
) -> Result<()> {
    let mut rows = Vec::new();
    for key in pairs(sets) {
        let per: serde_json::Map<String, Value> = sets
            .iter()
            .map(|s| {
                let v = s
                    .rows
                    .get(&key)
                    .map_or(Value::Null, |r| set_value(r, s.units.get(&key)));
                (s.name.clone(), v)
            })
            .collect();
        let resolved = outcomes.and_then(|o| o.get(&key.0, &key.1));
        rows.push(json!({"task": key.0, "run": key.1, "resolved": resolved, "gold_sets": per}));
    }
    let totals: Vec<Value> = sets
        .iter()
        .map(|s| {
            let t = s.totals();
            json!({"gold_set": s.name, "scored": t.scored, "at_or_above_threshold": t.passing,
                   "mean_file_hit": t.mean_file_hit, "mean_line_coverage": t.mean_line_coverage,
                   "note": s.note, "resolve_by_coverage": outcomes.map(|o| s.buckets(o))})
        })
        .collect();
    if args.format == Format::Jsonl {
        for r in &rows {
            out.push_str(&serde_json::to_string(r)?);
            out.push('\n');
        }
        out.push_str(&serde_json::to_string(
            &json!({"record": "totals", "threshold": args.threshold, "gold_sets": totals}),
        )?);
        out.push('\n');
    } else {
        let all = json!({"threshold": args.threshold, "rows": rows, "totals": totals});
        out.push_str(&serde_json::to_string_pretty(&all)?);
        out.push('\n');
    }
    Ok(())
}
