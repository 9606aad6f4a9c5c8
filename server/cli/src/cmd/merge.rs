//! `readcov merge`: combines `--emit-partial` files from sharded `score`, `explore` or `sheet`
//! runs into the aggregate of one unsharded run (the partial's `kind` says which).

use crate::cmd::{explore, sheet};
use crate::exit::Exit;
use crate::render::{ratio, Format};
use crate::shard::{read_partial, Shard};
use anyhow::{bail, Result};
use clap::Args;
use readcov_core::Partial;
use serde_json::json;
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Partial files written by `readcov score|explore|sheet --emit-partial`, all of one kind.
    /// Prints what the unsharded command prints as its aggregate: score totals, the explore
    /// per-explorer summary, or the sheet's denominators and pass^k per condition.
    #[arg(required = true)]
    pub partials: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

pub fn run(args: MergeArgs) -> Result<Exit> {
    let mut merged: Option<Partial> = None;
    let mut shards = BTreeSet::new();
    for path in &args.partials {
        let p = read_partial(path)?;
        if !shards.insert(p.shard.clone()) {
            bail!(
                "{}: shard {} given twice; merging it again would count its tasks twice",
                path.display(),
                p.shard
            );
        }
        match &mut merged {
            None => merged = Some(p.partial),
            Some(m) => {
                if let Err(e) = m.merge(&p.partial) {
                    bail!("{}: {e}", path.display());
                }
            }
        }
    }
    check_shards(&shards)?;
    let json = matches!(args.format, Format::Json | Format::Jsonl);
    let Some(merged) = merged else {
        bail!("no partial files given");
    };
    let text = match merged {
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
    };
    print!("{text}");
    Ok(Exit::Ok)
}

/// Shards of different counts (or `all` beside a shard) overlap, so their sum would count tasks
/// twice: an error. A set that does not cover `0..N` is only a warning: merging while a job is
/// still running is legitimate, but the user should know the totals are partial.
fn check_shards(shards: &BTreeSet<String>) -> Result<()> {
    if shards.len() > 1 && shards.contains("all") {
        bail!("an unsharded (`all`) partial overlaps every shard; merge it alone");
    }
    let parsed: Vec<Shard> = shards.iter().filter_map(|s| Shard::parse(s).ok()).collect();
    let counts: BTreeSet<u32> = parsed.iter().map(|s| s.count).collect();
    if counts.len() > 1 {
        bail!("shards of different counts {counts:?} overlap; merge shards of one I/N split");
    }
    if let Some(n) = counts.first().copied() {
        let missing: Vec<u32> = (0..n)
            .filter(|i| !parsed.iter().any(|s| s.index == *i))
            .collect();
        if !missing.is_empty() {
            eprintln!("warning: shards do not form a complete 0..{n} set (missing {missing:?}); totals are partial");
        }
    }
    Ok(())
}
