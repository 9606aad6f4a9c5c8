//! Per-turn coverage, read-before-edit, denominators, pass^k per condition, and the whole sheet.

use crate::formats::parse_gold;
use crate::metrics::UnknownLengths;
use crate::sheet::aggregate::{denominators, TaskCounts};
use crate::sheet::before_edit::{enclosing_region, read_before_edit, NoUnits, RegionKind};
use crate::sheet::evaluate::{evaluate, SheetInput};
use crate::sheet::events::order_events;
use crate::sheet::grade::{AxisValue, Grade, RunStatus};
use crate::sheet::ledger::{parse_ledger, Ledger};
use crate::sheet::pass_sets::pass_k;
use crate::sheet::record::Axis;
use crate::sheet::test_support::sheet_of;
use crate::sheet::test_support::{reads, sources};
use crate::sheet::timeline::timeline;
use crate::sheet::unreadable::parse_runs;
use crate::sheet::unreadable::UnreadableRun;
use crate::span::ReadSpan;
use std::collections::{BTreeMap, BTreeSet};

#[test]
fn coverage_per_turn_first_turn_and_edited_before_reading() {
    let gold = parse_gold(
        br#"{"path":"a.py","start":1,"end":10}
{"path":"b.py","start":1,"end":10}"#,
        "g",
        None,
    )
    .items;
    let rows = reads(
        r#"{"path":"a.py","start":1,"end":4,"turn":1}
{"path":"b.py","start":5,"end":5,"turn":1,"kind":"edit"}
{"path":"a.py","start":5,"end":10,"turn":2}
{"path":"b.py","start":1,"end":10,"turn":3}
{"path":"a.py","start":3,"end":3,"turn":3,"kind":"edit"}"#,
    );
    let refs: Vec<&ReadSpan> = rows.iter().collect();
    let events = order_events(&refs, &sources());
    let g: Vec<_> = gold.iter().collect();
    let t = timeline(&g, &events, &Ledger::default(), &UnknownLengths, 0.5);
    let got: Vec<(u32, u64, usize, usize)> = t
        .turns
        .iter()
        .map(|p| (p.turn, p.covered_lines, p.reads, p.edits))
        .collect();
    assert_eq!(got, [(1, 4, 1, 1), (2, 10, 1, 0), (3, 20, 1, 1)]);
    assert_eq!(t.turns[0].coverage, Some(0.2));
    assert_eq!(t.first_turn_reached, Some(2));
    // b.py was edited having read 0 of its 10 gold lines; a.py only after reading all of it.
    assert_eq!(t.edited_before_reading.len(), 1);
    let e = &t.edited_before_reading[0];
    assert_eq!(
        (
            e.event_id.as_str(),
            e.path.as_str(),
            e.read_before,
            e.coverage_before
        ),
        ("e2", "b.py", 0, 0.0)
    );
}

