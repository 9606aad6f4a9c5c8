//! `readcov score`: reads against gold, one row per (task, run), with totals.

mod at_k;
mod base_check;
pub mod before_edit;
mod below;
mod lean;
pub mod legend;
mod one_set;
mod render;
mod rows;
pub mod sets;
mod sets_render;
pub use sets::{gold_set_buckets, GoldArg};

use crate::exit::Exit;
use crate::inputs::{load_gold, load_reads, report_errors, workspace_root};
use crate::render::Format;
use crate::shard::write_partial;
use anyhow::Result;
use below::Below;
use clap::Args;
use readcov_core::{NamedRuns, ScoreOptions, ScorePartial, Source};
use render::render;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
#[command(after_help = legend::help())]
pub struct ScoreArgs {
    /// Gold JSONL: {"task","path","start","end"} per line (see docs/formats.md); a unified diff
    /// or SWE-bench rows (`instance_id`, `patch`) are turned into gold on the fly. Repeat as
    /// `--gold NAME=FILE` to score every run under several gold sets side by side (docs/gold.md).
    #[arg(long, value_name = "[NAME=]FILE", required = true, value_parser = sets::GoldArg::parse)]
    pub gold: Vec<sets::GoldArg>,
    /// Outcome labels (`task`, `run`, `resolved`): a labelled run that read nothing is a row
    /// with coverage 0 (it ran; docs/formats.md); with several gold sets, resolve rate by
    /// coverage bucket per set; needed by --consensus.
    #[arg(long, value_name = "LABELS")]
    pub outcomes: Option<PathBuf>,
    /// Add a gold set: the consensus of the resolved runs in --reads, each run scored against
    /// the consensus of the *other* resolved runs of its task (leave-one-out).
    #[arg(long, requires = "outcomes")]
    pub consensus: bool,
    /// --consensus: `all` (the intersection) or K (lines at least K resolved runs read).
    #[arg(long, default_value = "all", value_parser = readcov_gold::Agree::parse)]
    pub agree: readcov_gold::Agree,
    /// --consensus: a task needs this many resolved runs (after leaving one out).
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub min_runs: u32,
    /// --consensus: the gold a failed run faces. `matched` (default): each consensus of the
    /// resolved runs less one (the n − 1 runs a resolved run's gold has), scores averaged;
    /// `full`: the consensus of all resolved runs.
    #[arg(long, default_value = "matched", value_parser = readcov_gold::Others::parse,
          value_name = "matched|full")]
    pub loo_failed: readcov_gold::Others,
    /// Reads JSONL: {"path","start","end"} plus optional task, run, turn, step, tool, source, command;
    /// an agent trajectory (OpenHands, mini-swe-agent, SWE-agent, Claude Code) is imported on the fly.
    #[arg(long, value_name = "FILE")]
    pub reads: PathBuf,
    /// Line coverage at or above this passes.
    #[arg(long, default_value_t = readcov_core::metrics::DEFAULT_THRESHOLD, value_parser = parse_rate)]
    pub threshold: f64,
    /// Repository root: absolute paths are made relative to it, and spans are clipped to file lengths.
    #[arg(long, value_name = "DIR", conflicts_with = "workspaces")]
    pub workspace: Option<PathBuf>,
    /// One workspace per task, DIR/<task>/ (as `import` and `explore` accept, e.g. the real
    /// data's sources/): what --workspace does, each task in its own folder.
    #[arg(long, value_name = "DIR")]
    pub workspaces: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Exit 1 when a scored row's line coverage is below RATE (default: the threshold); the rows
    /// below it are listed on stderr.
    #[arg(long, value_name = "RATE", num_args = 0..=1, default_missing_value = "-1", value_parser = parse_rate_or_default)]
    pub fail_under: Option<f64>,
    /// Which read sources count (comma-separated: agent, human, manual, retriever).
    #[arg(long, value_delimiter = ',', default_value = "agent,human,retriever")]
    pub sources: Vec<SourceArg>,
    /// In the table, also list each gold file and span with its unread lines.
    #[arg(long)]
    pub detail: bool,
    /// No legend under the table (what each column means; see below).
    #[arg(long)]
    pub no_legend: bool,
    /// Summary figures only: json and jsonl rows without the per-file and per-span breakdown
    /// (`files`, `spans`), which is then not computed. csv and the table never carry it.
    #[arg(long, conflicts_with = "detail")]
    pub summary: bool,
    /// Score only shard I of N (0-based; tasks split by a stable hash of their id).
    #[arg(long, value_name = "I/N", value_parser = crate::shard::Shard::parse)]
    pub shard: Option<crate::shard::Shard>,
    /// Print phase timings (parse, score, render) on stderr.
    #[arg(long)]
    pub timings: bool,
    /// Also write a mergeable aggregate (for `readcov merge`) to FILE.
    #[arg(long, value_name = "FILE")]
    pub emit_partial: Option<PathBuf>,
    /// With --workspace: the ±N lines what-if (unit figures need the sources to parse).
    #[arg(long, value_name = "N", default_value_t = readcov_units::DEFAULT_WIDEN)]
    pub widen: u32,
    /// Retrieval at k (e.g. `1,3,5,10`): score only each task's top-k ranked chunks (reads with
    /// `rank ≤ k`, ties all kept), for each k, with the ±N / enclosing-unit widening what-if
    /// (docs/retrievers.md).
    #[arg(long, value_name = "K,...", value_parser = at_k::Ks::parse,
          conflicts_with_all = ["shard", "emit_partial", "fail_under", "summary", "consensus"])]
    pub at_k: Option<at_k::Ks>,
    /// With --at-k: instead of scores, write the ranked chunks as a TREC run at this level
    /// (documents: files, `path:Qualified.name` units, or `path:N` lines; rank = best chunk
    /// rank, ties in reading order, distinct scores) for any TREC tool to score against
    /// `readcov gold --format qrels --level` (docs/retrievers.md).
    #[arg(long, value_enum, value_name = "LEVEL", requires = "at_k")]
    pub trec_run: Option<at_k::LevelArg>,
    /// Never take the lean path (for comparing the two; the output is the same).
    #[arg(long, hide = true)]
    pub general_path: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SourceArg {
    Agent,
    Human,
    Manual,
    Retriever,
}

