//! Property tests of the evaluation sheet against simpler models: per-turn coverage ends where
//! `score_spans` does, revocations are not retroactive, denominators always add up, and
//! read-before-edit shares stay in range.

use proptest::prelude::*;
use readcov_core::sheet::aggregate::denominators;
use readcov_core::sheet::before_edit::{read_before_edit, NoUnits};
use readcov_core::sheet::events::order_events;
use readcov_core::sheet::grade::{Grade, RunStatus};
use readcov_core::sheet::ledger::{Ledger, LedgerEvent, LedgerKind};
use readcov_core::sheet::timeline::timeline;
use readcov_core::{score_spans, EventKind, GoldSpan, ReadSpan, Source, UnknownLengths};
use std::collections::BTreeSet;

const FILES: [&str; 2] = ["a.py", "b.py"];

fn span() -> impl Strategy<Value = (usize, u32, u32)> {
    (0..FILES.len(), 1u32..80, 0u32..15).prop_map(|(f, s, len)| (f, s, s + len))
}

fn rows() -> impl Strategy<Value = Vec<ReadSpan>> {
    prop::collection::vec((span(), 0u32..5, any::<bool>()), 0..25).prop_map(|v| {
        v.into_iter()
            .map(|((f, s, e), turn, edit)| {
                let mut r = ReadSpan::simple(FILES[f], s, e);
                r.turn = Some(turn);
                r.kind = if edit {
                    EventKind::Edit
                } else {
                    EventKind::Read
                };
                r
            })
            .collect()
    })
}

fn gold() -> impl Strategy<Value = Vec<GoldSpan>> {
    prop::collection::vec((span(), any::<bool>()), 1..6).prop_map(|v| {
        v.into_iter()
            .map(|((f, s, e), tagged)| {
                let mut g = GoldSpan::simple(FILES[f], s, e);
                g.requirement = tagged.then(|| "req".into());
                g
            })
            .collect()
    })
}

fn sources() -> BTreeSet<Source> {
    [Source::Agent].into_iter().collect()
}

proptest! {
    #[test]
    fn last_turn_agrees_with_score_spans(gold in gold(), rows in rows()) {
        let refs: Vec<&ReadSpan> = rows.iter().collect();
        let events = order_events(&refs, &sources());
        let g: Vec<&GoldSpan> = gold.iter().collect();
        let t = timeline(&g, &events, &Ledger::default(), &UnknownLengths, 0.5);
        let reads: Vec<&ReadSpan> = rows.iter().filter(|r| r.kind == EventKind::Read).collect();
        let s = score_spans(&g, &reads, &UnknownLengths, 0.5);
        let last = t.turns.last().unwrap();
        prop_assert_eq!((last.gold_lines, last.covered_lines), (s.gold_lines, s.covered_lines));
        // Without a ledger the gold never changes, so coverage never goes down.
        for w in t.turns.windows(2) {
            prop_assert!(w[0].covered_lines <= w[1].covered_lines);
        }
        let reached = t.turns.iter().find(|p| p.coverage.is_some_and(|c| c >= 0.5)).map(|p| p.turn);
        prop_assert_eq!(t.first_turn_reached, reached);
    }

    #[test]
    fn a_revocation_is_not_retroactive(gold in gold(), rows in rows(), at in 1u32..5) {
        let refs: Vec<&ReadSpan> = rows.iter().collect();
        let events = order_events(&refs, &sources());
        let g: Vec<&GoldSpan> = gold.iter().collect();
        let before = timeline(&g, &events, &Ledger::default(), &UnknownLengths, 0.5);
        let revoke = LedgerEvent {
            run: "r".into(),
            task: None,
            turn: Some(at),
            event: LedgerKind::Revoke,
            requirement: "req".into(),
            version: String::new(),
            message_id: None,
            fired: true,
        };
        let after = timeline(&g, &events, &Ledger::new([&revoke]), &UnknownLengths, 0.5);
        for p in after.turns.iter().filter(|p| p.turn < at) {
            let same = before.turns.iter().find(|q| q.turn == p.turn).unwrap();
            prop_assert_eq!((p.gold_lines, p.covered_lines), (same.gold_lines, same.covered_lines));
        }
        // Edits before the revocation are never obsolete.
        prop_assert!(after.obsolete_edits.iter().all(|e| e.turn >= at));
        // From the revocation on, the gold is a subset of what it was (without a ledger the gold
        // is the same at every turn).
        let full = before.turns.last().unwrap().gold_lines;
        for p in after.turns.iter().filter(|p| p.turn >= at) {
            prop_assert!(p.gold_lines <= full);
        }
    }

    #[test]
    fn read_before_edit_stays_in_range(rows in rows()) {
        let refs: Vec<&ReadSpan> = rows.iter().collect();
        let r = read_before_edit(&order_events(&refs, &sources()), &NoUnits, &UnknownLengths);
        prop_assert_eq!(r.edits, rows.iter().filter(|r| r.kind == EventKind::Edit).count());
        for e in &r.per_edit {
            prop_assert!((0.0..=1.0).contains(&e.coverage));
            prop_assert!(e.region_start <= e.start && e.end <= e.region_end);
            prop_assert!(e.read_lines <= e.region_lines);
        }
        if let (Some(mean), Some(worst)) = (r.mean, &r.worst) {
            prop_assert!(worst.coverage <= mean + 1e-12);
        }
    }

    #[test]
    fn denominators_add_up(kinds in prop::collection::vec((0u8..3, any::<bool>(), 0usize..3), 0..60), unreadable in 0usize..5) {
        let causes = ["environment", "simulator", "scenario_oracle"];
        let grades: Vec<Grade> = kinds
            .iter()
            .map(|&(k, ok, c)| {
                let status = [RunStatus::Scored, RunStatus::Unscored, RunStatus::Invalid][usize::from(k)];
                Grade {
                    status,
                    strict_success: (status == RunStatus::Scored).then_some(ok),
                    invalid_causes: if status == RunStatus::Invalid { vec![causes[c]] } else { vec![] },
                    unscored_reasons: vec![],
                    failed_axes: vec![],
                }
            })
            .collect();
        let d = denominators(&grades, unreadable);
        prop_assert_eq!(d.planned, d.scorable + d.invalid + d.unscored + d.unreadable);
        prop_assert_eq!(d.invalid, d.invalid_by_cause.values().sum::<usize>());
        prop_assert!(d.strict_successes <= d.scorable);
        if let (Some(a), Some(b)) = (d.success_rate_planned, d.success_rate_scorable) {
            prop_assert!(a <= b + 1e-12);
        }
        prop_assert_eq!(d.scorable_rate.is_some(), d.planned > 0);
    }
}
