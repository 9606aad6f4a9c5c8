//! Scoring against consensus without circularity: each run is scored against the consensus of
//! the *other* resolved runs of its task (a failed or unlabelled run was never part of it and is
//! scored against the full consensus). Each run is scored by core's one engine, `score_batch`,
//! with its own gold; no other scoring path.

use crate::consensus::{leave_one_out, ConsensusOptions, RunsInput};
use crate::Notes;
use readcov_core::metrics::FileLengths;
use readcov_core::span::{GoldSpan, ReadSpan};
use readcov_core::{score_batch, ScoreOptions, TaskRunScore};
use std::collections::BTreeMap;

/// One run's score against its leave-one-out consensus.
#[derive(Clone, Debug)]
pub struct LooScore {
    pub row: TaskRunScore,
    /// Whether the run was left out of its gold (it is one of the task's resolved runs).
    pub left_out: bool,
}

/// Every labelled run with reads, scored against its leave-one-out consensus. Runs whose task
/// has too few other resolved runs get no row (noted as `TooFewRuns`).
pub fn score_leave_one_out(
    input: &RunsInput,
    consensus: &ConsensusOptions,
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
) -> (Vec<LooScore>, Notes) {
    let (loo, notes) = leave_one_out(input, consensus);
    let mut by_run: BTreeMap<(&str, &str), Vec<ReadSpan>> = BTreeMap::new();
    for r in &input.reads {
        by_run.entry((&r.task, &r.run)).or_default().push(r.clone());
    }
    let mut out = Vec::new();
    for l in loo {
        let Some(gold) = &l.gold else { continue };
        let spans: Vec<GoldSpan> = gold.rows(false).iter().map(|r| r.span()).collect();
        let reads = by_run
            .get(&(l.task.as_str(), l.run.as_str()))
            .map(Vec::as_slice)
            .unwrap_or_default();
        let rows = score_batch(&spans, reads, lengths, opts);
        out.extend(
            rows.into_iter()
                .filter(|r| r.run == l.run)
                .map(|row| LooScore {
                    row,
                    left_out: l.left_out,
                }),
        );
    }
    (out, notes)
}
