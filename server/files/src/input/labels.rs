//! Outcome labels (`--outcomes`): `resolved` per task, or per (task, run), parsed by
//! `readcov-core`'s `parse_outcomes`. SWE-bench rows with `resolved` (the real data's
//! `gold.jsonl`) are labels as they stand; a SWE-bench harness report (any form
//! `diagnose --test-report` reads) is converted to one label per task, with a note; any other
//! kind (reads, gold, a trajectory) is refused.

use super::rows::as_jsonl;
use super::{detect, InputKind, LoadError, Loaded, Role};
use crate::read_input;
use readcov_core::outcomes::{labels_of_reports, parse_outcomes, Label};
use readcov_core::stages::parse_reports;
use readcov_core::Parsed;
use std::path::Path;

/// Reads and parses an outcomes file (a JSON array of labels reads like JSONL).
pub fn load_outcomes(path: &Path) -> Result<Loaded<Label>, LoadError> {
    let name = path.display().to_string();
    outcomes_of(&name, &read_input(path)?)
}

/// [`load_outcomes`] for bytes already read (the Python module's input).
pub fn outcomes_of(name: &str, bytes: &[u8]) -> Result<Loaded<Label>, LoadError> {
    let kind = detect(name, bytes);
    Role::Outcomes.check(name, kind)?;
    if kind == InputKind::HarnessReport {
        return Ok(from_report(name, bytes));
    }
    Loaded::usable(
        Role::Outcomes,
        name,
        kind,
        parse_outcomes(&as_jsonl(bytes), name),
    )
}

/// A harness report's verdicts as labels; a report that does not parse is its located error.
fn from_report(name: &str, bytes: &[u8]) -> Loaded<Label> {
    let mut parsed = Parsed::default();
    let mut notes = Vec::new();
    match parse_reports(bytes, name) {
        Err(e) => {
            parsed.records = 1;
            parsed.errors.push(e);
        }
        Ok(reports) => {
            let r = labels_of_reports(&reports);
            let resolved = r.labels.iter().filter(|l| l.resolved).count();
            notes.push(format!(
                "note: {name}: {}, read as outcome labels per task: {resolved} resolved, {} not",
                InputKind::HarnessReport.label(),
                r.labels.len() - resolved
            ));
            for (ids, why) in [
                (&r.errors, "harness error (`error_ids`): no outcome"),
                (&r.unknown, "no verdict in the report: no outcome"),
            ] {
                if !ids.is_empty() {
                    notes.push(format!(
                        "  {} task(s) left unlabelled, {why}: {}",
                        ids.len(),
                        ids.join(", ")
                    ));
                }
            }
            parsed.records = reports.instances.len();
            parsed.items = r.labels;
        }
    }
    Loaded {
        parsed,
        kind: InputKind::HarnessReport,
        notes,
        lost_edits: Vec::new(),
    }
}

/// `--outcomes [RUN=]FILE`, repeated: each file loaded as [`outcomes_of`] loads it, a file given
/// for a run made that run's labels (`readcov_core::outcomes::for_run`), then all merged (a
/// label disagreeing with an earlier file's is a located error). `None` when none is given.
pub fn load_labels(
    list: &[(Option<String>, super::Source)],
) -> Result<Option<Loaded<Label>>, LoadError> {
    if list.is_empty() {
        return Ok(None);
    }
    let (mut notes, mut kind) = (Vec::new(), None);
    let mut parts = Vec::with_capacity(list.len());
    for (run, src) in list {
        let mut loaded = src.load_outcomes()?;
        if let Some(run) = run {
            readcov_core::outcomes::for_run(&mut loaded.parsed, run, &src.name());
        }
        notes.append(&mut loaded.notes);
        kind = kind.or(Some(loaded.kind));
        parts.push((src.name(), loaded.parsed));
    }
    Ok(Some(Loaded {
        parsed: readcov_core::outcomes::merge_labels(parts),
        kind: kind.unwrap_or(InputKind::Unknown),
        notes,
        lost_edits: Vec::new(),
    }))
}
