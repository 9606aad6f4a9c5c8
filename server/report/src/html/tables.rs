//! HTML tables: resolve rate by coverage bucket, the sortable runs table, and the per-run
//! drill-down (files, gold spans with read/unread bars, units, per-turn timeline).

use super::{charts, esc, num, pct, runcharts, stages};
use crate::buckets::Bucket;
use crate::model::{Report, RunRow};
use readcov_core::Status;
use std::fmt::Write;

/// A sortable header cell: a real button, so it is focusable and keyboard-operable.
fn th(label: &str, numeric: bool) -> String {
    format!(
        r#"<th scope="col" aria-sort="none"><button type="button" data-type="{}">{}</button></th>"#,
        if numeric { "num" } else { "text" },
        esc(label)
    )
}

/// A numeric cell with a machine-readable sort key (missing values sort first).
fn td_num(v: Option<f64>, threshold: Option<f64>) -> String {
    format!(
        r#"<td class="n" data-sort="{}">{}</td>"#,
        v.map_or(-1.0, |x| x),
        num(v, threshold)
    )
}

fn td_count(v: u64) -> String {
    format!(r#"<td class="n" data-sort="{v}">{v}</td>"#)
}

fn verdict(r: &RunRow) -> &'static str {
    match (r.score.status, r.score.passes_threshold) {
        (Status::Unscored, _) => "unscored (no gold)",
        (Status::NoRun, _) => "no run (not scored)",
        (_, Some(true)) => "OK",
        _ => "below",
    }
}

fn label(r: Option<bool>) -> &'static str {
    match r {
        Some(true) => "yes",
        Some(false) => "no",
        None => "–",
    }
}

