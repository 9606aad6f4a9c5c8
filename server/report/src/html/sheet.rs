//! The evaluation sheet's aggregate in the HTML report (`readcov report --runs`): per condition
//! the denominators, pass^k three ways (per k, common task set, planned n), each axis passed vs
//! judged, failure attribution codes and the validator audit.

use super::{esc, num, pct};
use readcov_core::sheet::{PassK, Sheet};
use std::fmt::Write;

fn rate(x: Option<f64>) -> String {
    x.map_or("–".into(), pct)
}

fn pass_cells(p: &[PassK]) -> String {
    p.iter()
        .map(|p| {
            format!(
                "k={}: {} / {} ({} task(s))",
                p.k,
                num(p.pass_hat_k),
                num(p.pass_at_k),
                p.tasks_used
            )
        })
        .collect::<Vec<_>>()
        .join("<br>")
}

/// One table, a row per condition.
pub fn section(s: &Sheet) -> String {
    let mut out = String::from(
        r#"<section aria-labelledby="h-sheet"><h2 id="h-sheet">Evaluation sheet</h2>
<p>Per condition (see docs/evaluation.md). pass^k / pass@k: over the tasks with n ≥ k; over the tasks common to every condition; over planned n (missing trials = failures).</p>
<table><thead><tr><th scope="col">condition</th><th scope="col">planned</th><th scope="col">scorable</th><th scope="col">invalid</th><th scope="col">unscored</th><th scope="col">unreadable</th><th scope="col">strict successes (of scorable / of planned)</th><th scope="col">pass^k / pass@k</th><th scope="col">common tasks</th><th scope="col">planned n</th><th scope="col">axes passed/judged</th><th scope="col">attribution (primary+secondary)</th><th scope="col">validator</th></tr></thead><tbody>"#,
    );
    for c in &s.conditions {
        let d = &c.counts.denominators;
        let b = &c.counts.breakdown;
        let axes: Vec<String> = b
            .axes
            .iter()
            .filter(|(_, a)| a.passed + a.failed > 0)
            .map(|(axis, a)| format!("{} {}/{}", axis.as_str(), a.passed, a.passed + a.failed))
            .collect();
        let codes: Vec<String> = b
            .attribution
            .iter()
            .map(|(k, n)| format!("{} {}+{}", esc(k), n.primary, n.secondary))
            .collect();
        let v = &b.validator;
        // Counts with their rates, labelled as the text sheet labels them: the second rate is
        // valid in all (first pass + after regeneration), not "after regeneration" alone (before
        // session 25 this cell printed that rate under that label and no counts).
        let validator = format!(
            "{} audited · first-pass valid {} ({}) · valid after regeneration {} ({} valid in all) · failed at the regeneration limit {} · {} labelled: {} false accept(s), {} false reject(s)",
            v.audited,
            v.first_pass_valid,
            rate(v.first_pass_valid_rate),
            v.valid_after_regeneration,
            rate(v.valid_after_regeneration_rate),
            v.failed_at_limit,
            v.labelled,
            v.false_accepts,
            v.false_rejects
        );
        // The denominators as the text sheet gives them: the scorable rate and the invalid runs
        // by cause (before session 25 the page had neither).
        let causes: Vec<String> = (d.invalid_by_cause.iter())
            .map(|(cause, n)| format!("{} {n}", esc(cause)))
            .collect();
        let invalid = match causes.is_empty() {
            true => d.invalid.to_string(),
            false => format!("{} ({})", d.invalid, causes.join(", ")),
        };
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{} ({} of planned)</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({} / {})</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&c.counts.condition),
            d.planned,
            d.scorable,
            rate(d.scorable_rate),
            invalid,
            d.unscored,
            d.unreadable,
            d.strict_successes,
            rate(d.success_rate_scorable),
            rate(d.success_rate_planned),
            pass_cells(&c.pass_k),
            pass_cells(&c.pass_k_common),
            pass_cells(&c.pass_k_planned),
            axes.join("<br>"),
            codes.join("<br>"),
            validator
        );
    }
    let _ = write!(
        out,
        "</tbody></table><p>Common tasks (n ≥ {} scorable in every condition): {}; with n ≥ {} planned: {}.</p></section>",
        s.common.max_k,
        s.common.scorable_tasks.len(),
        s.common.max_k,
        s.common.planned_tasks.len()
    );
    out
}
