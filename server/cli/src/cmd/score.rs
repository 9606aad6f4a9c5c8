//! `readcov score`: reads against gold, one row per (task, run), with totals.

mod at_k;
mod base_check;
pub mod before_edit;
mod below;
pub mod legend;
mod load;
mod output;
mod render;
mod rows;
pub mod sets;
mod sets_render;
mod sink;
pub use sets::GoldArg;

use crate::exit::Exit;
use crate::render::Format;
use crate::shard::write_partial;
use anyhow::Result;
use below::Below;
use clap::Args;
// The arguments `score` shares with demo, report, sheet and diagnose live in `crate::args`.
use crate::args::parse_rate_or_default;
pub use crate::args::{parse_rate, score_options, SourceArg};
use readcov_core::ScorePartial;
use readcov_files::score_rows::{score_rows, ScoreReads};
use readcov_files::scored::Sources;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    /// coverage bucket per set; needed by --consensus. A SWE-bench harness report is one label
    /// per task; `RUN=FILE` makes a file's labels that run's; repeat for several files. With one
    /// gold set, labels naming no run of a gold task change nothing: a warning says so.
    #[arg(long, value_name = "[RUN=]LABELS", value_parser = crate::args::RunFileArg::parse)]
    pub outcomes: Vec<crate::args::RunFileArg>,
    /// Add a gold set: the consensus of the resolved runs in --reads, each run scored against
    /// the consensus of the *other* resolved runs of its task (leave-one-out).
    #[arg(long, requires = "outcomes")]
    pub consensus: bool,
    /// --consensus: `all` (the intersection) or K (lines at least K resolved runs read).
    #[arg(long, default_value = "all", value_parser = readcov_gold::Agree::parse,
          requires = "consensus")]
    pub agree: readcov_gold::Agree,
    /// --consensus: a task needs this many resolved runs (after leaving one out).
    #[arg(long, default_value_t = 2, value_name = "N", requires = "consensus")]
    pub min_runs: u32,
    /// --consensus: the gold a failed run faces. `matched` (default): each consensus of the
    /// resolved runs less one (the n − 1 runs a resolved run's gold has), scores averaged;
    /// `full`: the consensus of all resolved runs.
    #[arg(long, default_value = "matched", value_parser = readcov_gold::Others::parse,
          value_name = "matched|full", requires = "consensus")]
    pub loo_failed: readcov_gold::Others,
    /// Reads JSONL: {"path","start","end"} plus optional task, run, turn, step, tool, source, command;
    /// or an agent trajectory, imported on the fly as `readcov import` does (any format it detects).
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
    /// In the table, also list each gold file and span with its unread lines. Table only: json
    /// and jsonl rows carry them unless --summary, csv never (refused with another --format).
    #[arg(long)]
    pub detail: bool,
    /// No legend under the table (what each column means; see below). Only the table has one:
    /// with another --format it changes nothing (accepted, so scripts may always pass it).
    #[arg(long)]
    pub no_legend: bool,
    /// Summary figures only: json and jsonl rows without the per-file and per-span breakdown
    /// (`files`, `spans`), which is then not computed. csv and the table never carry it; several
    /// gold sets (or --consensus) neither: refused there.
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
    /// With --workspace, --workspaces or --at-k: the ±N lines what-if (unit figures need the
    /// sources to parse; default: 10). Without any of them there is no what-if, so it is refused.
    // An `Option` so a `--widen` given is told from the default (it was silently ignored).
    #[arg(long = "widen", value_name = "N")]
    pub widen_given: Option<u32>,
    /// Retrieval at k (e.g. `1,3,5,10`): score only each task's top-k ranked chunks (reads with
    /// `rank ≤ k`, ties all kept), for each k, with the ±N / enclosing-unit widening what-if
    /// (docs/retrievers.md). With --outcomes each labelled run of a gold task is a row at every
    /// k, retrieved or not (as in `score`). Takes no --timings (it times nothing: refused).
    // `--outcomes` and `--timings` were silently ignored here (session 30); `--outcomes` was
    // then refused until session 34, when the curves took the labelled runs.
    #[arg(long, value_name = "K,...", value_parser = at_k::Ks::parse,
          conflicts_with_all = ["shard", "emit_partial", "fail_under", "summary", "consensus",
                                "timings"])]
    pub at_k: Option<at_k::Ks>,
    /// With --at-k: instead of scores, write the ranked chunks as a TREC run at this level
    /// (documents: files, `path:Qualified.name` units, or `path:N` lines; rank = best chunk
    /// rank, ties in reading order, distinct scores) for any TREC tool to score against
    /// `readcov gold --format qrels --level` (docs/retrievers.md). Takes no --format, --detail,
    /// --widen, --threshold or --outcomes (the run has no verdict and no what-if, and a
    /// labelled run that retrieved nothing has no document to write: refused).
    // A TREC run is its own format: `--format`, `--detail`, `--widen` (the what-if it does
    // not compute) and `--threshold` (it has no verdict: IR measures score it) beside it are
    // refused (they were silently ignored). clap's conflicts count only values given, never the
    // defaults, so the threshold's shared default needs no `Option` here. `--agree`,
    // `--min-runs` and `--loo-failed` (--consensus's) passed here unread until session 38: clap
    // did not hold them to their `requires` beside this conflict.
    #[arg(long, value_enum, value_name = "LEVEL", requires = "at_k",
          conflicts_with_all = ["format", "detail", "widen_given", "threshold", "outcomes",
                                "agree", "min_runs", "loo_failed"])]
    pub trec_run: Option<at_k::LevelArg>,
    /// Never take the lean path (for comparing the two; the output is the same).
    #[arg(long, hide = true)]
    pub general_path: bool,
}

