//! The evaluation sheet's aggregate in the HTML report (`readcov report --runs`): per condition
//! the denominators, pass^k three ways (per k, common task set, planned n), each axis passed vs
//! judged, failure attribution codes and the validator audit.

use super::{esc, num, pct};
use crate::model::Report;
use readcov_core::metrics::Status;
use readcov_core::sheet::{PassK, RunStatus, Sheet};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The invalid run records with no row on the page: they read nothing of a task with gold
/// (`readcov_files::report::record_runs` names every other record's run; a record of a task
/// without gold is no row, invalid or not). Said on the page and by the edges, never left out
/// silently.
pub fn invalid_without_row(s: &Sheet, r: &Report) -> Vec<(String, String)> {
    let rows: BTreeSet<(&str, &str)> = (r.rows.iter())
        .map(|x| (x.task.as_str(), x.run.as_str()))
        .collect();
    let tasks: BTreeSet<&str> = (r.rows.iter())
        .filter(|x| x.score.status != Status::Unscored)
        .map(|x| x.task.as_str())
        .collect();
    (s.runs.iter())
        .filter(|x| x.grade.status == RunStatus::Invalid && tasks.contains(x.task.as_str()))
        .filter(|x| !rows.contains(&(x.task.as_str(), x.run.as_str())))
        .map(|x| (x.task.clone(), x.run.clone()))
        .collect()
}

fn rate(x: Option<f64>) -> String {
    x.map_or("–".into(), |x| pct(x, None))
}

fn pass_cells(p: &[PassK]) -> String {
    p.iter()
        .map(|p| {
            format!(
                "k={}: {} / {} ({} task(s))",
                p.k,
                num(p.pass_hat_k, None),
                num(p.pass_at_k, None),
                p.tasks_used
            )
        })
        .collect::<Vec<_>>()
        .join("<br>")
}

/// One table, a row per condition, and how the rest of the page (`r`) counts the records.
pub fn section(s: &Sheet, r: &Report) -> String {
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
        "</tbody></table><p>Common tasks (n ≥ {} scorable in every condition): {}; with n ≥ {} planned: {}.</p>",
        s.common.max_k,
        s.common.scorable_tasks.len(),
        s.common.max_k,
        s.common.planned_tasks.len()
    );
    // The page's rows count the records' runs as the labels' (before session 33 only the runs
    // of the reads: a record that read nothing was a trial here and no row there).
    out.push_str(
        "<p>The summary, charts and run table count every run record that is not invalid as a run, \
         read or not: one that read nothing is a row with line coverage 0.",
    );
    let left_out = invalid_without_row(s, r);
    if !left_out.is_empty() {
        let named: Vec<String> = (left_out.iter())
            .map(|(t, u)| format!("{} / {}", esc(t), esc(u)))
            .collect();
        let _ = write!(
            out,
            " {} invalid record(s) read nothing and have no row (an invalid trial says nothing about the agent): {}.",
            left_out.len(),
            named.join(", ")
        );
    }
    out.push_str("</p></section>");
    out
}
