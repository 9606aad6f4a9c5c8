//! `readcov gold`: gold JSONL by one of the definitions in `readcov-gold` — the edit lines of a
//! patch (`--from-diff`, `--from-swebench`), widened to units (`--expand units`), the test tier
//! (`--tests`), or the consensus of successful runs (`--from-runs --outcomes`). Load → build →
//! write; what was left out is counted on stderr.

mod beir;
mod options;
mod qrels;

use crate::exit::Exit;
use crate::inputs::{
    canonical_dir, check_kind, load_outcomes, load_reads, read_input, report_errors, BaseFiles,
};
use crate::output::write_output;
use anyhow::{Context, Result};
use clap::Args;
use readcov_core::outcomes::Outcomes;
use readcov_files::gold_files::Workspaces;
use readcov_files::input::Role;
use readcov_gold::{
    consensus, parse_patch_rows, swe_explore_row, Agree, Built, ConsensusOptions, EmptyInput,
    ExpandOptions, GoldDef, GoldInput, Notes, PatchRow, RunsInput,
};
use readcov_import::DiffOptions;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Expand {
    /// The changed lines and insertion anchors only.
    Edit,
    /// Widened to the enclosing function/method (or small class, or ±window).
    Units,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GoldFormat {
    Jsonl,
    /// SWE-Explore benchmark rows (consensus gold only), readable by `readcov explore --bench`.
    SweExplore,
    /// TREC qrels (`qid 0 docid 1`) at `--level` (docs/retrievers.md).
    Qrels,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["from_diff", "from_swebench", "from_runs", "from_beir"])))]
pub struct GoldArgs {
    /// A unified diff (git or plain).
    #[arg(long, value_name = "PATCH")]
    pub from_diff: Option<PathBuf>,
    /// SWE-bench style JSONL: `instance_id`, `patch` (and `test_patch`, `FAIL_TO_PASS` for --tests;
    /// with those, `patch` may be left out).
    #[arg(long, value_name = "INSTANCES")]
    pub from_swebench: Option<PathBuf>,
    /// Reads JSONL of several runs per task: consensus gold from the resolved runs' agent reads.
    #[arg(long, value_name = "READS", requires = "outcomes")]
    pub from_runs: Option<PathBuf>,
    /// BEIR-style relevance judgments: a dataset folder (`qrels/<split>.tsv`, `corpus.jsonl`,
    /// `queries.jsonl`) or a qrels file; judged-relevant corpus documents (score > 0) are gold.
    #[arg(long, value_name = "DIR|QRELS")]
    pub from_beir: Option<PathBuf>,
    /// --from-beir: the corpus (`corpus.jsonl` or its folder) mapping corpus ids to spans
    /// (default: the dataset folder's).
    #[arg(long, value_name = "CORPUS")]
    pub corpus: Option<PathBuf>,
    /// --from-beir: the qrels split of a dataset folder (`qrels/<split>.tsv`; default: test).
    /// Refused beside a qrels file (it is its own split).
    #[arg(long, value_name = "SPLIT")]
    pub split: Option<String>,
    /// --from-runs: outcome labels, `task` (or `instance_id`), `run`, `resolved`; or a
    /// SWE-bench harness report (one label per task). `RUN=FILE` makes a file's labels that
    /// run's (one harness report per model); repeat for several files.
    #[arg(long, value_name = "[RUN=]LABELS", value_parser = crate::args::RunFileArg::parse)]
    pub outcomes: Vec<crate::args::RunFileArg>,
    /// --from-diff: the task id (default: `default`).
    #[arg(long)]
    pub task: Option<String>,
    /// --from-diff, --from-swebench: base lines taken on each side of a pure insertion (default: 1).
    #[arg(long, value_name = "N")]
    pub anchor: Option<u32>,
    /// Leave out test files (tests/, test_*.py, *_test.go, *Test.java, …).
    #[arg(long)]
    pub exclude_tests: bool,
    /// Repository at the base commit (for --expand units and --tests).
    #[arg(long, value_name = "DIR", conflicts_with = "workspaces")]
    pub workspace: Option<PathBuf>,
    /// One workspace per task: DIR/<task>/.
    #[arg(long, value_name = "DIR")]
    pub workspaces: Option<PathBuf>,
    /// `units`: widen each edit line to its enclosing unit (needs a workspace).
    #[arg(long, value_enum, default_value_t = Expand::Edit)]
    pub expand: Expand,
    /// --expand units, --tests: a class is taken whole only up to this many lines (default: 200).
    #[arg(long, value_name = "LINES")]
    pub max_unit: Option<u32>,
    /// --expand units, --tests: lines on each side of an edit line no function or small class
    /// encloses (default: 10).
    #[arg(long, value_name = "N")]
    pub window: Option<u32>,
    /// The test tier: test functions the `test_patch` touches and `FAIL_TO_PASS` names (origin `test`).
    #[arg(long)]
    pub tests: bool,
    /// --from-runs: `all` (SWE-Explore's G_core, the intersection; default) or K (read by at
    /// least K runs).
    #[arg(long, value_parser = Agree::parse)]
    pub agree: Option<Agree>,
    /// --from-runs: a task needs at least this many resolved runs (default: 2).
    #[arg(long, value_name = "N")]
    pub min_runs: Option<u32>,
    /// --from-runs, consensus JSONL: also write each run's own lines minus core (`tier: optional`, `run`).
    #[arg(long)]
    pub optional: bool,
    #[arg(long, value_enum, default_value_t = GoldFormat::Jsonl)]
    pub format: GoldFormat,
    /// `--format qrels`: the documents — files (default), units (`path:Qualified.name`), spans
    /// (`path:start-end`) or lines (`path:N`).
    #[arg(long, value_enum)]
    pub level: Option<qrels::QrelsLevel>,
    /// Output file (default, or `-`: stdout).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl GoldArgs {
    /// `--level`, or files.
    fn level(&self) -> qrels::QrelsLevel {
        self.level.unwrap_or(qrels::QrelsLevel::File)
    }
}

