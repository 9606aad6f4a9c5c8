//! One gold set scored against the reads, as `readcov score` does for a single `--gold` and
//! `score --gold NAME=FILE ...` does once per set: line metrics by core's one engine
//! (`score_batch`), unit figures and read-before-edit with `--workspace` (one folder) or
//! `--workspaces` (one folder per task), all by `readcov_files::scored` (the Python module's
//! `score` calls it too); its notes go to stderr here.

use super::before_edit::ByRun;
use super::ScoreArgs;
use readcov_core::{GoldSpan, NamedRuns, ReadSpan, ScoreOptions, TaskRunScore};
use readcov_files::scored::{score_with_sources_named, Sources};
use readcov_units::UnitScore;
use std::time::Duration;

/// Rows (one per task and run), unit figures (one per row, with a workspace) and
/// read-before-edit, with where the time went (`--timings`).
pub struct Scored {
    pub rows: Vec<TaskRunScore>,
    pub units: Option<Vec<UnitScore>>,
    pub rbe: ByRun,
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
    let sources = match (&args.workspaces, &args.workspace) {
        (Some(dir), _) => Sources::PerTask(dir),
        (None, Some(ws)) => Sources::One(ws),
        (None, None) => Sources::None,
    };
    let s = score_with_sources_named(sources, gold, reads, named, opts, args.widen);
    for note in &s.notes {
        say!("{note}");
    }
    Scored {
        rows: s.rows,
        units: s.units,
        rbe: s.rbe,
        scoring: s.scoring,
        unit_time: s.unit_time,
    }
}
