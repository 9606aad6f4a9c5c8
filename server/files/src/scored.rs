//! What `score` adds to the line metrics when it has sources: unit figures and read-before-edit,
//! with `--workspace` (one folder) or `--workspaces` (one folder per task, `DIR/<task>/`). Shared
//! by the CLI and the Python module, so both score a workspace the same way; the notes (a file
//! without a grammar, a task without a folder) come back as text for the edge to show.

use crate::syntax::{load_syntax, workspace_units};
use crate::{task_folder, workspace_lengths};
use readcov_core::sheet::{read_before_edit_by_run, ReadBeforeEdit};
use readcov_core::{
    score_batch_named, FileLengths, GoldSpan, NamedRuns, ReadSpan, ScoreOptions, TaskRunScore,
};
use readcov_units::{unit_scores, FileSyntax, UnitScore};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Read-before-edit per (task, run).
pub type ByRun = BTreeMap<(String, String), ReadBeforeEdit>;

/// Rows, unit figures (one per row, with sources), read-before-edit, the notes to show, and
/// where the time went (`--timings`).
#[derive(Default)]
pub struct Scored {
    pub rows: Vec<TaskRunScore>,
    pub units: Option<Vec<UnitScore>>,
    pub rbe: ByRun,
    pub notes: Vec<String>,
    pub scoring: Duration,
    pub unit_time: Duration,
}

/// Where the sources are.
#[derive(Clone, Copy, Debug)]
pub enum Sources<'a> {
    None,
    /// `--workspace DIR`: every task.
    One(&'a Path),
    /// `--workspaces DIR`: `DIR/<task>/` for each task.
    PerTask(&'a Path),
}

impl<'a> Sources<'a> {
    /// `--workspace DIR` or `--workspaces DIR` (Python's `workspace=` / `workspaces=`), as the
    /// edges give them: every edge refuses both at once (clap's `conflicts_with`, Python's "give
    /// workspace or workspaces, not both").
    pub fn of(workspace: Option<&'a Path>, workspaces: Option<&'a Path>) -> Sources<'a> {
        match (workspaces, workspace) {
            (Some(dir), _) => Sources::PerTask(dir),
            (None, Some(ws)) => Sources::One(ws),
            (None, None) => Sources::None,
        }
    }
}

/// Line counts of the files gold and reads name, under `ws`.
pub fn lengths_of_inputs(
    ws: Option<&Path>,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
) -> BTreeMap<String, u32> {
    let paths = gold.iter().map(|g| g.path.as_str());
    workspace_lengths(ws, paths.chain(reads.iter().map(|r| r.path.as_str())))
}

/// `gold` against `reads` by `score_batch`, with unit figures and read-before-edit from the
/// sources (without sources: read-before-edit on ±10 lines, no unit figures).
pub fn score_with_sources(
    sources: Sources,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    opts: &ScoreOptions,
    widen: u32,
) -> Scored {
    score_with_sources_named(sources, gold, reads, &NamedRuns::default(), opts, widen)
}

/// [`score_with_sources`] with the runs labels name (`score --outcomes`): a labelled run that
/// read nothing is a row with coverage 0 (`readcov_core::named`).
pub fn score_with_sources_named(
    sources: Sources,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &NamedRuns,
    opts: &ScoreOptions,
    widen: u32,
) -> Scored {
    let ws = match sources {
        Sources::PerTask(dir) => return per_task(dir, gold, reads, named, opts, widen),
        Sources::One(d) => Some(d),
        Sources::None => None,
    };
    let started = Instant::now();
    let lengths = lengths_of_inputs(ws, gold, reads);
    let rows = score_batch_named(gold, reads, named, &lengths, opts);
    let scoring = started.elapsed();
    let started = Instant::now();
    let mut notes = Vec::new();
    let units = ws.map(|w| {
        let u = unit_figures(Some(w), None, &rows, gold, reads, &lengths, opts, widen);
        notes = u.1;
        u.0
    });
    // Read-before-edit needs no gold; with a workspace, edits are judged on their syntax units.
    let edit_units = ws.map(|w| workspace_units(w, reads)).unwrap_or_default();
    let rbe = read_before_edit_by_run(reads, &opts.sources, &edit_units, &lengths);
    Scored {
        rows,
        units,
        rbe,
        notes,
        scoring,
        unit_time: started.elapsed(),
    }
}

