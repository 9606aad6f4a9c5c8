//! The text form of the sheet: one row per run, a compact timeline per run, the reasons behind
//! every invalid or unscored run, and the denominators and pass^k per condition.

use crate::render::{ratio, ratio_at, Table};
use readcov_core::sheet::{Axis, AxisValue, RunSheet, RunStatus, Sheet, Trial};

/// Short column names, in the order of [`Axis::ALL`].
const AXIS_COLUMNS: [&str; 7] = [
    "target", "regr", "output", "state", "process", "req", "explore",
];

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
    let mut t = Table::new(&header, &[0, 1, 2, 3, 15, 16]);
    for r in &sheet.runs {
        t.row(row(r, sheet.threshold));
    }
    let mut out = format!(
        "readcov sheet · threshold {} · (x) = axis reported, not required · * = proposed by readcov\n\n",
        readcov_core::words::threshold(sheet.threshold)
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
        // Escaped: the name starts timeline and reason lines (`readcov_core::shown`).
        let name = match unique {
            true => r.run.clone(),
            false => format!("{}/{}", r.task, r.run),
        };
        readcov_core::shown::shown(&name).into_owned()
    };
    out += "\ntimeline (turn: coverage against the gold active then; ✓ = threshold reached)\n";
    for r in &sheet.runs {
        out += &timeline(r, &name(r), sheet.threshold);
    }
    let trials: Vec<String> = sheet
        .runs
        .iter()
        .filter(|r| !r.trial.is_empty())
        .map(|r| {
            let t = trial(&r.trial);
            format!("  {}: {}\n", name(r), readcov_core::shown::escaped(&t))
        })
        .collect();
    if !trials.is_empty() {
        out += "\ntrials (as the harness recorded them)\n";
        out += &trials.concat();
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
    out += &super::aggregate_text::aggregate(&sheet.overall, &sheet.conditions, &sheet.common);
    out
}

/// `threshold`: the sheet's, which line_cov is read against (the `explore` axis).
fn row(r: &RunSheet, threshold: f64) -> Vec<String> {
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
        ratio_at(r.line_coverage, Some(threshold)),
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

/// `component:code@event +secondary…`: the attribution the breakdown counts
/// (`RunSheet::counted_attribution`: the grader's fields when they name a component or a code,
/// else readcov's proposal, marked with a trailing `*`). A `first_decisive_event_id` alone
/// attributes nothing: before session 25 the table showed it (`@e1`) where the breakdown counted
/// the proposal.
fn attribution(r: &RunSheet) -> String {
    let a = r.counted_attribution();
    let mut out = [
        a.responsible_component.map(|c| json_name(&c)),
        a.primary_code.map(str::to_string),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(":");
    if let Some(e) = a.first_decisive_event_id {
        out += &format!("@{e}");
    }
    for c in a.secondary_codes {
        out += &format!(" +{c}");
    }
    let mark = if a.proposed { "*" } else { "" };
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

fn timeline(r: &RunSheet, name: &str, threshold: f64) -> String {
    let Some(t) = &r.timeline else {
        return format!("  {name}: no gold or no reads given\n");
    };
    let mut parts: Vec<String> = t
        .turns
        .iter()
        .map(|p| {
            let mut s = format!("t{} {}", p.turn, ratio_at(p.coverage, Some(threshold)));
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
    // Ledger requirements, paths and event ids come from the inputs: escaped, never cut.
    let parts = parts.join(" · ");
    format!("  {name}: {}\n", readcov_core::shown::escaped(&parts))
}

/// `ended max_turns · 3 agent turns, 2 user messages, 7 tool calls, 1 marker record · attempt
/// a2 after 1 regeneration · requirements R0→R1 · human check: invalid`, each part only when
/// recorded.
fn trial(t: &Trial) -> String {
    let mut parts = Vec::new();
    if let Some(e) = &t.termination {
        parts.push(format!("ended {}", e.reason));
    }
    let counts: Vec<String> = [
        (t.agent_turns, "agent turn"),
        (t.user_messages, "user message"),
        (t.tool_calls, "tool call"),
        (t.marker_records, "marker record"),
    ]
    .into_iter()
    .filter_map(|(n, what)| n.map(|n| readcov_core::words::count(n, what, &format!("{what}s"))))
    .collect();
    if !counts.is_empty() {
        parts.push(counts.join(", "));
    }
    match (&t.attempt_id, t.regeneration_count) {
        (Some(a), Some(n)) => parts.push(format!("attempt {a} after {n} regeneration(s)")),
        (Some(a), None) => parts.push(format!("attempt {a}")),
        (None, Some(n)) => parts.push(format!("{n} regeneration(s)")),
        (None, None) => {}
    }
    match (&t.initial_requirement_version, &t.final_requirement_version) {
        (None, None) => {}
        (i, f) => parts.push(format!(
            "requirements {}→{}",
            i.as_deref().unwrap_or("?"),
            f.as_deref().unwrap_or("?")
        )),
    }
    if let Some(v) = t.human_validity {
        parts.push(format!("human check: {}", json_name(&v)));
    }
    parts.join(" · ")
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

/// The gold tasks no run record names, in the words of every totals line ("· 2 task(s) with no
/// run, not scored"); empty when there are none.
pub fn no_run(tasks: &[String]) -> String {
    if tasks.is_empty() {
        return String::new();
    }
    let names: Vec<String> = (tasks.iter())
        .map(|t| readcov_core::shown::shown(t).into_owned())
        .collect();
    format!(
        "\ngold{} (no run record names them): {}\n",
        readcov_core::no_run_note(tasks.len()),
        names.join(", ")
    )
}
