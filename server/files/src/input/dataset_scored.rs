//! `score --reads <dataset>` without holding the reads: each batch of rows scored as soon as it
//! is imported ([`import_scored`]), only the rows and each run's read-before-edit kept.

use super::dataset::Probe;
use super::imported::{import_errors, Importing, Said, IMPORT_NOTES};
use super::reads::{load_detected, load_reads, BaseFiles, ReadsOptions, READS_PIECE};
use super::{LoadError, Loaded, Role};
use crate::rows::{self, Rows};
use crate::score_rows::DatasetScores;
use crate::scored::{score_with_sources_named, Sources};
use crate::spill::{SpillOptions, SpilledRuns};
use crate::FileError;
use readcov_core::sheet::ReadBeforeEdit;
use readcov_core::{EventKind, GoldSpan, NamedRuns, Parsed, ReadSpan, ScoreOptions};
use readcov_import::{FileProvider, Format, ImportError, ImportOptions};
use std::collections::{BTreeSet, HashMap};
use std::ops::{ControlFlow, Range};
use std::path::Path;
use std::time::Instant;

/// [`load_reads`] for `readcov score` (and the Python module's `score`): a dataset of runs
/// (chat rows, JSONL or Parquet) without a workspace is scored a batch of rows at a time as it is
/// imported ([`import_scored`]), its reads let go, so memory holds the rows and not
/// the reads; the loaded reads then hold none (their counts are in the note, the rows in the
/// [`DatasetScores`]). Anything else, and a dataset with a workspace (units and file lengths
/// need its files), loads as [`load_reads`] loads it. A run whose rows sit in two batches (the
/// same task and run twice in the file, far apart: one run to `readcov import` then `score`)
/// cannot be merged from scores: the file is then imported again and scored whole, and a note
/// says so.
pub fn load_reads_scored(
    path: &Path,
    opts: &ReadsOptions,
    score: &ScoreAsRead,
) -> Result<(Loaded<ReadSpan>, Option<DatasetScores>), LoadError> {
    load_reads_scored_with(path, opts, score, SpillOptions::default())
}

/// [`load_reads_scored`] with the scored runs set aside on disk past `spill.rows` of them
/// ([`crate::spill`]; tests take a tiny number). A temporary file that cannot be written or
/// read back is the error.
pub fn load_reads_scored_with(
    path: &Path,
    opts: &ReadsOptions,
    score: &ScoreAsRead,
    spill: SpillOptions,
) -> Result<(Loaded<ReadSpan>, Option<DatasetScores>), LoadError> {
    let plain = opts.workspace.is_none() && matches!(opts.base_files, BaseFiles::None);
    let probed = match plain {
        true => super::dataset::probe(path)?,
        false => Probe::Whole,
    };
    let (kind, format, rows) = match probed {
        Probe::Dataset(kind, format, rows) => (kind, format, rows),
        Probe::Head(kind) => {
            return Ok((load_detected(path, kind, None, opts, READS_PIECE)?, None))
        }
        Probe::Whole => return Ok((load_reads(path, opts)?, None)),
    };
    let name = path.display().to_string();
    Role::Reads.check(&name, kind)?;
    let mut setup = Importing::of(kind, BaseFiles::None)?;
    // The runs' changes are not scored: none rebuilt by replaying the edits, as `readcov import`
    // without `--emit-patches` (rows and summaries are the same either way).
    setup.opts.no_replayed_changes = true;
    let mut got = import_scored(path, format, *rows, &setup.opts, &*setup.pick, score, spill);
    if let Some(e) = got.failed.take() {
        return Err(e.into());
    }
    if let Some((task, run)) = got.scores.runs.held_twice()? {
        let note = format!(
            "note: {name}: run {task} / {run} is in rows of two batches ({} rows each): \
             their reads make one run, so every read is held and the file scored whole \
             (imported a second time)",
            crate::rows::ROW_BATCH
        );
        drop(got);
        let mut loaded = load_reads(path, opts)?;
        loaded.notes.insert(1.min(loaded.notes.len()), note);
        return Ok((loaded, None));
    }
    let said = Said {
        reads: got.reads,
        edits: got.edits,
        notes: &got.notes,
        notes_total: got.notes_total,
    };
    let loaded = Loaded {
        parsed: Parsed {
            records: got.summary.actions,
            items: Vec::new(),
            errors: import_errors(&got.errors),
        },
        kind,
        notes: said.notes(&name, kind),
        lost_edits: std::mem::take(&mut got.summary.lost_edits),
    };
    got.scores.imported = got.reads + got.edits;
    Ok((loaded, Some(got.scores)))
}

/// What `score` scores a dataset's runs with as they stream by ([`import_scored`]): the gold
/// (every task's; each batch is scored on its own tasks'), the tasks kept (a shard's) and the
/// options.
pub struct ScoreAsRead<'a> {
    pub gold: &'a [GoldSpan],
    pub keep: &'a dyn Fn(&str) -> bool,
    pub opts: &'a ScoreOptions,
}

/// What [`import_scored`] leaves: what [`super::dataset::import`] would (less the reads and the
/// changes) and the runs' rows.
pub(super) struct ImportedScored {
    pub summary: readcov_import::Summary,
    pub errors: Vec<ImportError>,
    /// The importer's first notes (all [`super::reads::Said`] shows), and how many there were.
    pub notes: Vec<String>,
    pub notes_total: usize,
    /// Read rows and edit rows imported (every task's).
    pub reads: usize,
    pub edits: usize,
    pub scores: DatasetScores,
    /// A scored run that could not be set aside on disk (the first; later batches were not
    /// scored).
    pub failed: Option<FileError>,
}

