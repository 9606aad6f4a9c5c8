//! Helpers shared by the sheet's test modules.

use super::before_edit::NoUnits;
use super::evaluate::{evaluate, Sheet, SheetInput};
use super::record::Axis;
use super::unreadable::parse_run_file;
use crate::formats::parse_reads;
use crate::metrics::UnknownLengths;
use crate::span::{ReadSpan, Source};
use std::collections::{BTreeMap, BTreeSet};

/// The sources the sheet counts by default: agent and human reads.
pub(super) fn sources() -> BTreeSet<Source> {
    [Source::Agent, Source::Human].into_iter().collect()
}

/// Reads from JSONL that must parse without errors.
pub(super) fn reads(jsonl: &str) -> Vec<ReadSpan> {
    let p = parse_reads(jsonl.as_bytes(), "reads.jsonl", None);
    assert_eq!(p.errors, vec![]);
    p.items
}

/// The sheet of a runs file alone (no gold, reads or ledger), requiring `required`, k = 1, 2.
pub(super) fn sheet_of(runs: &str, required: &[Axis]) -> Sheet {
    sheet_with_limit(runs, required, None)
}

/// [`sheet_of`] with `--regeneration-limit`.
pub(super) fn sheet_with_limit(runs: &str, required: &[Axis], limit: Option<u32>) -> Sheet {
    sheet_with(runs, required, limit, &[1, 2])
}

/// [`sheet_of`] with `--regeneration-limit` and `--k`.
pub(super) fn sheet_with(runs: &str, required: &[Axis], limit: Option<u32>, ks: &[u32]) -> Sheet {
    let f = parse_run_file(runs.as_bytes(), "runs.jsonl");
    let required: BTreeSet<Axis> = required.iter().copied().collect();
    evaluate(&SheetInput {
        runs: &f.parsed.items,
        unreadable: &f.unreadable,
        gold: None,
        reads: None,
        ledger: &[],
        required: &BTreeMap::new(),
        default_required: &required,
        threshold: 0.5,
        sources: &sources(),
        lengths: &UnknownLengths,
        units: &NoUnits,
        ks,
        regeneration_limit: limit,
    })
}
