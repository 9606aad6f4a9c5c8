//! Per-turn exploration: coverage after each turn against the gold active at that turn, the first
//! turn the threshold was reached, edits made before reading enough of a gold file, and edits that
//! followed a requirement already revoked.

use super::events::{Event, ReadSoFar};
use super::ledger::{describe, gold_active, requirement_id, Active, Ledger};
use crate::lineset::LineSet;
use crate::metrics::{collect_lines, ratio, FileLengths, FileLines};
use crate::span::{EventKind, GoldSpan};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Coverage at the end of one turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnPoint {
    pub turn: u32,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub coverage: Option<f64>,
    pub reads: usize,
    pub edits: usize,
    /// Ledger events that fired at this turn (`replace fmt→R1`).
    pub ledger: Vec<String>,
}

/// The first edit to a gold file came before ≥ threshold of that file's gold lines were read.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EditedBeforeReading {
    pub event_id: String,
    pub turn: u32,
    pub path: String,
    pub gold_lines: u64,
    pub read_before: u64,
    pub coverage_before: f64,
}

/// An edit, after a revocation or replacement, to gold lines only the dropped requirement needed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ObsoleteEdit {
    pub event_id: String,
    pub turn: u32,
    pub path: String,
    pub requirement: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timeline {
    pub turns: Vec<TurnPoint>,
    /// First turn whose coverage reached the threshold; `None` = never.
    pub first_turn_reached: Option<u32>,
    pub edited_before_reading: Vec<EditedBeforeReading>,
    pub obsolete_edits: Vec<ObsoleteEdit>,
}

impl Timeline {
    /// The last turn: the gold active at the end is what the run is scored against.
    pub fn last(&self) -> Option<&TurnPoint> {
        self.turns.last()
    }
}

/// Gold spans (core tier, one task) active under `active`, as line sets.
fn active_gold(gold: &[&GoldSpan], active: &Active, lengths: &dyn FileLengths) -> FileLines {
    let spans = gold
        .iter()
        .filter(|g| gold_active(g.requirement.as_deref(), active))
        .map(|g| (g.path.as_str(), g.start, g.end));
    collect_lines(spans, lengths)
}

/// Builds the timeline of one run. `events` come from [`super::events::order_events`].
pub fn timeline(
    gold: &[&GoldSpan],
    events: &[Event],
    ledger: &Ledger,
    lengths: &dyn FileLengths,
    threshold: f64,
) -> Timeline {
    let known: BTreeSet<&str> = gold
        .iter()
        .filter_map(|g| g.requirement.as_deref())
        .map(requirement_id)
        .collect();
    let active_at = |t: u32| ledger.active_at(t, known.iter().copied());
    let mut turns: BTreeSet<u32> = events.iter().map(|e| e.turn).collect();
    turns.extend(ledger.fired().iter().filter_map(|e| e.turn));
    if turns.is_empty() {
        turns.insert(0);
    }
    // Gold per turn is computed once per distinct turn, not per event.
    let gold_at: BTreeMap<u32, FileLines> = turns
        .iter()
        .map(|&t| (t, active_gold(gold, &active_at(t), lengths)))
        .collect();

    let mut points = Vec::new();
    let mut read = ReadSoFar::default();
    let mut next = 0;
    for (&t, g) in &gold_at {
        let (mut reads, mut edits) = (0, 0);
        while next < events.len() && events[next].turn <= t {
            read.add(&events[next]);
            // The same filter as coverage: a read `--sources` leaves out is no read.
            match events[next].kind {
                EventKind::Read => reads += usize::from(events[next].counts_as_read),
                EventKind::Edit => edits += 1,
            }
            next += 1;
        }
        let gold_lines: u64 = g.values().map(LineSet::len).sum();
        let covered_lines: u64 = g.iter().map(|(p, set)| read.covered(p, set)).sum();
        let ledger_here = ledger
            .fired()
            .iter()
            .filter(|e| e.turn == Some(t))
            .map(describe)
            .collect();
        points.push(TurnPoint {
            turn: t,
            gold_lines,
            covered_lines,
            coverage: ratio(covered_lines, gold_lines),
            reads,
            edits,
            ledger: ledger_here,
        });
    }
    let first_turn_reached = points
        .iter()
        .find(|p| p.coverage.is_some_and(|c| c >= threshold))
        .map(|p| p.turn);

    let empty = FileLines::new();
    let mut ebr = Vec::new();
    let mut edited: BTreeSet<&str> = BTreeSet::new();
    let mut read = ReadSoFar::default();
    for e in events {
        if e.kind == EventKind::Edit {
            let g = gold_at.get(&e.turn).unwrap_or(&empty);
            if let Some(gf) = g.get(&e.path).filter(|s| !s.is_empty()) {
                if edited.insert(e.path.as_str()) {
                    let read_before = read.covered(&e.path, gf);
                    let coverage_before = read_before as f64 / gf.len() as f64;
                    if coverage_before < threshold {
                        ebr.push(EditedBeforeReading {
                            event_id: e.id.clone(),
                            turn: e.turn,
                            path: e.path.clone(),
                            gold_lines: gf.len(),
                            read_before,
                            coverage_before,
                        });
                    }
                }
            }
        }
        read.add(e);
    }

    Timeline {
        turns: points,
        first_turn_reached,
        edited_before_reading: ebr,
        obsolete_edits: obsolete_edits(gold, events, ledger, &known, &gold_at),
    }
}

/// Edits at or after a revocation/replacement that touch lines only a dropped requirement needed.
/// Work done before the change is never flagged: the change is not retroactive.
fn obsolete_edits(
    gold: &[&GoldSpan],
    events: &[Event],
    ledger: &Ledger,
    known: &BTreeSet<&str>,
    gold_at: &BTreeMap<u32, FileLines>,
) -> Vec<ObsoleteEdit> {
    let mut checkpoints: Vec<u32> = vec![0];
    checkpoints.extend(ledger.fired().iter().filter_map(|e| e.turn));
    let empty = FileLines::new();
    let mut out = Vec::new();
    for e in events.iter().filter(|e| e.kind == EventKind::Edit) {
        let now = ledger.active_at(e.turn, known.iter().copied());
        let earlier: Vec<Active> = checkpoints
            .iter()
            .filter(|&&c| c < e.turn)
            .map(|&c| ledger.active_at(c, known.iter().copied()))
            .collect();
        let edit = LineSet::span(e.start, e.end);
        let live = gold_at.get(&e.turn).unwrap_or(&empty).get(&e.path);
        let hit = gold.iter().find(|g| {
            let req = g.requirement.as_deref();
            g.path == e.path
                && !gold_active(req, &now)
                && earlier.iter().any(|a| gold_active(req, a))
                && !LineSet::span(g.start, g.end)
                    .intersection(&edit)
                    .difference(live.unwrap_or(&LineSet::new()))
                    .is_empty()
        });
        if let Some(g) = hit {
            out.push(ObsoleteEdit {
                event_id: e.id.clone(),
                turn: e.turn,
                path: e.path.clone(),
                requirement: g.requirement.as_deref().unwrap_or_default().to_string(),
            });
        }
    }
    out
}
