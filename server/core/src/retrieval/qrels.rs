//! Gold as TREC qrels (`qid 0 docid rel`, relevance 1), so any TREC tool can score a retriever
//! against readcov's gold. Core-tier lines only (the relevant documents of the measures), per
//! task in name order, documents in reading order:
//!
//! - `file`: `path` for every file with gold lines;
//! - `span`: `path:start-end` for every maximal run of gold lines (overlapping rows merged);
//! - `line`: `path:N` for every gold line (the documents of the line-level measures).
//!
//! Unit-level qrels (`path:Qualified.name`) need units: readcov-units builds them.

use super::docs::line_id;
use crate::metrics::{collect_lines, FileLengths, FileLines};
use crate::span::{GoldSpan, Tier};
use std::collections::BTreeMap;

/// A qrels level core can build (without units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineLevel {
    File,
    Span,
    Line,
}

/// Each task's core gold lines, tasks in name order.
pub fn gold_lines_by_task<'a>(
    gold: &'a [GoldSpan],
    lengths: &dyn FileLengths,
) -> BTreeMap<&'a str, FileLines> {
    let mut by_task: BTreeMap<&str, Vec<&GoldSpan>> = BTreeMap::new();
    for g in gold.iter().filter(|g| g.tier == Tier::Core) {
        by_task.entry(&g.task).or_default().push(g);
    }
    by_task
        .into_iter()
        .map(|(t, spans)| {
            let lines = spans.iter().map(|g| (g.path.as_str(), g.start, g.end));
            (t, collect_lines(lines, lengths))
        })
        .collect()
}

/// The relevant document ids of one task's gold lines at `level`, in reading order.
pub fn doc_ids(lines: &FileLines, level: LineLevel) -> Vec<String> {
    let mut out = Vec::new();
    for (path, set) in lines.iter().filter(|(_, s)| !s.is_empty()) {
        match level {
            LineLevel::File => out.push(path.clone()),
            LineLevel::Span => out.extend(
                set.intervals()
                    .iter()
                    .map(|iv| format!("{path}:{}-{}", iv.start, iv.end)),
            ),
            LineLevel::Line => out.extend(
                set.intervals()
                    .iter()
                    .flat_map(|iv| (iv.start..=iv.end).map(|n| line_id(path, n))),
            ),
        }
    }
    out
}

/// One qrels line: `qid 0 docid 1`.
pub fn qrels_line(task: &str, doc: &str) -> String {
    format!("{task} 0 {doc} 1\n")
}
