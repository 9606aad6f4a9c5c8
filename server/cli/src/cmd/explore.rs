//! `readcov explore`: SWE-Explore benchmark rows + explorer outputs → the full SWE-Explore metric
//! suite per (explorer, instance), with per-explorer means, the 50% wall and readcov's clean
//! numbers beside the reference evaluator's (see docs/metrics.md).

pub mod render;

use crate::exit::Exit;
use crate::inputs::{check_kind, read_input, report_errors};
use crate::render::Format;
use anyhow::{bail, Result};
use clap::Args;
use readcov_core::explore::{
    parse_bench, parse_lengths, score_explore_shard, ExploreOptions, InstanceLengths, PredRow,
    DEFAULT_TOP_K,
};
use readcov_core::Parsed;
use readcov_files::explore_inputs::{
    explore_preds, explore_workspace_lengths, explorer_idle, explorer_idle_error, is_text_form,
    pred_root_warning,
};
use readcov_files::input::Role;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ExploreArgs {
    /// SWE-Explore benchmark rows (JSONL): instance_id + ground_truth per line.
    #[arg(long, value_name = "FILE")]
    pub bench: PathBuf,
    /// Explorer outputs (JSONL {instance_id, explorer, regions}); repeat for several files. A file
    /// that is not JSONL is read as CLI-agent text (`path:10-20` or `path` per line) for --instance.
    #[arg(long, value_name = "FILE", required = true)]
    pub preds: Vec<PathBuf>,
    /// Explorer name for rows (or text files) that give none; default: the file's stem. Refused
    /// when no row takes it (every row names its own explorer and no --preds file is text-form).
    #[arg(long, value_name = "NAME")]
    pub explorer: Option<String>,
    /// The instance a text-form --preds file answers (refused when every --preds file is JSONL).
    #[arg(long, value_name = "ID")]
    pub instance: Option<String>,
    /// Keep only the first K regions of each prediction (`all`: no cut).
    #[arg(long, value_name = "K|all", default_value = "5", value_parser = parse_top_k)]
    pub top_k: TopK,
    /// Repository checkouts for file lengths: DIR/<instance_id>/<path> when that folder exists,
    /// else DIR/<path>.
    #[arg(long, value_name = "DIR", conflicts_with = "file_lengths")]
    pub workspace: Option<PathBuf>,
    /// Absolute paths in predictions under this root (say /testbed) are made relative to it;
    /// absolute paths outside it are reported as errors. With no absolute prediction path it
    /// changes nothing: a warning says so.
    #[arg(long, value_name = "DIR")]
    pub pred_root: Option<String>,
    /// File lengths as JSON {instance_id: {path: n_lines}}.
    #[arg(long, value_name = "FILE")]
    pub file_lengths: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Score only shard I of N (0-based): the benchmark instances whose id hashes to I mod N.
    /// Every shard reads the whole inputs; summaries then cover this shard's instances only.
    #[arg(long, value_name = "I/N", value_parser = crate::shard::Shard::parse)]
    pub shard: Option<crate::shard::Shard>,
    /// Also write a mergeable aggregate (per-explorer counts and exact sums) to FILE, for
    /// `readcov merge`.
    #[arg(long, value_name = "FILE")]
    pub emit_partial: Option<PathBuf>,
}

/// `--top-k`: a count, or no cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TopK(pub Option<usize>);

fn parse_top_k(s: &str) -> Result<TopK, String> {
    if s == "all" {
        return Ok(TopK(None));
    }
    match s.parse::<usize>() {
        Ok(0) | Err(_) => Err(format!(
            "`{s}` is not a positive count or `all` (default {DEFAULT_TOP_K})"
        )),
        Ok(k) => Ok(TopK(Some(k))),
    }
}