/// Issue #27, defect 3: a read `--sources` leaves out covers nothing and is not counted as a read.
#[test]
fn per_turn_read_counts_use_the_sources_filter() {
    let gold = parse_gold(br#"{"path":"a.py","start":1,"end":10}"#, "g", None).items;
    let rows = reads(
        r#"{"path":"a.py","start":1,"end":10,"turn":1,"source":"manual"}
{"path":"a.py","start":1,"end":2,"turn":2}"#,
    );
    let refs: Vec<&ReadSpan> = rows.iter().collect();
    let t = timeline(
        &gold.iter().collect::<Vec<_>>(),
        &order_events(&refs, &sources()),
        &Ledger::default(),
        &UnknownLengths,
        0.5,
    );
    let got: Vec<(u32, u64, usize)> = t
        .turns
        .iter()
        .map(|p| (p.turn, p.covered_lines, p.reads))
        .collect();
    assert_eq!(got, [(1, 0, 0), (2, 2, 1)]);
}

#[test]
fn never_reaching_the_threshold() {
    let gold = parse_gold(br#"{"path":"a.py","start":1,"end":10}"#, "g", None).items;
    let rows = reads(r#"{"path":"a.py","start":1,"end":2,"turn":1}"#);
    let refs: Vec<&ReadSpan> = rows.iter().collect();
    let t = timeline(
        &gold.iter().collect::<Vec<_>>(),
        &order_events(&refs, &sources()),
        &Ledger::default(),
        &UnknownLengths,
        0.5,
    );
    assert_eq!(t.first_turn_reached, None);
}

#[test]
fn regions_units_and_window() {
    let units: BTreeMap<String, Vec<(u32, u32)>> =
        [("a.py".to_string(), vec![(1, 50), (10, 20), (30, 40)])]
            .into_iter()
            .collect();
    let lengths: BTreeMap<String, u32> = [("a.py".to_string(), 60), ("b.py".to_string(), 15)]
        .into_iter()
        .collect();
    let check = |path: &str, s: u32, e: u32, expected: (RegionKind, u32, u32)| {
        assert_eq!(
            enclosing_region(path, s, e, &units, &lengths),
            expected,
            "{path}:{s}-{e}"
        );
    };
    check("a.py", 12, 14, (RegionKind::Unit, 10, 20)); // innermost unit
    check("a.py", 18, 32, (RegionKind::Unit, 1, 50)); // the enclosing class holds both methods
    check("a.py", 55, 55, (RegionKind::Window, 45, 60)); // outside every unit: ±10 clipped to the file
    check("b.py", 3, 4, (RegionKind::Window, 1, 14)); // no units: ±10, clamped at line 1
    check("b.py", 20, 21, (RegionKind::Window, 10, 21)); // appended past the old end
    check("c.py", 100, 100, (RegionKind::Window, 90, 110)); // length unknown
}

#[test]
fn read_before_edit_mean_and_worst() {
    let rows = reads(
        r#"{"path":"a.py","start":1,"end":21,"step":1}
{"path":"a.py","start":11,"end":11,"step":2,"kind":"edit"}
{"path":"b.py","start":50,"end":50,"step":3,"kind":"edit"}
{"path":"b.py","start":40,"end":60,"step":4}"#,
    );
    let refs: Vec<&ReadSpan> = rows.iter().collect();
    let r = read_before_edit(&order_events(&refs, &sources()), &NoUnits, &UnknownLengths);
    assert_eq!(r.edits, 2);
    // a.py:11 → window 1–21, all read; b.py:50 → window 40–60, nothing read yet.
    let cov: Vec<(u64, u64, f64)> = r
        .per_edit
        .iter()
        .map(|e| (e.read_lines, e.region_lines, e.coverage))
        .collect();
    assert_eq!(cov, [(21, 21, 1.0), (0, 21, 0.0)]);
    assert_eq!(r.mean, Some(0.5));
    assert_eq!(r.worst.map(|w| w.event_id), Some("e3".to_string()));
}

fn graded(status: RunStatus, success: bool, cause: &'static str) -> Grade {
    Grade {
        status,
        strict_success: (status == RunStatus::Scored).then_some(success),
        invalid_causes: if status == RunStatus::Invalid {
            vec![cause]
        } else {
            vec![]
        },
        unscored_reasons: vec![],
        failed_axes: vec![],
    }
}

#[test]
fn denominators_example_from_the_issue() {
    // 100 planned, 85 scorable, 8 simulator-invalid, 4 environment-invalid, 3 unscored, 51 successes.
    let mut grades = Vec::new();
    grades.extend((0..51).map(|_| graded(RunStatus::Scored, true, "")));
    grades.extend((0..34).map(|_| graded(RunStatus::Scored, false, "")));
    grades.extend((0..8).map(|_| graded(RunStatus::Invalid, false, "simulator")));
    grades.extend((0..4).map(|_| graded(RunStatus::Invalid, false, "environment")));
    grades.extend((0..3).map(|_| graded(RunStatus::Unscored, false, "")));
    let d = denominators(&grades, 0);
    assert_eq!(
        (
            d.planned,
            d.scorable,
            d.invalid,
            d.unscored,
            d.strict_successes
        ),
        (100, 85, 12, 3, 51)
    );
    assert_eq!(d.invalid_by_cause.get("simulator"), Some(&8));
    assert_eq!(d.invalid_by_cause.get("environment"), Some(&4));
    assert_eq!(d.success_rate_scorable, Some(0.6));
    assert_eq!(d.success_rate_planned, Some(0.51));
    assert_eq!(d.scorable_rate, Some(0.85));
}

#[test]
fn pass_k_is_per_task_and_per_condition() {
    let tasks = [
        TaskCounts {
            task: "a".into(),
            planned: 5,
            scorable: 5,
            successes: 4,
        },
        TaskCounts {
            task: "b".into(),
            planned: 5,
            scorable: 5,
            successes: 1,
        },
        TaskCounts {
            task: "c".into(),
            planned: 2,
            scorable: 1,
            successes: 1,
        },
    ];
    let p2 = pass_k(&tasks, 2);
    // a: 0.6, b: 0.0 → mean 0.3; c has one scorable trial and is excluded, with the reason.
    assert!((p2.pass_hat_k.unwrap() - 0.3).abs() < 1e-12);
    assert!((p2.pass_at_k.unwrap() - (1.0 + 0.4) / 2.0).abs() < 1e-12);
    assert_eq!(p2.tasks_used, 2);
    assert_eq!(p2.tasks_excluded[0].task, "c");
    // Pooling would give 5/10 successes → 0.5² ≠ 0.3: the per-task mean is what is reported.
    let p1 = pass_k(&tasks, 1);
    assert!((p1.pass_hat_k.unwrap() - (0.8 + 0.2 + 1.0) / 3.0).abs() < 1e-12);

    let v = r#""environment":"valid","simulator":"valid","scenario_oracle":"valid""#;
    let sheet = sheet_of(
        &format!(
            r#"{{"run":"1","task":"t","condition":"x",{v},"target":true}}
{{"run":"2","task":"t","condition":"y",{v},"target":false}}
{{"run":"3","task":"t","condition":"x",{v},"target":true}}"#
        ),
        &[Axis::Target],
    );
    let got: Vec<(&str, Option<f64>)> = sheet
        .conditions
        .iter()
        .map(|c| (c.counts.condition.as_str(), c.pass_k[0].pass_hat_k))
        .collect();
    assert_eq!(got, [("x", Some(1.0)), ("y", Some(0.0))]);
}

#[test]
fn the_sheet_end_to_end() {
    let runs = parse_runs(
        br#"{"run":"r1","task":"t","environment":"valid","simulator":"valid","scenario_oracle":"valid","target":true,"regression_free":true,"output":true,"process":true,"requirement_tracking":true}
{"run":"r2","task":"t","environment":"valid","simulator":"valid","scenario_oracle":"valid","target":true,"regression_free":true,"output":true,"process":true,"requirement_tracking":true}"#,
        "runs",
    );
    let gold = parse_gold(
        br#"{"task":"t","path":"a.py","start":1,"end":10}"#,
        "g",
        None,
    )
    .items;
    let rows = reads(
        r#"{"task":"t","run":"r1","path":"a.py","start":1,"end":10,"turn":1}
{"run":"r2","path":"a.py","start":4,"end":4,"turn":1,"kind":"edit"}"#,
    );
    let ledger = parse_ledger(br#"{"run":"r2","turn":3,"event":"replace","requirement":"x","version":"R1","fired":false}"#, "l").items;
    let required: BTreeSet<Axis> = [Axis::Target, Axis::Exploration].into_iter().collect();
    let input = SheetInput {
        runs: &runs.items,
        unreadable: &[UnreadableRun {
            line: 3,
            task: None,
            condition: None,
        }],
        gold: Some(&gold),
        reads: Some(&rows),
        ledger: &ledger,
        required: &BTreeMap::new(),
        default_required: &required,
        threshold: 0.5,
        sources: &sources(),
        lengths: &UnknownLengths,
        units: &NoUnits,
        ks: &[1],
        regeneration_limit: None,
    };
    let sheet = evaluate(&input);
    let r1 = &sheet.runs[0];
    assert_eq!(
        (r1.grade.status, r1.grade.strict_success, r1.line_coverage),
        (RunStatus::Scored, Some(true), Some(1.0))
    );
    let r2 = &sheet.runs[1];
    // r2 never read a.py and edited it: exploration fails, and readcov proposes the decisive edit.
    assert_eq!(r2.axes[&Axis::Exploration], AxisValue::False);
    assert_eq!(
        r2.axes[&Axis::RequirementTracking],
        AxisValue::NotApplicable
    );
    assert_eq!(r2.grade.strict_success, Some(false));
    assert_eq!(
        r2.proposed.primary_code.as_deref(),
        Some("edited_before_reading")
    );
    assert_eq!(r2.proposed.first_decisive_event_id.as_deref(), Some("e1"));
    assert_eq!(r2.read_before_edit.mean, Some(0.0));
    // The unreadable record is still a planned trial.
    assert_eq!(
        (
            sheet.overall.planned,
            sheet.overall.scorable,
            sheet.overall.unreadable
        ),
        (3, 2, 1)
    );
    assert_eq!(sheet.overall.success_rate_planned, Some(1.0 / 3.0));
}
