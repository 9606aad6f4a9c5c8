//! Importing the files: whole logs on the threads in batches, reported and written in argument
//! order, and per-row files (datasets) streamed a batch of rows at a time.

use super::report::{Notes, Tally};
use super::sink::Sink;
use super::{file_len, layout, Ctx};
use anyhow::Result;
use readcov_files::rows::{self, Parsed, Row, ROW_BATCH};
use readcov_import::{import_doc, FileProvider, Format, ImportOptions, Imported};
use std::path::{Path, PathBuf};

/// Whole-log files (taken from `batch`, which is left empty), imported on the threads,
/// reported and written in argument order.
pub(super) fn import_whole(
    ctx: &mut Ctx,
    batch: &mut Vec<(&PathBuf, Probed)>,
    sink: &mut Sink,
    tally: &mut Tally,
) -> Result<()> {
    if batch.is_empty() {
        return Ok(());
    }
    let files: Vec<&PathBuf> = batch.iter().map(|(f, _)| *f).collect();
    // Each worker takes its file's parse and bytes out of its own slot.
    let parsed: Vec<std::sync::Mutex<Probed>> = batch
        .drain(..)
        .map(|(_, p)| std::sync::Mutex::new(p))
        .collect();
    let threads = ctx.threads.min(files.len());
    let results = readcov_core::par::map_ordered(&files, threads, |i, file| {
        let p = parsed[i]
            .lock()
            .map(|mut p| std::mem::take(&mut *p))
            .unwrap_or_default();
        import_one(
            file,
            p,
            &layout::opts_for(ctx.layout, file, &ctx.opts),
            ctx.pick,
        )
    });
    for (file, got) in files.iter().zip(results) {
        let name = file.display().to_string();
        ctx.done_bytes += file_len(file);
        let got = match got {
            Ok(g) => g,
            Err(e) => {
                ctx.bar
                    .suspend(|| crate::render::print_error(&format!("{e:#}")));
                tally.refused_files += 1;
                continue;
            }
        };
        for e in &got.errors {
            ctx.bar
                .suspend(|| crate::render::print_error(&e.to_string()));
        }
        // A log that gave nothing but an error (not a trajectory, truncated JSON) is refused:
        // it is no run, and the summary says so instead of counting it as one.
        if !got.errors.is_empty() && got.summary.actions == 0 && got.rows.is_empty() {
            ctx.bar
                .suspend(|| say!("  refused {name}: nothing imported from it"));
            tally.total.malformed_records += got.summary.malformed_records;
            tally.refused_files += 1;
            continue;
        }
        let mut notes = Notes::default();
        notes.add(&name, &got, &|n| ctx.bar.suspend(|| say!("{n}")));
        notes.finish(&name, &|n| ctx.bar.suspend(|| say!("{n}")));
        sink.write(&got)?;
        tally.imported_files += 1;
        tally.add(&got, true);
        ctx.advance(0, tally);
    }
    Ok(())
}

/// What the probe hands on for a whole log: its one row's parse and its bytes, when it has them.
pub(super) type Probed = (Option<Parsed>, Option<Vec<u8>>);

/// One file read and imported (a file that cannot be read is an error of its own); `parsed`:
/// its one row's parse, used when the file read is that row, and `bytes` the file's bytes the
/// probe read (a `base_state.json` is read as its whole conversation folder, so neither).
pub(super) fn import_one(
    file: &Path,
    (parsed, bytes): Probed,
    opts: &ImportOptions,
    pick: &(dyn Fn(&str) -> Box<dyn FileProvider> + Sync),
) -> Result<Imported> {
    let conversation = file.file_name().is_some_and(|n| n == "base_state.json");
    let bytes = match bytes {
        Some(b) if !conversation => b,
        _ => readcov_files::logs::read(file)?,
    };
    let value = parsed.filter(|_| !conversation).and_then(|p| p.of(&bytes));
    Ok(import_doc(
        &bytes,
        value,
        &file.display().to_string(),
        opts,
        &|t| pick(t),
    ))
}

/// A dataset file, a batch of rows at a time: each row a run, imported on the threads and
/// written in row order.
pub(super) fn stream(
    ctx: &mut Ctx,
    file: &Path,
    format: Format,
    mut rows: rows::Rows,
    sink: &mut Sink,
    tally: &mut Tally,
) -> Result<()> {
    let name = file.display().to_string();
    if let (Some(at), Some(shard)) = (rows.numbered_from, ctx.shard) {
        ctx.bar.suspend(|| {
            say!("note: {name}: shard {shard} reads its part from byte {at}: rows (and lines) below are numbered from its first row")
        });
    }
    let mut notes = Notes::default();
    let mut first = true;
    let mut batch: Vec<Row> = Vec::with_capacity(ROW_BATCH);
    loop {
        let failed = rows::next_batch(&mut rows, &mut batch);
        let results = rows::import_batch(&batch, ctx.threads, format, &name, &ctx.opts, ctx.pick);
        for got in &results {
            for e in &got.errors {
                ctx.bar
                    .suspend(|| crate::render::print_error(&e.to_string()));
            }
            notes.add(&name, got, &|n| ctx.bar.suspend(|| say!("{n}")));
            sink.write(got)?;
            tally.add(got, first);
            first = false;
        }
        ctx.advance(rows.consumed(), tally);
        if let Some(e) = failed {
            // The rest of the file cannot be read: what was read is kept.
            ctx.bar
                .suspend(|| crate::render::print_error(&e.to_string()));
            tally.total.malformed_records += 1;
            break;
        }
        if batch.len() < ROW_BATCH {
            break;
        }
    }
    notes.finish(&name, &|n| ctx.bar.suspend(|| say!("{n}")));
    ctx.done_bytes += rows.len;
    match (first, ctx.shard) {
        (false, _) => tally.imported_files += 1,
        // A shard's part may hold no row of the file (its rows start in other parts).
        (true, Some(_)) => {}
        (true, None) => tally.refused_files += 1,
    }
    Ok(())
}
