//! The aggregate part of the sheet's text: denominators and pass^k per condition, then over all
//! conditions — the part `readcov merge` rebuilds from shards, so both print it with this code.

use crate::render::{percent, ratio};
use readcov_core::sheet::{Axis, Breakdown, CommonSets, ConditionSummary, Denominators, PassK};
use readcov_core::shown::shown;

/// Short axis names, as the run table's columns.
fn axis_name(a: Axis) -> &'static str {
    match a {
        Axis::Target => "target",
        Axis::RegressionFree => "regr",
        Axis::Output => "output",
        Axis::State => "state",
        Axis::Process => "process",
        Axis::RequirementTracking => "req",
        Axis::Exploration => "explore",
    }
}

/// The denominators and pass^k per condition, then over all conditions: the part of the sheet
/// `readcov merge` can rebuild from shards.
pub fn aggregate(
    overall: &Denominators,
    conditions: &[ConditionSummary],
    common: &CommonSets,
) -> String {
    let mut out: String = conditions.iter().map(|c| condition(c, common)).collect();
    out += &format!("\nall conditions\n  {}\n", denominators(overall));
    out
}

fn denominators(d: &Denominators) -> String {
    let causes: Vec<String> = d
        .invalid_by_cause
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    let invalid = if causes.is_empty() {
        d.invalid.to_string()
    } else {
        format!("{} ({})", d.invalid, causes.join(", "))
    };
    let unreadable = if d.unreadable > 0 {
        format!(" · unreadable {}", d.unreadable)
    } else {
        String::new()
    };
    format!(
        "planned {} · scorable {} ({} of planned) · invalid {invalid} · unscored {}{unreadable} · strict successes {} = {} of scorable, {} of planned",
        d.planned,
        d.scorable,
        percent(d.scorable_rate),
        d.unscored,
        d.strict_successes,
        percent(d.success_rate_scorable),
        percent(d.success_rate_planned),
    )
}

fn condition(c: &ConditionSummary, common: &CommonSets) -> String {
    // The condition and the grader's codes are free text from the run records: shown escaped, so
    // a line break in them cannot forge a line of the sheet (before session 25 both were raw).
    let mut out = format!(
        "\ncondition {}\n  {}\n",
        shown(&c.counts.condition),
        denominators(&c.counts.denominators)
    );
    let tasks: Vec<String> = c
        .counts
        .tasks
        .iter()
        .map(|t| format!("{} {}/{}", shown(&t.task), t.successes, t.scorable))
        .collect();
    out += &format!("  per task (successes/scorable): {}\n", tasks.join(", "));
    for p in &c.pass_k {
        out += &format!(
            "  k={}: pass^k {} · pass@k {} · over {} task(s)",
            p.k,
            ratio(p.pass_hat_k),
            ratio(p.pass_at_k),
            p.tasks_used
        );
        for e in &p.tasks_excluded {
            out += &format!(" · {} left out: {}", shown(&e.task), e.reason);
        }
        out += "\n";
    }
    out += &common_line(
        &format!(
            "common tasks (n ≥ {} scorable in every condition)",
            common.max_k
        ),
        common.scorable_tasks.len(),
        &c.pass_k_common,
    );
    out += &common_line(
        &format!(
            "planned n, missing trials = failures (n ≥ {} planned in every condition)",
            common.max_k
        ),
        common.planned_tasks.len(),
        &c.pass_k_planned,
    );
    out += &breakdown(&c.counts.breakdown);
    out
}

fn common_line(label: &str, tasks: usize, pass: &[PassK]) -> String {
    let ks: Vec<String> = pass
        .iter()
        .map(|p| {
            format!(
                "k={}: pass^k {} · pass@k {}",
                p.k,
                ratio(p.pass_hat_k),
                ratio(p.pass_at_k)
            )
        })
        .collect();
    format!("  {label}, {tasks} task(s): {}\n", ks.join(" · "))
}

/// Axes passed/failed, attribution codes and the validator audit, each only when it has data.
fn breakdown(b: &Breakdown) -> String {
    let mut out = String::new();
    let axes: Vec<String> = b
        .axes
        .iter()
        .filter(|(_, c)| c.passed + c.failed > 0)
        .map(|(a, c)| format!("{} {}/{}", axis_name(*a), c.passed, c.passed + c.failed))
        .collect();
    if !axes.is_empty() {
        out += &format!(
            "  axes passed/judged (runs not invalid): {}\n",
            axes.join(" · ")
        );
    }
    let codes: Vec<String> = b
        .attribution
        .iter()
        .map(|(code, n)| format!("{} {}+{}", shown(code), n.primary, n.secondary))
        .collect();
    if !codes.is_empty() {
        out += &format!("  attribution (primary+secondary): {}\n", codes.join(" · "));
    }
    let v = &b.validator;
    if v.audited > 0 {
        out += &format!(
            "  validator: {} audited · first-pass valid {} ({}) · valid after regeneration {} ({} valid in all) · failed at the regeneration limit {}\n",
            v.audited,
            v.first_pass_valid,
            percent(v.first_pass_valid_rate),
            v.valid_after_regeneration,
            percent(v.valid_after_regeneration_rate),
            v.failed_at_limit,
        );
    }
    if v.labelled > 0 {
        out += &format!(
            "  validator vs human check: {} labelled · false accepts {} · false rejects {}\n",
            v.labelled, v.false_accepts, v.false_rejects
        );
    }
    out
}
