//! `readcov score --workspaces DIR`: one workspace per task, `DIR/<task>/` (the layout `import`
//! and `explore` accept, e.g. the real data's `sources/`). Tasks are scored one at a time, each
//! with its own file lengths, syntax units and read-before-edit units, through the same
//! `score_batch`, unit and read-before-edit calls as `--workspace`; rows come out in task order,
//! as one batch gives them. A task without a folder keeps line metrics, and a note says so.

use super::before_edit::{self, ByRun};
use crate::cmd::score_units;
use crate::inputs::{lengths_of_inputs, task_folder};
use readcov_core::{score_batch, GoldSpan, ReadSpan, ScoreOptions, TaskRunScore};
use readcov_units::UnitScore;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Rows, unit figures (one per row) and read-before-edit of every task.
pub struct Scored {
    pub rows: Vec<TaskRunScore>,
    pub units: Vec<UnitScore>,
    pub rbe: ByRun,
    /// Time in `score_batch`, and in units and read-before-edit (for `--timings`).
    pub scoring: Duration,
    pub unit_time: Duration,
}

/// One task's inputs and its workspace (`None`: no `DIR/<task>/` folder, or one refused:
/// `refused` says why).
struct Task {
    name: String,
    gold: Vec<GoldSpan>,
    reads: Vec<ReadSpan>,
    ws: Option<PathBuf>,
    refused: Option<String>,
}

pub fn score(
    dir: &Path,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    opts: &ScoreOptions,
    widen: u32,
) -> Scored {
    let tasks = split(dir, gold, reads);
    let mut out = Scored {
        rows: Vec::new(),
        units: Vec::new(),
        rbe: ByRun::new(),
        scoring: Duration::ZERO,
        unit_time: Duration::ZERO,
    };
    for t in &tasks {
        let lengths = lengths_of_inputs(t.ws.as_deref(), &t.gold, &t.reads);
        let started = Instant::now();
        let rows = score_batch(&t.gold, &t.reads, &lengths, opts);
        out.scoring += started.elapsed();
        let started = Instant::now();
        match &t.refused {
            Some(why) => say!(
                "warning: {}: workspace {} not used: {why}; line metrics only",
                t.name,
                dir.join(&t.name).display()
            ),
            None if t.ws.is_none() && !t.gold.is_empty() => say!(
                "note: {}: no workspace {}; line metrics only",
                t.name,
                dir.join(&t.name).display()
            ),
            None => {}
        }
        // No folder (or a refused one) gives every gold file "source not found": line metrics
        // only. The refused folder itself is never read (its units came from outside once).
        out.units.extend(score_units::compute(
            t.ws.as_deref(),
            Some(&t.name),
            &rows,
            &t.gold,
            &t.reads,
            &lengths,
            opts,
            widen,
        ));
        let edit_units =
            t.ws.as_deref()
                .map(|ws| before_edit::workspace_units(ws, &t.reads))
                .unwrap_or_default();
        out.rbe.extend(before_edit::by_run(
            &t.reads,
            &opts.sources,
            &edit_units,
            &lengths,
        ));
        out.unit_time += started.elapsed();
        out.rows.extend(rows);
    }
    out
}

/// Gold and reads grouped by task, in task order, each with its folder under `dir`.
fn split(dir: &Path, gold: &[GoldSpan], reads: &[ReadSpan]) -> Vec<Task> {
    let mut by: BTreeMap<&str, (Vec<GoldSpan>, Vec<ReadSpan>)> = BTreeMap::new();
    for g in gold {
        by.entry(g.task.as_str()).or_default().0.push(g.clone());
    }
    for r in reads {
        by.entry(r.task.as_str()).or_default().1.push(r.clone());
    }
    by.into_iter()
        .map(|(name, (gold, reads))| {
            let (ws, refused) = match task_folder(dir, name) {
                Ok(ws) => (ws, None),
                Err(why) => (None, Some(why)),
            };
            Task {
                name: name.to_string(),
                ws,
                refused,
                gold,
                reads,
            }
        })
        .collect()
}