impl ScoreArgs {
    /// The gold file when one is given (several go to `sets`).
    pub fn gold_path(&self) -> &std::path::Path {
        &self.gold[0].path
    }

    /// `--widen N`, or the default ±10.
    pub fn widen(&self) -> u32 {
        self.widen_given.unwrap_or(readcov_units::DEFAULT_WIDEN)
    }
}

/// Options given where they do nothing, refused rather than silently ignored: `--detail` adds
/// to the table only, `--widen` sizes a what-if only computed with the sources (or at k).
fn check_options(args: &ScoreArgs) -> Result<()> {
    if args.detail && args.format != Format::Table {
        anyhow::bail!(
            "--detail goes with --format table only: json and jsonl rows carry each file and span \
             already (unless --summary), csv never"
        );
    }
    let sources = args.workspace.is_some() || args.workspaces.is_some();
    if args.widen_given.is_some() && !sources && args.at_k.is_none() {
        anyhow::bail!(
            "--widen goes with --workspace, --workspaces or --at-k: without the sources there \
             is no what-if to widen"
        );
    }
    Ok(())
}

/// `readcov score`, top to bottom: the arguments checked (other modes hand off: `--at-k`,
/// several gold sets), the inputs loaded through the input layer ([`load`]), one library call
/// ([`readcov_files::score_rows::score_rows`], which picks the engine), each row into one sink
/// ([`sink`]), then the totals, the partial, the timings and the verdict.
pub fn run(args: ScoreArgs) -> Result<Exit> {
    check_options(&args)?;
    let golds = args.gold.iter().map(|g| Some(g.path.as_path()));
    let labels = args.outcomes.iter().map(|o| Some(o.path.as_path()));
    let inputs: Vec<Option<&Path>> = golds
        .chain([Some(args.reads.as_path())])
        .chain(labels)
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
    // A dataset given as reads is imported here a batch of rows at a time, as `readcov import`
    // does, and its rows are let go batch after batch: the allocator keeps their memory for the
    // next (handing it back and faulting it in again cost 1.3 s of system time on 100k rows).
    readcov_files::memory::keep_freed_memory();
    let started = Instant::now();
    let output = output::Output::of(&args);
    let opts = score_options(args.threshold, &args.sources, output.breakdown());
    let load::Loaded {
        gold,
        mut reads,
        named,
        errors,
    } = load::load(&args, &opts)?;
    if reads.is_empty() {
        warn_no_reads(&args);
    }
    // jsonl and csv print each row's read-before-edit with it: a dataset's are not gathered
    // for the end (the table and json print them there), so memory stays flat.
    if let ScoreReads::Scored(d) = &mut reads {
        d.rbe_after = matches!(output.format, Format::Table | Format::Json);
    }
    let (gold_n, reads_n, lean) = (gold.items.len(), reads.len(), reads.is_lean());
    let parsed = started.elapsed();
    let sources = load::sources(&args);
    let mut sink = sink::Sink::new(output, !matches!(sources, Sources::None));
    let (mut partial, mut below) = (ScorePartial::default(), Below::default());
    // The sink's time is clocked apart (`--timings`), so the metric phase can be told from it.
    let mut rendering = Duration::ZERO;
    let done = score_rows(
        sources,
        &gold.items,
        &mut reads,
        &named,
        &opts,
        args.widen(),
        |row, unit, rbe| {
            let t = args.timings.then(Instant::now);
            partial.add(&row.score);
            below.note(&output, &row);
            sink.row(row, unit, rbe);
            rendering += t.map_or(Duration::ZERO, |t| t.elapsed());
        },
    );
    for note in &done.notes {
        say!("{note}");
    }
    if let Some(e) = done.error {
        return Err(e.into());
    }
    let total = partial.finish();
    write_partial_of(&args, partial)?;
    let streamed = rendering;
    let t = Instant::now();
    sink.finish(&total, &done.rbe)?;
    rendering += t.elapsed();
    if args.timings {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let rows = done.rows;
        match lean {
            // On the lean table rows are scored as they are rendered: the sink's share is
            // taken out of the scoring time.
            true => say!(
                "timings: parse {:.1} ms, score {:.1} ms, render {:.1} ms ({rows} rows, lean path)",
                ms(parsed),
                ms(done.scoring.saturating_sub(streamed)),
                ms(rendering),
            ),
            false => say!(
                "timings: parse {:.1} ms, score {:.1} ms, units {:.1} ms, render {:.1} ms ({rows} rows)",
                ms(parsed),
                ms(done.scoring),
                ms(done.unit_time),
                ms(rendering),
            ),
        }
    }
    report_skipped(errors, gold_n, reads_n);
    below.report(&output);
    // `readcov score` ends the process next: freeing 500k+ parsed rows one allocation at a time
    // was ~10% of its CPU on large corpora (profiled), for memory the exit returns anyway.
    std::mem::forget((gold, reads));
    Ok(exit_for(below.any()))
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
