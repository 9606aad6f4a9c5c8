//! What `readcov import` says on stderr at the end: the summary line, what was not turned into
//! reads, the edits not replayed and a summary per format (the counts are the library's
//! [`Tally`]; errors and notes are said as they come, `super::Shown`).

use readcov_files::import_run::{LostTally, Tally};
use readcov_import::Summary;

/// The summary lines, after the import.
pub fn print(tally: &Tally) {
    let s = &tally.total;
    let refused = if tally.refused_files > 0 {
        format!(", {} refused", tally.refused_files)
    } else {
        String::new()
    };
    let rows = tally.read_rows + tally.edit_rows;
    say!(
        "imported {} run(s) from {} file(s){refused}, {} action(s): {} read row(s) over {} line(s) + {} edit row(s) = {rows} row(s) written",
        s.runs, tally.imported_files, s.actions, tally.read_rows, tally.read_lines, tally.edit_rows
    );
    if tally.passed_files > 0 {
        say!(
            "  passed over: {} AutoCodeRover thread file(s), each a prefix of the last thread of its task folder, whose reads are imported once, from it",
            tally.passed_files
        );
    }
    if tally.passed_parts > 0 {
        say!(
            "  passed over: {} AutoCodeRover task folder file(s) that are no thread (meta.json, info.log, the .diff files, …: no reads in them)",
            tally.passed_parts
        );
    }
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
    lost_edits(&tally.lost);
    if tally.labels > 0 {
        say!("  outcome labels: {}", tally.labels);
    }
    // Per format when there is more than one, or when rows were dataset rows.
    if tally.per_format.len() > 1 || !s.encodings.is_empty() {
        say!("  by format:");
        for (label, (files, f)) in &tally.per_format {
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
        let why = &l.why;
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
