//! Per-condition breakdowns: axes, attribution codes, the validator audit, and pass^k over the
//! common task sets.

use crate::sheet::record::Axis;
use crate::sheet::test_support::{sheet_of, sheet_with_limit};

const V: &str = r#""environment":"valid","simulator":"valid","scenario_oracle":"valid""#;

#[test]
fn axes_passed_and_failed_beside_the_strict_and() {
    let sheet = sheet_of(
        &format!(
            r#"{{"run":"1","task":"t","condition":"C",{V},"target":true,"regression_free":false}}
{{"run":"2","task":"t","condition":"C",{V},"target":true,"regression_free":true}}
{{"run":"3","task":"t","condition":"C","environment":"invalid","target":false}}"#
        ),
        &[Axis::Target, Axis::RegressionFree],
    );
    let axes = &sheet.conditions[0].counts.breakdown.axes;
    // The invalid run 3 says nothing about the agent: left out.
    let t = &axes[&Axis::Target];
    assert_eq!((t.passed, t.failed, t.pass_rate), (2, 0, Some(1.0)));
    let r = &axes[&Axis::RegressionFree];
    assert_eq!((r.passed, r.failed, r.pass_rate), (1, 1, Some(0.5)));
    assert_eq!(axes[&Axis::Output].no_evidence, 2);
}

#[test]
fn attribution_summary_counts_primary_and_secondary_codes() {
    let sheet = sheet_of(
        &format!(
            r#"{{"run":"1","task":"t",{V},"target":false,"responsible_component":"agent","primary_code":"wrong_file","secondary_codes":["no_tests"]}}
{{"run":"2","task":"t",{V},"target":false,"responsible_component":"agent","primary_code":"no_tests"}}
{{"run":"3","task":"t","environment":"invalid","simulator":"invalid"}}"#
        ),
        &[Axis::Target],
    );
    let a = &sheet.conditions[0].counts.breakdown.attribution;
    let got: Vec<(&str, usize, usize)> = a
        .iter()
        .map(|(k, c)| (k.as_str(), c.primary, c.secondary))
        .collect();
    assert_eq!(
        got,
        [
            ("agent:no_tests", 1, 1),
            ("agent:wrong_file", 1, 0),
            // Proposed for the invalid run: the first failed check primary, the next secondary.
            ("environment:environment_invalid", 1, 0),
            ("environment:simulator_invalid", 0, 1),
        ]
    );
}

#[test]
fn validator_audit_first_pass_regeneration_limit_and_human_labels() {
    let runs = format!(
        r#"{{"run":"1","task":"t",{V},"regeneration_count":0,"human_validity":"valid"}}
{{"run":"2","task":"t",{V},"regeneration_count":2,"human_validity":"invalid"}}
{{"run":"3","task":"t","environment":"valid","simulator":"invalid","regeneration_count":3,"human_validity":"valid"}}
{{"run":"4","task":"t","environment":"valid","simulator":"invalid","regeneration_count":1}}
{{"run":"5","task":"t",{V}}}
{{"run":"6","task":"t","regeneration_count":0,"human_validity":"valid"}}"#
    );
    let sheet = sheet_with_limit(&runs, &[Axis::Target], Some(3));
    let a = &sheet.conditions[0].counts.breakdown.validator;
    // Run 5 records no regeneration count; run 6 is pending, not judged by the validator.
    assert_eq!(a.audited, 4);
    assert_eq!((a.first_pass_valid, a.valid_after_regeneration), (1, 1));
    assert_eq!(a.first_pass_valid_rate, Some(0.25));
    assert_eq!(a.valid_after_regeneration_rate, Some(0.5));
    assert_eq!(
        a.failed_at_limit, 1,
        "run 3 hit the limit of 3, run 4 did not"
    );
    assert_eq!((a.labelled, a.false_accepts, a.false_rejects), (3, 1, 1));
    let without = sheet_of(&runs, &[Axis::Target]);
    assert_eq!(
        without.conditions[0]
            .counts
            .breakdown
            .validator
            .failed_at_limit,
        0
    );
}

#[test]
fn pass_k_over_the_common_task_set_and_over_planned_n() {
    let mut runs = String::new();
    // (condition, task, successes, failures, unscored)
    for (c, t, ok, bad, unscored) in [
        ("A", "t1", 2, 0, 0),
        ("B", "t1", 1, 1, 0),
        ("A", "t2", 3, 0, 0),
        ("B", "t2", 1, 0, 1),
        ("A", "t3", 1, 0, 0),
    ] {
        for i in 0..ok + bad + unscored {
            let target = if i < ok {
                "true"
            } else if i < ok + bad {
                "false"
            } else {
                "null"
            };
            runs += &format!(
                "{{\"run\":\"{c}{t}{i}\",\"task\":\"{t}\",\"condition\":\"{c}\",{V},\"target\":{target}}}\n"
            );
        }
    }
    let sheet = sheet_of(&runs, &[Axis::Target]);
    // k = 1, 2: t1 has 2 scorable trials in both; t2 has 1 scorable in B; t3 is not in B at all.
    assert_eq!(sheet.common.max_k, 2);
    assert_eq!(sheet.common.scorable_tasks, ["t1"]);
    // Planned: t2 has 2 planned trials in B (one unscored, a failure here).
    assert_eq!(sheet.common.planned_tasks, ["t1", "t2"]);
    let b = &sheet.conditions[1];
    assert_eq!(b.counts.condition, "B");
    // Today's k=2 for B uses t1 only (t2 has n = 1); the common set says so with its count.
    assert_eq!(b.pass_k_common[1].tasks_used, 1);
    assert_eq!(b.pass_k_common[1].pass_hat_k, Some(0.0));
    assert_eq!(b.pass_k_common[0].pass_hat_k, Some(0.5));
    // Planned n: t1 1/2 → pass^1 0.5; t2 1/2 (unscored = failure) → 0.5.
    let p = &b.pass_k_planned[0];
    assert_eq!((p.tasks_used, p.pass_hat_k), (2, Some(0.5)));
    let a = &sheet.conditions[0];
    // A over the same common set: t1 2/2 → pass^2 1.0; today's k=2 averages t1 and t2.
    assert_eq!(a.pass_k_common[1].pass_hat_k, Some(1.0));
    assert_eq!(a.pass_k[1].tasks_used, 2);
}
