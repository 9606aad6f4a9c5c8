//! `readcov merge`: combines `--emit-partial` files from sharded `score`, `explore`, `sheet` or `diagnose`
//! runs into the aggregate of one unsharded run (the partial's `kind` says which).

use crate::cmd::{diagnose, explore, sheet};
use crate::exit::Exit;
use crate::render::ratio;
use crate::shard::read_partial;
use anyhow::Result;
use clap::Args;
use readcov_core::Partial;
use serde_json::json;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Partial files written by `readcov score|explore|sheet|diagnose --emit-partial`, all of one
    /// kind. Prints what the unsharded command prints as its aggregate: score totals, the explore
    /// per-explorer summary, the sheet's denominators and pass^k per condition, or the diagnose
    /// summary.
    #[arg(required = true)]
    pub partials: Vec<PathBuf>,
    /// The aggregate as the unsharded command prints it, or as one JSON document.
    #[arg(long, value_enum, default_value_t = MergeFormat::Table)]
    pub format: MergeFormat,
}

/// An aggregate is one document: `merge` offers the table and JSON only (it took `jsonl` and
/// `csv` and silently printed JSON and the table for them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MergeFormat {
    Table,
    Json,
}

pub fn run(args: MergeArgs) -> Result<Exit> {
    let mut files = Vec::new();
    for path in &args.partials {
        files.push(read_partial(path)?);
    }
    let merged = readcov_core::merge_partials(files).map_err(|(at, e)| match at {
        Some(i) => anyhow::anyhow!("{}: {e}", args.partials[i].display()),
        None => anyhow::anyhow!("{e}"),
    })?;
    if let Some(w) = &merged.warning {
        say!("warning: {w}");
    }
    let shards = merged.shards;
    let json = args.format == MergeFormat::Json;
    let text = match merged.partial {
        Partial::Score { threshold, score } => {
            let t = score.finish();
            if json {
                json!({ "shards": shards, "threshold": threshold, "totals": t }).to_string() + "\n"
            } else {
                format!(
                    "merged {} shard(s): {} row(s) · {} scored · {} unscored · {}/{} passing · mean file_hit {} · mean line_coverage {} · covered {}/{} gold lines\n",
                    shards.len(),
                    t.rows,
                    t.scored,
                    t.unscored,
                    t.passing,
                    t.scored,
                    ratio(t.mean_file_hit),
                    ratio(t.mean_line_coverage),
                    t.covered_lines,
                    t.gold_lines
                )
            }
        }
        Partial::Explore { explore: e } => {
            let summaries = e.summaries();
            if json {
                let doc = json!({ "shards": shards, "top_k": e.top_k, "explorers": summaries,
                                  "unused_prediction_rows": e.unused });
                serde_json::to_string_pretty(&doc)? + "\n"
            } else {
                format!("merged {} shard(s)\n\n", shards.len())
                    + &explore::render::table(&summaries, e.unused as usize, e.top_k)
            }
        }
        Partial::Sheet { sheet: s } => {
            let (conditions, common) = s.conditions();
            if json {
                let doc = json!({ "shards": shards, "threshold": s.threshold,
                                  "regeneration_limit": s.regeneration_limit,
                                  "overall": s.overall, "conditions": conditions,
                                  "common": common });
                serde_json::to_string_pretty(&doc)? + "\n"
            } else {
                format!("merged {} shard(s)\n", shards.len())
                    + &sheet::aggregate_text::aggregate(&s.overall, &conditions, &common)
            }
        }
        Partial::Diagnose { diagnose: d } => {
            let summary = d.finish();
            if json {
                let doc = json!({ "shards": shards, "threshold": d.threshold,
                                  "group_by": d.group_by, "summary": summary });
                serde_json::to_string_pretty(&doc)? + "\n"
            } else {
                format!(
                    "merged {} shard(s), grouped by {}\n\n",
                    shards.len(),
                    d.group_by
                ) + &diagnose::summary_table(&summary)
            }
        }
    };
    crate::output::print(&text)?;
    Ok(Exit::Ok)
}
