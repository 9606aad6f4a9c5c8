//! `readcov gold`: gold JSONL from a unified diff (`--from-diff`) or SWE-bench rows
//! (`--from-swebench`, with `instance_id` and `patch`): the base-side lines a patch deletes or changes.

use crate::exit::Exit;
use crate::inputs::{read_input, report_errors};
use anyhow::{Context, Result};
use clap::Args;
use readcov_import::{gold_from_diff, gold_from_swebench, DiffOptions};
use std::io::Write;
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
    /// Output gold JSONL (default: stdout).
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
    match &args.output {
        Some(p) => {
            std::fs::write(p, text).with_context(|| format!("{}: cannot write", p.display()))?
        }
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .context("cannot write to stdout")?,
    }
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
    Ok(if g.spans.is_empty() {
        Exit::Input
    } else {
        Exit::Ok
    })
}
