//! `readcov score`'s one library call: the reads as the input layer loaded them — the lean table
//! (plain reads JSONL without edits, no workspace) or whole rows (a trajectory imported, edits,
//! a workspace) — scored by the engine that form needs, each row handed to the caller's sink
//! with its unit figures and the runs' read-before-edit. The command never knows there are two
//! paths: the choice is the form of the loaded reads, made here (both give the same rows, held
//! equal by core's `tests/it/lean.rs` and the CLI's `score_lean.rs`).

use crate::scored::{score_with_sources_named, ByRun, Sources};
use crate::spill::SpilledRuns;
use crate::FileError;
use readcov_core::{
    score_lean_named, GoldSpan, InputError, LeanReads, NamedRuns, ReadSpan, ScoreOptions,
    TaskRunScore, UnknownLengths,
};
use readcov_units::UnitScore;
use std::time::{Duration, Instant};

/// The reads of a `score`: the lean table or whole rows, or a dataset's runs scored as they
/// were imported.
pub enum ScoreReads {
    /// Boxed: the table's own fields are a few hundred bytes beside a `Vec`'s 24.
    Lean(Box<LeanReads>),
    Rows(Vec<ReadSpan>),
    Scored(Box<DatasetScores>),
}

/// A dataset's runs (`--reads rows.jsonl`) scored a batch of rows at a time as they were imported
/// (`crate::input::load_reads_scored`), their reads let go: the rows, each with its run's
/// read-before-edit, kept until the walk puts them in order with the rows the whole set decides
/// ([`SpilledRuns::walk`]; past a few thousand, in temporary files).
#[derive(Debug)]
pub struct DatasetScores {
    pub runs: SpilledRuns,
    /// The reads rows scored (read and edit rows of the tasks kept), as [`ScoreReads::len`]
    /// counts whole rows.
    pub reads: usize,
    /// The reads rows imported (every task's: none is "nothing read").
    pub imported: usize,
    /// Time spent scoring the batches (inside the load's time).
    pub scoring: Duration,
    /// Whether [`score_rows`] gathers every run's read-before-edit into [`ScoreDone::rbe`] as
    /// it walks (the default: a table or json prints them at the end, and the Python module
    /// returns them); off, each row's is handed with that row only, so memory stays flat (a
    /// `score` printing jsonl or csv).
    pub rbe_after: bool,
}

impl Default for DatasetScores {
    fn default() -> Self {
        DatasetScores {
            runs: SpilledRuns::default(),
            reads: 0,
            imported: 0,
            scoring: Duration::ZERO,
            rbe_after: true,
        }
    }
}

