//! `readcov gold … --format qrels --level file|unit|span|line`: the gold just built written as
//! TREC qrels (`qid 0 docid 1`, core tier), the documents readcov's IR measures judge against, so
//! any TREC tool scores a retriever against readcov's gold. Unit level needs each task's
//! workspace (units come from its sources); a task whose gold files have no units is reported
//! and left out.

use anyhow::{bail, Result};
use readcov_core::retrieval::qrels::{doc_ids, gold_lines_by_task, qrels_line, LineLevel};
use readcov_core::{GoldSpan, UnknownLengths};
use readcov_files::gold_files::Workspaces;
use readcov_units::retrieval::unit_docs::{file_units, gold_unit_ids};

/// `--level`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum QrelsLevel {
    /// One document per gold file (`path`).
    File,
    /// One per unit owning a gold line (`path:Qualified.name`; needs a workspace).
    Unit,
    /// One per maximal run of gold lines (`path:start-end`).
    Span,
    /// One per gold line (`path:N`), as the line-level measures count.
    Line,
}

pub fn qrels(rows: &[GoldSpan], level: QrelsLevel, files: &Workspaces) -> Result<String> {
    let mut out = String::new();
    let mut unjudged = Vec::new();
    for (task, lines) in gold_lines_by_task(rows, &UnknownLengths) {
        let ids = match level {
            QrelsLevel::File => doc_ids(&lines, LineLevel::File),
            QrelsLevel::Span => doc_ids(&lines, LineLevel::Span),
            QrelsLevel::Line => doc_ids(&lines, LineLevel::Line),
            QrelsLevel::Unit => {
                let Some(dir) = files.root(task) else {
                    bail!("--level unit needs --workspace or --workspaces (units come from the sources)");
                };
                let task_rows: Vec<GoldSpan> =
                    rows.iter().filter(|g| g.task == task).cloned().collect();
                let syntax = readcov_files::syntax::load_syntax(Some(&dir), &task_rows);
                match gold_unit_ids(&lines, &file_units(&syntax)) {
                    Some(ids) => ids.into_iter().collect(),
                    None => {
                        unjudged.push(task.to_string());
                        continue;
                    }
                }
            }
        };
        for id in ids {
            if id.chars().any(char::is_whitespace) || task.chars().any(char::is_whitespace) {
                bail!("`{task}` / `{id}` holds whitespace: not writable as a qrels field");
            }
            out.push_str(&qrels_line(task, &id));
        }
    }
    if !unjudged.is_empty() {
        say!(
            "warning: {} task(s) left out of unit qrels (a gold file has no units: not in the \
             workspace, or no grammar for it): {}",
            unjudged.len(),
            unjudged.join(", ")
        );
    }
    Ok(out)
}