/// Unit figures per row (see [`readcov_units::unit_scores`]), with a note per file that has no
/// grammar, no readable source or parse errors (prefixed with `task` when each task has its own
/// workspace).
#[allow(clippy::too_many_arguments)]
pub fn unit_figures(
    ws: Option<&Path>,
    task: Option<&str>,
    rows: &[TaskRunScore],
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    widen: u32,
) -> (Vec<UnitScore>, Vec<String>) {
    let syntax = load_syntax(ws, gold);
    let task = task.map_or(String::new(), |t| format!("{t}: "));
    let mut notes = Vec::new();
    for (path, s) in &syntax {
        let path = format!("{task}{path}");
        match s {
            FileSyntax::Unsupported => notes.push(format!(
                "note: {path}: no grammar for this language; line metrics only"
            )),
            FileSyntax::Unavailable(why) => {
                notes.push(format!("note: {path}: {why}; line metrics only"))
            }
            FileSyntax::Units { parse_errors, .. } if *parse_errors > 0 => notes.push(format!(
                "note: {path}: {parse_errors} parse error(s); units from the rest of the file"
            )),
            FileSyntax::Units { .. } => {}
        }
    }
    let units = unit_scores(rows, gold, reads, lengths, opts, &syntax, widen);
    (units, notes)
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

/// `--workspaces DIR`: tasks scored one at a time, each with its own file lengths, syntax units
/// and read-before-edit units, through the same calls as one workspace; rows in task order, as
/// one batch gives them. A task without a folder keeps line metrics, and a note says so.
fn per_task(
    dir: &Path,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &NamedRuns,
    opts: &ScoreOptions,
    widen: u32,
) -> Scored {
    let mut out = Scored {
        units: Some(Vec::new()),
        ..Scored::default()
    };
    // Each task's named runs, grouped once (not the whole list filtered per task).
    let mut by_task: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (task, run) in named.as_refs() {
        by_task.entry(task).or_default().push(run);
    }
    for t in &split(dir, gold, reads) {
        let lengths = lengths_of_inputs(t.ws.as_deref(), &t.gold, &t.reads);
        let started = Instant::now();
        let task_named = NamedRuns::new(
            (by_task.get(t.name.as_str()).into_iter().flatten())
                .map(|r| (t.name.clone(), r.to_string())),
        );
        let rows = score_batch_named(&t.gold, &t.reads, &task_named, &lengths, opts);
        out.scoring += started.elapsed();
        let started = Instant::now();
        let folder = dir.join(&t.name);
        match &t.refused {
            Some(why) => out.notes.push(format!(
                "warning: {}: workspace {} not used: {why}; line metrics only",
                t.name,
                folder.display()
            )),
            None if t.ws.is_none() && !t.gold.is_empty() => out.notes.push(format!(
                "note: {}: no workspace {}; line metrics only",
                t.name,
                folder.display()
            )),
            None => {}
        }
        // No folder (or a refused one) gives every gold file "source not found": line metrics
        // only. The refused folder itself is never read (its units came from outside once).
        let (units, notes) = unit_figures(
            t.ws.as_deref(),
            Some(&t.name),
            &rows,
            &t.gold,
            &t.reads,
            &lengths,
            opts,
            widen,
        );
        out.notes.extend(notes);
        out.units.get_or_insert_with(Vec::new).extend(units);
        let edit_units = (t.ws.as_deref())
            .map(|ws| workspace_units(ws, &t.reads))
            .unwrap_or_default();
        out.rbe.extend(read_before_edit_by_run(
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