pub fn run(args: GoldArgs) -> Result<Exit> {
    options::check(&args)?;
    if let Some(out) = &args.output {
        let inputs = [&args.from_diff, &args.from_swebench, &args.from_runs];
        let mut inputs: Vec<&Path> = inputs.iter().filter_map(|p| p.as_deref()).collect();
        inputs.extend(args.outcomes.iter().map(|o| o.path.as_path()));
        crate::output::check(&[("-o", out)], &inputs, false)?;
    }
    let (text, built) = match &args.from_runs {
        Some(reads) => from_runs(&args, reads)?,
        None if args.from_beir.is_some() => beir::from_beir(&args)?,
        None => {
            anyhow::ensure!(
                args.format != GoldFormat::SweExplore,
                "--format swe-explore needs --from-runs (consensus gold)"
            );
            let (built, files) = from_patches(&args)?;
            let text = if args.format == GoldFormat::Qrels {
                let spans: Vec<_> = built.rows.iter().map(|r| r.span()).collect();
                qrels::qrels(&spans, args.level(), &files)?
            } else {
                // Rows of a file the workspace has record its base (the pre-image).
                readcov_files::base::gold_jsonl_with_base(&built.rows, &files)?
            };
            (text, built)
        }
    };
    report_errors(&built.errors);
    // Nothing built is a failure (exit 2) that writes nothing: no empty output file is left
    // behind, and an existing one is left as it was.
    if !built.rows.is_empty() {
        write_output(args.output.as_deref(), text.as_bytes())?;
    }
    let tasks: std::collections::BTreeSet<&str> =
        built.rows.iter().map(|s| s.task.as_str()).collect();
    say!(
        "gold: {} span(s) over {} task(s)",
        built.rows.len(),
        tasks.len()
    );
    report_notes(&built.notes);
    let kind = match (&args.from_runs, &args.from_diff, args.tests) {
        _ if args.from_beir.is_some() => EmptyInput::Qrels,
        (Some(_), _, _) => EmptyInput::Runs,
        (None, _, true) => EmptyInput::Tests,
        (None, Some(_), false) => EmptyInput::Diff,
        (None, None, false) => EmptyInput::Rows,
    };
    if let Some(why) = built.why_empty(kind) {
        let input = [&args.from_diff, &args.from_swebench, &args.from_runs]
            .into_iter()
            .find_map(|p| p.as_ref())
            .or(args.from_beir.as_ref());
        say!(
            "error: {}: {why}",
            input.map_or(String::new(), |p| p.display().to_string())
        );
    }
    Ok(if built.rows.is_empty() {
        Exit::Input
    } else {
        Exit::Ok
    })
}

