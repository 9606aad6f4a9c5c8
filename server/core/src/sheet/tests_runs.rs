//! Which reads, gold and ledger rows reach which run record.

use super::before_edit::NoUnits;
use super::evaluate::{evaluate, SheetInput};
use super::grade::AxisValue;
use super::ledger::parse_ledger;
use super::record::{parse_runs, Axis};
use super::test_support::{reads, sources};
use crate::formats::parse_gold;
use crate::metrics::UnknownLengths;
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
        unreadable_runs: 0,
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
        unreadable_runs: 0,
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
    });
    assert_eq!(sheet.runs[0].timeline, None);
    assert_eq!(sheet.runs[0].axes[&Axis::Exploration], AxisValue::Null);
}
