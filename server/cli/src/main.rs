//! The `readcov` binary: parses the command line and dispatches to one module per subcommand.
//!
//! Every subcommand returns an [`Exit`]: 0 ok, 1 findings below threshold (only with
//! `--fail-under`), 2 usage or input errors that left nothing valid to work on.

/// `eprintln!` for every one-line message on stderr (notes, warnings, errors): they quote task,
/// run and path names and values from the inputs, so the line is escaped and cut
/// (`readcov_core::shown::shown`: a line break or escape code in a name cannot forge a line or
/// drive the terminal, and a 500 MB path is not echoed whole). Defined before the modules so
/// they all see it.
macro_rules! say {
    ($($arg:tt)*) => {
        eprintln!("{}", readcov_core::shown::shown(&format!($($arg)*)))
    };
}

mod args;
mod cmd;
mod exit;
mod inputs;
mod output;
mod render;
mod shard;

use clap::{Parser, Subcommand};
use exit::Exit;
use readcov_parquet::ParquetLimits;

#[derive(Parser)]
#[command(
    name = "readcov",
    version,
    about = "Did the agent actually read the lines the fix needed?",
    long_about = "readcov measures line coverage of agent reads against gold lines (the lines a fix \
                  must read or change), beside file hit, with a configurable threshold (default 50%).\n\n\
                  Start with `readcov demo`."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Rows one Parquet input may hold (a file declaring more is refused unread; docs/reliability.md).
    #[arg(long, global = true, value_name = "N", default_value_t = ParquetLimits::default().max_rows)]
    max_parquet_rows: u64,
    /// Bytes one Parquet input may decode to: its pages uncompressed, and its rows as JSON lines.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = ParquetLimits::default().max_bytes)]
    max_parquet_bytes: u64,
}

#[derive(Subcommand)]
enum Command {
    /// A short tour on an embedded example: file hit vs line coverage, and what widening does.
    Demo(cmd::demo::DemoArgs),
    /// Score reads against gold: one row per (task, run).
    Score(cmd::score::ScoreArgs),
    /// SWE-Explore metrics: benchmark rows + explorer outputs, reference-compatible and clean.
    Explore(cmd::explore::ExploreArgs),
    /// ContextBench metrics: gold rows + agent predictions, reference-compatible and clean.
    Contextbench(cmd::contextbench::ContextBenchArgs),
    /// Code localizers in Loc-Bench/LocAgent's conventions: Acc@k, Recall@k, NDCG@k at file,
    /// module and function level (docs/retrievers.md).
    Locbench(cmd::locbench::LocbenchArgs),
    /// Merge `--emit-partial` files from sharded runs into the totals of one unsharded run.
    Merge(cmd::merge::MergeArgs),
    /// List the syntactic units (functions, classes, ...) of source files as JSONL.
    Units(cmd::units::UnitsArgs),
    /// Import agent logs (every --format, detected from content), retriever chunks or TREC runs as
    /// reads JSONL.
    Import(cmd::import::ImportArgs),
    /// Gold JSONL from a unified diff or SWE-bench rows (edit, unit and test gold), resolved runs'
    /// consensus or BEIR-style qrels.
    Gold(cmd::gold::GoldArgs),
    /// Multi-turn evaluation sheet: validity, evidence axes, strict success, per-turn coverage, pass^k.
    Sheet(cmd::sheet::SheetArgs),
    /// The language server over stdio: gold coverage in the editor (see docs/lsp.md).
    Lsp(cmd::lsp::LspArgs),
    /// Where each run failed: search, read, edit, change and tests stages, a verdict per run,
    /// a summary per agent or model (docs/diagnose.md).
    Diagnose(cmd::diagnose::DiagnoseArgs),
    /// Explain one run of one task: every gold file, what was missed, where the agent looked instead.
    Explain(cmd::explain::ExplainArgs),
    /// Write a self-contained HTML report, an LCOV tracefile and/or a SARIF log.
    Report(cmd::report::ReportArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    ParquetLimits::set_for_process(ParquetLimits {
        max_rows: cli.max_parquet_rows,
        max_bytes: cli.max_parquet_bytes,
    });
    let result = match cli.command {
        Command::Demo(args) => cmd::demo::run(args),
        Command::Score(args) => cmd::score::run(args),
        Command::Explore(args) => cmd::explore::run(args),
        Command::Contextbench(args) => cmd::contextbench::run(args),
        Command::Locbench(args) => cmd::locbench::run(args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Units(args) => cmd::units::run(args),
        Command::Import(args) => cmd::import::run(args),
        Command::Gold(args) => cmd::gold::run(args),
        Command::Sheet(args) => cmd::sheet::run(args),
        Command::Lsp(args) => cmd::lsp::run(args),
        Command::Report(args) => cmd::report::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Diagnose(args) => cmd::diagnose::run(args),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(e) if output::is_closed_pipe(&e) => Exit::Ok.into(),
        Err(e) => {
            render::print_error(&format!("{e:#}"));
            Exit::Input.into()
        }
    }
}