impl ScoreReads {
    /// How many reads rows there are (valid ones).
    pub fn len(&self) -> usize {
        match self {
            ScoreReads::Lean(l) => l.rows().len(),
            ScoreReads::Rows(r) => r.len(),
            ScoreReads::Scored(d) => d.reads,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Only the rows of the tasks `keep` accepts (a shard's).
    pub fn retain_tasks(&mut self, keep: impl Fn(&str) -> bool) {
        match self {
            ScoreReads::Lean(l) => l.retain_tasks(keep),
            ScoreReads::Rows(r) => r.retain(|x| keep(&x.task)),
            // The reads were kept by the same rule as they were imported (their count with
            // them); what is left to filter is the rows.
            ScoreReads::Scored(d) => d.runs.retain_tasks(&keep),
        }
    }

    /// Whether these are the lean table (for `--timings`, which names the path).
    pub fn is_lean(&self) -> bool {
        matches!(self, ScoreReads::Lean(_))
    }

    /// The lean table as the reads of a `score`, when it can stand for them: without a
    /// workspace (unit figures and read-before-edit on syntax units need whole rows and the
    /// sources) and without edits (read-before-edit needs whole rows). `table` is `None` when
    /// the reads are not plain reads rows (a trajectory to import, a container). `None`: load
    /// whole rows. The one rule: the Python module applies it to every form of reads, and
    /// `readcov score` through [`ScoreReads::lean_of`].
    pub fn lean(table: Option<LeanReads>, workspace: bool) -> Option<ScoreReads> {
        (table.filter(|t| !workspace && !t.has_edits)).map(|t| ScoreReads::Lean(Box::new(t)))
    }

    /// [`ScoreReads::lean`] with the table loaded only when the rule can take it: with a
    /// workspace the file is not read as a table at all (its rows are loaded whole after).
    pub fn lean_of<E>(
        workspace: bool,
        table: impl FnOnce() -> Result<Option<LeanReads>, E>,
    ) -> Result<Option<ScoreReads>, E> {
        match workspace {
            true => Ok(None),
            false => Ok(ScoreReads::lean(table()?, workspace)),
        }
    }

    /// The lean table's located errors (whole rows carry theirs apart).
    pub fn lean_errors(&self) -> &[InputError] {
        match self {
            ScoreReads::Lean(l) => &l.errors,
            ScoreReads::Rows(_) | ScoreReads::Scored(_) => &[],
        }
    }
}

/// What the call leaves beside the rows it handed out.
#[derive(Default)]
pub struct ScoreDone {
    /// Notes to show (a file without a grammar, a task without a folder).
    pub notes: Vec<String>,
    /// Read-before-edit per run (empty on the lean table: it has no edits).
    pub rbe: ByRun,
    /// Whether unit columns were computed (a workspace: every row then has a unit score).
    pub units: bool,
    /// Scoring time and unit time (`--timings`; the sink's time is the caller's).
    pub scoring: Duration,
    pub unit_time: Duration,
    pub rows: usize,
    /// A dataset's scored runs set aside on disk that could not be read back: the rows ended
    /// there (the caller's error to say: the CLI exits with it, Python raises it).
    pub error: Option<FileError>,
}

/// Scores `reads` against `gold` (with the runs labels name) and hands each row, in (task, run)
/// order, to `emit` with its unit score (with sources) and the runs' read-before-edit.
pub fn score_rows(
    sources: Sources,
    gold: &[GoldSpan],
    reads: &mut ScoreReads,
    named: &NamedRuns,
    opts: &ScoreOptions,
    widen: u32,
    mut emit: impl FnMut(TaskRunScore<&str>, Option<&UnitScore>, &ByRun),
) -> ScoreDone {
    let started = Instant::now();
    match reads {
        // No workspace and no edit: nothing needs whole rows, units or read-before-edit.
        ScoreReads::Lean(lean) => {
            let (no_edits, mut rows) = (ByRun::new(), 0);
            score_lean_named(gold, &mut *lean, named, &UnknownLengths, opts, |row| {
                rows += 1;
                emit(row, None, &no_edits);
            });
            ScoreDone {
                scoring: started.elapsed(),
                rows,
                ..ScoreDone::default()
            }
        }
        // Scored as they were imported: the walk puts the rows in order beside the no-run rows
        // and the named runs that read nothing, each with its run's read-before-edit.
        ScoreReads::Scored(d) => {
            let (mut rows, mut all, mut one) = (0, ByRun::new(), ByRun::new());
            let runs = std::mem::take(&mut d.runs);
            let walked = runs.walk(gold, named, &UnknownLengths, opts, |row, rbe| {
                rows += 1;
                one.clear();
                if let Some(r) = rbe {
                    one.insert((row.task.to_string(), row.run.to_string()), r);
                }
                emit(row, None, &one);
                // One entry moved over by insert: `BTreeMap::append` rebuilds the whole map
                // each call (quadratic over a dataset's runs: 2x the CPU at 10k runs).
                if d.rbe_after {
                    all.extend(std::mem::take(&mut one));
                }
            });
            ScoreDone {
                rbe: all,
                scoring: d.scoring + started.elapsed(),
                rows,
                error: walked.err(),
                ..ScoreDone::default()
            }
        }
        ScoreReads::Rows(rows) => {
            let s = score_with_sources_named(sources, gold, rows, named, opts, widen);
            let n = s.rows.len();
            for (i, r) in s.rows.into_iter().enumerate() {
                let TaskRunScore { task, run, score } = r;
                let unit = s.units.as_ref().and_then(|u| u.get(i));
                emit(
                    TaskRunScore {
                        task: &task,
                        run: &run,
                        score,
                    },
                    unit,
                    &s.rbe,
                );
            }
            ScoreDone {
                notes: s.notes,
                rbe: s.rbe,
                units: s.units.is_some(),
                scoring: s.scoring,
                unit_time: s.unit_time,
                rows: n,
                error: None,
            }
        }
    }
}

#[cfg(test)]
mod tests;
