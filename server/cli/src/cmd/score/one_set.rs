//! One gold set scored against the reads, as `score --gold NAME=FILE ...` does once per set:
//! line metrics by core's one engine (`score_batch_named`), unit figures with `--workspace` (one
//! folder) or `--workspaces` (one folder per task), all by `readcov_files::scored` (the single-set
//! `score` reaches the same call through `readcov_files::score_rows`); its notes go to stderr here.

use super::ScoreArgs;
use readcov_core::{GoldSpan, NamedRuns, ReadSpan, ScoreOptions, TaskRunScore};
use readcov_files::scored::score_with_sources_named;
use readcov_units::UnitScore;
use std::time::Duration;

/// Rows (one per task and run) and unit figures (one per row, with a workspace), with where the
/// time went (`--timings`).
pub struct Scored {
    pub rows: Vec<TaskRunScore>,
    pub units: Option<Vec<UnitScore>>,
    pub scoring: Duration,
    pub unit_time: Duration,
}

/// `gold` against `reads` (and the runs labels name) under `args`' workspace options.
pub fn score_set(
    args: &ScoreArgs,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &NamedRuns,
    opts: &ScoreOptions,
) -> Scored {
    let sources = super::load::sources(args);
    let s = score_with_sources_named(sources, gold, reads, named, opts, args.widen);
    for note in &s.notes {
        say!("{note}");
    }
    Scored {
        rows: s.rows,
        units: s.units,
        scoring: s.scoring,
        unit_time: s.unit_time,
    }
}
