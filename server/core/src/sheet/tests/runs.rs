//! Which reads, gold and ledger rows reach which run record.

use crate::formats::parse_gold;
use crate::metrics::UnknownLengths;
use crate::sheet::before_edit::NoUnits;
use crate::sheet::evaluate::{evaluate, SheetInput};
use crate::sheet::grade::AxisValue;
use crate::sheet::ledger::parse_ledger;
use crate::sheet::record::Axis;
use crate::sheet::test_support::{reads, sources};
use crate::sheet::unreadable::parse_runs;
use std::collections::{BTreeMap, BTreeSet};

/// Runs named after their agent repeat across tasks: each (task, run) gets its own reads and
/// only the ledger rows meant for it.
#[test]
fn run_ids_may_repeat_across_tasks() {
    let runs = parse_runs(
        br#"{"run":"openhands","task":"A","target":true}
{"run":"openhands","task":"B","target":true}
{"run":"openhands","task":"B"}"#,
        "runs",
    );
    assert_eq!(runs.items.len(), 2);
    assert_eq!(runs.errors.len(), 1);
    assert_eq!(runs.errors[0].line, 3);
    let gold = parse_gold(
        br#"{"task":"A","path":"a.py","start":1,"end":10}
{"task":"B","path":"b.py","start":1,"end":10,"requirement":"x"}"#,
        "g",
        None,
    )
    .items;
    let rows = reads(
        r#"{"task":"A","run":"openhands","path":"a.py","start":1,"end":10,"turn":1}
{"task":"B","run":"openhands","path":"b.py","start":1,"end":2,"turn":1}"#,
    );
    let ledger = parse_ledger(
        br#"{"run":"openhands","task":"A","turn":1,"event":"revoke","requirement":"x"}"#,
        "l",
    )
    .items;
    let required: BTreeSet<Axis> = [Axis::Target].into_iter().collect();
    let sheet = evaluate(&SheetInput {
        runs: &runs.items,
        unreadable: &[],
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
    });
    let cov: Vec<(&str, Option<f64>)> = sheet
        .runs
        .iter()
        .map(|r| (r.task.as_str(), r.line_coverage))
        .collect();
    // B keeps requirement x: the revoke was for task A's run only.
    assert_eq!(cov, [("A", Some(1.0)), ("B", Some(0.2))]);
}

