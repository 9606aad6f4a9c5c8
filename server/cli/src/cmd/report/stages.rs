//! The report's diagnosis: `readcov diagnose`'s library call (through
//! `readcov_files::report::diagnosis`) on the gold, reads and labels the report loaded, handed to
//! `readcov_files::diagnose::with_loaded` (only `--patches` and `--test-report` are read here):
//! its rows grouped by run label, each run's change and its task's gold patch kept for the
//! drill-down.

use super::ReportArgs;
use crate::inputs::report_errors;
use anyhow::Result;
use readcov_files::diagnose::{with_loaded, Loaded};
use readcov_report::Diagnosis;

/// The diagnosis of every run the report scores (under its first gold set), over the inputs it
/// loaded (their notes and errors were said then).
pub fn of_report(a: &ReportArgs, loaded: Loaded) -> Result<Diagnosis> {
    let sources = a.inputs.beside_sources();
    let inputs = with_loaded(loaded, &a.inputs.beside(&sources))?;
    report_errors(&inputs.other_errors);
    let threads = readcov_core::par::threads_for(0, usize::MAX);
    let threshold = a.inputs.threshold;
    let (diagnosis, notes) = readcov_files::report::diagnosis(&inputs, threads, threshold);
    notes.iter().for_each(|n| say!("{n}"));
    Ok(diagnosis)
}
