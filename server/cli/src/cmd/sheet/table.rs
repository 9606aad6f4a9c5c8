//! The text form of the sheet: one row per run, a compact timeline per run, the reasons behind
//! every invalid or unscored run, and the denominators and pass^k per condition.

use crate::render::{percent, ratio, Table};
use readcov_core::sheet::{
    Axis, AxisValue, ConditionSummary, Denominators, RunSheet, RunStatus, Sheet,
};

/// Short column names, in the order of [`Axis::ALL`].
const AXIS_COLUMNS: [&str; 6] = ["target", "regr", "output", "process", "req", "explore"];

pub fn render(sheet: &Sheet) -> String {
    let mut header = vec!["run", "task", "condition", "status", "success"];
    header.extend(AXIS_COLUMNS);
    header.extend([
        "line_cov",
        "reached",
        "rbe_mean",
        "rbe_worst",
        "attribution",
    ]);
    let mut t = Table::new(&header, &[0, 1, 2, 3, 14, 15]);
    for r in &sheet.runs {
        t.row(row(r));
    }
    let mut out = format!(
        "readcov sheet · threshold {} · (x) = axis reported, not required · * = proposed by readcov\n\n",
        percent(Some(sheet.threshold))
    );
    out += &t.render();
    // Run ids may repeat across tasks (runs named after their agent): then name runs task/run.
    let unique = sheet
        .runs
        .iter()
        .map(|r| &r.run)
        .collect::<std::collections::BTreeSet<_>>()
        .len()
        == sheet.runs.len();
    let name = |r: &RunSheet| {
        if unique {
            r.run.clone()
        } else {
            format!("{}/{}", r.task, r.run)
        }
    };
    out += "\ntimeline (turn: coverage against the gold active then; ✓ = threshold reached)\n";
    for r in &sheet.runs {
        out += &timeline(r, &name(r));
    }
    let reasons: Vec<String> = sheet
        .runs
        .iter()
        .filter_map(|r| reason(r, &name(r)))
        .collect();
    if !reasons.is_empty() {
        out += "\nnot scored\n";
        for line in reasons {
            out += &line;
        }
    }
    out += &aggregate(&sheet.overall, &sheet.conditions);
    out
}

/// The denominators and pass^k per condition, then over all conditions: the part of the sheet
/// `readcov merge` can rebuild from shards.
pub fn aggregate(overall: &Denominators, conditions: &[ConditionSummary]) -> String {
    let mut out: String = conditions.iter().map(condition).collect();
    out += &format!("\nall conditions\n  {}\n", denominators(overall));
    out
}

fn row(r: &RunSheet) -> Vec<String> {
    let success = match r.grade.strict_success {
        Some(true) => "yes",
        Some(false) => "NO",
        None => "-",
    };
    let mut cells = vec![
        r.run.clone(),
        r.task.clone(),
        r.condition.clone(),
        status(r.grade.status).to_string(),
        success.to_string(),
    ];
    for axis in Axis::ALL {
        let v = r
            .axes
            .get(&axis)
            .copied()
            .unwrap_or(AxisValue::Null)
            .short();
        cells.push(if r.required.contains(&axis) {
            v.to_string()
        } else {
            format!("({v})")
        });
    }
    // `never` only where there was gold to reach; no gold at all is `-`.
    let reached = match &r.timeline {
        Some(t) if t.turns.iter().any(|p| p.coverage.is_some()) => t
            .first_turn_reached
            .map_or("never".to_string(), |turn| format!("t{turn}")),
        _ => "-".to_string(),
    };
    let worst = r
        .read_before_edit
        .worst
        .as_ref()
        .map_or("-".to_string(), |w| {
            format!("{} ({})", ratio(Some(w.coverage)), w.event_id)
        });
    cells.extend([
        ratio(r.line_coverage),
        reached,
        ratio(r.read_before_edit.mean),
        worst,
        attribution(r),
    ]);
    cells
}

fn status(s: RunStatus) -> &'static str {
    match s {
        RunStatus::Scored => "scored",
        RunStatus::Unscored => "unscored",
        RunStatus::Invalid => "invalid",
    }
}

/// `component:code@event +secondary…`: the grader's fields when it gave any, else readcov's
/// proposal marked with a trailing `*`.
fn attribution(r: &RunSheet) -> String {
    let g = &r.attribution;
    let given = g.responsible_component.is_some()
        || g.primary_code.is_some()
        || g.first_decisive_event_id.is_some()
        || !g.secondary_codes.is_empty();
    let (component, code, secondary, event, mark) = if given {
        (
            g.responsible_component,
            g.primary_code.clone(),
            &g.secondary_codes,
            g.first_decisive_event_id.clone(),
            "",
        )
    } else {
        let p = &r.proposed;
        (
            p.responsible_component,
            p.primary_code.clone(),
            &p.secondary_codes,
            p.first_decisive_event_id.clone(),
            "*",
        )
    };
    let mut out = [component.map(|c| json_name(&c)), code]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(":");
    if let Some(e) = event {
        out += &format!("@{e}");
    }
    for c in secondary {
        out += &format!(" +{c}");
    }
    if out.is_empty() {
        "-".to_string()
    } else {
        out.trim_start().to_string() + mark
    }
}

fn json_name<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => "?".to_string(),
    }
}

fn timeline(r: &RunSheet, name: &str) -> String {
    let Some(t) = &r.timeline else {
        return format!("  {name}: no gold or no reads given\n");
    };
    let mut parts: Vec<String> = t
        .turns
        .iter()
        .map(|p| {
            let mut s = format!("t{} {}", p.turn, ratio(p.coverage));
            if p.coverage.is_some() && t.first_turn_reached == Some(p.turn) {
                s += " ✓";
            }
            if p.edits > 0 {
                s += &format!(" {}e", p.edits);
            }
            if !p.ledger.is_empty() {
                s += &format!(" [{}]", p.ledger.join(", "));
            }
            s
        })
        .collect();
    for e in &t.edited_before_reading {
        parts.push(format!(
            "edited before reading: {} {} at t{} ({}/{} gold lines read)",
            e.event_id, e.path, e.turn, e.read_before, e.gold_lines
        ));
    }
    for e in &t.obsolete_edits {
        parts.push(format!(
            "obsolete edit: {} {} at t{} (dropped requirement {})",
            e.event_id, e.path, e.turn, e.requirement
        ));
    }
    format!("  {name}: {}\n", parts.join(" · "))
}

fn reason(r: &RunSheet, name: &str) -> Option<String> {
    match r.grade.status {
        RunStatus::Scored => None,
        RunStatus::Invalid => Some(format!(
            "  {name}: invalid — {} invalid\n",
            r.grade.invalid_causes.join(", ")
        )),
        RunStatus::Unscored => Some(format!(
            "  {name}: unscored — {}\n",
            r.grade.unscored_reasons.join("; ")
        )),
    }
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
