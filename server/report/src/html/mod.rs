//! The self-contained HTML report: one file with inline CSS, inline SVG charts and a small inline
//! script for table sorting. No network, no CDN, no external file; readable in light and dark
//! (`prefers-color-scheme`), every control reachable by keyboard.

pub mod atk;
mod changes;
pub mod charts;
mod gold_sets;
pub mod runcharts;
pub mod sheet;
pub mod stages;
pub mod tables;

use crate::model::Report;
use std::fmt::Write;

const CSS: &str = include_str!("report.css");
const JS: &str = include_str!("report.js");

/// Escapes text for HTML element content and quoted attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A share as a whole percentage ([`readcov_core::words::share`]), kept on its side of the
/// threshold it is shown against (`None`: only "100%" / "0%" kept for all / none).
pub fn pct(x: f64, threshold: Option<f64>) -> String {
    readcov_core::words::share(x, threshold)
}

/// A share with two decimals ([`readcov_core::words::ratio`]), or an en dash when undefined.
pub fn num(x: Option<f64>, threshold: Option<f64>) -> String {
    x.map_or_else(
        || "–".to_string(),
        |v| readcov_core::words::ratio(v, threshold),
    )
}

fn card(out: &mut String, label: &str, value: &str, note: &str) {
    let _ = write!(
        out,
        r#"<div class="card"><div class="card-label">{}</div><div class="card-value">{}</div><div class="card-note">{}</div></div>"#,
        esc(label),
        esc(value),
        esc(note)
    );
}

fn cards(r: &Report) -> String {
    let t = &r.totals;
    let mut out = String::from(
        r#"<section aria-labelledby="h-summary"><h2 id="h-summary">Summary</h2><div class="cards">"#,
    );
    card(
        &mut out,
        "tasks",
        &r.tasks.to_string(),
        &format!("{} gold span(s)", r.gold_spans),
    );
    card(
        &mut out,
        "runs",
        &r.runs.to_string(),
        &format!(
            "{} row(s): {} scored, {} unscored{}",
            t.rows,
            t.scored,
            t.unscored,
            match t.no_run {
                0 => String::new(),
                n => format!(", {n} task(s) with no run (not scored)"),
            }
        ),
    );
    card(
        &mut out,
        "mean file hit",
        &num(t.mean_file_hit, None),
        &format!("over {} scored row(s)", t.scored),
    );
    card(
        &mut out,
        "mean line coverage",
        &num(t.mean_line_coverage, None),
        &format!("covered {} of {} gold lines", t.covered_lines, t.gold_lines),
    );
    let share = readcov_core::metrics::ratio(t.passing as u64, t.scored as u64);
    card(
        &mut out,
        &format!(
            "at or above {}",
            readcov_core::words::threshold(r.threshold)
        ),
        &share.map_or("–".into(), |x| pct(x, None)),
        &format!("{} of {} scored row(s)", t.passing, t.scored),
    );
    card(
        &mut out,
        "lines read",
        &t.read_lines.to_string(),
        &format!("from {} read event(s)", r.read_events),
    );
    if let Some(b) = &r.buckets {
        let resolved: usize = b.iter().map(|b| b.resolved).sum();
        let rate = readcov_core::metrics::ratio(resolved as u64, r.labelled_runs as u64);
        card(
            &mut out,
            "resolved",
            &rate.map_or("–".into(), |x| pct(x, None)),
            &format!("{resolved} of {} labelled scored row(s)", r.labelled_runs),
        );
    }
    if r.skipped_input_errors > 0 {
        card(
            &mut out,
            "input errors",
            &r.skipped_input_errors.to_string(),
            "bad lines skipped (see stderr)",
        );
    }
    out.push_str("</div></section>");
    out
}

/// Renders the whole page.
pub fn render(r: &Report) -> String {
    render_with_sheet(r, None)
}

/// Renders the whole page, with the evaluation sheet's aggregate when one is given.
pub fn render_with_sheet(r: &Report, sheet: Option<&readcov_core::sheet::Sheet>) -> String {
    let mut out = String::with_capacity(64 * 1024 + r.rows.len() * 2048);
    let _ = write!(
        out,
        r##"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="generator" content="readcov {}">
<title>{}</title><style>{CSS}</style></head><body>
<a class="skip" href="#h-runs">Skip to the runs table</a>
<header><h1>{}</h1><p>Did the agent read the lines the fix needed? Line coverage = gold lines read / gold lines;
file hit = gold files opened / gold files; threshold {}.</p></header><main>
"##,
        env!("CARGO_PKG_VERSION"),
        esc(&r.title),
        esc(&r.title),
        readcov_core::words::threshold(r.threshold)
    );
    out.push_str(&cards(r));
    if let Some(s) = sheet {
        out.push_str(&sheet::section(s, r));
    }
    out.push_str(
        r#"<section aria-labelledby="h-charts"><h2 id="h-charts">Charts</h2><div class="charts">"#,
    );
    let _ = write!(
        out,
        r#"<figure>{}<figcaption>Line coverage per scored run, in 10% bins; the dashed line is the threshold.</figcaption></figure>"#,
        charts::histogram(&r.rows, r.threshold)
    );
    let _ = write!(
        out,
        r#"<figure>{}<figcaption>File hit against line coverage. The shaded corner holds runs that opened the gold files but read under the threshold of their lines.{}</figcaption></figure>"#,
        charts::scatter(&r.rows, r.threshold),
        if r.buckets.is_some() {
            " Filled: resolved; hollow: not resolved; grey: no label."
        } else {
            ""
        }
    );
    out.push_str("</div></section>");
    if let Some(d) = &r.diagnosis {
        let not_diagnosed = (r.rows.iter())
            .filter(|x| x.run != readcov_core::NO_RUN && d.of(&x.task, &x.run).is_none())
            .count();
        out.push_str(&stages::section(d, r.totals.no_run, not_diagnosed));
    }
    if !r.at_k.is_empty() {
        out.push_str(&atk::section(&r.at_k, r.threshold));
    }
    if let Some(b) = &r.buckets {
        out.push_str(&tables::buckets(
            b,
            r.rows
                .iter()
                .filter(|x| x.score.line_coverage.is_none())
                .count(),
        ));
    }
    if !r.gold_sets.is_empty() {
        out.push_str(&gold_sets::section(r));
    }
    out.push_str(&tables::runs(r));
    out.push_str(&tables::drilldown(r));
    out.push_str(
        "</main><footer>Generated by readcov. Self-contained: no network access needed.</footer>",
    );
    let _ = writeln!(out, "<script>{JS}</script></body></html>");
    out
}

#[cfg(test)]
mod tests;
