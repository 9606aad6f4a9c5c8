//! A dataset's scored runs kept in bounded memory: `score --reads <dataset>` scores each batch of
//! rows as it is imported but prints the rows in (task, run) order at the end, so every run's
//! row waits. Here at most [`SpillOptions::rows`] of them wait in memory; each time that many
//! are held they are sorted and written to a temporary file (a chunk, [`codec`]'s records), and
//! the walk takes them all back through a k-way merge of the chunks in (task, run) order into
//! core's one walk ([`readcov_core::walk_kept`]): the rows and their order are those of the
//! rows kept in memory. The files live in a folder of their own under the OS temp dir, removed
//! when the runs are dropped (walked, or on any error). Chunks are merged a tier at a time
//! ([`SpillOptions::fan_in`] of one size into one) so that the walk opens few files however
//! many rows there are.

mod codec;
mod merge;
#[cfg(test)]
mod tests;

pub use codec::Kept;

use crate::FileError;
use merge::{first_twice, write_chunk, Merge, Reader, Source};
use readcov_core::sheet::ReadBeforeEdit;
use readcov_core::{
    walk_kept, FileLengths, GoldSpan, NamedRuns, ScoreOptions, ScoredRuns, TaskRunScore,
};
use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// Rows held in memory before they are written to a chunk: a row with its read-before-edit is
/// about 1 KB, so a few MB at most, beside the import's own memory.
pub const SPILL_ROWS: usize = 4096;
/// Chunks of one tier merged into one of the next: the walk never has more than about this
/// many files open per tier.
pub const FAN_IN: usize = 32;

/// How many rows wait in memory, how many chunks are merged at once, and where the temporary
/// folder goes (`None`: the OS temp dir, `TMPDIR`).
#[derive(Clone, Debug)]
pub struct SpillOptions {
    pub rows: usize,
    pub fan_in: usize,
    pub dir: Option<PathBuf>,
}

impl Default for SpillOptions {
    fn default() -> Self {
        SpillOptions {
            rows: SPILL_ROWS,
            fan_in: FAN_IN,
            dir: None,
        }
    }
}

/// One sorted file of rows, and its tier (0: written from memory; n + 1: merged from tier n).
#[derive(Debug)]
struct Chunk {
    path: PathBuf,
    rows: usize,
    tier: u32,
}

/// The scored runs of a dataset: the rows in memory and the chunks written.
#[derive(Debug, Default)]
pub struct SpilledRuns {
    kept: ScoredRuns<Option<ReadBeforeEdit>>,
    chunks: Vec<Chunk>,
    dir: Option<tempfile::TempDir>,
    made: usize,
    opts: SpillOptions,
    /// A failure to read back or rewrite chunks in [`SpilledRuns::retain_tasks`], said by
    /// [`SpilledRuns::walk`].
    failed: Option<FileError>,
}

impl SpilledRuns {
    pub fn new(opts: SpillOptions) -> SpilledRuns {
        SpilledRuns {
            opts,
            ..SpilledRuns::default()
        }
    }

