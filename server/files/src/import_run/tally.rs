//! What an import counts as it goes (totals, per format, the edits not replayed), and the notes
//! of one input, the first few in full: the figures `readcov import` prints at the end and
//! Python's `import_log` returns as `.summary`.

use readcov_core::EventKind;
use readcov_import::{Format, Imported, LostEdit, LostWhy, Summary};
use std::collections::BTreeMap;

/// Notes given per input before the rest are only counted.
pub const NOTES_PER_FILE: usize = 5;

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
    /// AutoCodeRover thread files passed over: each a prefix of another one imported.
    pub passed_files: usize,
    /// Files of AutoCodeRover task folders that are no thread, passed over
    /// ([`crate::logs::acr_folder::part_kind`]).
    pub passed_parts: usize,
    /// Per format label: files, and their counts.
    pub per_format: BTreeMap<&'static str, (usize, Summary)>,
    /// Edits not replayed: counted, and only the first few that a workspace does not explain
    /// kept (keeping every one grew the tally with the rows of a 100k-row dataset).
    pub lost: LostTally,
}

#[derive(Default)]
pub struct LostTally {
    /// Edits not replayed for want of a base file (no workspace).
    pub no_base: usize,
    /// The others, and the first [`NOTES_PER_FILE`] of them.
    pub listed: usize,
    pub first: Vec<LostEdit>,
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
}

/// Notes of one input, the first few in full, then how many more.
#[derive(Default)]
pub struct Notes {
    shown: usize,
    more: usize,
}

impl Notes {
    pub fn add(&mut self, name: &str, got: &Imported, out: &mut dyn FnMut(String)) {
        for n in &got.notes {
            if self.shown < NOTES_PER_FILE {
                out(format!("note: {name}: {n}"));
                self.shown += 1;
            } else {
                self.more += 1;
            }
        }
    }

    pub fn finish(&self, name: &str, out: &mut dyn FnMut(String)) {
        if self.more > 0 {
            out(format!(
                "note: {name}: {} more row(s) gave no reads",
                self.more
            ));
        }
    }
}
