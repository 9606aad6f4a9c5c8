//! `readcov score` output: the table, json, jsonl and csv renderings of scored rows (with unit
//! and read-before-edit columns when present).

use super::output::Output;
use super::{before_edit, rows};
use crate::cmd::score_units;
use crate::render::{csv_field, percent_at, ratio, ratio_at, Format, Table};
use readcov_core::shown::shown;
use readcov_core::{Status, TaskRunScore, Totals};
use readcov_units::UnitScore;
use std::io::Write;

/// The flat per-row keys shared by jsonl and csv.
pub(super) const KEYS: [&str; 13] = [
    "task",
    "run",
    "status",
    "file_hit",
    "line_coverage",
    "precision",
    "f1",
    "gold_lines",
    "read_lines",
    "covered_lines",
    "passes_threshold",
    "gold_files",
    "files_hit",
];

pub(super) fn render(
    w: &mut dyn Write,
    rows: &[TaskRunScore],
    units: Option<&[UnitScore]>,
    rbe: &before_edit::ByRun,
    total: &Totals,
    output: &Output,
) -> std::io::Result<()> {
    let unit = |i: usize| units.and_then(|u| u.get(i));
    let values = || {
        rows.iter().enumerate().map(move |(i, r)| {
            let mut v = before_edit::with_key(score_units::row_value(r, unit(i)), rbe, r);
            if let (true, serde_json::Value::Object(map)) = (output.summary, &mut v) {
                map.remove("files");
                map.remove("spans");
            }
            v
        })
    };
    match output.format {
        Format::Json => {
            // Each row's JSON is made as it is written, never all at once: with unit figures a
            // row holds its gold units (110 per row on one 50,000-line file), and the whole
            // document as one `Value` took 926 MB for 3,000 rows (session 21,
            // bench/lsp_one_file.py). The same bytes: keys in the order a `Value` map sorts
            // them, rows pretty-printed at the same depth.
            use serde::ser::{SerializeMap, SerializeSeq, Serializer};
            struct Rows<I>(std::cell::Cell<Option<I>>);
            impl<I: Iterator<Item = serde_json::Value>> serde::Serialize for Rows<I> {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    let mut seq = s.serialize_seq(None)?;
                    for v in self.0.take().into_iter().flatten() {
                        seq.serialize_element(&v)?;
                    }
                    seq.end()
                }
            }
            let mut ser = serde_json::Serializer::pretty(&mut *w);
            let mut doc = (&mut ser).serialize_map(Some(3))?;
            doc.serialize_entry("rows", &Rows(std::cell::Cell::new(Some(values()))))?;
            doc.serialize_entry("threshold", &serde_json::json!(output.threshold))?;
            doc.serialize_entry("totals", &serde_json::to_value(total)?)?;
            SerializeMap::end(doc)?;
            w.write_all(b"\n")
        }
        Format::Jsonl if units.is_none() => {
            for r in rows {
                serde_json::to_writer(&mut *w, &rows::Row::new(r, rbe, !output.summary))?;
                w.write_all(b"\n")?;
            }
            Ok(())
        }
        Format::Jsonl => {
            for v in values() {
                serde_json::to_writer(&mut *w, &v)?;
                w.write_all(b"\n")?;
            }
            Ok(())
        }
        Format::Csv => {
            write_csv_header(w, units.is_some())?;
            for (i, r) in rows.iter().enumerate() {
                write_csv_row(w, r, units.map(|_| unit(i)), rbe)?;
            }
            Ok(())
        }
        Format::Table => w.write_all(render_table(rows, units, rbe, total, output).as_bytes()),
    }
}

pub(super) fn write_csv_header(w: &mut dyn Write, with_units: bool) -> std::io::Result<()> {
    let unit_keys: &[&str] = if with_units {
        &score_units::UNIT_KEYS
    } else {
        &[]
    };
    let keys: Vec<&str> = KEYS.iter().chain(unit_keys).copied().collect();
    let header = keys.join(",") + "," + &before_edit::CSV_KEYS.join(",") + "\n";
    w.write_all(header.as_bytes())
}

