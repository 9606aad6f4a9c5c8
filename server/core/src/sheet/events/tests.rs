use super::*;
use crate::span::ReadSpan;

fn row(turn: Option<u32>, step: Option<u32>, kind: EventKind) -> ReadSpan {
    let mut r = ReadSpan::simple("a.py", 1, 2);
    r.turn = turn;
    r.step = step;
    r.kind = kind;
    r
}

#[test]
fn orders_by_turn_then_step_and_keeps_ids() {
    let rows = [
        row(Some(2), Some(1), EventKind::Read),
        row(Some(1), Some(5), EventKind::Edit),
        row(Some(1), Some(3), EventKind::Read),
        row(None, None, EventKind::Read),
    ];
    let refs: Vec<&ReadSpan> = rows.iter().collect();
    let sources = [Source::Agent].into_iter().collect();
    let ids: Vec<String> = order_events(&refs, &sources)
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(ids, ["e4", "e3", "e2", "e1"]);
}

#[test]
fn edits_and_uncounted_sources_are_not_reads() {
    let mut manual = row(Some(1), None, EventKind::Read);
    manual.source = Source::Manual;
    let rows = [
        row(Some(1), None, EventKind::Edit),
        manual,
        row(Some(1), None, EventKind::Read),
    ];
    let refs: Vec<&ReadSpan> = rows.iter().collect();
    let sources = [Source::Agent].into_iter().collect();
    let counts: Vec<bool> = order_events(&refs, &sources)
        .iter()
        .map(|e| e.counts_as_read)
        .collect();
    assert_eq!(counts, [false, false, true]);
}