pub fn buckets(b: &[Bucket], unscored: usize) -> String {
    let mut out = String::from(
        r#"<section aria-labelledby="h-rates"><h2 id="h-rates">Resolve rate by line coverage</h2><div class="charts"><figure>"#,
    );
    out.push_str(&charts::resolve_rate(b));
    out.push_str("<figcaption>Share of labelled runs whose fix resolved the task, per coverage bucket (resolved/labelled above each bar).</figcaption></figure>");
    out.push_str(r#"<table class="sortable" id="buckets"><caption>Resolve rate by line-coverage bucket</caption><thead><tr>"#);
    for (h, n) in [
        ("line coverage", false),
        ("labelled runs", true),
        ("resolved", true),
        ("not resolved", true),
        ("resolve rate", true),
        ("no label", true),
    ] {
        out.push_str(&th(h, n));
    }
    out.push_str("</tr></thead><tbody>");
    for x in b {
        let _ = write!(
            out,
            r#"<tr><td data-sort="{}">{}</td>{}{}{}{}{}</tr>"#,
            x.low,
            esc(&x.label()),
            td_count(x.labelled as u64),
            td_count(x.resolved as u64),
            td_count((x.labelled - x.resolved) as u64),
            format_args!(
                r#"<td class="n" data-sort="{}">{}</td>"#,
                x.rate.unwrap_or(-1.0),
                x.rate.map_or("–".into(), |x| pct(x, None))
            ),
            td_count(x.unlabelled as u64),
        );
    }
    let _ = write!(out, "</tbody></table>");
    if unscored > 0 {
        let _ = write!(
            out,
            "<p>{unscored} unscored row(s) (no gold lines) are in no bucket.</p>"
        );
    }
    out.push_str("</div></section>");
    out
}

pub fn runs(r: &Report) -> String {
    let mut out = String::from(
        r#"<section aria-labelledby="h-runs"><h2 id="h-runs" tabindex="-1">Runs</h2><p class="hint">Sort by any column with its header button; open a run for its drill-down.</p><div class="scroll"><table class="sortable" id="runs"><caption>One row per (task, run)</caption><thead><tr>"#,
    );
    let mut cols = vec![("task", false), ("run", false)];
    if r.buckets.is_some() {
        cols.push(("resolved", false));
    }
    cols.extend([
        ("file hit", true),
        ("line coverage", true),
        ("precision", true),
        ("F1", true),
        ("gold lines", true),
        ("read lines", true),
        ("covered", true),
        ("verdict", false),
    ]);
    if r.diagnosis.is_some() {
        cols.push(("failed at", false));
    }
    for (h, n) in cols {
        out.push_str(&th(h, n));
    }
    out.push_str("</tr></thead><tbody>");
    for (i, row) in r.rows.iter().enumerate() {
        let s = &row.score;
        let _ = write!(
            out,
            r##"<tr><td><a href="#run-{i}">{}</a></td><td>{}</td>"##,
            esc(&row.task),
            esc(&row.run)
        );
        if r.buckets.is_some() {
            let _ = write!(out, "<td>{}</td>", label(row.resolved));
        }
        out.push_str(&td_num(s.file_hit, None));
        out.push_str(&td_num(s.line_coverage, Some(r.threshold)));
        out.push_str(&td_num(s.precision, None));
        out.push_str(&td_num(s.f1, None));
        out.push_str(&td_count(s.gold_lines));
        out.push_str(&td_count(s.read_lines));
        out.push_str(&td_count(s.covered_lines));
        let v = verdict(row);
        let _ = write!(
            out,
            r#"<td class="verdict {}">{v}</td>"#,
            if v == "below" { "bad" } else { "" }
        );
        if r.diagnosis.is_some() {
            let stage = stages::verdict_of(r.diagnosis.as_ref(), &row.task, &row.run);
            let _ = write!(out, "<td>{}</td>", stage.unwrap_or("–"));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div></section>");
    out
}

fn run_detail(out: &mut String, i: usize, row: &RunRow, r: &Report) {
    let s = &row.score;
    let _ = write!(
        out,
        r#"<details class="run" id="run-{i}"><summary><span class="task">{}</span> / {} — line coverage {}, file hit {}, {}{}{}</summary><div class="detail">"#,
        esc(&row.task),
        esc(&row.run),
        num(s.line_coverage, Some(r.threshold)),
        num(s.file_hit, None),
        verdict(row),
        match row.resolved {
            Some(true) => ", resolved",
            Some(false) => ", not resolved",
            None => "",
        },
        stages::verdict_of(r.diagnosis.as_ref(), &row.task, &row.run)
            .map_or(String::new(), |v| format!(", failed at: {v}"))
    );
    if let Some(d) = &r.diagnosis {
        stages::run_block(out, d, &row.task, &row.run);
    }
    if s.status == Status::Unscored {
        out.push_str(
            "<p>No gold lines for this task: nothing to measure against.</p></div></details>",
        );
        return;
    }
    out.push_str(r#"<table><caption>Gold files</caption><thead><tr><th scope="col">file</th><th scope="col">opened</th><th scope="col">gold lines read</th><th scope="col">coverage</th></tr></thead><tbody>"#);
    for f in &s.files {
        let _ = write!(
            out,
            r#"<tr><td><code>{}</code></td><td>{}</td><td class="n">{} / {}</td><td><meter min="0" max="1" value="{}" aria-label="coverage">{}</meter> {}</td></tr>"#,
            esc(&f.path),
            if f.hit { "yes" } else { "no" },
            f.covered_lines,
            f.gold_lines,
            f.coverage.unwrap_or(0.0),
            num(f.coverage, Some(r.threshold)),
            f.coverage.map_or("–".into(), |c| pct(c, Some(r.threshold)))
        );
    }
    out.push_str("</tbody></table>");
    out.push_str(r#"<table><caption>Gold spans (green: read, red: unread)</caption><thead><tr><th scope="col">span</th><th scope="col">read</th><th scope="col">lines</th><th scope="col">unread</th></tr></thead><tbody>"#);
    for sp in &s.spans {
        let unread = if sp.unread.is_empty() {
            "none".to_string()
        } else {
            sp.unread.to_string()
        };
        let _ = write!(
            out,
            r#"<tr><td><code>{}:{}-{}</code></td><td class="n">{} / {} ({})</td><td>{}</td><td>{}</td></tr>"#,
            esc(&sp.path),
            sp.start,
            sp.end,
            sp.covered_lines,
            sp.gold_lines,
            sp.coverage
                .map_or("–".into(), |c| pct(c, Some(r.threshold))),
            runcharts::span_bar(sp),
            esc(&unread)
        );
    }
    out.push_str("</tbody></table>");
    if r.has_units {
        if row.units.is_empty() {
            out.push_str("<p>No unit holds gold lines of this task.</p>");
        } else {
            out.push_str(r#"<table class="units"><caption>Units holding gold lines</caption><thead><tr><th scope="col">unit</th><th scope="col">lines</th><th scope="col">gold lines read</th><th scope="col">unit lines read</th></tr></thead><tbody>"#);
            for u in &row.units {
                let _ = write!(
                    out,
                    r#"<tr><td><code>{}</code> {}</td><td><code>{}:{}-{}</code></td><td class="n">{} / {}</td><td class="n">{} / {}</td></tr>"#,
                    esc(&u.name),
                    esc(u.kind.as_deref().unwrap_or("")),
                    esc(&u.path),
                    u.start,
                    u.end,
                    u.covered_lines,
                    u.gold_lines,
                    u.read_lines,
                    u64::from(u.end - u.start) + 1
                );
            }
            out.push_str("</tbody></table>");
        }
    }
    if let Some(t) = &row.timeline {
        let _ = write!(
            out,
            "<figure>{}<figcaption>Line coverage after each {}{}.</figcaption></figure>",
            runcharts::timeline(t, r.threshold),
            t.key,
            if t.untimed_reads > 0 {
                format!(
                    "; {} read(s) without a {} are left out",
                    t.untimed_reads, t.key
                )
            } else {
                String::new()
            }
        );
    }
    out.push_str("</div></details>");
}

pub fn drilldown(r: &Report) -> String {
    let mut out = String::from(
        r#"<section aria-labelledby="h-detail"><h2 id="h-detail">Per-run drill-down</h2><p><button type="button" id="expand-all">Expand all</button> <button type="button" id="collapse-all">Collapse all</button></p>"#,
    );
    for (i, row) in r.rows.iter().enumerate() {
        run_detail(&mut out, i, row, r);
    }
    out.push_str("</section>");
    out
}
