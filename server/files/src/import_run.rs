//! Importing a list of inputs, as `readcov import` and Python's `import_log` do: the inputs laid
//! end to end and planned per shard (`--shard I/N`, [`crate::shard::plan`]); each file opened
//! as a dataset (a run per row, streamed a batch of rows at a time, cut at the shard's row bounds
//! by [`Rows::part`]) or a whole log (imported by the shard holding its first byte,
//! [`crate::shard::owns_whole`]; whole logs imported together on the threads, in batches); and
//! what it came to ([`Tally`], [`Done::all_failed`]). Every imported log, error, note and step of
//! progress goes to an [`ImportSink`] in input order: the CLI's writes the outputs and draws the
//! progress bar, Python's collects the rows.

mod acr;
mod tally;
mod whole;

pub use tally::{LostTally, Notes, Tally, NOTES_PER_FILE};

use crate::rows::{self, Opened, Row, Rows, ROW_BATCH};
use readcov_core::Shard;
use readcov_import::{FileProvider, Format, ImportOptions, Imported};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Whole-log files imported together (then handed on, in input order), per thread, and at
/// most: a batch holds its files' bytes and parses until it is handed on, so a batch larger
/// than the threads need only costs fresh pages (profiled: 64 files held at once, 50 MB, made
/// the kernel's page zeroing a third of a `--jobs 1` import of the real corpus).
const FILE_BATCH_PER_THREAD: usize = 4;
const FILE_BATCH: usize = 64;

/// A problem the import reports and goes past: the file, and what went wrong with it (shown as
/// `file: message`, the words of [`crate::FileError`] and `readcov_import::ImportError`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct Problem {
    pub file: String,
    pub message: String,
}

impl From<&crate::FileError> for Problem {
    fn from(e: &crate::FileError) -> Problem {
        Problem {
            file: e.path.clone(),
            message: e.what.clone(),
        }
    }
}

impl From<&readcov_import::ImportError> for Problem {
    fn from(e: &readcov_import::ImportError) -> Problem {
        Problem {
            file: e.file.clone(),
            message: e.message.clone(),
        }
    }
}

/// Where an import's results go, in input order.
pub trait ImportSink {
    type Error;
    /// One run's log imported (a whole file, or one row of a dataset): its rows to keep.
    fn imported(&mut self, got: &Imported) -> Result<(), Self::Error>;
    /// A problem with an input; the import goes on.
    fn error(&mut self, problem: &Problem);
    /// A remark that is no error (a row that gave no reads, a log refused), one line.
    fn note(&mut self, line: &str);
    /// `bytes` of the shard's part done so far.
    fn progress(&mut self, _bytes: u64, _tally: &Tally) {}
}

/// What to import and how.
pub struct Request<'a> {
    pub opts: &'a ImportOptions,
    /// `--layout task/run`: each file's task its folder's name, its run its file name.
    pub task_run: bool,
    pub threads: usize,
    pub pick: &'a (dyn Fn(&str) -> Box<dyn FileProvider> + Sync),
}

/// The inputs and the part of each the shard reads.
pub struct Plan {
    pub files: Vec<PathBuf>,
    /// What the AutoCodeRover task folders among the inputs came to ([`acr`]).
    pub acr: acr::Folders,
    /// Each file's length in bytes (a folder: 0).
    pub lens: Vec<u64>,
    pub parts: Vec<Option<Range<u64>>>,
    pub shard: Option<Shard>,
}

impl Plan {
    /// The arguments as the import reads them (under `task_run` each folder's `<task>/<file>`
    /// files, else each folder's files: [`crate::layout::folder_files`]; each Claude Code
    /// transcript's subagents after it: [`crate::logs::expand`]; of an AutoCodeRover task
    /// folder's threads the one holding the others: [`crate::logs::acr_folder`]), and the part
    /// of each that `shard` reads.
    pub fn new(args: &[PathBuf], task_run: bool, shard: Option<Shard>) -> Plan {
        let files = match task_run {
            true => crate::layout::task_run_files(args),
            false => crate::layout::folder_files(args),
        };
        let mut grouped = crate::logs::acr_folder::group(crate::logs::expand(&files));
        let files = std::mem::take(&mut grouped.files);
        // Folders (OpenHands V1 conversations) weigh nothing: their size on disk is no input's.
        let lens: Vec<u64> = files.iter().map(|f| file_len(f)).collect();
        let parts = crate::shard::plan(&lens, shard);
        Plan {
            files,
            acr: acr::Folders::new(grouped, task_run),
            lens,
            parts,
            shard,
        }
    }

    /// Bytes of the inputs in the shard's part.
    pub fn bytes(&self) -> u64 {
        self.parts.iter().flatten().map(|p| p.end - p.start).sum()
    }

    /// Bytes of all the inputs.
    pub fn all_bytes(&self) -> u64 {
        self.lens.iter().sum()
    }