#[test]
fn no_reads_means_no_timeline_and_no_exploration() {
    let runs = parse_runs(br#"{"run":"r","task":"t","target":true}"#, "runs");
    let gold = parse_gold(
        br#"{"task":"t","path":"a.py","start":1,"end":10}"#,
        "g",
        None,
    )
    .items;
    let required: BTreeSet<Axis> = [Axis::Target].into_iter().collect();
    let sheet = evaluate(&SheetInput {
        runs: &runs.items,
        unreadable: &[],
        gold: Some(&gold),
        reads: None,
        ledger: &[],
        required: &BTreeMap::new(),
        default_required: &required,
        threshold: 0.5,
        sources: &sources(),
        lengths: &UnknownLengths,
        units: &NoUnits,
        ks: &[1],
        regeneration_limit: None,
    });
    assert_eq!(sheet.runs[0].timeline, None);
    assert_eq!(sheet.runs[0].axes[&Axis::Exploration], AxisValue::Null);
}

/// Issue #27, defect 2: a broken record that names its condition and task is planned and
/// unreadable there; one that names nothing counts only overall.
#[test]
fn unreadable_records_count_in_their_condition_and_task() {
    let sheet = crate::sheet::test_support::sheet_of(
        r#"{"run":"r1","task":"t","condition":"C","environment":"valid","simulator":"valid","scenario_oracle":"valid","target":true}
{"run":"r2","task":"t","condition":"C","target":"yes"}
not json"#,
        &[Axis::Target],
    );
    assert_eq!((sheet.overall.planned, sheet.overall.unreadable), (3, 2));
    let c = &sheet.conditions[0].counts;
    assert_eq!(c.condition, "C");
    assert_eq!((c.denominators.planned, c.denominators.unreadable), (2, 1));
    assert_eq!(c.denominators.success_rate_planned, Some(0.5));
    assert_eq!((c.tasks[0].planned, c.tasks[0].scorable), (2, 1));
}

/// A broken record whose `task` is no id names no task: it counts overall only, even when its
/// `condition` reads (before session 24 it was planned in that condition under no task, so the
/// condition's planned trials exceeded its tasks'; found by scripts/sheet_oracle.py).
#[test]
fn a_broken_record_naming_no_task_counts_overall_only() {
    let sheet = crate::sheet::test_support::sheet_of(
        r#"{"run":"r1","task":"t","condition":"C","environment":"valid","simulator":"valid","scenario_oracle":"valid","target":true}
{"run":"r2","task":"","condition":"C","target":true}
{"run":"r3","task":[1],"condition":"C"}"#,
        &[Axis::Target],
    );
    assert_eq!((sheet.overall.planned, sheet.overall.unreadable), (3, 2));
    assert_eq!(sheet.conditions.len(), 1);
    let c = &sheet.conditions[0].counts;
    assert_eq!((c.denominators.planned, c.denominators.unreadable), (1, 0));
    let tasks: usize = c.tasks.iter().map(|t| t.planned).sum();
    assert_eq!(tasks, c.denominators.planned);
}

/// The sheet of one run failing exploration and requirement tracking, `required` axes.
fn two_causes(required: &[Axis], record: &str) -> crate::sheet::evaluate::RunSheet {
    let runs = parse_runs(record.as_bytes(), "runs");
    assert_eq!(runs.errors, vec![]);
    let gold = parse_gold(
        br#"{"task":"t","path":"a.py","start":1,"end":10}
{"task":"t","path":"b.py","start":1,"end":10,"requirement":"x"}"#,
        "g",
        None,
    )
    .items;
    // The file lists the turn-3 edit first: turn order, not file order, decides.
    let rows = reads(
        r#"{"run":"r","path":"a.py","start":3,"end":3,"turn":3,"kind":"edit"}
{"run":"r","path":"b.py","start":5,"end":5,"turn":2,"kind":"edit"}"#,
    );
    let ledger = parse_ledger(
        br#"{"run":"r","turn":1,"event":"revoke","requirement":"x"}"#,
        "l",
    )
    .items;
    let required: BTreeSet<Axis> = required.iter().copied().collect();
    let sheet = evaluate(&SheetInput {
        runs: &runs.items,
        unreadable: &[],
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
    });
    sheet.runs[0].clone()
}

/// The first decisive event by turn is primary, the other causes secondary; an axis the task
/// does not require is never proposed.
#[test]
fn attribution_primary_is_the_first_decisive_event() {
    let v = r#""environment":"valid","simulator":"valid","scenario_oracle":"valid""#;
    let rec = format!(r#"{{"run":"r","task":"t",{v},"target":true,"requirement_tracking":false}}"#);
    let all = [Axis::Target, Axis::RequirementTracking, Axis::Exploration];
    let p = two_causes(&all, &rec).proposed;
    assert_eq!(
        (
            p.primary_code.as_deref(),
            p.first_decisive_event_id.as_deref()
        ),
        (Some("obsolete_requirement_followed"), Some("e2"))
    );
    assert_eq!(p.secondary_codes, ["edited_before_reading"]);
    // Exploration not required: only the requirement-tracking cause is proposed.
    let p = two_causes(&[Axis::Target, Axis::RequirementTracking], &rec).proposed;
    assert_eq!(
        p.primary_code.as_deref(),
        Some("obsolete_requirement_followed")
    );
    assert!(p.secondary_codes.is_empty());
    // Only target required (and failed): neither exploration nor tracking is proposed.
    let rec =
        format!(r#"{{"run":"r","task":"t",{v},"target":false,"requirement_tracking":false}}"#);
    let p = two_causes(&[Axis::Target], &rec).proposed;
    assert_eq!(p, Default::default());
    // Several invalid checks: the first is primary, the rest secondary.
    let rec = r#"{"run":"r","task":"t","environment":"invalid","simulator":"invalid","scenario_oracle":"valid"}"#;
    let p = two_causes(&all, rec).proposed;
    assert_eq!(p.primary_code.as_deref(), Some("environment_invalid"));
    assert_eq!(p.secondary_codes, ["simulator_invalid"]);
}

/// `--k 1,2 --k 1`: pass^1 and pass^2 once each, in the order given (pass^1 came twice before).
#[test]
fn a_k_given_twice_is_graded_once() {
    let runs = r#"{"run":"r","task":"t","target":true}"#;
    let sheet = crate::sheet::test_support::sheet_with(runs, &[Axis::Target], None, &[2, 1, 2, 1]);
    let ks: Vec<u32> = sheet.conditions[0].pass_k.iter().map(|p| p.k).collect();
    assert_eq!(ks, [2, 1]);
    let partial = crate::sheet::partial::SheetPartial::of(&sheet, &[2, 1, 2, 1]);
    assert_eq!(partial.ks, [2, 1]);
}
