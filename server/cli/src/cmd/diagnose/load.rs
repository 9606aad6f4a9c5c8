//! Everything `readcov diagnose` reads, loaded by the one input layer
//! (`readcov_files::diagnose::load`, which Python's `readcov.diagnose` calls too): this edge turns
//! the flags into its request and says the notes and located errors on stderr; a file of the
//! wrong kind is refused (exit 2). `report` and `explain` load gold and reads themselves and hand
//! them to `readcov_files::diagnose::with_loaded`.

use super::DiagnoseArgs;
use crate::args::RunFileArg;
use crate::inputs::{no_valid_gold, report_errors};
use anyhow::Result;
use readcov_files::diagnose::{self as files, DiagnoseLoadError, Request, Source};

pub use readcov_files::diagnose::Inputs;

/// Loads every input, saying the notes and located errors on stderr.
pub fn load(args: &DiagnoseArgs) -> Result<Inputs> {
    let a = &args.inputs;
    let gold = Source::Path(args.gold.clone());
    let reads = Source::Path(a.reads.clone());
    let beside = a.beside_sources();
    let outcomes: Vec<_> = a.outcomes.iter().map(RunFileArg::source).collect();
    let req = Request {
        gold: &gold,
        reads: &reads,
        patches: &beside.patches,
        test_reports: &beside.test_reports,
        outcomes: &outcomes,
        workspace: a.workspace.as_deref(),
        workspaces: a.workspaces.as_deref(),
        shard: args.shard,
        opts: a.options(false),
    };
    let inputs = match files::load(&req) {
        Ok(i) => i,
        Err(DiagnoseLoadError::NoGold { notes, errors, .. }) => {
            notes.iter().for_each(|n| say!("{n}"));
            report_errors(&errors);
            return Err(no_valid_gold(&args.gold));
        }
        Err(DiagnoseLoadError::NoReads { nothing, errors }) => {
            report_errors(&errors);
            return Err(nothing.into());
        }
        Err(e) => return Err(e.into()),
    };
    let notes = (inputs.gold_notes.iter())
        .chain(&inputs.reads_notes)
        .chain(&inputs.other_notes);
    notes.for_each(|n| say!("{n}"));
    report_errors(&inputs.gold_errors);
    report_errors(&inputs.reads_errors);
    report_errors(&inputs.other_errors);
    Ok(inputs)
}
