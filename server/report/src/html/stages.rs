//! Where runs failed (`readcov diagnose` in the page): the verdicts per run label as stacked
//! bars with counts and shares, the same as a table, the stage table (each stage's passed /
//! judged runs per run label), and per run the verdict, its reason and the run's change beside
//! the gold's. Everything from the logs — names, reasons, patches, unit texts — is untrusted
//! and goes through `esc`.

use super::changes::{patch, side_by_side};
use super::{esc, num, pct};
use crate::stages::{Diagnosis, MarkCounts};
use readcov_core::stages::{RunStages, Verdict};
use std::fmt::Write;

const BAR_LEFT: f64 = 190.0;
const BAR_RIGHT: f64 = 70.0;
const BAR_W: f64 = 720.0;
const BAR_H: f64 = 22.0;
const BAR_STEP: f64 = 34.0;
const BAR_TOP: f64 = 12.0;

fn share(n: u64, of: u64) -> Option<f64> {
    readcov_core::metrics::ratio(n, of)
}

/// The whole section; `no_run`: gold tasks no run read, `not_diagnosed`: runs with a row in the
/// report and no diagnosis (both in no bar, and said so).
pub fn section(d: &Diagnosis, no_run: usize, not_diagnosed: usize) -> String {
    let mut out = String::from(
        r#"<section aria-labelledby="h-stages"><h2 id="h-stages">Where runs failed</h2><p class="hint">Each run's verdict is the first stage that failed: search (a gold file never opened), read (a gold unit read under the threshold), edit (a gold change unit not changed, or most changes elsewhere), change (changed, not as the gold did), tests (the harness report), as <code>readcov diagnose</code> gives it; none: nothing readcov can see failed; unknown: no gold, or a stage that decides could not be judged.</p>"#,
    );
    let groups: Vec<_> = d.summary.iter().filter(|g| g.group != "*").collect();
    let _ = write!(
        out,
        "<figure>{}<figcaption>One bar per run label; each segment is the runs with that verdict (count, and share of the label's runs). Every diagnosed run is in its bar, unscored ones (no gold lines) as unknown.{}</figcaption></figure>",
        bars(&groups),
        match no_run {
            0 => String::new(),
            n => format!(" {n} gold task(s) no run read are in no bar."),
        } + &match not_diagnosed {
            0 => String::new(),
            n => format!(" {n} run(s) of the runs table were not diagnosed and are in no bar: runs the outcome labels name that read nothing (<code>readcov diagnose</code> measures the runs that read)."),
        }
    );
    verdict_table(&mut out, d);
    stage_table(&mut out, d);
    out.push_str("</section>");
    out
}

/// Horizontal stacked bars, one per run label.
fn bars(groups: &[&readcov_core::stages::GroupSummary]) -> String {
    let h = BAR_TOP + groups.len() as f64 * BAR_STEP + 40.0;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg class="chart verdict-bars" viewBox="0 0 {BAR_W} {h}" role="img" aria-label="Verdicts per run label"><title>Verdicts per run label</title>"#
    );
    let span = BAR_W - BAR_LEFT - BAR_RIGHT;
    for (i, g) in groups.iter().enumerate() {
        let y = BAR_TOP + i as f64 * BAR_STEP;
        let _ = write!(
            out,
            r#"<g class="verdict-bar" data-group="{}" data-runs="{}"><text class="label" x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            esc(&g.group),
            g.runs,
            BAR_LEFT - 8.0,
            y + BAR_H / 2.0 + 4.0,
            esc(&short(&g.group, 26))
        );
        let mut x = BAR_LEFT;
        for v in Verdict::ALL {
            let n = g.verdicts.get(v.as_str()).copied().unwrap_or(0);
            if n == 0 {
                continue;
            }
            let s = share(n, g.runs).unwrap_or(0.0);
            let w = span * s;
            let _ = write!(
                out,
                r#"<rect class="seg v-{v}" data-verdict="{v}" data-count="{n}" data-share="{s:.4}" x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{BAR_H}"><title>{}: {v}, {n} of {} run(s) ({})</title></rect>"#,
                esc(&g.group),
                g.runs,
                pct(s, None),
                v = v.as_str(),
            );
            if w >= 22.0 {
                let _ = write!(
                    out,
                    r#"<text class="seg-count" x="{:.1}" y="{:.1}" text-anchor="middle">{n}</text>"#,
                    x + w / 2.0,
                    y + BAR_H / 2.0 + 4.0
                );
            }
            x += w;
        }
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{:.1}">{} run(s)</text></g>"#,
            BAR_W - BAR_RIGHT + 6.0,
            y + BAR_H / 2.0 + 4.0,
            g.runs
        );
    }
    // Legend: every verdict, in precedence order.
    let ly = BAR_TOP + groups.len() as f64 * BAR_STEP + 10.0;
    for (k, v) in Verdict::ALL.iter().enumerate() {
        let lx = 20.0 + k as f64 * 84.0;
        let _ = write!(
            out,
            r#"<rect class="v-{v}" x="{lx:.1}" y="{ly:.1}" width="10" height="10"/><text x="{:.1}" y="{:.1}">{v}</text>"#,
            lx + 13.0,
            ly + 9.0,
            v = v.as_str()
        );
    }
    out.push_str("</svg>");
    out
}