pub fn run(args: ExploreArgs) -> Result<Exit> {
    check_kind(&args.bench, Role::ExploreBench)?;
    let preds = args.preds.iter().map(|p| Some(p.as_path()));
    let inputs: Vec<Option<&Path>> = preds
        .chain([Some(args.bench.as_path()), args.file_lengths.as_deref()])
        .collect();
    crate::shard::check_partial_path(args.emit_partial.as_deref(), &inputs)?;
    let bench_bytes = read_input(&args.bench)?;
    let bench = parse_bench(&bench_bytes, &args.bench.display().to_string());
    let mut errors = report_errors(&bench.errors);
    if bench.items.is_empty() {
        say!(
            "error: {}: no valid benchmark rows, nothing to score",
            args.bench.display()
        );
        return Ok(Exit::Input);
    }
    let (mut preds, mut any_text, mut rooted) = (Vec::<PredRow>::new(), false, 0);
    for file in &args.preds {
        let (p, text, acted) = load_preds(file, &args)?;
        errors += report_errors(&p.errors);
        preds.extend(p.items);
        any_text |= text;
        rooted += acted;
    }
    // `--instance` names what a text-form file answers; beside JSONL alone it did nothing.
    if args.instance.is_some() && !any_text {
        bail!(
            "--instance goes with a text-form --preds file only: JSONL rows name their own instance"
        );
    }
    if preds.is_empty() {
        say!("error: no valid prediction rows, nothing to score");
        return Ok(Exit::Input);
    }
    // A fallback name no row took named nothing, and the results carry the rows' own names.
    if let Some(name) = args
        .explorer
        .as_deref()
        .filter(|n| explorer_idle(n, &preds))
    {
        bail!("{}", explorer_idle_error("--explorer", name));
    }
    // A root with no absolute path to act on: said, not refused (one root for every agent's
    // predictions is a legitimate pipeline, and the scores are right without it).
    if let Some(w) =
        (args.pred_root.as_deref()).and_then(|r| pred_root_warning("--pred-root", r, rooted))
    {
        say!("{w}");
    }
    // Checkouts give both counts from one read of each file: readcov's (the clean numbers) and
    // the reference runner's (`runner`, the compatibility numbers).
    let (lengths, runner) = match (&args.file_lengths, &args.workspace) {
        (Some(f), _) => {
            let (l, e) = parse_lengths(&read_input(f)?, &f.display().to_string());
            errors += report_errors(&e);
            (l, None)
        }
        (None, Some(ws)) => {
            let counted = explore_workspace_lengths(ws, &bench.items, &preds)?;
            for w in counted.warnings {
                say!("warning: {w}");
            }
            (counted.lengths, Some(counted.runner))
        }
        (None, None) => (InstanceLengths::new(), None),
    };
    let opts = ExploreOptions {
        top_k: args.top_k.0,
        runner_lengths: runner,
    };
    let report = score_explore_shard(&bench.items, &preds, &lengths, &opts, args.shard);
    if let Some(path) = &args.emit_partial {
        let partial = readcov_core::Partial::Explore {
            explore: report.partial.clone(),
        };
        crate::shard::write_partial(path, args.shard, partial)?;
    }
    for u in &report.unused {
        say!(
            "warning: {}:{} ({} / {}) not scored: {}",
            u.file,
            u.line,
            u.explorer,
            u.instance_id,
            u.reason
        );
    }
    for s in report.summaries.iter().filter(|s| s.missing > 0) {
        say!(
            "warning: explorer `{}` has no prediction for {} of {} instance(s); they score as empty predictions",
            s.explorer, s.missing, s.instances
        );
    }
    crate::output::print(&render::render(&report, args.format, args.top_k.0))?;
    if errors > 0 {
        say!(
            "{errors} input error(s) skipped; scored {} benchmark row(s) and {} prediction row(s) that were valid",
            bench.items.len(),
            preds.len()
        );
    }
    Ok(Exit::Ok)
}

/// One --preds file's rows (JSONL, or CLI-agent text for `--instance`:
/// `readcov_files::explore_inputs`), whether it was text-form, and how many of its paths
/// --pred-root acted on.
fn load_preds(file: &Path, args: &ExploreArgs) -> Result<(Parsed<PredRow>, bool, usize)> {
    check_kind(file, Role::ExplorePreds)?;
    let bytes = read_input(file)?;
    let name = file.display().to_string();
    let stem = file.file_stem().map_or_else(
        || "default".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let explorer = args.explorer.clone().unwrap_or(stem);
    let root = args.pred_root.as_deref();
    let text = is_text_form(&bytes);
    match explore_preds(&bytes, &name, &explorer, root, args.instance.as_deref()) {
        Ok((parsed, rooted)) => Ok((parsed, text, rooted)),
        Err(_) => bail!(
            "{name}: not JSONL, so read as text regions — give the instance it answers with --instance ID"
        ),
    }
}
