//! `score`: reads against gold, one row per (task, run) — `readcov score --format jsonl` rows
//! (unit columns with a workspace, `read_before_edit` always), the totals and the mergeable
//! partial of `--emit-partial`. Inputs load through the one input layer (`readcov-files`: a
//! diff or SWE-bench rows as gold, a trajectory as reads; reads given as dicts or a DataFrame
//! taken straight into the lean table, `lean_rows.rs`), in the form the CLI loads for the same
//! input, and scored by the CLI's one library call (`readcov_files::score_rows`: the lean engine
//! without a workspace when the reads are plain rows without edits, the general one otherwise).
//! Rows cross into Python as dicts (`rows.rs`). With
//! `outcomes` (labels, as `--outcomes [RUN=]FILE`, repeated: `labels.rs`), each labelled run is a row, read or not, and every row
//! carries its label as `resolved` (the join a DataFrame of runs wants).

use crate::breakdown::Breakdown;
use crate::lean_rows::{self, Reads, ReadsArg};
use crate::pyvalue::serde_to_py;
use crate::rows::RowBuilder;
use crate::{check_threshold, file_error, located, one_workspace, Input, Located, Workspace};
use pyo3::prelude::*;
use pyo3::types::PyList;
use readcov_core::outcomes::Outcomes;
use readcov_core::sheet::ReadBeforeEdit;
use readcov_core::{
    NamedRuns, Partial, PartialFile, ScoreOptions, ScorePartial, Shard, TaskRunScore,
};
use readcov_files::canonical_dir;
use readcov_files::input::Source;
use readcov_files::input::{BaseFiles, GoldOptions, ReadsOptions, ScoreAsRead};
use readcov_files::score_rows::score_rows;
use readcov_files::scored::Sources;
use readcov_units::UnitScore;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What `score` hands back: rows, totals, the partial, located errors, notes (conversions),
/// and the breakdown kept as columns (`columns`; the rows then carry none).
type Out<'py> = (
    Bound<'py, PyList>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Vec<Located>,
    Vec<String>,
    Option<Breakdown>,
);

/// Everything computed without the GIL.
#[derive(Default)]
struct Scored {
    rows: Vec<TaskRunScore>,
    units: Option<Vec<UnitScore>>,
    rbe: BTreeMap<(String, String), ReadBeforeEdit>,
    partial: ScorePartial,
    errors: Vec<Located>,
    notes: Vec<String>,
    /// The labels given (`outcomes`), joined on the rows as `resolved`.
    labels: Option<Outcomes>,
    /// How many gold and reads rows were loaded (whether freeing is worth a thread, `freer.rs`).
    loaded: usize,
}

#[pyfunction]
#[pyo3(signature = (gold, reads, threshold, workspace=None, shard=None, breakdown=true, widen=readcov_units::DEFAULT_WIDEN, workspaces=None, outcomes=Vec::new(), columns=false, sources=None))]
#[allow(clippy::too_many_arguments)]
pub fn score<'py>(
    py: Python<'py>,
    gold: Input,
    reads: ReadsArg<'py>,
    threshold: f64,
    workspace: Option<PathBuf>,
    shard: Option<String>,
    breakdown: bool,
    widen: u32,
    workspaces: Option<PathBuf>,
    outcomes: crate::labels::RunInputs,
    columns: bool,
    sources: Option<Vec<String>>,
) -> PyResult<Out<'py>> {
    let shard = crate::options::shard(shard)?;
    let threshold = check_threshold(threshold)?;
    let ws = Workspace::new(&workspace)?;
    one_workspace(&workspace, &workspaces)?;
    // One folder per task, `DIR/<task>/`: refused unless a directory, as the CLI refuses it.
    let workspaces = workspaces
        .map(|d| canonical_dir(&d))
        .transpose()
        .map_err(file_error)?;
    let opts = ScoreOptions {
        threshold,
        breakdown: breakdown || columns,
        sources: crate::options::sources(sources)?,
    };
    let reads = reads.taken()?;
    // Loading and scoring run without the GIL: other Python threads (a Ray worker's) go on.
    // The rows are freed beside the caller, after the frees of earlier calls (`freer.rs`).
    let s = py
        .detach(|| {
            crate::freer::settle();
            let outcomes = crate::labels::sources(outcomes);
            let req = (&ws, workspaces.as_deref(), shard, &opts, widen);
            compute(gold, reads, &outcomes, req)
        })
        .map_err(file_error)?;
    let totals = serde_to_py(py, &s.partial.finish())?;
    let file = PartialFile::new(
        shard,
        Partial::Score {
            threshold,
            score: s.partial,
        },
    );
    let partial = serde_to_py(py, &file)?;
    let mut b = RowBuilder::new(py, breakdown && !columns);
    let mut kept = columns.then(Breakdown::default);
    let list = PyList::empty(py);
    // Rows are consumed as they are turned into dicts: their breakdown is freed on the way, or
    // moved into the columns' store. Their buffer is freed beside the caller (`freer.rs`).
    let mut rows = s.rows;
    for (i, mut row) in rows.drain(..).enumerate() {
        let unit = s.units.as_ref().map(|u| &u[i]);
        let rbe = (!s.rbe.is_empty())
            .then(|| s.rbe.get(&(row.task.clone(), row.run.clone())))
            .flatten();
        let d = b.row(&row, unit, rbe)?;
        if let Some(l) = &s.labels {
            d.set_item(pyo3::intern!(py, "resolved"), l.get(&row.task, &row.run))?;
        }
        list.append(d)?;
        if let Some(k) = kept.as_mut() {
            let files = std::mem::take(&mut row.score.files);
            k.push(
                &row.task,
                &row.run,
                files,
                std::mem::take(&mut row.score.spans),
            );
        }
    }
    crate::freer::later((rows, s.units, s.rbe, s.labels), s.loaded);
    Ok((list, totals, partial, s.errors, s.notes, kept))
}

