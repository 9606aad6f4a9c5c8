//! `readcov gold`: gold JSONL from a unified diff (`--from-diff`) or SWE-bench rows
//! (`--from-swebench`, with `instance_id` and `patch`): the base-side lines a patch deletes or changes.

use crate::exit::Exit;
use crate::inputs::{read_input, report_errors};
use crate::output::write_output;
use anyhow::Result;
use clap::Args;
use readcov_import::{gold_from_diff, gold_from_swebench, DiffOptions, GoldFromDiff};
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["from_diff", "from_swebench"])))]
pub struct GoldArgs {
    /// A unified diff (git or plain).
    #[arg(long, value_name = "PATCH")]
    pub from_diff: Option<PathBuf>,
    /// SWE-bench style JSONL: one row per instance with `instance_id` and `patch`.
    #[arg(long, value_name = "INSTANCES")]
    pub from_swebench: Option<PathBuf>,
    /// Task id for `--from-diff` (default: `default`).
    #[arg(long)]
    pub task: Option<String>,
    /// Base lines taken on each side of a pure insertion.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub anchor: u32,
    /// Leave out test files (tests/, test_*.py, *_test.go, *Test.java, …).
    #[arg(long)]
    pub exclude_tests: bool,
    /// Output gold JSONL (default, or `-`: stdout).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: GoldArgs) -> Result<Exit> {
    let opts = DiffOptions {
        anchor: args.anchor,
        exclude_tests: args.exclude_tests,
    };
    let g = match (&args.from_diff, &args.from_swebench) {
        (Some(p), _) => {
            let bytes = read_input(p)?;
            let task = args
                .task
                .clone()
                .unwrap_or_else(|| readcov_core::span::DEFAULT_ID.to_string());
            gold_from_diff(
                &String::from_utf8_lossy(&bytes),
                &task,
                &opts,
                &p.display().to_string(),
            )
        }
        (None, Some(p)) => gold_from_swebench(&read_input(p)?, &p.display().to_string(), &opts),
        (None, None) => anyhow::bail!("give --from-diff or --from-swebench"),
    };
    report_errors(&g.errors);
    let mut text = String::new();
    for s in &g.spans {
        text.push_str(&serde_json::to_string(s)?);
        text.push('\n');
    }
    write_output(args.output.as_deref(), text.as_bytes())?;
    let tasks: std::collections::BTreeSet<&str> = g.spans.iter().map(|s| s.task.as_str()).collect();
    eprintln!(
        "gold: {} span(s) over {} task(s)",
        g.spans.len(),
        tasks.len()
    );
    for (task, path) in &g.new_files {
        eprintln!("  {task}: {path} is a new file (no base lines, unscored)");
    }
    for (task, path) in &g.excluded {
        eprintln!("  {task}: {path} excluded as a test file");
    }
    if let Some(why) = why_no_spans(&g, args.from_diff.is_some()) {
        let input = args.from_diff.as_ref().or(args.from_swebench.as_ref());
        eprintln!(
            "error: {}: {why}",
            input.map_or(String::new(), |p| p.display().to_string())
        );
    }
    Ok(if g.spans.is_empty() {
        Exit::Input
    } else {
        Exit::Ok
    })
}

/// Why a patch gave no gold span, when nothing printed so far says so: no hunk at all (not a
/// diff), or only new or excluded files. `None` when there are spans or the errors explain it.
fn why_no_spans(g: &GoldFromDiff, diff: bool) -> Option<&'static str> {
    if !g.spans.is_empty() || !g.errors.is_empty() {
        return None;
    }
    Some(
        match (g.new_files.is_empty() && g.excluded.is_empty(), diff) {
            (true, true) => {
                "no diff hunks found, so no gold lines: is it a unified diff \
             (`--- a/PATH` and `+++ b/PATH` headers, then `@@ -l,n +l,n @@` hunks)?"
            }
            (true, false) => {
                "no diff hunks found in any row, so no gold lines: expected one JSON object per \
             line with `instance_id` and `patch` (a unified diff)"
            }
            (false, _) => "no base lines to score: every changed file is new or excluded",
        },
    )
}