impl From<SourceArg> for Source {
    fn from(s: SourceArg) -> Source {
        match s {
            SourceArg::Agent => Source::Agent,
            SourceArg::Human => Source::Human,
            SourceArg::Manual => Source::Manual,
            SourceArg::Retriever => Source::Retriever,
        }
    }
}

/// Scoring options from the shared `--threshold` and `--sources` arguments; `breakdown` for
/// output that shows each gold file and span.
pub fn score_options(threshold: f64, sources: &[SourceArg], breakdown: bool) -> ScoreOptions {
    ScoreOptions {
        threshold,
        sources: sources.iter().map(|&s| s.into()).collect(),
        breakdown,
    }
}

impl ScoreArgs {
    /// The gold file when one is given (several go to `sets`).
    pub fn gold_path(&self) -> &std::path::Path {
        &self.gold[0].path
    }

    /// Whether the output shows each gold file and span: json and jsonl rows unless
    /// `--summary`, the table with `--detail`; csv never. Otherwise it is not computed.
    pub fn breakdown(&self) -> bool {
        match self.format {
            Format::Json | Format::Jsonl => !self.summary,
            Format::Table => self.detail,
            Format::Csv => false,
        }
    }
}

/// A rate in 0..=1.
pub fn parse_rate(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is not between 0 and 1"))
    }
}

fn parse_rate_or_default(s: &str) -> Result<f64, String> {
    if s == "-1" {
        Ok(-1.0)
    } else {
        parse_rate(s)
    }
}

