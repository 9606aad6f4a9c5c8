//! Helpers shared by the sheet's test modules.

use crate::formats::parse_reads;
use crate::span::{ReadSpan, Source};
use std::collections::BTreeSet;

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
