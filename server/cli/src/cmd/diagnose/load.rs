//! Everything `readcov diagnose` reads, loaded by the one input layer
//! (`readcov_files::diagnose::load`, which Python's `readcov.diagnose` calls too): this edge turns
//! the flags into its request and says the notes and located errors on stderr; a file of the
//! wrong kind is refused (exit 2).

use super::DiagnoseArgs;
use crate::inputs::{no_valid_gold, report_errors};
use anyhow::Result;
use readcov_files::diagnose::{self as files, DiagnoseLoadError, Request, Source};
use std::path::PathBuf;

pub use readcov_files::diagnose::Inputs;

/// `--test-report [RUN=]FILE`.
#[derive(Clone, Debug)]
pub struct ReportArg {
    pub run: Option<String>,
    pub path: PathBuf,
}

impl ReportArg {
    pub fn parse(s: &str) -> Result<ReportArg, String> {
        let g = crate::cmd::score::GoldArg::parse(s)?;
        Ok(ReportArg {
            run: g.name,
            path: g.path,
        })
    }
}

/// `say`: print the notes and located errors of the gold and reads (`explain` loads and reports
/// them itself, then this for the stages of one run).
pub fn load(args: &DiagnoseArgs, say: bool) -> Result<Inputs> {
    let gold = Source::Path(args.gold.clone());
    let reads = Source::Path(args.reads.clone());
    let patches: Vec<Source> = args.patches.iter().cloned().map(Source::Path).collect();
    let reports: Vec<(Option<String>, Source)> = (args.test_report.iter())
        .map(|r| (r.run.clone(), Source::Path(r.path.clone())))
        .collect();
    let outcomes = args.outcomes.clone().map(Source::Path);
    let req = Request {
        gold: &gold,
        reads: &reads,
        patches: &patches,
        test_reports: &reports,
        outcomes: outcomes.as_ref(),
        workspace: args.workspace.as_deref(),
        workspaces: args.workspaces.as_deref(),
        shard: args.shard,
        opts: crate::cmd::score::score_options(args.threshold, &args.sources, false),
    };
    let inputs = match files::load(&req) {
        Ok(i) => i,
        Err(DiagnoseLoadError::NoGold { notes, errors, .. }) if say => {
            notes.iter().for_each(|n| say!("{n}"));
            report_errors(&errors);
            return Err(no_valid_gold(&args.gold));
        }
        Err(e) => return Err(e.into()),
    };
    if say {
        let notes = inputs.gold_notes.iter().chain(&inputs.reads_notes);
        notes.for_each(|n| say!("{n}"));
        report_errors(&inputs.gold_errors);
        report_errors(&inputs.reads_errors);
    }
    report_errors(&inputs.other_errors);
    Ok(inputs)
}
