//! The requirement ledger: activate, revoke, replace, a never-fired event, and parsing.

use crate::metrics::UnknownLengths;
use crate::sheet::events::order_events;
use crate::sheet::ledger::{gold_active, parse_ledger, Active, Ledger, LedgerKind};
use crate::sheet::timeline::timeline;
use crate::span::{EventKind, GoldSpan, ReadSpan, Source};
use std::collections::BTreeSet;

fn ledger(jsonl: &str) -> Ledger {
    let p = parse_ledger(jsonl.as_bytes(), "ledger.jsonl");
    assert_eq!(p.errors, vec![]);
    Ledger::new(&p.items)
}

fn active(l: &Ledger, turn: u32, known: &[&str]) -> Vec<String> {
    l.active_at(turn, known.iter().copied())
        .into_iter()
        .map(|(r, v)| format!("{r}@{v}"))
        .collect()
}

#[test]
fn activate_revoke_replace() {
    let l = ledger(
        r#"{"run":"r","turn":2,"event":"activate","requirement":"quotes","version":"R0","message_id":"m3"}
{"run":"r","turn":3,"event":"replace","requirement":"fmt","version":"R1"}
{"run":"r","turn":4,"event":"revoke","requirement":"header"}"#,
    );
    let known = ["fmt", "header", "quotes"];
    // Known requirements start at R0, except one the ledger activates later.
    assert_eq!(active(&l, 1, &known), ["fmt@R0", "header@R0"]);
    assert_eq!(active(&l, 2, &known), ["fmt@R0", "header@R0", "quotes@R0"]);
    assert_eq!(active(&l, 3, &known), ["fmt@R1", "header@R0", "quotes@R0"]);
    assert_eq!(active(&l, 4, &known), ["fmt@R1", "quotes@R0"]);
    assert!(l.unfired().is_empty());
}

#[test]
fn gold_tags_select_versions() {
    let a: Active = [("fmt".to_string(), "R1".to_string())]
        .into_iter()
        .collect();
    let check =
        |req: Option<&str>, expected: bool| assert_eq!(gold_active(req, &a), expected, "{req:?}");
    check(None, true);
    check(Some("fmt"), true);
    check(Some("fmt@R1"), true);
    check(Some("fmt@R0"), false);
    check(Some("other"), false);
}

#[test]
fn never_fired_event_is_kept_apart() {
    let l = ledger(
        r#"{"run":"r","turn":5,"event":"replace","requirement":"fmt","version":"R1","fired":false}"#,
    );
    assert_eq!(l.unfired().len(), 1);
    assert_eq!(l.unfired()[0].event, LedgerKind::Replace);
    // It changes nothing: the run stays on R0.
    assert_eq!(active(&l, 9, &["fmt"]), ["fmt@R0"]);
    // A never-fired activation leaves the requirement inactive throughout.
    let l = ledger(
        r#"{"run":"r","event":"activate","requirement":"quotes","version":"R0","fired":false}"#,
    );
    assert_eq!(active(&l, 9, &["quotes"]), Vec::<String>::new());
}

