//! `readcov diagnose`: where each run failed — search, read, edit, change, tests — and the
//! verdict, per run and summarised per agent or model. Load every input (`load.rs`), make one
//! library call (`readcov_gold::diagnose::diagnose`, the stages of `readcov_core::stages` on the
//! scoring walk), hand the rows to one sink (`render.rs`).

pub(crate) mod args;
pub(crate) mod load;
mod render;

use crate::exit::Exit;
use crate::render::Format;
use crate::shard::write_partial;
use anyhow::Result;
use clap::Args;
use readcov_core::Partial;
use readcov_files::diagnose as files;
use std::path::PathBuf;

pub use render::summary_table;

#[derive(Args, Debug)]
pub struct DiagnoseArgs {
    /// Gold: gold JSONL, a unified diff or SWE-bench rows (`instance_id`, `patch`), as `score`
    /// takes it. The gold change is the patch's (a gold JSONL written by `readcov gold`: its
    /// `origin: edit` rows, with no text after the fix).
    #[arg(long, value_name = "FILE")]
    pub gold: PathBuf,
    // Reads, workspaces, threshold, sources, labels, `--patches`, `--test-report`: as `report`
    // and `explain` take them.
    #[command(flatten)]
    pub inputs: args::RunInputArgs,
    /// What the summary groups runs by: `run` (an agent or model), `task`, `repo` (the task id
    /// before its last `-`: `psf__requests`), `source` (where the change came from).
    #[arg(long, default_value = "run", value_parser = group_by_parser())]
    pub group_by: files::GroupBy,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// The summary only, in every format (csv: a group per row).
    #[arg(long)]
    pub summary: bool,
    /// No legend under the table. Only the table has one: with another --format it changes
    /// nothing (accepted, so scripts may always pass it).
    #[arg(long)]
    pub no_legend: bool,
    /// Diagnose only shard I of N (0-based; tasks split by a stable hash of their id).
    #[arg(long, value_name = "I/N", value_parser = crate::shard::Shard::parse)]
    pub shard: Option<crate::shard::Shard>,
    /// Also write the mergeable summary (for `readcov merge`) to FILE.
    #[arg(long, value_name = "FILE")]
    pub emit_partial: Option<PathBuf>,
    /// Tasks diagnosed at once (default: the available cores); the output is the same.
    #[arg(
        long,
        short = 'j',
        value_name = "N",
        default_value_t = 0,
        hide_default_value = true
    )]
    pub jobs: usize,
}

/// `--group-by`: the library's groupings by their labels (`readcov_files::diagnose::GroupBy`,
/// which Python takes by name too), so the list is written once.
fn group_by_parser() -> impl clap::builder::TypedValueParser<Value = files::GroupBy> {
    use clap::builder::TypedValueParser;
    let names = files::GroupBy::ALL.map(files::GroupBy::label);
    clap::builder::PossibleValuesParser::new(names)
        .map(|s| files::GroupBy::parse(&s).expect("a label clap checked"))
}

pub fn run(args: DiagnoseArgs) -> Result<Exit> {
    let inputs = load::load(&args)?;
    let threads = readcov_core::par::threads_for(args.jobs, usize::MAX);
    let (runs, partial) = inputs.diagnose(threads, args.group_by);
    inputs.match_notes(&runs).iter().for_each(|n| say!("{n}"));
    let summary = partial.finish();
    let text = render::render(args.format, &runs, &summary, args.summary, !args.no_legend);
    crate::output::print(&text)?;
    if let Some(path) = &args.emit_partial {
        write_partial(path, args.shard, Partial::Diagnose { diagnose: partial })?;
    }
    Ok(Exit::Ok)
}
