//! `--shard I/N` and `--emit-partial`: split a corpus by task across processes or machines, then
//! `readcov merge` the partial aggregates into exactly the totals of one unsharded run.

use anyhow::{bail, Context, Result};
use readcov_core::{shard_of, ScorePartial};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Shard `index` of `count` (0-based): tasks whose FNV-1a hash ≡ index (mod count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub fn parse(s: &str) -> Result<Shard, String> {
        let (i, n) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}` is not I/N (e.g. 0/4)"))?;
        let index: u32 = i
            .trim()
            .parse()
            .map_err(|_| format!("`{i}` is not a shard index"))?;
        let count: u32 = n
            .trim()
            .parse()
            .map_err(|_| format!("`{n}` is not a shard count"))?;
        if count == 0 || index >= count {
            return Err(format!("shard {index}/{count}: need 0 ≤ I < N"));
        }
        Ok(Shard { index, count })
    }

    pub fn keeps(&self, task: &str) -> bool {
        shard_of(task, self.count) == self.index
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What `--emit-partial` writes: versioned, self-describing, mergeable.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PartialFile {
    pub readcov_partial: u32,
    /// The subcommand that produced it (`score`, …): only like kinds merge.
    pub kind: String,
    /// `I/N`, or `all` for an unsharded run.
    pub shard: String,
    pub threshold: f64,
    pub score: ScorePartial,
}

pub const PARTIAL_VERSION: u32 = 1;

pub fn write_partial(path: &Path, partial: &PartialFile) -> Result<()> {
    let text = serde_json::to_string_pretty(partial)? + "\n";
    std::fs::write(path, text).with_context(|| format!("{}: cannot write partial", path.display()))
}

pub fn read_partial(path: &Path) -> Result<PartialFile> {
    let bytes = crate::inputs::read_input(path)?;
    let p: PartialFile = serde_json::from_slice(&bytes)
        .with_context(|| format!("{}: not a readcov partial", path.display()))?;
    if p.readcov_partial != PARTIAL_VERSION {
        bail!(
            "{}: partial format version {} (expected {PARTIAL_VERSION})",
            path.display(),
            p.readcov_partial
        );
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn parses_shards() {
        assert_eq!(Shard::parse("1/4"), Ok(Shard { index: 1, count: 4 }));
        assert!(Shard::parse("4/4").is_err());
        assert!(Shard::parse("0/0").is_err());
        assert!(Shard::parse("x").is_err());
    }

    #[test]
    fn shards_partition_tasks() {
        let tasks: Vec<String> = (0..1000).map(|i| format!("task-{i}")).collect();
        for n in [1, 2, 3, 7] {
            let counts: Vec<usize> = (0..n)
                .map(|i| {
                    tasks
                        .iter()
                        .filter(|t| Shard { index: i, count: n }.keeps(t))
                        .count()
                })
                .collect();
            assert_eq!(counts.iter().sum::<usize>(), 1000);
            assert!(
                counts.iter().all(|&c| c > 1000 / n as usize / 2),
                "{counts:?}"
            );
        }
    }
}