pub fn run(args: ScoreArgs) -> Result<Exit> {
    let golds = args.gold.iter().map(|g| Some(g.path.as_path()));
    let inputs: Vec<Option<&Path>> = golds
        .chain([Some(args.reads.as_path()), args.outcomes.as_deref()])
        .collect();
    crate::shard::check_partial_path(args.emit_partial.as_deref(), &inputs)?;
    if let Some(ks) = &args.at_k {
        if args.gold.len() > 1 || args.consensus {
            anyhow::bail!(
                "--at-k takes one gold set (no --gold NAME=FILE repeats, no --consensus)"
            );
        }
        return at_k::run(&args, &ks.0);
    }
    // Several gold sets (or the leave-one-out consensus): the same reads scored once per set.
    if args.gold.len() > 1 || args.consensus {
        return sets::run(&args);
    }
    // A consensus gold file scored as given may be circular: said from its rows' origins.
    if let Some(note) = sets::file_circular_note(args.gold_path()) {
        say!("note: {note}");
    }
    // Without a workspace nothing needs whole rows unless the log has edits (read-before-edit)
    // or is a trajectory to import: the lean path scores the same rows in a fraction of the
    // memory, or hands back.
    let no_workspace = args.workspace.is_none() && args.workspaces.is_none();
    if no_workspace && !args.general_path {
        if let Some(exit) = lean::run(&args)? {
            return Ok(exit);
        }
    }
    let started = std::time::Instant::now();
    let ws = workspace_root(args.workspace.as_deref())?;
    if let Some(dir) = &args.workspaces {
        crate::inputs::canonical_dir(dir)?;
    }
    let mut gold = load_gold(args.gold_path(), ws.as_deref())?;
    // A workspace file that is not the gold's base is said (its lines may have moved).
    base_check::warn_differing(
        args.gold_path(),
        ws.as_deref().map(std::path::Path::new),
        args.workspaces.as_deref(),
    );
    // A trajectory given as --reads is imported (saying so), then scored like any reads.
    let mut reads = load_reads(&args.reads, ws.as_deref(), workspaces_of(&args))?;
    let mut errors = report_errors(&gold.errors) + report_errors(&reads.errors);
    let (named, e) = named_runs(&args)?;
    errors += e;
    if let Some(shard) = args.shard {
        gold.items.retain(|g| shard.keeps(&g.task));
        reads.items.retain(|r| shard.keeps(&r.task));
    }
    if reads.items.is_empty() {
        warn_no_reads(&args);
    }
    let opts = score_options(args.threshold, &args.sources, args.breakdown());
    let parsed = started.elapsed();
    let one_set::Scored {
        rows,
        units,
        rbe,
        scoring: scored,
        unit_time: units_time,
    } = one_set::score_set(&args, &gold.items, &reads.items, &named, &opts);
    let mut partial = ScorePartial::default();
    rows.iter().for_each(|r| partial.add(&r.score));
    let total = partial.finish();
    write_partial_of(&args, partial)?;
    {
        // Streamed through one buffer: building the whole output first doubled peak memory on
        // large corpora (80 MB of JSONL for 50,880 rows). A closed pipe (`| head`) is no error.
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        let written = render(&mut out, &rows, units.as_deref(), &rbe, &total, &args)
            .and_then(|()| out.flush());
        ignore_broken_pipe(written)?;
    }
    if args.timings {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        say!(
            "timings: parse {:.1} ms, score {:.1} ms, units {:.1} ms, render {:.1} ms ({} rows)",
            ms(parsed),
            ms(scored),
            ms(units_time),
            ms(started
                .elapsed()
                .saturating_sub(parsed + scored + units_time)),
            rows.len()
        );
    }
    report_skipped(errors, gold.items.len(), reads.items.len());
    let mut below = Below::default();
    rows.iter().for_each(|r| below.note(&args, r));
    below.report(&args);
    // `readcov score` ends the process next: freeing 500k+ parsed rows one allocation at a time
    // was ~10% of its CPU on large corpora (profiled), for memory the exit returns anyway.
    std::mem::forget((gold, reads, rows));
    Ok(exit_for(below.any()))
}

/// The runs `--outcomes` labels one by one (`run` given), within the shard: each is a row even
/// when it read nothing (coverage 0, `readcov_core::named`), and the labels' located errors.
fn named_runs(args: &ScoreArgs) -> Result<(NamedRuns, usize)> {
    let Some(path) = &args.outcomes else {
        return Ok((NamedRuns::default(), 0));
    };
    let parsed = crate::inputs::load_outcomes(path)?;
    let errors = report_errors(&parsed.errors);
    let labels: readcov_core::outcomes::Outcomes = parsed.items.into_iter().collect();
    let mut named = NamedRuns::of_outcomes(&labels);
    if let Some(shard) = args.shard {
        named.retain_tasks(|t| shard.keeps(t));
    }
    Ok((named, errors))
}

/// Where an imported trajectory's base files come from.
fn workspaces_of(args: &ScoreArgs) -> crate::inputs::BaseFiles<'_> {
    crate::inputs::BaseFiles::of(args.workspace.as_deref(), args.workspaces.as_deref())
}

fn warn_no_reads(args: &ScoreArgs) {
    say!(
        "warning: {}: no reads in this shard; its gold tasks have no run, not scored",
        args.reads.display()
    );
}

/// `--emit-partial`: the mergeable aggregate of this run (or shard).
fn write_partial_of(args: &ScoreArgs, partial: ScorePartial) -> Result<()> {
    if let Some(path) = &args.emit_partial {
        let partial = readcov_core::Partial::Score {
            threshold: args.threshold,
            score: partial,
        };
        write_partial(path, args.shard, partial)?;
    }
    Ok(())
}

/// A closed pipe (`readcov score | head`) is no error; any other write error is.
fn ignore_broken_pipe(written: std::io::Result<()>) -> Result<()> {
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn report_skipped(errors: usize, gold: usize, reads: usize) {
    if errors > 0 {
        say!(
            "{errors} input error(s) skipped; scored {gold} gold span(s) and {reads} read(s) that were valid"
        );
    }
}

fn exit_for(below: bool) -> Exit {
    if below {
        Exit::BelowThreshold
    } else {
        Exit::Ok
    }
}
