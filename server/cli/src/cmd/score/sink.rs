//! Where `readcov score`'s rows go: one sink for the four formats, fed one row at a time by the
//! library call (`readcov_files::score_rows`). jsonl and csv write each row as it comes; the table
//! and json keep them (the table aligns its columns, json wraps them with the totals) and print
//! at `finish`. Streamed through one buffer: building the whole output first doubled peak memory
//! on large corpora (80 MB of JSONL for 50,880 rows). A closed pipe (`| head`) is no error.

use super::before_edit;
use super::output::Output;
use super::render::{render, write_csv_header, write_csv_row};
use super::rows::{write_row_without_edits, Row};
use crate::cmd::score_units;
use crate::render::Format;
use readcov_core::{TaskRunScore, Totals};
use readcov_units::UnitScore;
use std::io::{BufWriter, StdoutLock, Write};

pub(super) struct Sink {
    output: Output,
    out: BufWriter<StdoutLock<'static>>,
    /// The first write error; later rows are not written.
    written: std::io::Result<()>,
    /// Whether every row has unit figures (a workspace: the unit columns).
    with_units: bool,
    kept: Vec<TaskRunScore>,
    kept_units: Vec<UnitScore>,
}

impl Sink {
    /// A sink for `output.format`; `with_units` when the rows come with unit figures (the csv
    /// header and the table name their columns).
    pub(super) fn new(output: Output, with_units: bool) -> Sink {
        let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        let written = match output.format {
            Format::Csv => write_csv_header(&mut out, with_units),
            _ => Ok(()),
        };
        Sink {
            output,
            out,
            written,
            with_units,
            kept: Vec::new(),
            kept_units: Vec::new(),
        }
    }

    /// One row, with its unit figures and the runs' read-before-edit.
    pub(super) fn row(
        &mut self,
        row: TaskRunScore<&str>,
        unit: Option<&UnitScore>,
        rbe: &before_edit::ByRun,
    ) {
        if self.written.is_err() {
            return;
        }
        let breakdown = !self.output.summary;
        self.written = match self.output.format {
            Format::Table | Format::Json => {
                self.kept.push(row.into_owned());
                self.kept_units.extend(unit.cloned());
                Ok(())
            }
            Format::Csv => {
                let unit = self.with_units.then_some(unit);
                write_csv_row(&mut self.out, &row, unit, rbe)
            }
            Format::Jsonl => match unit {
                // Unit columns go through the row's JSON value (they flatten beside it).
                Some(u) => {
                    let owned = row.into_owned();
                    let mut v = score_units::row_value(&owned, Some(u));
                    v = before_edit::with_key(v, rbe, &owned);
                    if let (false, serde_json::Value::Object(map)) = (breakdown, &mut v) {
                        map.remove("files");
                        map.remove("spans");
                    }
                    serde_json::to_writer(&mut self.out, &v)
                        .map_err(std::io::Error::from)
                        .and_then(|()| self.out.write_all(b"\n"))
                }
                None if has_edits(rbe, &row) => {
                    let owned = row.into_owned();
                    serde_json::to_writer(&mut self.out, &Row::new(&owned, rbe, breakdown))
                        .map_err(std::io::Error::from)
                        .and_then(|()| self.out.write_all(b"\n"))
                }
                None => write_row_without_edits(&mut self.out, &row, breakdown),
            },
        };
    }

    /// The kept rows (table, json) with the totals, then everything flushed.
    pub(super) fn finish(mut self, total: &Totals, rbe: &before_edit::ByRun) -> anyhow::Result<()> {
        if self.written.is_ok() && matches!(self.output.format, Format::Table | Format::Json) {
            let units = self.with_units.then_some(self.kept_units.as_slice());
            self.written = render(&mut self.out, &self.kept, units, rbe, total, &self.output);
        }
        let written = self.written.and_then(|()| self.out.flush());
        // `readcov score` ends the process next: the exit returns the kept rows' memory.
        std::mem::forget(self.kept);
        match written {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
            _ => Ok(()),
        }
    }
}

/// Whether the row's run made edits (its JSON then carries a `read_before_edit` object).
fn has_edits(rbe: &before_edit::ByRun, row: &TaskRunScore<&str>) -> bool {
    !rbe.is_empty()
        && rbe
            .get(&(row.task.to_string(), row.run.to_string()))
            .is_some_and(|r| r.edits > 0)
}
