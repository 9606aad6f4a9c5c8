//! Every task with its runs and their figures, for a client to pick what to explain: the rows of
//! `score_batch` (summary figures only) grouped by task.

use super::model::Verdict;
use crate::batch::{score_batch, ScoreOptions};
use crate::metrics::{FileLengths, Status};
use crate::span::{GoldSpan, ReadSpan};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TaskFigures {
    pub task: String,
    pub status: Status,
    pub gold_files: usize,
    pub gold_lines: u64,
    /// In name order; a task nobody read has the one run `-`.
    pub runs: Vec<RunFigures>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunFigures {
    pub run: String,
    pub verdict: Verdict,
    pub file_hit: Option<f64>,
    pub line_coverage: Option<f64>,
    pub covered_lines: u64,
    pub read_lines: u64,
}

/// Every task of `gold` and `reads`, in name order, with each run's figures.
pub fn tasks(
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
) -> Vec<TaskFigures> {
    let summary = ScoreOptions {
        breakdown: false,
        ..opts.clone()
    };
    let mut out: Vec<TaskFigures> = Vec::new();
    for row in score_batch(gold, reads, lengths, &summary) {
        let s = &row.score;
        if out.last().is_none_or(|t| t.task != row.task) {
            out.push(TaskFigures {
                task: row.task.clone(),
                status: s.status,
                gold_files: s.gold_files,
                gold_lines: s.gold_lines,
                runs: Vec::new(),
            });
        }
        let task = out.last_mut().expect("pushed");
        task.runs.push(RunFigures {
            run: row.run,
            verdict: Verdict::of(s),
            file_hit: s.file_hit,
            line_coverage: s.line_coverage,
            covered_lines: s.covered_lines,
            read_lines: s.read_lines,
        });
    }
    out
}
