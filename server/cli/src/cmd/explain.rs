//! `readcov explain`: one run of one task — every gold file, what was missed and where the agent
//! looked instead (load → `readcov_core::explain::explain` → text or JSON).

mod render;

use crate::cmd::score::{parse_rate, score_options, SourceArg};
use crate::cmd::score_units::load_syntax;
use crate::convert::{reads_of_trajectory, Workspaces};
use crate::exit::Exit;
use crate::inputs::{
    load_gold, load_reads, read_input, report_errors, workspace_lengths, workspace_root,
};
use anyhow::Result;
use clap::Args;
use readcov_core::explain::{explain, ExplainRequest, UnitMap, UnitRange};
use readcov_units::FileSyntax;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("ws").args(["workspace", "workspaces"])))]
pub struct ExplainArgs {
    /// Gold JSONL, a unified diff or SWE-bench rows (converted as `readcov gold` does).
    #[arg(long, value_name = "FILE")]
    pub gold: PathBuf,
    /// Reads JSONL (`kind: edit` rows included), or an agent trajectory (imported as
    /// `readcov import` does).
    #[arg(long, value_name = "FILE")]
    pub reads: PathBuf,
    /// The task to explain.
    #[arg(long, value_name = "ID")]
    pub task: String,
    /// The run to explain (default: the task's only run).
    #[arg(long, value_name = "ID")]
    pub run: Option<String>,
    /// Another run of the task to set beside it: gold spans one read and the other did not.
    #[arg(long, value_name = "ID")]
    pub against: Option<String>,
    /// Repository root: paths made relative, spans clipped to file lengths, and the unit
    /// (function, class, …) around each missed span named.
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// A directory with one workspace per task: DIR/<task>/ (the real data's sources/).
    #[arg(long, value_name = "DIR")]
    pub workspaces: Option<PathBuf>,
    /// Outcome labels JSONL ({"instance_id" or "task", "resolved", optional "run"}).
    #[arg(long, value_name = "FILE")]
    pub outcomes: Option<PathBuf>,
    /// Line coverage at or above this passes.
    #[arg(long, default_value_t = readcov_core::metrics::DEFAULT_THRESHOLD, value_parser = parse_rate)]
    pub threshold: f64,
    /// Which read sources count (comma-separated: agent, human, manual).
    #[arg(long, value_delimiter = ',', default_value = "agent,human")]
    pub sources: Vec<SourceArg>,
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    pub format: ExplainFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExplainFormat {
    Text,
    Json,
}

pub fn run(args: ExplainArgs) -> Result<Exit> {
    let ws = workspace_of(&args)?;
    let root = workspace_root(ws.as_deref())?;
    let gold = load_gold(&args.gold, root.as_deref())?;
    // A trajectory given as --reads is imported first (saying so), as `score` does.
    let ws_kind = match (&args.workspace, &args.workspaces) {
        (Some(d), _) => Workspaces::One(d),
        (None, Some(d)) => Workspaces::PerTask(d),
        (None, None) => Workspaces::None,
    };
    let reads = match reads_of_trajectory(&args.reads, ws_kind)? {
        Some(r) => r,
        None => load_reads(&args.reads, root.as_deref())?,
    };
    let mut errors = report_errors(&gold.errors) + report_errors(&reads.errors);
    // Only this task's files are measured and parsed.
    let task_gold: Vec<_> = gold
        .items
        .iter()
        .filter(|g| g.task == args.task)
        .cloned()
        .collect();
    let paths = (task_gold.iter().map(|g| g.path.as_str())).chain(
        reads
            .items
            .iter()
            .filter(|r| r.task == args.task)
            .map(|r| r.path.as_str()),
    );
    let lengths = workspace_lengths(ws.as_deref(), paths);
    let units = ws
        .as_deref()
        .map(|w| units_of(w, &task_gold))
        .unwrap_or_default();
    let opts = score_options(args.threshold, &args.sources, true);
    let req = ExplainRequest {
        task: &args.task,
        run: args.run.as_deref(),
        against: args.against.as_deref(),
    };
    let mut e = match explain(&gold.items, &reads.items, &lengths, &opts, &units, &req) {
        Ok(e) => e,
        Err(err) => {
            eprintln!("error: {err}");
            return Ok(Exit::Input);
        }
    };
    if let Some(p) = &args.outcomes {
        let parsed = readcov_report::parse_outcomes(&read_input(p)?, &p.display().to_string());
        errors += report_errors(&parsed.errors);
        let labels: readcov_report::Outcomes = parsed.items.into_iter().collect();
        e.outcome = labels
            .get(&e.task, &e.run)
            .map(|r| if r { "resolved" } else { "unresolved" }.to_string());
    }
    match args.format {
        ExplainFormat::Json => println!("{}", serde_json::to_string_pretty(&e)?),
        ExplainFormat::Text => print!(
            "{}",
            render::text(&e, &render::Next::from_args(&args, ws.is_some()))
        ),
    }
    if errors > 0 {
        eprintln!(
            "{errors} input error(s) skipped; the explanation covers the lines that were valid"
        );
    }
    Ok(Exit::Ok)
}

/// `--workspace`, or the task's folder under `--workspaces` (a task without one: no workspace).
fn workspace_of(args: &ExplainArgs) -> Result<Option<PathBuf>> {
    if let Some(dir) = &args.workspaces {
        if !dir.is_dir() {
            anyhow::bail!("{}: --workspaces is not a directory", dir.display());
        }
        let one = dir.join(&args.task);
        if one.is_dir() {
            return Ok(Some(one));
        }
        eprintln!(
            "note: {}: no workspace for task {}; no units, no clipping",
            dir.display(),
            args.task
        );
        return Ok(None);
    }
    Ok(args.workspace.clone())
}

/// The task's gold files' units as plain line ranges (files without a grammar or source: none).
fn units_of(ws: &Path, gold: &[readcov_core::GoldSpan]) -> UnitMap {
    (load_syntax(ws, gold).into_iter())
        .filter_map(|(path, s)| match s {
            FileSyntax::Units { units, .. } => Some((
                path,
                (units.into_iter())
                    .map(|u| UnitRange {
                        kind: u.kind,
                        name: u.name,
                        start: u.start,
                        end: u.end,
                    })
                    .collect(),
            )),
            FileSyntax::Unsupported | FileSyntax::Unavailable(_) => None,
        })
        .collect()
}
