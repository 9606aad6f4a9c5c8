//! The one wording of "nothing to score": a gold input with no valid span, an empty reads input,
//! reads whose every row is an error, and any other input whose every line is an error.
//! Every command, the report, the sheet and the Python module stop with these (exit 2 at the
//! CLI), so a file in the wrong format never gives a table of zeros or joins nothing unsaid.

use super::Role;
use readcov_core::InputError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Nothing {
    #[error("{0}: no valid gold spans, nothing to score")]
    NoGold(String),
    /// An empty reads input: every gold task would be a `no run` row.
    #[error("{0}: no reads, nothing to score (every gold task would have no run)")]
    NoReads(String),
    /// Reads whose every row was an error (a file in another format, most often).
    #[error(
        "{0}: no valid reads, nothing to score (reads JSONL has `path`, `start`, `end` per \
         line; an agent trajectory is imported on the fly, see `readcov import --help`)"
    )]
    NoValidReads(String),
    /// An input whose every line was an error (labels, predictions, units, a ledger, task
    /// declarations): nothing of it is usable, so it is not used as if it were given empty.
    #[error(
        "{name}: no valid {}, {lines} line(s) and every one an error (the first: {first}); {}",
        items(*role),
        row_hint(*role)
    )]
    EveryLineBad {
        name: String,
        role: Role,
        lines: usize,
        first: String,
    },
}

/// What the valid lines of `role`'s input are called ("no valid …").
fn items(role: Role) -> &'static str {
    match role {
        Role::Ledger => "ledger events",
        role => role.what(),
    }
}

/// What a line of `role`'s input looks like, for the message that none was valid.
fn row_hint(role: Role) -> &'static str {
    match role {
        Role::Outcomes => {
            "a label line is {\"task\": ID, \"resolved\": true|false}, with \"run\" for one run"
        }
        Role::Predictions => {
            "a line is {\"instance_id\": ID, \"model_name_or_path\": RUN, \"model_patch\": PATCH}"
        }
        Role::Units => "write them with `readcov units`",
        Role::Ledger => "a ledger line is {\"run\", \"task\", \"turn\", \"event\", \"requirement\", …} (docs/evaluation.md)",
        Role::TaskDecls => "a line is {\"task\": ID, \"required\": [AXES]} (docs/evaluation.md)",
        _ => "see docs/formats.md",
    }
}

impl Nothing {
    /// Reads of `name` that gave no valid row: empty (no errors) or every row an error.
    pub fn read(name: &str, errors: &[InputError]) -> Nothing {
        match errors.is_empty() {
            true => Nothing::NoReads(name.to_string()),
            false => Nothing::NoValidReads(name.to_string()),
        }
    }

    /// `Some` when `errors` is every line of `role`'s input `name` (it gave no valid item but
    /// errors); an empty input is no error here (a run may have no label or patch to write).
    pub fn every_line_bad(
        role: Role,
        name: &str,
        valid: usize,
        errors: &[InputError],
    ) -> Option<Nothing> {
        let first = errors.first().filter(|_| valid == 0)?;
        Some(Nothing::EveryLineBad {
            name: name.to_string(),
            role,
            lines: errors.len(),
            first: first.to_string(),
        })
    }
}
