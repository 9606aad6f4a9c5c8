//! Coverage after each turn, measured by the task's `PreparedGold` on the reads so far (the one
//! engine, fed turn by turn), and the run's edits checked against what it had read by then.

use super::model::{EditNote, TurnCoverage};
use super::nearest::turn_of;
use crate::lineset::LineSet;
use crate::metrics::{FileLengths, PreparedGold, Status};
use crate::span::{EventKind, ReadSpan};
use std::collections::BTreeMap;

pub(super) struct Turns {
    pub points: Vec<TurnCoverage>,
    pub untimed: usize,
    pub first_at_threshold: Option<u32>,
}

/// One read's lines, clipped to its file's known length (as the walk clips them).
fn lines_of(r: &ReadSpan, lengths: &dyn FileLengths) -> LineSet {
    let set = LineSet::span(r.start, r.end);
    match lengths.lines_in(&r.path) {
        Some(n) => set.clip(n),
        None => set,
    }
}

/// Coverage after each turn of `reads` (the run's counted reads).
pub(super) fn of(
    g: &PreparedGold,
    reads: &[&ReadSpan],
    lengths: &dyn FileLengths,
    threshold: f64,
) -> Turns {
    let mut by_turn: BTreeMap<u32, Vec<&ReadSpan>> = BTreeMap::new();
    let mut untimed = 0;
    for r in reads {
        match turn_of(r) {
            Some(t) => by_turn.entry(t).or_default().push(r),
            None => untimed += 1,
        }
    }
    let paths: Vec<&str> = g.files().map(|(p, _)| p).collect();
    let mut so_far: Vec<LineSet> = vec![LineSet::new(); paths.len()];
    let (mut points, mut first_at_threshold) = (Vec::with_capacity(by_turn.len()), None);
    for (turn, rows) in by_turn {
        for r in rows {
            if let Some(i) = paths.iter().position(|p| *p == r.path) {
                so_far[i] = so_far[i].union(&lines_of(r, lengths));
            }
        }
        // Without the breakdown: the summary figures only (read lines are not needed here).
        let s = g.score_by(0, |i| Some(&so_far[i]), threshold, false);
        if first_at_threshold.is_none() && s.passes_threshold == Some(true) {
            first_at_threshold = Some(turn);
        }
        points.push(TurnCoverage {
            turn,
            covered_lines: s.covered_lines,
            coverage: s.line_coverage,
        });
    }
    Turns {
        points,
        untimed,
        first_at_threshold,
    }
}

/// The run's edit rows (`rows` in file order, all kinds), each with the gold lines it touched
/// and how many of those the run had not read before it (`before_threshold` left false), in
/// (turn, path, lines) order. A read comes before an edit when its turn is earlier, or, in the
/// same turn or without turns, when its row comes first.
pub fn edits_before_reading(
    rows: &[&ReadSpan],
    counted: impl Fn(&&ReadSpan) -> bool,
    gold: &BTreeMap<String, LineSet>,
    lengths: &dyn FileLengths,
) -> Vec<EditNote> {
    let earlier =
        |(ri, r): (usize, &ReadSpan), (ei, e): (usize, &ReadSpan)| match (turn_of(r), turn_of(e)) {
            (Some(a), Some(b)) if a != b => a < b,
            _ => ri < ei,
        };
    let mut out = Vec::new();
    for (ei, e) in rows.iter().enumerate() {
        if e.kind != EventKind::Edit {
            continue;
        }
        let empty = LineSet::new();
        let touched =
            LineSet::span(e.start, e.end).intersection(gold.get(&e.path).unwrap_or(&empty));
        let mut read = LineSet::new();
        for (ri, r) in rows.iter().enumerate() {
            if r.path == e.path && counted(r) && earlier((ri, r), (ei, e)) {
                read = read.union(&lines_of(r, lengths));
            }
        }
        let unread = touched.difference(&read).len();
        out.push(EditNote {
            path: e.path.clone(),
            start: e.start,
            end: e.end,
            turn: turn_of(e),
            gold_lines: touched.len(),
            unread_gold_lines: unread,
            before_reading: unread > 0,
            before_threshold: false,
        });
    }
    // One order whichever way the rows were gathered (a log, or a store keyed by path).
    out.sort_by(|a, b| {
        (a.turn.is_none(), a.turn, &a.path, a.start, a.end).cmp(&(
            b.turn.is_none(),
            b.turn,
            &b.path,
            b.start,
            b.end,
        ))
    });
    out
}

/// [`edits_before_reading`], with each edit placed against the first turn at the threshold.
pub(super) fn edits(
    rows: &[&ReadSpan],
    counted: impl Fn(&&ReadSpan) -> bool,
    gold: &BTreeMap<String, LineSet>,
    lengths: &dyn FileLengths,
    first_at_threshold: Option<u32>,
    status: Status,
) -> Vec<EditNote> {
    let mut out = edits_before_reading(rows, counted, gold, lengths);
    for e in &mut out {
        e.before_threshold = status == Status::Scored
            && match (first_at_threshold, e.turn) {
                (None, _) => true,
                (Some(t), Some(et)) => et < t,
                // An edit with no turn cannot be placed on the timeline.
                (Some(_), None) => false,
            };
    }
    out
}