/// Where the sources are, the shard, the options and the widening.
type Settings<'a> = (
    &'a Workspace,
    Option<&'a Path>,
    Option<Shard>,
    &'a ScoreOptions,
    u32,
);

fn compute(
    gold: Input,
    reads: Reads,
    outcomes: &[(Option<String>, Source)],
    (ws, workspaces, shard, opts, widen): Settings,
) -> Result<Scored, String> {
    let (ws_str, _) = ws.confined();
    let gold_opts = GoldOptions {
        workspace: ws_str.as_deref(),
        ..GoldOptions::default()
    };
    let g = gold.load_gold(&gold_opts)?;
    let mut notes = g.notes;
    let mut g = g.parsed;
    if let Some(s) = shard {
        g.items.retain(|x| s.keeps(&x.task));
    }
    let (mut label_errors, labels, label_notes) = crate::labels::load(outcomes)?;
    notes.extend(label_notes);
    // Each labelled run is a row, read or not (`readcov_core::named`), as `score --outcomes`.
    let mut named = labels
        .as_ref()
        .map(NamedRuns::of_outcomes)
        .unwrap_or_default();
    named.retain_tasks(|t| shard.is_none_or(|s| s.keeps(t)));
    // The reads in the form `readcov score` loads them (the lean table, else whole rows), and
    // the CLI's one library call, which scores each form with its engine.
    let reads_opts = ReadsOptions {
        workspace: ws_str.as_deref(),
        base_files: BaseFiles::of(ws.as_deref(), workspaces),
    };
    let workspace = ws.as_deref().is_some() || workspaces.is_some();
    // A dataset file's runs are scored as they are imported (within the shard), as the CLI's.
    let keep = |t: &str| shard.is_none_or(|s| s.keeps(t));
    let as_read = ScoreAsRead {
        gold: &g.items,
        keep: &keep,
        opts,
    };
    let (mut r, read_errors, read_notes) =
        lean_rows::load(reads, workspace, &reads_opts, &as_read)?;
    notes.extend(read_notes);
    if let Some(s) = shard {
        r.retain_tasks(|t| s.keeps(t));
    }
    let mut errors: Vec<Located> = g.errors.iter().chain(&read_errors).map(located).collect();
    errors.append(&mut label_errors);
    let sources = Sources::of(ws.as_deref(), workspaces);
    let (mut rows, mut units, mut partial) = (Vec::new(), Vec::new(), ScorePartial::default());
    let done = score_rows(
        sources,
        &g.items,
        &mut r,
        &named,
        opts,
        widen,
        |row, unit, _| {
            partial.add(&row.score);
            units.extend(unit.cloned());
            rows.push(row.into_owned());
        },
    );
    // A dataset's runs set aside on disk that could not be read back: the rows stop there, so
    // the call fails as the CLI does (exit 2), never a short result with only a note.
    if let Some(e) = done.error {
        return Err(e.to_string());
    }
    notes.extend(done.notes);
    // The loaded rows are freed beside the caller, not before the call returns (`freer.rs`).
    let loaded = r.len() + g.items.len();
    crate::freer::later((g, r, named), loaded);
    Ok(Scored {
        rows,
        units: done.units.then_some(units),
        rbe: done.rbe,
        partial,
        errors,
        notes,
        labels,
        loaded,
    })
}
