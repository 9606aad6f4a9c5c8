//! `readcov explain`: one run of one task — every gold file, what was missed and where the agent
//! looked instead (load → `readcov_core::explain::explain` → text or JSON).

mod render;
mod stages;

use crate::cmd::diagnose::args::RunInputArgs;
use crate::cmd::score::score_options;
use crate::cmd::score::sets::GoldArg;
use crate::exit::Exit;
use crate::inputs::{
    load_gold, load_gold_and_change, load_outcomes, load_reads_and_changes, report_errors,
    workspace_lengths, workspace_root, BaseFiles,
};
use crate::output::print;
use anyhow::Result;
use clap::Args;
use readcov_core::explain::{explain, ExplainRequest};
use readcov_files::explain::{lost_edit_notes, more_runs, task_workspace};
use readcov_files::syntax::unit_map;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Gold JSONL, a unified diff or SWE-bench rows (converted as `readcov gold` does). Repeat
    /// as `--gold NAME=FILE` to explain the run under several gold sets, one after the other.
    #[arg(long, value_name = "[NAME=]FILE", required = true, value_parser = GoldArg::parse)]
    pub gold: Vec<GoldArg>,
    // Reads, workspaces, threshold, sources, labels, `--patches` and `--test-report` (for the
    // stages): as `diagnose` and `report` take them.
    #[command(flatten)]
    pub inputs: RunInputArgs,
    /// The task to explain.
    #[arg(long, value_name = "ID")]
    pub task: String,
    /// The run to explain (default: the task's only run).
    #[arg(long, value_name = "ID")]
    pub run: Option<String>,
    /// Another run of the task to set beside it: gold spans one read and the other did not.
    #[arg(long, value_name = "ID")]
    pub against: Option<String>,
    /// Leave the stages out (search, read, edit, change, tests and their verdict; `null` in JSON).
    /// --patches and --test-report are the stages' inputs: refused beside it.
    // They were accepted and never read (session 30); `report --no-stages` refused them already.
    #[arg(long, conflicts_with_all = ["patches", "test_report"])]
    pub no_stages: bool,
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
    // A trajectory given as --reads is imported first (saying so), as `score` does; the edits
    // that import could not place on base lines are said, not dropped.
    let ws_kind = BaseFiles::of(
        args.inputs.workspace.as_deref(),
        args.inputs.workspaces.as_deref(),
    );
    let (reads, lost, changes) =
        load_reads_and_changes(&args.inputs.reads, root.as_deref(), ws_kind)?;
    let mut errors = report_errors(&reads.errors);
    let labels = match load_outcomes(&args.inputs.outcomes)? {
        Some(parsed) => {
            errors += report_errors(&parsed.errors);
            Some(
                parsed
                    .items
                    .into_iter()
                    .collect::<readcov_core::outcomes::Outcomes>(),
            )
        }
        None => None,
    };
    let opts = score_options(args.inputs.threshold, &args.inputs.sources, true);
    // A run the import saw only through edits it could not place has no row: named here, it is
    // explained (no reads, its lost edits listed) rather than unknown.
    // So is a run the labels name that read nothing (`readcov_core::named`): coverage 0.
    let more_runs = more_runs(&lost, labels.as_ref(), &args.task);
    let req = ExplainRequest {
        task: &args.task,
        run: args.run.as_deref(),
        against: args.against.as_deref(),
        more_runs: &more_runs,
    };
    // One explanation per gold set (`--gold NAME=FILE` repeated), each by the same engine.
    let mut out = Vec::with_capacity(args.gold.len());
    for set in &args.gold {
        // Read once: the stages take this gold (and the change behind it) too.
        let (gold, gold_change) = match args.no_stages {
            true => (load_gold(&set.path, root.as_deref())?, None),
            false => {
                let (gold, change) = load_gold_and_change(&set.path, root.as_deref())?;
                (gold, Some(change))
            }
        };
        errors += report_errors(&gold.errors);
        // Only this task's files are measured and parsed.
        let task_gold: Vec<_> = (gold.items.iter())
            .filter(|g| g.task == args.task)
            .cloned()
            .collect();
        let paths = (task_gold.iter().map(|g| g.path.as_str())).chain(
            (reads.items.iter())
                .filter(|r| r.task == args.task)
                .map(|r| r.path.as_str()),
        );
        let lengths = workspace_lengths(ws.as_deref(), paths);
        let units = (ws.as_deref())
            .map(|w| unit_map(w, &task_gold))
            .unwrap_or_default();
        let mut e = match explain(&gold.items, &reads.items, &lengths, &opts, &units, &req) {
            Ok(e) => e,
            Err(err) => {
                match args.gold.len() {
                    1 => say!("error: {err}"),
                    _ => say!("error: gold set {}: {err}", set_name(set)),
                }
                return Ok(Exit::Input);
            }
        };
        if let Some(l) = &labels {
            e.outcome = (l.get(&e.task, &e.run))
                .map(|r| if r { "resolved" } else { "unresolved" }.to_string());
        }
        e.lost_edits = lost_edit_notes(&lost, &e.task, &e.run);
        if let Some(gold_change) = gold_change {
            let loaded = stages::task_inputs(&e.task, task_gold, gold_change, &reads, &changes);
            e.stages = stages::of_run(&args, loaded, &e.task, &e.run)?;
        }
        out.push((set_name(set), e));
    }
    let next = render::Next::from_args(&args, ws.is_some());
    match (args.format, out.as_slice()) {
        (ExplainFormat::Json, [(_, e)]) => print(&(serde_json::to_string_pretty(e)? + "\n"))?,
        (ExplainFormat::Json, sets) => {
            // Several sets: an array, each explanation naming its set.
            let all: Vec<serde_json::Value> = (sets.iter())
                .map(|(name, e)| {
                    let mut v = serde_json::to_value(e).expect("an explanation serialises");
                    v["gold_set"] = name.clone().into();
                    v
                })
                .collect();
            print(&(serde_json::to_string_pretty(&all)? + "\n"))?;
        }
        (ExplainFormat::Text, [(_, e)]) => print(&render::text(e, &next))?,
        (ExplainFormat::Text, sets) => {
            for (i, (name, e)) in sets.iter().enumerate() {
                let sep = if i == 0 { "" } else { "\n" };
                print(&format!(
                    "{sep}== gold set {name} ==\n{}",
                    render::text(e, &next)
                ))?;
            }
        }
    }
    if errors > 0 {
        say!("{errors} input error(s) skipped; the explanation covers the lines that were valid");
    }
    Ok(Exit::Ok)
}

/// A gold set's label: its `NAME=`, else its file's stem.
fn set_name(set: &GoldArg) -> String {
    set.name.clone().unwrap_or_else(|| {
        (set.path.file_stem()).map_or_else(|| "gold".into(), |s| s.to_string_lossy().into_owned())
    })
}

/// `--workspace`, or the task's folder under `--workspaces` (a task without one: no workspace).
fn workspace_of(args: &ExplainArgs) -> Result<Option<PathBuf>> {
    if let Some(dir) = &args.inputs.workspaces {
        if !dir.is_dir() {
            anyhow::bail!("{}: --workspaces is not a directory", dir.display());
        }
        // The same confinement as `score --workspaces`: a folder that is a symlink out of DIR
        // (or `--task ../x`) is never read.
        let (one, note) = task_workspace(dir, &args.task);
        note.iter().for_each(|n| say!("{n}"));
        return Ok(one);
    }
    Ok(args.inputs.workspace.clone())
}
