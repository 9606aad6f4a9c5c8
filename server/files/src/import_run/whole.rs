//! Whole-log files: imported on the threads in batches, handed on in input order.

use super::{file_len, ImportSink, Notes, Problem, Walk};
use crate::rows::Parsed;
use readcov_import::{import_doc, FileProvider, Format, ImportOptions, Imported};
use std::path::{Path, PathBuf};

/// What the probe hands on for a whole log: its one row's parse and its bytes, when it has them.
pub(super) type Probed = (Option<Parsed>, Option<Vec<u8>>);

impl<S: ImportSink> Walk<'_, '_, S> {
    /// Whole-log files (taken from `batch`, which is left empty), imported on the threads,
    /// handed on in input order.
    pub(super) fn whole(&mut self, batch: &mut Vec<(&PathBuf, Probed)>) -> Result<(), S::Error> {
        if batch.is_empty() {
            return Ok(());
        }
        let files: Vec<&PathBuf> = batch.iter().map(|(f, _)| *f).collect();
        // Each worker takes its file's parse and bytes out of its own slot.
        let parsed: Vec<std::sync::Mutex<Probed>> = batch
            .drain(..)
            .map(|(_, p)| std::sync::Mutex::new(p))
            .collect();
        let threads = self.req.threads.min(files.len());
        let (opts, pick, task_run) = (self.req.opts, self.req.pick, self.req.task_run);
        let run_dirs = self.run_dirs;
        let results = readcov_core::par::map_ordered(&files, threads, |i, file| {
            let p = parsed[i]
                .lock()
                .map(|mut p| std::mem::take(&mut *p))
                .unwrap_or_default();
            let mut opts = match task_run {
                true => crate::layout::task_run_opts(file, opts),
                false => std::borrow::Cow::Borrowed(opts),
            };
            if let Some(dir) = run_dirs.get(*file) {
                let o = opts.to_mut();
                let base = o.run.as_deref().unwrap_or(Format::AutoCodeRover.label());
                o.run = Some(format!("{base}/{dir}"));
            }
            import_one(file, p, &opts, pick)
        });
        for (file, got) in files.iter().zip(results) {
            let name = file.display().to_string();
            self.done_bytes += file_len(file);
            let got = match got {
                Ok(g) => g,
                Err(e) => {
                    self.sink.error(&Problem::from(&e));
                    self.tally.refused_files += 1;
                    continue;
                }
            };
            for e in &got.errors {
                self.sink.error(&Problem::from(e));
            }
            // A log that gave nothing but an error (not a trajectory, truncated JSON) is
            // refused: it is no run, and the summary says so instead of counting it as one.
            if !got.errors.is_empty() && got.summary.actions == 0 && got.rows.is_empty() {
                self.sink
                    .note(&format!("  refused {name}: nothing imported from it"));
                self.tally.total.malformed_records += got.summary.malformed_records;
                self.tally.refused_files += 1;
                continue;
            }
            let mut notes = Notes::default();
            notes.add(&name, &got, &mut |n| self.sink.note(&n));
            notes.finish(&name, &mut |n| self.sink.note(&n));
            self.sink.imported(&got)?;
            self.tally.imported_files += 1;
            self.tally.add(&got, true);
            self.sink.progress(self.done_bytes, &self.tally);
        }
        Ok(())
    }
}

/// One file read and imported (a file that cannot be read is an error of its own); `parsed`:
/// its one row's parse, used when the file read is that row, and `bytes` the file's bytes the
/// probe read (a `base_state.json` is read as its whole conversation folder, so neither).
fn import_one(
    file: &Path,
    (parsed, bytes): Probed,
    opts: &ImportOptions,
    pick: &(dyn Fn(&str) -> Box<dyn FileProvider> + Sync),
) -> Result<Imported, crate::FileError> {
    let conversation = file.file_name().is_some_and(|n| n == "base_state.json");
    let bytes = match bytes {
        Some(b) if !conversation => b,
        _ => crate::logs::read(file)?,
    };
    let value = parsed.filter(|_| !conversation).and_then(|p| p.of(&bytes));
    let name = file.display().to_string();
    let mut got = import_doc(&bytes, value, &name, opts, &|t| pick(t));
    // No log format matched: a file readcov reads elsewhere is named, with where it goes.
    if got.format.is_none() {
        if let (Some(what), [only]) = (crate::input::not_a_log(&name, &bytes), &mut got.errors[..])
        {
            only.message = format!("not a trajectory: {what}");
        }
    }
    Ok(got)
}
