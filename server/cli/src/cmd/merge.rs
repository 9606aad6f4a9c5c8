//! `readcov merge`: combines `--emit-partial` files from sharded runs into one set of totals.

use crate::exit::Exit;
use crate::render::{ratio, Format};
use crate::shard::read_partial;
use anyhow::{bail, Result};
use clap::Args;
use readcov_core::ScorePartial;
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Partial files written by `--emit-partial`.
    #[arg(required = true)]
    pub partials: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

pub fn run(args: MergeArgs) -> Result<Exit> {
    let mut merged = ScorePartial::default();
    let mut shards = BTreeSet::new();
    let mut first: Option<(String, f64)> = None;
    for path in &args.partials {
        let p = read_partial(path)?;
        match &first {
            None => first = Some((p.kind.clone(), p.threshold)),
            Some((kind, threshold)) => {
                if *kind != p.kind || *threshold != p.threshold {
                    bail!(
                        "{}: a `{}` partial at threshold {} cannot merge with `{kind}` at {threshold}",
                        path.display(),
                        p.kind,
                        p.threshold
                    );
                }
            }
        }
        if !shards.insert(p.shard.clone()) {
            bail!(
                "{}: shard {} given twice; merging it again would count its tasks twice",
                path.display(),
                p.shard
            );
        }
        merged.merge(&p.score);
    }
    check_complete(&shards);
    let t = merged.finish();
    match args.format {
        Format::Json | Format::Jsonl => {
            println!("{}", serde_json::to_string(&serde_json::json!({ "shards": shards, "totals": t }))?)
        }
        Format::Table | Format::Csv => println!(
            "merged {} shard(s): {} row(s) · {} scored · {} unscored · {}/{} passing · mean file_hit {} · mean line_coverage {} · covered {}/{} gold lines",
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
        ),
    }
    Ok(Exit::Ok)
}

/// Warns (does not fail) when the shards do not cover `0..N`: a partial merge is legitimate
/// while a job is still running, but the user should know the totals are partial.
fn check_complete(shards: &BTreeSet<String>) {
    let parsed: Vec<crate::shard::Shard> = shards
        .iter()
        .filter_map(|s| crate::shard::Shard::parse(s).ok())
        .collect();
    if let Some(n) = parsed.first().map(|s| s.count) {
        let missing: Vec<u32> = (0..n)
            .filter(|i| !parsed.iter().any(|s| s.index == *i && s.count == n))
            .collect();
        if !missing.is_empty() || parsed.iter().any(|s| s.count != n) {
            eprintln!("warning: shards do not form a complete 0..{n} set (missing {missing:?}); totals are partial");
        }
    }
}