/// A label cut to `n` characters (the table has it whole).
fn short(s: &str, n: usize) -> String {
    match s.chars().count() > n {
        true => s.chars().take(n - 1).collect::<String>() + "…",
        false => s.to_string(),
    }
}

fn verdict_table(out: &mut String, d: &Diagnosis) {
    let labelled = d.summary.iter().any(|g| g.labelled > 0);
    out.push_str(r#"<div class="scroll"><table id="verdicts"><caption>Verdicts per run label: runs (share of the label's runs)</caption><thead><tr><th scope="col">run label</th><th scope="col">runs</th><th scope="col">unscored</th>"#);
    for v in Verdict::ALL {
        let _ = write!(out, r#"<th scope="col">{}</th>"#, v.as_str());
    }
    if labelled {
        out.push_str(r#"<th scope="col">resolved</th>"#);
    }
    out.push_str("</tr></thead><tbody>");
    for (g, c) in d.summary.iter().zip(&d.stage_table) {
        let _ = write!(
            out,
            r#"<tr data-group="{}"><th scope="row">{}</th><td class="n">{}</td><td class="n">{}</td>"#,
            esc(&g.group),
            esc(&g.group),
            g.runs,
            c.unscored
        );
        for v in Verdict::ALL {
            let n = g.verdicts.get(v.as_str()).copied().unwrap_or(0);
            let _ = write!(
                out,
                r#"<td class="n" data-verdict="{}" data-count="{n}">{n} ({})</td>"#,
                v.as_str(),
                share(n, g.runs).map_or("–".into(), |x| pct(x, None))
            );
        }
        if labelled {
            let _ = write!(out, r#"<td class="n">{} / {}</td>"#, g.resolved, g.labelled);
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
}

fn stage_table(out: &mut String, d: &Diagnosis) {
    out.push_str(r#"<div class="scroll"><table id="stage-table"><caption>Stages per run label: runs that passed / runs judged</caption><thead><tr><th scope="col">run label</th><th scope="col">runs</th>"#);
    for (name, _) in d
        .stage_table
        .first()
        .map(|c| c.stages())
        .unwrap_or_default()
    {
        if name != "tests" || d.has_tests {
            let _ = write!(out, r#"<th scope="col">{name}</th>"#);
        }
    }
    out.push_str("</tr></thead><tbody>");
    for c in &d.stage_table {
        let _ = write!(
            out,
            r#"<tr data-group="{}"><th scope="row">{}</th><td class="n">{}</td>"#,
            esc(&c.group),
            esc(&c.group),
            c.runs
        );
        for (name, m) in c.stages() {
            if name != "tests" || d.has_tests {
                stage_cell(out, name, m);
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div><p class=\"hint\">Each stage is judged on its own, by the verdict's rules: a run that never opened a gold file may still have changed the right unit. Not judged: no gold lines, no change known, no units, no harness report, or (change) no gold change unit changed.</p>");
}

fn stage_cell(out: &mut String, name: &str, m: MarkCounts) {
    let judged = m.judged();
    let _ = write!(
        out,
        r#"<td class="n" data-stage="{name}" data-passed="{}" data-judged="{judged}">{} / {judged} ({}){}</td>"#,
        m.passed,
        m.passed,
        share(m.passed, judged).map_or("–".into(), |x| pct(x, None)),
        match m.not_judged {
            0 => String::new(),
            k => format!(r#" <span class="muted">· {k} not judged</span>"#),
        }
    );
}

/// One run's part of its drill-down: verdict, reason, figures, unit diffs, the two changes.
pub fn run_block(out: &mut String, d: &Diagnosis, task: &str, run: &str) {
    let Some(s) = d.of(task, run) else {
        return;
    };
    let v = s.verdict.as_str();
    let _ = write!(
        out,
        r#"<div class="stages-run" data-verdict="{v}"><p><b>Failed at:</b> <span class="tag v-{v}">{v}</span> — <span class="reason">{}</span></p>"#,
        esc(&s.reason)
    );
    let source = match (s.change_source.as_str(), s.change_partial) {
        ("none", _) => "no change known".to_string(),
        (src, false) => format!("the run's change from {src}"),
        (src, true) => format!(
            "the run's change from {src}, partial: {}",
            s.change_lost.join("; ")
        ),
    };
    let st = &s.stages;
    let _ = write!(
        out,
        r#"<p class="figs">{} · search: {} · read: lines {}, gold units {} · edit: recall {}, precision {} · change: {}</p>"#,
        esc(&source),
        // No gold files: "0 of 0 gold files opened" counts nothing; say so (as `explain` does).
        match st.search.gold_files {
            0 => "no gold files".to_string(),
            g => format!("{} of {g} gold files opened", st.search.opened_gold_files),
        },
        num(st.read.line_coverage, None),
        num(st.read.unit_coverage, None),
        num(st.edit.recall, None),
        num(
            st.edit.precision,
            Some(readcov_core::stages::EDIT_PRECISION_FLOOR)
        ),
        match &st.change.units {
            None => "not compared".to_string(),
            Some(u) => format!(
                "{} of {} compared unit(s) as the gold's",
                u.iter().filter(|u| u.same == Some(true)).count(),
                u.len()
            ),
        }
    );
    if let Some(t) = &st.tests {
        let names: Vec<&str> = (t.fail_to_pass_failing.iter())
            .chain(&t.pass_to_pass_broken)
            .map(String::as_str)
            .collect();
        let _ = write!(
            out,
            r#"<p class="figs">tests: {} FAIL_TO_PASS still failing, {} PASS_TO_PASS broken{}</p>"#,
            t.fail_to_pass_failing.len(),
            t.pass_to_pass_broken.len(),
            match names.is_empty() {
                true => String::new(),
                false => format!(": <code>{}</code>", esc(&names.join(", "))),
            }
        );
    }
    for u in st.change.units.iter().flatten() {
        let how = u.compared();
        let _ = write!(
            out,
            "<p class=\"unit-head\"><code>{}</code> (<code>{}:{}-{}</code>) {how}</p>",
            esc(&u.name),
            esc(&u.path),
            u.start,
            u.end
        );
        if let (Some(false), Some(g), Some(a)) = (u.same, &u.gold_text, &u.agent_text) {
            side_by_side(out, g, a);
        }
    }
    out.push_str(r#"<div class="pair">"#);
    patch(
        out,
        "gold change",
        d.gold_patches.get(task).map(String::as_str),
        "the gold has no patch (gold lines only)",
    );
    let key = (task.to_string(), run.to_string());
    patch(
        out,
        "the run's change",
        d.run_patches.get(&key).map(String::as_str),
        "no change known",
    );
    out.push_str("</div></div>");
}

/// The verdict of a row in the runs table (`–` when the run was not diagnosed).
pub fn verdict_of(d: Option<&Diagnosis>, task: &str, run: &str) -> Option<&'static str> {
    d.and_then(|d| d.of(task, run))
        .map(|s: &RunStages| s.verdict.as_str())
}
