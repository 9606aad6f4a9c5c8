//! One gold set scored against the reads, as `readcov score` does for a single `--gold` and
//! `score --gold NAME=FILE ...` does once per set: line metrics by core's one engine
//! (`score_batch`), unit figures and read-before-edit with `--workspace` (one folder) or
//! `--workspaces` (one folder per task, [`super::workspaces`]).

use super::before_edit::{self, ByRun};
use super::{workspaces, ScoreArgs};
use crate::cmd::score_units;
use crate::inputs::lengths_of_inputs;
use readcov_core::{score_batch, GoldSpan, ReadSpan, ScoreOptions, TaskRunScore};
use readcov_units::UnitScore;
use std::time::{Duration, Instant};

/// Rows (one per task and run), unit figures (one per row, with a workspace) and
/// read-before-edit, with where the time went (`--timings`).
pub struct Scored {
    pub rows: Vec<TaskRunScore>,
    pub units: Option<Vec<UnitScore>>,
    pub rbe: ByRun,
    pub scoring: Duration,
    pub unit_time: Duration,
}

/// `gold` against `reads` under `args`' workspace options.
pub fn score_set(
    args: &ScoreArgs,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    opts: &ScoreOptions,
) -> Scored {
    if let Some(dir) = &args.workspaces {
        let s = workspaces::score(dir, gold, reads, opts, args.widen);
        return Scored {
            rows: s.rows,
            units: Some(s.units),
            rbe: s.rbe,
            scoring: s.scoring,
            unit_time: s.unit_time,
        };
    }
    let started = Instant::now();
    let lengths = lengths_of_inputs(args.workspace.as_deref(), gold, reads);
    let rows = score_batch(gold, reads, &lengths, opts);
    let scoring = started.elapsed();
    let started = Instant::now();
    let units = args.workspace.as_deref().map(|ws| {
        score_units::compute(
            Some(ws),
            None,
            &rows,
            gold,
            reads,
            &lengths,
            opts,
            args.widen,
        )
    });
    // Read-before-edit needs no gold; with --workspace, edits are judged on their syntax units.
    let edit_units = args
        .workspace
        .as_deref()
        .map(|ws| before_edit::workspace_units(ws, reads))
        .unwrap_or_default();
    let rbe = before_edit::by_run(reads, &opts.sources, &edit_units, &lengths);
    Scored {
        rows,
        units,
        rbe,
        scoring,
        unit_time: started.elapsed(),
    }
}
