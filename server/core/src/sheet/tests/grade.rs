//! Every status path of the grading rules, driven from run-record JSONL lines.

use crate::sheet::grade::{grade, AxisValue, RunStatus};
use crate::sheet::record::{parse_tasks, Axis, Validity};
use crate::sheet::unreadable::parse_runs;
use std::collections::{BTreeMap, BTreeSet};

const OK: &str = r#""environment":"valid","simulator":"valid","scenario_oracle":"valid""#;
const ALL_TRUE: &str = r#""target":true,"regression_free":true,"output":true,"process":true,"requirement_tracking":true"#;

/// Grades one record line against the default required axes (the five given ones).
fn check(line: &str, status: RunStatus, success: Option<bool>, detail: &[&str]) {
    let parsed = parse_runs(line.as_bytes(), "runs.jsonl");
    assert_eq!(parsed.errors, vec![], "{line}");
    let r = &parsed.items[0];
    let axes: BTreeMap<Axis, AxisValue> = r
        .evidence
        .iter()
        .map(|(a, v)| (*a, AxisValue::from_option(*v)))
        .collect();
    let required: BTreeSet<Axis> = crate::sheet::evaluate::DEFAULT_REQUIRED
        .into_iter()
        .collect();
    let g = grade(&r.validity(), &axes, &required);
    assert_eq!((g.status, g.strict_success), (status, success), "{line}");
    let got: Vec<String> = match status {
        RunStatus::Invalid => g.invalid_causes.iter().map(|s| s.to_string()).collect(),
        RunStatus::Unscored => g.unscored_reasons.clone(),
        RunStatus::Scored => g
            .failed_axes
            .iter()
            .map(|a| a.as_str().to_string())
            .collect(),
    };
    assert_eq!(got, detail, "{line}");
}