/// [`super::dataset::import`] with each batch of rows scored as soon as it is imported, through
/// the engine's [`score_with_sources_named`] on the batch's reads (those of the tasks `score.keep`
/// takes) and the gold of their tasks; only the rows and each run's read-before-edit are kept,
/// the reads let go. A run's row depends on its task's gold and its own reads only (no
/// workspace: no file lengths, no units), so these are the rows of one call over every read,
/// unless a run's rows sit in two batches ([`crate::spill::SpilledRuns::held_twice`], the
/// caller's check). Rows past `spill.rows` go to temporary files.
pub(super) fn import_scored(
    path: &Path,
    format: Format,
    mut rows: Rows,
    opts: &ImportOptions,
    pick: &(dyn Fn(&str) -> Box<dyn FileProvider> + Sync),
    score: &ScoreAsRead,
    spill: SpillOptions,
) -> ImportedScored {
    let name = path.display().to_string();
    let gold = GoldIndex::new(score.gold);
    let mut out = ImportedScored {
        summary: readcov_import::Summary::default(),
        errors: Vec::new(),
        notes: Vec::new(),
        notes_total: 0,
        reads: 0,
        edits: 0,
        scores: DatasetScores {
            runs: SpilledRuns::new(spill),
            ..DatasetScores::default()
        },
        failed: None,
    };
    let mut reads: Vec<ReadSpan> = Vec::new();
    let failed = rows::import_batches(&mut rows, format, &name, opts, pick, |results| {
        reads.clear();
        for got in results {
            let edits = got.rows.iter().filter(|r| r.kind == EventKind::Edit);
            out.edits += edits.count();
            out.reads += got.rows.len();
            reads.extend(got.rows.into_iter().filter(|r| (score.keep)(&r.task)));
            // The lost edits' count only, and the first few: `score` asks whether there were any
            // (an input of only lost edits is not "nothing read"); every one of 100k runs' was
            // kept (about 400 bytes a run).
            out.summary.add_counts(&got.summary);
            let room = IMPORT_NOTES.saturating_sub(out.summary.lost_edits.len());
            (out.summary.lost_edits).extend(got.summary.lost_edits.into_iter().take(room));
            out.errors.extend(got.errors);
            out.notes_total += got.notes.len();
            let room = IMPORT_NOTES.saturating_sub(out.notes.len());
            out.notes.extend(got.notes.into_iter().take(room));
        }
        if !reads.is_empty() {
            out.failed = score_batch(&reads, &gold, score.opts, &mut out.scores).err();
        }
        // Runs that could not be set aside end the load: the rest of the file is not read.
        match out.failed {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    });
    if let Some(e) = failed {
        out.summary.malformed_records += 1;
        out.errors.push(ImportError {
            file: e.path,
            message: e.what,
        });
    }
    out.reads -= out.edits;
    out
}

/// Each task's gold spans by name: every span sorted by task (stably: a task's spans in file
/// order) and each task's range of them (a hash look-up per task of a batch, not a search
/// through 100k tasks' names).
struct GoldIndex<'g> {
    spans: Vec<&'g GoldSpan>,
    of: HashMap<&'g str, Range<usize>>,
}

impl<'g> GoldIndex<'g> {
    fn new(gold: &'g [GoldSpan]) -> GoldIndex<'g> {
        let mut spans: Vec<&GoldSpan> = gold.iter().collect();
        spans.sort_by(|a, b| a.task.as_str().cmp(b.task.as_str()));
        let mut of = HashMap::new();
        let mut first = 0;
        for (i, g) in spans.iter().enumerate() {
            if spans.get(i + 1).is_none_or(|n| n.task != g.task) {
                of.insert(g.task.as_str(), first..i + 1);
                first = i + 1;
            }
        }
        GoldIndex { spans, of }
    }

    fn of(&self, task: &str) -> &[&'g GoldSpan] {
        self.of.get(task).map_or(&[], |r| &self.spans[r.clone()])
    }
}

/// One batch's reads scored against their tasks' gold, the rows kept with their runs'
/// read-before-edit.
fn score_batch(
    reads: &[ReadSpan],
    gold: &GoldIndex,
    opts: &ScoreOptions,
    out: &mut DatasetScores,
) -> Result<(), FileError> {
    let started = Instant::now();
    let tasks: BTreeSet<&str> = reads.iter().map(|r| r.task.as_str()).collect();
    // Only these tasks' gold: any other task would get a no-run row here.
    let gold: Vec<GoldSpan> = (tasks.into_iter())
        .flat_map(|t| gold.of(t))
        .map(|g| (*g).clone())
        .collect();
    let named = NamedRuns::default();
    let s = score_with_sources_named(Sources::None, &gold, reads, &named, opts, 0);
    // Both in (task, run) order: each run's read-before-edit joins its row. (Every run with
    // edits has a row: a run's row is there whatever its events.)
    let mut rbe = s.rbe.into_iter().peekable();
    for row in s.rows {
        let names = (row.task.as_str(), row.run.as_str());
        while rbe.next_if(|e| run_of(e) < names).is_some() {}
        let mine = rbe.next_if(|e| run_of(e) == names);
        // Each edit's own figures (`per_edit`) are printed by no `score` output (the CLI's and
        // the Python module's rows carry the run's mean and worst edit): not kept for 100k runs.
        let mine = mine.map(|(_, mut r)| {
            r.per_edit = Vec::new();
            r
        });
        out.runs.push(row, mine)?;
    }
    out.reads += reads.len();
    out.scoring += started.elapsed();
    Ok(())
}

/// A read-before-edit entry's (task, run).
fn run_of(e: &((String, String), ReadBeforeEdit)) -> (&str, &str) {
    (&e.0 .0, &e.0 .1)
}
