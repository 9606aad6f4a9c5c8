//! Outcome labels (`--outcomes`): `resolved` per task, or per (task, run), parsed by
//! `readcov-core`'s `parse_outcomes`. SWE-bench rows with `resolved` (the real data's
//! `gold.jsonl`) are labels as they stand; any other kind (reads, gold, a trajectory) is refused.

use super::rows::as_jsonl;
use super::{detect, LoadError, Loaded, Role};
use crate::read_input;
use readcov_core::outcomes::{parse_outcomes, Label};
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
    Ok(Loaded {
        parsed: parse_outcomes(&as_jsonl(bytes), name),
        kind,
        notes: Vec::new(),
        lost_edits: Vec::new(),
    })
}
