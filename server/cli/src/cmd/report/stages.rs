//! The report's diagnosis: `readcov diagnose` on the report's inputs (the same loading,
//! `diagnose::load`, and the same library call through `readcov_files::report::diagnosis`), its
//! rows grouped by run label, each run's change and its task's gold patch kept for the drill-down.

use super::ReportArgs;
use crate::cmd::diagnose::{self, DiagnoseArgs};
use crate::render::Format;
use anyhow::Result;
use readcov_report::Diagnosis;

/// The diagnosis of every run the report scores (under its first gold set).
pub fn of_report(a: &ReportArgs) -> Result<Diagnosis> {
    let args = DiagnoseArgs {
        gold: a.gold[0].path.clone(),
        reads: a.reads.clone(),
        patches: a.patches.clone(),
        test_report: a.test_report.clone(),
        outcomes: a.outcomes.clone(),
        workspace: a.workspace.clone(),
        workspaces: a.workspaces.clone(),
        threshold: a.threshold,
        sources: a.sources.clone(),
        group_by: diagnose::GroupBy::Run,
        format: Format::Table,
        summary: false,
        no_legend: true,
        shard: None,
        emit_partial: None,
        jobs: 0,
    };
    // The gold's and the reads' notes and errors were said when the report loaded them.
    let inputs = diagnose::load::load(&args, false)?;
    let threads = readcov_core::par::threads_for(0, usize::MAX);
    let (diagnosis, notes) = readcov_files::report::diagnosis(&inputs, threads, a.threshold);
    notes.iter().for_each(|n| say!("{n}"));
    Ok(diagnosis)
}