    /// Rows held, in memory and in chunks.
    pub fn len(&self) -> usize {
        self.kept.len() + self.chunks.iter().map(|c| c.rows).sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many chunk files hold rows now (tests: a tiny threshold gives several).
    pub fn chunks(&self) -> usize {
        self.chunks.len()
    }

    /// The temporary folder, once a chunk was written.
    pub fn folder(&self) -> Option<&Path> {
        self.dir.as_ref().map(|d| d.path())
    }

    /// Adds a row with its run's read-before-edit; the rows in memory go to a chunk when there
    /// are [`SpillOptions::rows`] of them.
    pub fn push(
        &mut self,
        row: TaskRunScore,
        rbe: Option<ReadBeforeEdit>,
    ) -> Result<(), FileError> {
        self.kept.push(row, rbe);
        match self.kept.len() >= self.opts.rows.max(1) {
            true => self.spill(),
            false => Ok(()),
        }
    }

    fn spill(&mut self) -> Result<(), FileError> {
        let path = self.new_path()?;
        let rows = write_chunk(&path, self.kept.drain_sorted().map(Ok))?;
        self.chunks.push(Chunk {
            path,
            rows,
            tier: 0,
        });
        // The last chunks are of the lowest tier: merged while `fan_in` of one tier are there.
        let fan_in = self.opts.fan_in.max(2);
        while let Some(tier) = self.chunks.last().map(|c| c.tier) {
            let same = self
                .chunks
                .iter()
                .rev()
                .take_while(|c| c.tier == tier)
                .count();
            if same < fan_in {
                break;
            }
            let group = self.chunks.split_off(self.chunks.len() - same);
            let path = self.new_path()?;
            let sources = group
                .iter()
                .map(|c| Reader::open(&c.path).map(Source::File));
            let mut merged = Merge::new(sources.collect::<Result<_, _>>()?);
            let rows = write_chunk(&path, std::iter::from_fn(|| merged.next_row()))?;
            for c in group {
                // Left to the folder's removal at the end if it cannot go now.
                let _ = std::fs::remove_file(&c.path);
            }
            self.chunks.push(Chunk {
                path,
                rows,
                tier: tier + 1,
            });
        }
        Ok(())
    }

    /// A new chunk's path, in the folder made for them on the first.
    fn new_path(&mut self) -> Result<PathBuf, FileError> {
        if self.dir.is_none() {
            let base = (self.opts.dir.clone()).unwrap_or_else(std::env::temp_dir);
            let dir = tempfile::Builder::new()
                .prefix("readcov-runs-")
                .tempdir_in(&base)
                .map_err(|e| {
                    let what = format!(
                        "cannot make a temporary folder for scored runs set aside: {e} \
                         (set TMPDIR to a writable folder with room)"
                    );
                    FileError::new(&base, what)
                })?;
            self.dir = Some(dir);
        }
        self.made += 1;
        let dir = self.dir.as_ref().expect("made above");
        Ok(dir.path().join(format!("runs-{}.bin", self.made)))
    }

    /// Only the rows of the tasks `keep` accepts (a shard's): the rows in memory filtered, and
    /// each chunk that holds another task's row written again without it. A chunk that cannot
    /// be read or written is said by [`SpilledRuns::walk`] (and [`SpilledRuns::held_twice`]).
    pub fn retain_tasks(&mut self, keep: impl Fn(&str) -> bool) {
        self.kept.retain_tasks(&keep);
        for i in 0..self.chunks.len() {
            if let Err(e) = self.retain_in_chunk(i, &keep) {
                self.failed.get_or_insert(e);
            }
        }
    }

    fn retain_in_chunk(&mut self, i: usize, keep: &impl Fn(&str) -> bool) -> Result<(), FileError> {
        let mut reader = Reader::open(&self.chunks[i].path)?;
        let mut all = true;
        while let Some((task, _)) = reader.next_names()? {
            all &= keep(&task);
        }
        if all {
            return Ok(());
        }
        let path = self.new_path()?;
        let mut merged = Merge::new(vec![Source::File(Reader::open(&self.chunks[i].path)?)]);
        let rows = std::iter::from_fn(|| merged.next_row());
        let rows = rows.filter(|r| r.as_ref().map_or(true, |r| keep(&r.task)));
        let n = write_chunk(&path, rows)?;
        let old = std::mem::replace(&mut self.chunks[i].path, path);
        self.chunks[i].rows = n;
        let _ = std::fs::remove_file(old);
        Ok(())
    }

    /// A (task, run) held twice (its reads came in two batches, each scored alone): found among
    /// the rows in memory and through a merge of the chunks' names.
    pub fn held_twice(&mut self) -> Result<Option<(String, String)>, FileError> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        if self.chunks.is_empty() {
            let twice = self.kept.run_held_twice();
            return Ok(twice.map(|(t, r)| (t.to_string(), r.to_string())));
        }
        let readers = self.chunks.iter().map(|c| Reader::open(&c.path));
        let readers = readers.collect::<Result<Vec<_>, _>>()?;
        // The rows in memory as one more sorted source (taken out and put back).
        let mem: Vec<Kept> = self.kept.drain_sorted().collect();
        let twice = first_twice(readers, mem.iter().map(|r| r.names()));
        mem.into_iter().for_each(|r| self.kept.push_kept(r));
        twice
    }

    /// Every row in the walk's order ([`readcov_core::walk_kept`]: the kept rows, merged from
    /// memory and the chunks, with the rows the whole set decides), each handed to `emit` with
    /// its run's read-before-edit. Expects no run held twice ([`SpilledRuns::held_twice`]). A
    /// chunk that cannot be read back ends the rows there: the error is returned.
    pub fn walk(
        mut self,
        gold: &[GoldSpan],
        named: &NamedRuns,
        lengths: &dyn FileLengths,
        opts: &ScoreOptions,
        mut emit: impl FnMut(TaskRunScore<&str>, Option<ReadBeforeEdit>),
    ) -> Result<(), FileError> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let mut sources = vec![Source::Mem(
            self.kept.drain_sorted().collect::<Vec<_>>().into_iter(),
        )];
        for c in &self.chunks {
            sources.push(Source::File(Reader::open(&c.path)?));
        }
        let mut merged = Merge::new(sources);
        let failed = RefCell::new(None);
        let rows = std::iter::from_fn(|| match merged.next_row()? {
            Ok(r) => Some(r),
            Err(e) => {
                *failed.borrow_mut() = Some(e);
                None
            }
        });
        walk_kept(rows, gold, named, lengths, opts, |row, rbe| {
            // Past a chunk that could not be read back the walk goes on as if the runs had
            // ended (a no-run row for each later task that had runs): none of it is handed out.
            if failed.borrow().is_none() {
                emit(row, rbe.flatten())
            }
        });
        failed.into_inner().map_or(Ok(()), Err)
    }
}