    /// Imports the shard's part of the inputs, handing each result to `sink`; fails only when
    /// the sink does.
    pub fn import<S: ImportSink>(&self, req: &Request, sink: &mut S) -> Result<Done, S::Error> {
        let mut run = Walk {
            req,
            run_dirs: &self.acr.run_dirs,
            shard: self.shard,
            done_bytes: 0,
            tally: Tally::default(),
            sink,
        };
        // Each whole-log file with the parse of its one row (to be imported without parsing it
        // again) and its bytes (not to be read again), when the probe has them.
        self.acr_notes(&mut run);
        let mut whole: Vec<(&PathBuf, whole::Probed)> = Vec::new();
        let batch = (req.threads * FILE_BATCH_PER_THREAD).min(FILE_BATCH);
        for (file, part) in self.files.iter().zip(&self.parts) {
            let Some(part) = part else { continue };
            // An AutoCodeRover thread read and parsed when its folder was grouped: not again.
            if let Some(kept) = self.acr.take(file, req.opts.format) {
                if crate::shard::owns_whole(part) {
                    whole.push((file, kept));
                    if whole.len() >= batch {
                        run.whole(&mut whole)?;
                    }
                }
                continue;
            }
            // Only a regular file may be a dataset (a folder is an OpenHands V1 conversation).
            let dataset = match file.is_file() {
                true => rows::open_parsed(file, req.opts.format).and_then(|d| match d {
                    Opened::Rows(f, rows) if self.shard.is_some() => {
                        Ok(Opened::Rows(f, Box::new(rows.part(part.clone())?)))
                    }
                    d => Ok(d),
                }),
                false => Ok(Opened::Whole {
                    parsed: None,
                    bytes: None,
                }),
            };
            match dataset {
                // A whole log is the shard's that holds its first byte.
                Ok(Opened::Whole { .. }) if !crate::shard::owns_whole(part) => {}
                Ok(Opened::Whole { parsed, bytes }) => {
                    whole.push((file, (parsed, bytes)));
                    if whole.len() >= batch {
                        run.whole(&mut whole)?;
                    }
                }
                Ok(Opened::Rows(format, rows)) => {
                    run.whole(&mut whole)?;
                    run.stream(file, format, *rows)?;
                }
                Err(e) => {
                    run.whole(&mut whole)?;
                    run.sink.error(&Problem::from(&e));
                    run.tally.refused_files += 1;
                }
            }
        }
        run.whole(&mut whole)?;
        Ok(Done {
            tally: run.tally,
            sharded: self.shard.is_some(),
        })
    }
}

/// What an import came to.
pub struct Done {
    pub tally: Tally,
    sharded: bool,
}

impl Done {
    /// Whether the import failed as a whole (`readcov import` exits 2 and leaves an existing
    /// output as it was): nothing imported, or no row written — a run of 0 rows is no result.
    /// A shard's part may hold nothing, or only logs that give no rows: it succeeds with no
    /// rows (the shards' outputs concatenate), unless all it touched was refused.
    pub fn all_failed(&self) -> bool {
        let t = &self.tally;
        match self.sharded {
            false => t.imported_files == 0 || t.read_rows + t.edit_rows == 0,
            true => t.imported_files == 0 && t.refused_files > 0,
        }
    }
}

/// The walk's state: the sink, the counts and the bytes done.
struct Walk<'r, 'a, S> {
    req: &'r Request<'a>,
    /// AutoCodeRover threads whose runs are named by their folder ([`acr::Folders::run_dirs`]).
    run_dirs: &'r std::collections::HashMap<PathBuf, String>,
    shard: Option<Shard>,
    /// Bytes of the inputs done (files read whole, and datasets' consumed bytes).
    done_bytes: u64,
    tally: Tally,
    sink: &'r mut S,
}

impl<S: ImportSink> Walk<'_, '_, S> {
    /// A dataset file, a batch of rows at a time: each row a run, imported on the threads and
    /// handed on in row order.
    fn stream(&mut self, file: &Path, format: Format, mut rows: Rows) -> Result<(), S::Error> {
        let name = file.display().to_string();
        if let (Some(at), Some(shard)) = (rows.numbered_from, self.shard) {
            self.sink.note(&format!("note: {name}: shard {shard} reads its part from byte {at}: rows (and lines) below are numbered from its first row"));
        }
        let mut notes = Notes::default();
        let mut first = true;
        let mut batch: Vec<Row> = Vec::with_capacity(ROW_BATCH);
        let (opts, pick) = (self.req.opts, self.req.pick);
        loop {
            let failed = rows::next_batch(&mut rows, &mut batch);
            let results = rows::import_batch(&batch, self.req.threads, format, &name, opts, pick);
            for got in &results {
                for e in &got.errors {
                    self.sink.error(&Problem::from(e));
                }
                notes.add(&name, got, &mut |n| self.sink.note(&n));
                self.sink.imported(got)?;
                self.tally.add(got, first);
                first = false;
            }
            self.sink
                .progress(self.done_bytes + rows.consumed(), &self.tally);
            if let Some(e) = failed {
                // The rest of the file cannot be read: what was read is kept.
                self.sink.error(&Problem::from(&e));
                self.tally.total.malformed_records += 1;
                break;
            }
            if batch.len() < ROW_BATCH {
                break;
            }
        }
        notes.finish(&name, &mut |n| self.sink.note(&n));
        self.done_bytes += rows.len;
        match (first, self.shard) {
            (false, _) => self.tally.imported_files += 1,
            // A shard's part may hold no row of the file (its rows start in other parts).
            (true, Some(_)) => {}
            (true, None) => self.tally.refused_files += 1,
        }
        Ok(())
    }
}

fn file_len(p: &Path) -> u64 {
    std::fs::metadata(p).map(|m| m.len()).unwrap_or(0)
}

#[cfg(test)]
mod tests;