#[test]
fn ledger_errors_are_located() {
    let text = r#"{"run":"r","event":"revoke","requirement":"a"}
{"run":"r","turn":1,"event":"drop","requirement":"a"}
{"run":"r","turn":1,"event":"replace","requirement":"a"}
{"run":"r","turn":1,"event":"revoke","requirement":"a@R0"}
{"turn":1,"event":"revoke","requirement":"a"}
{"run":"r","turn":1,"event":"revoke","requirement":"a","fired":"no"}
{"run":"r","turn":1,"event":"revoke","requirement":"a","when":3}
{"run":"r","turn":1,"event":"revoke","requirement":"a"}"#;
    let p = parse_ledger(text.as_bytes(), "l.jsonl");
    let errs: Vec<(usize, &str)> = p
        .errors
        .iter()
        .map(|e| (e.line, e.field.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(
        errs,
        [
            (1, "turn"),
            (2, "event"),
            (3, "version"),
            (4, "requirement"),
            (5, "run"),
            (6, "fired"),
            (7, "when")
        ]
    );
    assert_eq!(p.items.len(), 1);
}

fn gold(path: &str, start: u32, end: u32, req: Option<&str>) -> GoldSpan {
    let mut g = GoldSpan::simple(path, start, end);
    g.requirement = req.map(Into::into);
    g
}

fn event(turn: u32, kind: EventKind, start: u32, end: u32) -> ReadSpan {
    let mut r = ReadSpan::simple("csv.py", start, end);
    r.turn = Some(turn);
    r.kind = kind;
    r
}

/// Revocation is not retroactive: the revoked span leaves the denominator, work before the
/// revocation is fine, an edit of the revoked lines afterwards is flagged.
#[test]
fn revocation_in_the_timeline() {
    let gold = [
        gold("csv.py", 1, 10, None),
        gold("csv.py", 21, 30, Some("header")),
    ];
    let rows = [
        event(1, EventKind::Read, 1, 10),
        event(1, EventKind::Edit, 25, 25),
        event(3, EventKind::Edit, 26, 26),
        event(3, EventKind::Edit, 5, 5),
    ];
    let l = ledger(r#"{"run":"r","turn":2,"event":"revoke","requirement":"header"}"#);
    let refs: Vec<&ReadSpan> = rows.iter().collect();
    let sources: BTreeSet<Source> = [Source::Agent].into_iter().collect();
    let events = order_events(&refs, &sources);
    let g: Vec<&GoldSpan> = gold.iter().collect();
    let t = timeline(&g, &events, &l, &UnknownLengths, 0.5);
    let cov: Vec<(u32, u64, u64)> = t
        .turns
        .iter()
        .map(|p| (p.turn, p.covered_lines, p.gold_lines))
        .collect();
    assert_eq!(cov, [(1, 10, 20), (2, 10, 10), (3, 10, 10)]);
    assert_eq!(t.turns[1].ledger, ["revoke header"]);
    // 50% at turn 1 already (10 of 20).
    assert_eq!(t.first_turn_reached, Some(1));
    // The turn-1 edit of csv.py came after reading 10/20 = 50%: not before reading.
    assert!(t.edited_before_reading.is_empty());
    let obsolete: Vec<&str> = t
        .obsolete_edits
        .iter()
        .map(|e| e.event_id.as_str())
        .collect();
    assert_eq!(obsolete, ["e3"]);
}

/// Issue #27, defect 1: the ledger applies in turn order, whatever the order of its lines.
/// `late` is activated at turn 2 and revoked at turn 3; written in either order, turn 1 is
/// judged against `a.py 1–10` alone.
#[test]
fn ledger_file_order_never_changes_the_grading() {
    let gold: Vec<GoldSpan> = crate::formats::parse_gold(
        br#"{"path":"a.py","start":1,"end":10}
{"path":"a.py","start":11,"end":20,"requirement":"late"}"#,
        "g",
        None,
    )
    .items;
    let g: Vec<&GoldSpan> = gold.iter().collect();
    let mut read = ReadSpan::simple("a.py", 1, 10);
    read.turn = Some(1);
    let rows = [read];
    let refs: Vec<&ReadSpan> = rows.iter().collect();
    let sources: BTreeSet<Source> = [Source::Agent].into_iter().collect();
    let events = order_events(&refs, &sources);
    let activate =
        r#"{"run":"r1","turn":2,"event":"activate","requirement":"late","version":"R0"}"#;
    let revoke = r#"{"run":"r1","turn":3,"event":"revoke","requirement":"late"}"#;
    for jsonl in [
        format!("{activate}\n{revoke}"),
        format!("{revoke}\n{activate}"),
    ] {
        let t = timeline(&g, &events, &ledger(&jsonl), &UnknownLengths, 0.5);
        let got: Vec<(u32, u64, Option<f64>)> = t
            .turns
            .iter()
            .map(|p| (p.turn, p.gold_lines, p.coverage))
            .collect();
        assert_eq!(
            got,
            [(1, 10, Some(1.0)), (2, 20, Some(0.5)), (3, 10, Some(1.0))],
            "{jsonl}"
        );
    }
}

/// Ties within a turn follow a documented order, not the file's: activate, then replace, then
/// revoke (a requirement activated and revoked in one turn ends inactive either way).
#[test]
fn same_turn_events_apply_in_the_documented_order() {
    let a = r#"{"run":"r","turn":2,"event":"activate","requirement":"x","version":"R1"}"#;
    let r = r#"{"run":"r","turn":2,"event":"revoke","requirement":"x"}"#;
    let p = r#"{"run":"r","turn":2,"event":"replace","requirement":"y","version":"R2"}"#;
    for jsonl in [format!("{a}\n{r}\n{p}"), format!("{r}\n{p}\n{a}")] {
        let l = ledger(&jsonl);
        assert_eq!(active(&l, 1, &["x", "y"]), ["y@R0"], "{jsonl}");
        assert_eq!(active(&l, 2, &["x", "y"]), ["y@R2"], "{jsonl}");
    }
}
