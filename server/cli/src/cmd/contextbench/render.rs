//! `readcov contextbench` output: JSONL rows then summaries, one JSON document, or a table of
//! the summaries (compat micro and macro beside clean micro and macro).

use super::CbFormat;
use crate::render::Table;
use readcov_core::contextbench::json::{row_json, summary_json};
use readcov_core::contextbench::{CbReport, Mode, Summary, LEVELS};
use std::collections::BTreeMap;

pub fn render(report: &CbReport, format: CbFormat) -> String {
    match format {
        CbFormat::Jsonl => {
            let mut out = String::new();
            for r in &report.rows {
                out.push_str(&row_json(r));
                out.push('\n');
            }
            out.push_str(&summary_json(&report.compat, Mode::Compat));
            out.push('\n');
            out.push_str(&summary_json(&report.clean, Mode::Clean));
            out.push('\n');
            out
        }
        CbFormat::Json => {
            let rows: Vec<String> = report.rows.iter().map(row_json).collect();
            format!(
                "{{\"rows\":[{}],\"summaries\":[{},{}]}}\n",
                rows.join(","),
                summary_json(&report.compat, Mode::Compat),
                summary_json(&report.clean, Mode::Clean)
            )
        }
        CbFormat::Table => summary_table(report),
    }
}

/// Error rows by kind (compat: the reference's error rows).
pub fn error_counts(report: &CbReport) -> BTreeMap<&'static str, usize> {
    let mut out = BTreeMap::new();
    for r in &report.rows {
        if let Err(e) = &r.compat {
            *out.entry(e.as_str()).or_default() += 1;
        }
    }
    out
}

fn f(v: Option<f64>) -> String {
    v.map_or_else(|| "-".to_string(), |x| format!("{x:.3}"))
}

/// Rows of (metric, compat micro, compat macro, clean micro, clean macro).
fn summary_table(report: &CbReport) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let cell = |s: &Summary, l: usize, what: usize| -> (String, String) {
        let micro = s.micro.final_[l].map(|(c, p)| [c, p]);
        let mac = s.macro_.final_[l];
        match what {
            0 | 1 => (f(micro.and_then(|m| m[what])), f(mac.and_then(|m| m[what]))),
            2 => ("".into(), f(mac.and_then(|m| m[2]))),
            3 => (f(s.micro.traj_auc[l]), f(s.macro_.auc[l])),
            _ => (f(s.micro.traj_redundancy[l]), f(s.macro_.redundancy[l])),
        }
    };
    for (l, name) in LEVELS.iter().enumerate() {
        if report.compat.micro.final_[l].is_none() {
            continue;
        }
        for (w, what) in ["coverage", "precision", "f1", "auc_coverage", "redundancy"]
            .iter()
            .enumerate()
        {
            let (a, b) = cell(&report.compat, l, w);
            let (c, d) = cell(&report.clean, l, w);
            rows.push(vec![format!("{name}.{what}"), a, b, c, d]);
        }
    }
    let el = |s: &Summary, i: usize| -> (String, String) {
        (
            f(s.micro
                .editloc
                .and_then(|(r, p)| [r, p].get(i).copied().flatten())),
            f(s.macro_.editloc.and_then(|m| m[i])),
        )
    };
    if report.compat.micro.editloc.is_some() {
        for (i, what) in ["recall", "precision"].iter().enumerate() {
            let (a, b) = el(&report.compat, i);
            let (c, d) = el(&report.clean, i);
            rows.push(vec![format!("editloc.{what}"), a, b, c, d]);
        }
    }
    rows.push(vec![
        "usage_drop".into(),
        "".into(),
        "".into(),
        "".into(),
        f(report.clean.macro_.usage_drop),
    ]);
    let head = [
        "metric",
        "compat micro",
        "compat macro",
        "clean micro",
        "clean macro",
    ];
    let mut t = Table::new(&head, &[0]);
    for r in rows {
        t.row(r);
    }
    let mut out = t.render();
    out.push_str(&format!(
        "{} of {} prediction(s) scored (compat); macro means count error rows as 0\n",
        report.compat.micro.num_valid, report.compat.micro.num_total
    ));
    out
}
