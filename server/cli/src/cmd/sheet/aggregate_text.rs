//! The aggregate part of the sheet's text: denominators and pass^k per condition, then over all
//! conditions — the part `readcov merge` rebuilds from shards, so both print it with this code.

use crate::render::{percent, ratio};
use readcov_core::sheet::{ConditionSummary, Denominators};

/// The denominators and pass^k per condition, then over all conditions: the part of the sheet
/// `readcov merge` can rebuild from shards.
pub fn aggregate(overall: &Denominators, conditions: &[ConditionSummary]) -> String {
    let mut out: String = conditions.iter().map(condition).collect();
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

fn condition(c: &ConditionSummary) -> String {
    let mut out = format!(
        "\ncondition {}\n  {}\n",
        c.counts.condition,
        denominators(&c.counts.denominators)
    );
    let tasks: Vec<String> = c
        .counts
        .tasks
        .iter()
        .map(|t| format!("{} {}/{}", t.task, t.successes, t.scorable))
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
            out += &format!(" · {} left out: {}", e.task, e.reason);
        }
        out += "\n";
    }
    out
}
