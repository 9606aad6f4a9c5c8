//! `readcov gold … --format qrels --level file|unit|span|line`: the gold just built written as
//! TREC qrels by `readcov_files::qrels` (docs/retrievers.md); here only `--level` and the
//! warning for tasks left out of unit qrels.

use anyhow::Result;
use readcov_core::GoldSpan;
use readcov_files::gold_files::Workspaces;
use readcov_files::qrels::QrelsLevel as Level;

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
    let level = match level {
        QrelsLevel::File => Level::File,
        QrelsLevel::Unit => Level::Unit,
        QrelsLevel::Span => Level::Span,
        QrelsLevel::Line => Level::Line,
    };
    let out = readcov_files::qrels::qrels(rows, level, files)?;
    if let Some(warning) = out.warning() {
        say!("{warning}");
    }
    Ok(out.text)
}