fn from_patches(args: &GoldArgs) -> Result<(Built, Workspaces)> {
    let mut errors = Vec::new();
    match (&args.from_diff, &args.from_swebench) {
        (Some(p), _) => check_kind(p, Role::Patch)?,
        (None, Some(p)) => check_kind(p, Role::Instances)?,
        (None, None) => {}
    }
    let rows = match (&args.from_diff, &args.from_swebench) {
        (Some(p), _) => vec![PatchRow {
            task: args
                .task
                .clone()
                .unwrap_or_else(|| readcov_core::span::DEFAULT_ID.to_string()),
            patch: String::from_utf8_lossy(&read_input(p)?).into_owned(),
            file: p.display().to_string(),
            ..PatchRow::default()
        }],
        (None, Some(p)) => {
            let parsed = parse_patch_rows(&read_input(p)?, &p.display().to_string());
            errors = parsed.errors;
            parsed.items
        }
        (None, None) => anyhow::bail!("give --from-diff, --from-swebench or --from-runs"),
    };
    let expand = ExpandOptions {
        max_unit: args.max_unit.unwrap_or(200),
        window: args.window.unwrap_or(10),
    };
    let def = match (args.tests, args.expand) {
        (true, _) => GoldDef::Test(expand),
        (false, Expand::Units) => GoldDef::Unit(expand),
        (false, Expand::Edit) => GoldDef::Edit,
    };
    let files = Workspaces {
        one: args.workspace.as_deref().map(canonical_dir).transpose()?,
        per_task: args.workspaces.as_deref().map(canonical_dir).transpose()?,
    };
    let diff = DiffOptions {
        anchor: args.anchor.unwrap_or(1),
        exclude_tests: args.exclude_tests,
    };
    let mut built = def.build(GoldInput::Patches(&rows), &files, &diff)?;
    errors.append(&mut built.errors);
    built.errors = errors;
    Ok((built, files))
}

fn from_runs(args: &GoldArgs, reads: &std::path::Path) -> Result<(String, Built)> {
    // A trajectory is imported on the fly against the same base files `score` would use, so its
    // edits are replayed onto base lines (consensus gold is mostly edits).
    let base = BaseFiles::of(args.workspace.as_deref(), args.workspaces.as_deref());
    let parsed = load_reads(reads, None, base)?;
    let labelled = load_outcomes(&args.outcomes)?.context("--from-runs needs --outcomes")?;
    let input = RunsInput {
        reads: parsed.items,
        outcomes: labelled.items.into_iter().collect::<Outcomes>(),
    };
    let opts = ConsensusOptions {
        agree: args.agree.unwrap_or(Agree::All),
        min_runs: args.min_runs.unwrap_or(2),
    };
    let c = consensus(&input, &opts);
    let mut built = c.built_with(args.optional);
    built.errors = parsed.errors;
    built.errors.extend(labelled.errors);
    let text = match args.format {
        GoldFormat::Jsonl => jsonl(&built)?,
        GoldFormat::Qrels => {
            let spans: Vec<_> = built.rows.iter().map(|r| r.span()).collect();
            let files = Workspaces {
                one: args.workspace.as_deref().map(canonical_dir).transpose()?,
                per_task: args.workspaces.as_deref().map(canonical_dir).transpose()?,
            };
            qrels::qrels(&spans, args.level(), &files)?
        }
        GoldFormat::SweExplore => {
            let mut t = String::new();
            for task in &c.tasks {
                t.push_str(&serde_json::to_string(&swe_explore_row(task))?);
                t.push('\n');
            }
            t
        }
    };
    Ok((text, built))
}

fn jsonl(built: &Built) -> Result<String> {
    let mut text = String::new();
    for s in &built.rows {
        text.push_str(&serde_json::to_string(s)?);
        text.push('\n');
    }
    Ok(text)
}

/// Every note, then a count per kind: nothing left out goes unsaid.
fn report_notes(notes: &Notes) {
    for n in &notes.0 {
        let subject = if n.subject.is_empty() {
            String::new()
        } else {
            format!("{}: ", n.subject)
        };
        say!("  {}: {subject}{}", n.task, n.message);
    }
    for (kind, n) in notes.counts() {
        say!("  {n} × {}", kind.label());
    }
}