fn rec(body: &str) -> String {
    format!(r#"{{"run":"r","task":"t",{body}}}"#)
}

#[test]
fn the_eight_status_paths() {
    use RunStatus::*;
    let with = |axis: &str, v: &str| {
        rec(&format!(
            "{OK},{}",
            ALL_TRUE.replace(&format!("\"{axis}\":true"), &format!("\"{axis}\":{v}"))
        ))
    };
    // 1. all ok
    check(&rec(&format!("{OK},{ALL_TRUE}")), Scored, Some(true), &[]);
    // 2. missing process / confirmation (the agent never confirmed with the user)
    check(&with("process", "false"), Scored, Some(false), &["process"]);
    // 3. regression
    check(
        &with("regression_free", "false"),
        Scored,
        Some(false),
        &["regression_free"],
    );
    // 4. missing output
    check(&with("output", "false"), Scored, Some(false), &["output"]);
    // 5. obsolete requirement followed
    check(
        &with("requirement_tracking", "false"),
        Scored,
        Some(false),
        &["requirement_tracking"],
    );
    // 6. simulator failure
    let sim = rec(&format!(
        r#""environment":"valid","simulator":"invalid","scenario_oracle":"valid",{ALL_TRUE}"#
    ));
    check(&sim, Invalid, None, &["simulator"]);
    // 7. environment failure (even with failing evidence: an invalid trial says nothing)
    let env = rec(
        r#""environment":"invalid","simulator":"valid","scenario_oracle":"valid","target":false"#,
    );
    check(&env, Invalid, None, &["environment"]);
    // 8. missing test evidence
    check(
        &with("target", "null"),
        Unscored,
        None,
        &["target: no evidence"],
    );
}

#[test]
fn more_paths() {
    use RunStatus::*;
    // Two checks failed: both listed, environment first.
    let both = rec(r#""environment":"invalid","simulator":"invalid","scenario_oracle":"valid""#);
    check(&both, Invalid, None, &["environment", "simulator"]);
    // Pending oracle and an absent axis: unscored, with both reasons.
    let pending = rec(&format!(
        r#""environment":"valid","simulator":"valid","scenario_oracle":"pending",{}"#,
        ALL_TRUE.replace(r#","process":true"#, "")
    ));
    check(
        &pending,
        Unscored,
        None,
        &["scenario_oracle pending", "process: no evidence"],
    );
    // Validity absent = not judged = pending.
    check(
        &rec(ALL_TRUE),
        Unscored,
        None,
        &[
            "environment pending",
            "simulator pending",
            "scenario_oracle pending",
        ],
    );
    // Two failures are both reported.
    let two = rec(&format!(
        "{OK},{}",
        ALL_TRUE
            .replace(r#""target":true"#, r#""target":false"#)
            .replace(r#""output":true"#, r#""output":false"#)
    ));
    check(&two, Scored, Some(false), &["target", "output"]);
}

#[test]
fn axes_not_required_are_reported_but_not_in_the_and() {
    let axes: BTreeMap<Axis, AxisValue> = [
        (Axis::Target, AxisValue::True),
        (Axis::Process, AxisValue::False),
        (Axis::RequirementTracking, AxisValue::NotApplicable),
    ]
    .into_iter()
    .collect();
    let valid = [
        ("environment", Validity::Valid),
        ("simulator", Validity::Valid),
        ("scenario_oracle", Validity::Valid),
    ];
    let only_target: BTreeSet<Axis> = [Axis::Target].into_iter().collect();
    let g = grade(&valid, &axes, &only_target);
    assert_eq!(
        (g.status, g.strict_success),
        (RunStatus::Scored, Some(true))
    );
    // Required and not applicable: never a success, the run is unscored.
    let with_tracking: BTreeSet<Axis> = [Axis::Target, Axis::RequirementTracking]
        .into_iter()
        .collect();
    let g = grade(&valid, &axes, &with_tracking);
    assert_eq!(g.status, RunStatus::Unscored);
    assert_eq!(
        g.unscored_reasons,
        ["requirement_tracking: not applicable (a planned change never fired)"]
    );
}

#[test]
fn bad_records_are_located_errors_and_the_rest_is_kept() {
    let text = [
        r#"{"run":"a","target":"yes"}"#,
        r#"{"run":"b","target":1}"#,
        r#"{"run":"c","environment":"ok"}"#,
        r#"{"run":"d","exploration":true}"#,
        r#"{"run":"e","regresion_free":true}"#,
        r#"{"task":"t"}"#,
        r#"{"run":"g","responsible_component":"user"}"#,
        r#"{"run":"h","secondary_codes":"x"}"#,
        r#"{"run":"i","target":true,"secondary_codes":["x","y"],"condition":"c1"}"#,
        r#"{"run":"i"}"#,
    ]
    .join("\n");
    let p = parse_runs(text.as_bytes(), "runs.jsonl");
    let errs: Vec<(usize, Option<&str>)> = p
        .errors
        .iter()
        .map(|e| (e.line, e.field.as_deref()))
        .collect();
    assert_eq!(
        errs,
        [
            (1, Some("target")),
            (2, Some("target")),
            (3, Some("environment")),
            (4, Some("exploration")),
            (5, Some("regresion_free")),
            (6, Some("run")),
            (7, Some("responsible_component")),
            (8, Some("secondary_codes")),
            (10, Some("run")),
        ]
    );
    assert_eq!(
        p.errors[0].to_string(),
        "runs.jsonl:1: field `target`: expected true, false or null, found \"yes\""
    );
    assert_eq!(p.records, 10);
    assert_eq!(p.items.len(), 1);
    assert_eq!(p.items[0].attribution.secondary_codes, ["x", "y"]);
    assert_eq!(p.items[0].condition, "c1");
}

#[test]
fn task_declarations() {
    let text = "{\"task\":\"csv\",\"required\":[\"target\",\"exploration\"]}\n{\"task\":\"x\",\"required\":[\"speed\"]}\n{\"task\":\"y\"}";
    let p = parse_tasks(text.as_bytes(), "tasks.jsonl");
    assert_eq!(p.items.len(), 1);
    assert_eq!(
        p.items[0].required,
        [Axis::Target, Axis::Exploration].into_iter().collect()
    );
    assert_eq!(p.errors.iter().map(|e| e.line).collect::<Vec<_>>(), [2, 3]);
    assert!(
        p.errors[0].message.starts_with("`speed` is not an axis"),
        "{}",
        p.errors[0]
    );
}

/// The generic `state` axis is given like `output`, required only when declared, and the trial
/// fields travel with the run.
#[test]
fn state_axis_and_trial_fields() {
    let v = r#""environment":"valid","simulator":"valid","scenario_oracle":"valid""#;
    let rec = format!(
        r#"{{"run":"r","task":"t",{v},"target":true,"state":false,"termination":{{"reason":"max_turns"}},"agent_turns":3,"marker_records":1,"regeneration_count":2,"attempt_id":"a3","initial_requirement_version":"R0","final_requirement_version":"R1"}}"#
    );
    let sheet = crate::sheet::test_support::sheet_of(&rec, &[Axis::Target]);
    let r = &sheet.runs[0];
    assert_eq!(r.axes[&Axis::State], AxisValue::False);
    assert_eq!(r.grade.strict_success, Some(true), "state not required");
    assert_eq!(r.trial.termination.as_ref().unwrap().reason, "max_turns");
    assert_eq!(
        (r.trial.agent_turns, r.trial.user_messages),
        (Some(3), None)
    );
    assert_eq!(r.trial.regeneration_count, Some(2));
    assert_eq!(r.trial.final_requirement_version.as_deref(), Some("R1"));
    let sheet = crate::sheet::test_support::sheet_of(&rec, &[Axis::Target, Axis::State]);
    assert_eq!(sheet.runs[0].grade.failed_axes, [Axis::State]);
    let p = parse_tasks(br#"{"task":"t","required":["state"]}"#, "tasks");
    assert_eq!(p.items[0].required, [Axis::State].into_iter().collect());
}
