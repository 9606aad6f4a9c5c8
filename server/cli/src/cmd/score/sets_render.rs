//! The output of `readcov score` with several gold sets: one column per set (coverage and the
//! verdict at the threshold; with a workspace, each set's unit columns as the single-gold table has them),
//! a summary per set from core's totals, and resolve rate by coverage bucket with `--outcomes`.
//! Table, csv, json and jsonl carry the same figures: json and jsonl print the library's rows and
//! totals (`readcov_files::sets::doc`, what Python's `score_sets` returns), csv flattens them.

use super::output::Output;
use crate::cmd::score_units;
use crate::render::{csv_field, ratio, ratio_at, Format, Table};
use anyhow::Result;
use readcov_core::metrics::Status;
use readcov_core::TaskRunScore;
use readcov_files::sets::doc::set_value_of;
use readcov_files::sets::{GoldSets, Set};
use serde_json::{json, Value};

pub(super) fn render(sets: &GoldSets, output: &Output) -> Result<String> {
    let mut out = String::new();
    match output.format {
        Format::Table => table(&mut out, sets, output),
        Format::Csv => csv(&mut out, sets),
        Format::Json | Format::Jsonl => json_rows(&mut out, sets, output)?,
    }
    Ok(out)
}

/// Sets that carry unit figures (a workspace was given and the set is not leave-one-out).
fn with_units(sets: &[Set]) -> impl Iterator<Item = &Set> {
    sets.iter().filter(|s| !s.units.is_empty())
}

/// The run's line coverage beside its verdict at `threshold`.
fn cell(r: Option<&TaskRunScore>, threshold: f64) -> String {
    match r.map(|r| &r.score) {
        Some(s) => match (s.status, s.passes_threshold) {
            (Status::NoRun, _) => "no run".to_string(),
            (_, Some(true)) => format!("{} OK", ratio_at(s.line_coverage, Some(threshold))),
            (_, Some(false)) => format!("{} below", ratio_at(s.line_coverage, Some(threshold))),
            (_, None) => "unscored".to_string(),
        },
        None => "-".to_string(),
    }
}

fn table(out: &mut String, all: &GoldSets, output: &Output) {
    let (sets, outcomes) = (all.sets.as_slice(), all.outcomes.as_ref());
    let mut header: Vec<String> = vec!["task".into(), "run".into()];
    header.extend(sets.iter().map(|s| s.name.clone()));
    // The unit columns of the single-gold table, once per set.
    for s in with_units(sets) {
        let unit_headers = score_units::headers(output.widen);
        header.extend(unit_headers.iter().map(|h| format!("{}:{h}", s.name)));
    }
    if outcomes.is_some() {
        header.push("resolved".into());
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new(&header, &[0, 1]);
    for key in all.pairs() {
        let mut cells = vec![key.0.clone(), key.1.clone()];
        cells.extend(
            sets.iter()
                .map(|s| cell(s.rows.get(&key), output.threshold)),
        );
        for s in with_units(sets) {
            // A task with no run has no unit figures (nothing was read), as in one set's table.
            let no_run = s.rows.get(&key).map(|r| r.score.status) == Some(Status::NoRun);
            match s.units.get(&key).filter(|_| !no_run) {
                Some(u) => cells.extend(score_units::cells(u)),
                None => cells.extend(
                    score_units::headers(output.widen)
                        .iter()
                        .map(|_| "-".into()),
                ),
            }
        }
        if outcomes.is_some() {
            cells.push(all.resolved(&key).map_or("-".into(), |b| b.to_string()));
        }
        t.row(cells);
    }
    out.push_str(&t.render());
    out.push('\n');
    let pct = readcov_core::words::threshold(output.threshold);
    for s in sets {
        let t = s.totals();
        let n = t.scored;
        out.push_str(&format!(
            "{}: {n} scored · {}/{n} at or above {pct} · mean file_hit {} · mean line_coverage {}{}\n",
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

/// The flat csv keys of one set.
const CSV_KEYS: [&str; 5] = [
    "line_coverage",
    "passes_threshold",
    "file_hit",
    "gold_lines",
    "covered_lines",
];

fn csv(out: &mut String, all: &GoldSets) {
    let (sets, outcomes) = (all.sets.as_slice(), all.outcomes.as_ref());
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
    for key in all.pairs() {
        let mut cells = vec![csv_field(&key.0), csv_field(&key.1)];
        for s in sets {
            let v = set_value_of(s, &key);
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
        if outcomes.is_some() {
            cells.push(all.resolved(&key).map_or(String::new(), |b| b.to_string()));
        }
        out.push_str(&line(cells));
    }
}

fn json_rows(out: &mut String, sets: &GoldSets, output: &Output) -> Result<()> {
    let (rows, totals) = (sets.row_values(), sets.totals_values());
    if output.format == Format::Jsonl {
        for r in &rows {
            out.push_str(&serde_json::to_string(r)?);
            out.push('\n');
        }
        out.push_str(&serde_json::to_string(
            &json!({"record": "totals", "threshold": output.threshold, "gold_sets": totals}),
        )?);
        out.push('\n');
    } else {
        let all = json!({"threshold": output.threshold, "rows": rows, "totals": totals});
        out.push_str(&serde_json::to_string_pretty(&all)?);
        out.push('\n');
    }
    Ok(())
}
