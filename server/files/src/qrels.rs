//! Gold written as TREC qrels (`qid 0 docid 1`, core tier) at a level — files, units, spans or
//! lines — the documents readcov's IR measures judge against, so any TREC tool scores a
//! retriever against readcov's gold (`readcov gold --format qrels`, Python `format="qrels"`).
//! Here, not in the CLI, because unit level reads each task's workspace sources (IO).

use crate::gold_files::Workspaces;
use readcov_core::retrieval::qrels::{doc_ids, gold_lines_by_task, qrels_line, LineLevel};
use readcov_core::{GoldSpan, UnknownLengths};
use readcov_units::retrieval::unit_docs::{file_units, gold_unit_ids};

/// What one qrels document is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

impl QrelsLevel {
    /// `file`, `unit`, `span` or `line` (the CLI's `--level` values).
    pub fn parse(s: &str) -> Option<QrelsLevel> {
        match s {
            "file" => Some(QrelsLevel::File),
            "unit" => Some(QrelsLevel::Unit),
            "span" => Some(QrelsLevel::Span),
            "line" => Some(QrelsLevel::Line),
            _ => None,
        }
    }
}

/// Why no qrels could be written (the messages name the CLI's flags, which the Python keywords
/// mirror: `workspace=` / `workspaces=`).
#[derive(Debug, thiserror::Error)]
pub enum QrelsError {
    #[error("--level unit needs --workspace or --workspaces (units come from the sources)")]
    NoWorkspace,
    #[error("`{task}` / `{id}` holds whitespace: not writable as a qrels field")]
    Whitespace { task: String, id: String },
}

/// The qrels text, and the tasks left out of unit qrels (a gold file with no units).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Qrels {
    pub text: String,
    pub unjudged: Vec<String>,
}

impl Qrels {
    /// The warning the CLI prints for the tasks left out, if any.
    pub fn warning(&self) -> Option<String> {
        (!self.unjudged.is_empty()).then(|| {
            format!(
                "warning: {} task(s) left out of unit qrels (a gold file has no units: not in the \
                 workspace, or no grammar for it): {}",
                self.unjudged.len(),
                self.unjudged.join(", ")
            )
        })
    }
}

/// `rows` as qrels at `level`; unit level reads each task's sources from `files`.
pub fn qrels(
    rows: &[GoldSpan],
    level: QrelsLevel,
    files: &Workspaces,
) -> Result<Qrels, QrelsError> {
    let mut out = Qrels::default();
    for (task, lines) in gold_lines_by_task(rows, &UnknownLengths) {
        let ids = match level {
            QrelsLevel::File => doc_ids(&lines, LineLevel::File),
            QrelsLevel::Span => doc_ids(&lines, LineLevel::Span),
            QrelsLevel::Line => doc_ids(&lines, LineLevel::Line),
            QrelsLevel::Unit => {
                if files.one.is_none() && files.per_task.is_none() {
                    return Err(QrelsError::NoWorkspace);
                }
                // A task without a folder under --workspaces has no units to judge by: left out
                // with the others (before session 25 it failed the whole file with "needs
                // --workspace or --workspaces", which had been given).
                let task_rows: Vec<GoldSpan> =
                    rows.iter().filter(|g| g.task == task).cloned().collect();
                let syntax = match files.root(task) {
                    Some(dir) => crate::syntax::load_syntax(Some(&dir), &task_rows),
                    None => Default::default(),
                };
                match gold_unit_ids(&lines, &file_units(&syntax)) {
                    Some(ids) => ids.into_iter().collect(),
                    None => {
                        out.unjudged.push(task.to_string());
                        continue;
                    }
                }
            }
        };
        for id in ids {
            if id.chars().any(char::is_whitespace) || task.chars().any(char::is_whitespace) {
                return Err(QrelsError::Whitespace {
                    task: task.to_string(),
                    id,
                });
            }
            out.text.push_str(&qrels_line(task, &id));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