/// One csv line: the summary cells, the unit cells when there are unit columns (`units` is
/// `Some`, empty cells for a row without a unit score), the read-before-edit cells.
pub(super) fn write_csv_row<S: AsRef<str>>(
    mut w: &mut dyn Write,
    r: &TaskRunScore<S>,
    units: Option<Option<&UnitScore>>,
    rbe: &before_edit::ByRun,
) -> std::io::Result<()> {
    rows::write_csv_summary(&mut w, r)?;
    if let Some(unit) = units {
        let v = unit.map_or(serde_json::Value::Null, |u| {
            serde_json::to_value(u).expect("serialisable")
        });
        for k in score_units::UNIT_KEYS {
            w.write_all(b",")?;
            w.write_all(
                match &v[k] {
                    serde_json::Value::Null => String::new(),
                    serde_json::Value::String(s) => csv_field(s),
                    other => other.to_string(),
                }
                .as_bytes(),
            )?;
        }
    }
    for cell in before_edit::csv_cells(rbe, r) {
        w.write_all(b",")?;
        w.write_all(cell.as_bytes())?;
    }
    w.write_all(b"\n")
}

fn render_table(
    rows: &[TaskRunScore],
    units: Option<&[UnitScore]>,
    rbe: &before_edit::ByRun,
    total: &Totals,
    output: &Output,
) -> String {
    let mut header: Vec<String> = [
        "task",
        "run",
        "file_hit",
        "line_cov",
        "precision",
        "f1",
        "gold",
        "read",
        "covered",
        "verdict",
    ]
    .map(String::from)
    .to_vec();
    if units.is_some() {
        header.extend(score_units::headers(output.widen));
    }
    // The read-before-edit columns appear only when some run has edits.
    let edits = before_edit::any_edits(rbe);
    if edits {
        header.extend(["rb_edit".to_string(), "rb_worst".to_string()]);
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new(&header, &[0, 1, 9]);
    let mut detail = String::new();
    for (i, r) in rows.iter().enumerate() {
        let unit = units.and_then(|u| u.get(i));
        let s = &r.score;
        let verdict = match (s.status, s.passes_threshold) {
            (Status::Unscored, _) => "unscored (no gold)".to_string(),
            (Status::NoRun, _) => "no run (not scored)".to_string(),
            (_, Some(true)) => format!(
                "OK (≥ {})",
                readcov_core::words::threshold(output.threshold)
            ),
            _ => format!("below {}", readcov_core::words::threshold(output.threshold)),
        };
        let mut cells = vec![
            r.task.clone(),
            r.run.clone(),
            ratio(s.file_hit),
            ratio_at(s.line_coverage, Some(output.threshold)),
            ratio(s.precision),
            ratio(s.f1),
            s.gold_lines.to_string(),
            s.read_lines.to_string(),
            s.covered_lines.to_string(),
            verdict,
        ];
        // A task with no run has no unit figures either (nothing was read or measured).
        cells.extend(
            unit.map(|u| match s.status {
                Status::NoRun => score_units::headers(0).iter().map(|_| "-".into()).collect(),
                Status::Scored | Status::Unscored => score_units::cells(u),
            })
            .unwrap_or_default(),
        );
        if edits {
            cells.extend(before_edit::table_cells(rbe, r));
        }
        t.row(cells);
        if output.detail && s.status == Status::Scored {
            detail += &format!("\n{} / {}\n", shown(&r.task), shown(&r.run));
            for f in &s.files {
                let hit = if f.hit { "hit" } else { "not opened" };
                detail += &format!(
                    "  {}: {}/{} gold lines read ({}), {hit}\n",
                    shown(&f.path),
                    f.covered_lines,
                    f.gold_lines,
                    percent_at(f.coverage, Some(output.threshold))
                );
            }
            for sp in &s.spans {
                let unread = if sp.unread.is_empty() {
                    "none".to_string()
                } else {
                    sp.unread.to_string()
                };
                detail += &format!(
                    "    {}:{}-{}: {}/{} read ({}), unread {unread}\n",
                    shown(&sp.path),
                    sp.start,
                    sp.end,
                    sp.covered_lines,
                    sp.gold_lines,
                    percent_at(sp.coverage, Some(output.threshold))
                );
            }
            detail += &(unit.map(|u| score_units::detail(u, output.threshold))).unwrap_or_default();
        }
    }
    let mut out = t.render();
    out += &detail;
    out += &format!(
        "\ntotals: {} row(s) · {} scored · {} unscored · {}/{} at or above {} · mean file_hit {} · mean line_coverage {} · covered {}/{} gold lines{}\n",
        total.rows,
        total.scored,
        total.unscored,
        total.passing,
        total.scored,
        readcov_core::words::threshold(output.threshold),
        ratio(total.mean_file_hit),
        ratio(total.mean_line_coverage),
        total.covered_lines,
        total.gold_lines,
        total.not_scored_note(),
    );
    if !output.no_legend {
        out += &super::legend::legend(units.is_some(), edits, output.widen);
    }
    out
}
