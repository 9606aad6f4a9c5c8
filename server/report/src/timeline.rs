//! Per-turn timelines: cumulative line coverage after each turn of a run, from the `turn` (or,
//! when no read has one, the `step`) of its reads. Shown only when the reads carry them.

use readcov_core::metrics::FileLines;
use readcov_core::{FileLengths, LineSet, ReadSpan};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnPoint {
    pub turn: u32,
    /// Read events in this turn.
    pub reads: usize,
    /// Gold lines read for the first time in this turn.
    pub new_gold_lines: u64,
    /// Gold lines read so far.
    pub covered_lines: u64,
    pub coverage: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timeline {
    /// `"turn"` or `"step"`: which field ordered the reads.
    pub key: &'static str,
    pub points: Vec<TurnPoint>,
    /// Reads with neither field: left out of the timeline, counted so nothing vanishes silently.
    pub untimed_reads: usize,
}

/// The timeline of one run, or `None` when no read has a turn or step or the task has no gold.
pub fn timeline(
    gold: &FileLines,
    reads: &[&ReadSpan],
    lengths: &dyn FileLengths,
) -> Option<Timeline> {
    let gold_total: u64 = gold.values().map(LineSet::len).sum();
    if gold_total == 0 {
        return None;
    }
    let (key, at): (&'static str, fn(&ReadSpan) -> Option<u32>) =
        if reads.iter().any(|r| r.turn.is_some()) {
            ("turn", |r| r.turn)
        } else if reads.iter().any(|r| r.step.is_some()) {
            ("step", |r| r.step)
        } else {
            return None;
        };
    let mut by_turn: BTreeMap<u32, Vec<&ReadSpan>> = BTreeMap::new();
    let mut untimed_reads = 0;
    for r in reads {
        match at(r) {
            Some(t) => by_turn.entry(t).or_default().push(r),
            None => untimed_reads += 1,
        }
    }
    let mut seen: FileLines = BTreeMap::new();
    let mut covered = 0u64;
    let mut points = Vec::with_capacity(by_turn.len());
    for (turn, rs) in by_turn {
        let mut new_gold = 0u64;
        for r in &rs {
            let Some(g) = gold.get(&r.path) else { continue };
            let mut span = LineSet::span(r.start, r.end);
            if let Some(n) = lengths.lines_in(&r.path) {
                span = span.clip(n);
            }
            let set = seen.entry(r.path.clone()).or_default();
            // Only gold lines not seen before count as new.
            let fresh = span.intersection(g).difference(set);
            new_gold += fresh.len();
            *set = set.union(&fresh);
        }
        covered += new_gold;
        points.push(TurnPoint {
            turn,
            reads: rs.len(),
            new_gold_lines: new_gold,
            covered_lines: covered,
            coverage: covered as f64 / gold_total as f64,
        });
    }
    Some(Timeline {
        key,
        points,
        untimed_reads,
    })
}

#[cfg(test)]
mod tests;
