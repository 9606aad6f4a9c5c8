//! The one wording of "nothing to score": a gold input with no valid span, an empty reads input,
//! reads whose every row is an error, and labels or predictions whose every line is an error.
//! Every command, the report, the sheet and the Python module stop with these (exit 2 at the
//! CLI), so a file in the wrong format never gives a table of zeros or joins nothing unsaid.

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
    /// `--outcomes` whose every line was an error: nothing would be joined.
    #[error(
        "{name}: no valid outcome labels, {lines} line(s) and every one an error (the first: \
         {first}); a label line is {{\"task\": ID, \"resolved\": true|false}}, with \"run\" for \
         one run"
    )]
    NoLabels {
        name: String,
        lines: usize,
        first: String,
    },
    /// `--patches` whose every line was an error: no run's change would be known.
    #[error(
        "{name}: no valid predictions, {lines} line(s) and every one an error (the first: \
         {first}); a line is {{\"instance_id\": ID, \"model_name_or_path\": RUN, \
         \"model_patch\": PATCH}}"
    )]
    NoPredictions {
        name: String,
        lines: usize,
        first: String,
    },
    /// `--units` whose every line was an error: no unit to judge or drill down by.
    #[error(
        "{name}: no valid syntax units, {lines} line(s) and every one an error (the first: \
         {first}); write them with `readcov units`"
    )]
    NoUnits {
        name: String,
        lines: usize,
        first: String,
    },
}

impl Nothing {
    /// Reads of `name` that gave no valid row: empty (no errors) or every row an error.
    pub fn read(name: &str, errors: &[InputError]) -> Nothing {
        match errors.is_empty() {
            true => Nothing::NoReads(name.to_string()),
            false => Nothing::NoValidReads(name.to_string()),
        }
    }

    /// `Some` when `errors` is every line of a labels file (it gave no label but errors).
    pub fn labels(name: &str, valid: usize, errors: &[InputError]) -> Option<Nothing> {
        let first = errors.first().filter(|_| valid == 0)?;
        Some(Nothing::NoLabels {
            name: name.to_string(),
            lines: errors.len(),
            first: first.to_string(),
        })
    }

    /// `Some` when `errors` is every line of a units file (no unit but errors).
    pub fn units(name: &str, valid: usize, errors: &[InputError]) -> Option<Nothing> {
        let first = errors.first().filter(|_| valid == 0)?;
        Some(Nothing::NoUnits {
            name: name.to_string(),
            lines: errors.len(),
            first: first.to_string(),
        })
    }

    /// `Some` when `errors` is every line of a predictions file (no prediction but errors).
    pub fn predictions(name: &str, valid: usize, errors: &[InputError]) -> Option<Nothing> {
        let first = errors.first().filter(|_| valid == 0)?;
        Some(Nothing::NoPredictions {
            name: name.to_string(),
            lines: errors.len(),
            first: first.to_string(),
        })
    }
}
