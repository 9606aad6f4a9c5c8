//! Several named gold sets (`readcov report --gold NAME=FILE`, repeated): a summary per set
//! (scored, at or above the threshold, mean file hit, mean line coverage), one row per run with
//! its coverage and verdict under each set, and with outcome labels the resolve rate by
//! line-coverage bucket, one chart per set with counts.

use super::{charts, esc, num, pct};
use crate::model::Report;
use readcov_core::metrics::Status;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

pub fn section(r: &Report) -> String {
    let mut out = String::from(
        r#"<section aria-labelledby="h-gold-sets"><h2 id="h-gold-sets">Gold sets side by side</h2>"#,
    );
    let thr = readcov_core::words::threshold(r.threshold);
    out.push_str(r#"<div class="scroll"><table><caption>Per gold set</caption><thead><tr><th scope="col">gold set</th><th scope="col">scored</th><th scope="col">no run</th><th scope="col">at or above "#);
    let _ = write!(
        out,
        r#"{thr}</th><th scope="col">mean file hit</th><th scope="col">mean line coverage</th></tr></thead><tbody>"#
    );
    for s in &r.gold_sets {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}/{}</td><td>{}</td><td>{}</td></tr>",
            esc(&s.name),
            s.scored,
            s.no_run,
            s.passing,
            s.scored,
            num(s.mean_file_hit, None),
            num(s.mean_line_coverage, None)
        );
    }
    out.push_str("</tbody></table></div>");
    runs(&mut out, r);
    if r.gold_sets.iter().any(|s| !s.buckets.is_empty()) {
        out.push_str(r#"<div class="charts">"#);
        for s in &r.gold_sets {
            let title = format!("{}: resolve rate by line-coverage bucket", s.name);
            out.push_str("<figure>");
            out.push_str(&charts::resolve_rate_titled(&s.buckets, &title));
            let _ = write!(
                out,
                "<figcaption>Gold set <b>{}</b>: {} scored run(s); resolved/labelled above each bar.</figcaption></figure>",
                esc(&s.name),
                s.scored
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</section>");
    out
}

/// One row per (task, run), a cell per set: coverage and the verdict at the threshold.
fn runs(out: &mut String, r: &Report) {
    let mut cells: BTreeMap<(&str, &str), BTreeMap<usize, String>> = BTreeMap::new();
    let mut keys = BTreeSet::new();
    for (i, s) in r.gold_sets.iter().enumerate() {
        for run in &s.runs {
            let key = (run.task.as_str(), run.run.as_str());
            keys.insert(key);
            let cell = match (run.status, run.line_coverage, run.passes_threshold) {
                (Status::NoRun, ..) => "no run".to_string(),
                (_, Some(c), Some(true)) => format!("{} OK", pct(c, Some(r.threshold))),
                (_, Some(c), _) => format!("{} below", pct(c, Some(r.threshold))),
                (_, None, _) => "unscored".to_string(),
            };
            cells.entry(key).or_default().insert(i, cell);
        }
    }
    out.push_str(r#"<div class="scroll"><table><caption>Line coverage and verdict of each run under each gold set</caption><thead><tr><th scope="col">task</th><th scope="col">run</th>"#);
    for s in &r.gold_sets {
        let _ = write!(out, r#"<th scope="col">{}</th>"#, esc(&s.name));
    }
    out.push_str("</tr></thead><tbody>");
    for key in keys {
        let _ = write!(out, "<tr><td>{}</td><td>{}</td>", esc(key.0), esc(key.1));
        for i in 0..r.gold_sets.len() {
            let cell = cells.get(&key).and_then(|c| c.get(&i));
            let _ = write!(out, "<td>{}</td>", cell.map_or("–", String::as_str));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
}
