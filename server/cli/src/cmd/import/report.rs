//! What `readcov import` says on stderr as it goes and at the end: errors and notes in input
//! order, the summary line, and a summary per format.

use readcov_core::EventKind;
use readcov_import::{Format, Imported, LostEdit, LostWhy, Summary};
use std::collections::BTreeMap;

/// Notes printed per input before the rest are only counted.
const NOTES_PER_FILE: usize = 5;

/// Totals over the whole import, and per format.
#[derive(Default)]
pub struct Tally {
    pub total: Summary,
    pub read_rows: usize,
    pub edit_rows: usize,
    pub read_lines: u64,
    pub labels: usize,
    pub imported_files: usize,
    pub refused_files: usize,
    per_format: BTreeMap<&'static str, (usize, Summary)>,
    /// Edits not replayed: counted, and only the first few that a workspace does not explain
    /// kept (keeping every one grew the tally with the rows of a 100k-row dataset).
    lost: LostTally,
}

#[derive(Default)]
struct LostTally {
    no_base: usize,
    listed: usize,
    first: Vec<LostEdit>,
}

impl Tally {
    /// Counts one imported log (a file, or one row of a dataset file: `new_file` on its first).
    pub fn add(&mut self, got: &Imported, new_file: bool) {
        self.total.add_counts(&got.summary);
        for l in &got.summary.lost_edits {
            if l.why == LostWhy::NoBase {
                self.lost.no_base += 1;
                continue;
            }
            self.lost.listed += 1;
            if self.lost.first.len() < NOTES_PER_FILE {
                self.lost.first.push(l.clone());
            }
        }
        for r in &got.rows {
            if r.kind == EventKind::Edit {
                self.edit_rows += 1;
            } else {
                self.read_rows += 1;
                self.read_lines += u64::from(r.end - r.start) + 1;
            }
        }
        self.labels += got.labels.len();
        let label = got.format.map_or("unknown", Format::label);
        let entry = self.per_format.entry(label).or_default();
        entry.0 += usize::from(new_file);
        entry.1.add_counts(&got.summary);
    }

    pub fn print(&self) {
        let s = &self.total;
        let refused = if self.refused_files > 0 {
            format!(", {} refused", self.refused_files)
        } else {
            String::new()
        };
        let rows = self.read_rows + self.edit_rows;
        say!(
            "imported {} run(s) from {} file(s){refused}, {} action(s): {} read row(s) over {} line(s) + {} edit row(s) = {rows} row(s) written",
            s.runs, self.imported_files, s.actions, self.read_rows, self.read_lines, self.edit_rows
        );
        if s.read_events > 0 || s.edit_events > 0 {
            say!(
                "  events: {} read event(s), {} edit event(s) replayed (an edit gives one row per edited base-line range, none when its lines cannot be placed on the base: a created file, or no --workspace to replay on)",
                s.read_events, s.edit_events
            );
        }
        if s.malformed_records > 0 {
            say!("  malformed records: {}", s.malformed_records);
        }
        if !s.skipped.is_empty() {
            say!("  action(s) not turned into reads ({}):", s.skipped_total());
            for (reason, n) in &s.skipped {
                say!("    {:<28} {n}", reason.label());
            }
        }
        lost_edits(&self.lost);
        if self.labels > 0 {
            say!("  outcome labels: {}", self.labels);
        }
        // Per format when there is more than one, or when rows were dataset rows.
        if self.per_format.len() > 1 || !s.encodings.is_empty() {
            say!("  by format:");
            for (label, (files, f)) in &self.per_format {
                say!(
                    "    {label:<16} {} run(s) from {files} file(s), {} action(s), {} read event(s), {} malformed record(s){}",
                    f.runs,
                    f.actions,
                    f.read_events,
                    f.malformed_records,
                    encodings(f)
                );
            }
        }
        if let Some((raw, task)) = &s.id_suffix_example {
            say!(
                "  {} instance id(s) carried a dataset suffix `_<n>`, taken off for the task and kept in the run (e.g. {raw} → task {task})",
                s.id_suffixes
            );
        }
    }
}

/// Edits the replay could not place on base lines: no edit row is written for them, so they
/// are counted and the first few that a workspace does not explain are listed, rather than left
/// out without a word.
fn lost_edits(lost: &LostTally) {
    if lost.no_base > 0 {
        say!(
            "  edit(s) not replayed for want of a base file (no --workspace): {}",
            lost.no_base
        );
    }
    if lost.listed == 0 {
        return;
    }
    say!(
        "  edit(s) not replayed ({}): their base lines are unknown, so they have no edit row",
        lost.listed
    );
    for l in &lost.first {
        let why = match &l.why {
            LostWhy::After(w) => format!("after a write the replay cannot follow: {w}"),
            _ => "it does not apply to the file as replayed".to_string(),
        };
        say!(
            "    {} / {}: {} turn {} `{}` ({why})",
            l.task,
            l.run,
            l.path,
            l.turn,
            l.command
        );
    }
    if lost.listed > lost.first.len() {
        say!("    … {} more", lost.listed - lost.first.len());
    }
}

fn encodings(f: &Summary) -> String {
    if f.encodings.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = f
        .encodings
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    format!("; rows by encoding: {}", parts.join(", "))
}

/// Notes of one input, the first few in full.
#[derive(Default)]
pub struct Notes {
    shown: usize,
    more: usize,
}

impl Notes {
    pub fn add(&mut self, name: &str, got: &Imported, out: &dyn Fn(String)) {
        for n in &got.notes {
            if self.shown < NOTES_PER_FILE {
                out(format!("note: {name}: {n}"));
                self.shown += 1;
            } else {
                self.more += 1;
            }
        }
    }

    pub fn finish(&self, name: &str, out: &dyn Fn(String)) {
        if self.more > 0 {
            out(format!(
                "note: {name}: {} more row(s) gave no reads",
                self.more
            ));
        }
    }
}
