//! `score --at-k … --trec-run LEVEL`: each (task, run)'s ranked chunks written as a TREC run of
//! documents at one level, by the library ([`readcov_files::trec_run`], which Python's
//! `at_k(..., trec_run=)` calls too); the runs it could not judge said on stderr.

use anyhow::Result;
use readcov_core::{GoldSpan, ReadSpan, ScoreOptions};
use readcov_files::scored::Sources;
use readcov_files::trec_run::{unjudged_warning, write_run as write};
use readcov_units::Level;
use std::io::Write;

pub(super) fn write_run(
    out: &mut impl Write,
    sources: Sources,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    opts: &ScoreOptions,
    level: Level,
) -> Result<()> {
    let unjudged = write(out, sources, gold, reads, opts, level)?;
    if let Some(warning) = unjudged_warning(level, &unjudged) {
        say!("{warning}");
    }
    Ok(())
}
