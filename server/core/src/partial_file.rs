//! The partial aggregate as a file (what `--emit-partial` writes and `readcov merge` reads, and
//! the dict the Python module hands between workers): versioned, self-describing, and merged
//! only when the shards cannot overlap. Pure: bytes in, values out.

use crate::partial::Partial;
use crate::partial_check::{check, check_merge, check_numbers};
use crate::shard::Shard;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// What `--emit-partial` writes: versioned, self-describing (`kind`), mergeable.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PartialFile {
    pub readcov_partial: u32,
    /// `I/N`, or `all` for an unsharded run.
    pub shard: String,
    /// `kind` (`score`, `explore`, `sheet`) and that command's aggregate.
    #[serde(flatten)]
    pub partial: Partial,
}

pub const PARTIAL_VERSION: u32 = 1;

impl PartialFile {
    /// `partial` for `shard` (`None`: the whole input).
    pub fn new(shard: Option<Shard>, partial: Partial) -> PartialFile {
        PartialFile {
            readcov_partial: PARTIAL_VERSION,
            shard: shard.map_or_else(|| "all".to_string(), |s| s.to_string()),
            partial,
        }
    }

    /// Parses a partial; the version is checked first, so a future format says so instead of
    /// failing on a missing field. Then its numbers are checked ([`crate::partial_check`]): a
    /// count beyond any run's, or counts that do not add up, are refused. The error names what
    /// is wrong, not the file.
    pub fn parse(bytes: &[u8]) -> Result<PartialFile, String> {
        let head: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|_| "not JSON, so not a readcov partial")?;
        match head.get("readcov_partial").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(PARTIAL_VERSION) => {}
            Some(v) => {
                return Err(format!(
                    "partial format version {v} (expected {PARTIAL_VERSION})"
                ))
            }
            None => return Err("field `readcov_partial`: missing; not a readcov partial".into()),
        }
        check_numbers(&head)?;
        let file: PartialFile =
            serde_json::from_value(head).map_err(|e| format!("not a readcov partial: {e}"))?;
        check(&file.partial)?;
        Ok(file)
    }
}

/// The merge of several partials and the shards they came from.
pub struct Merged {
    pub partial: Partial,
    /// In shard order (`0/16`, `1/16`, `2/16`, … `10/16`), not text order.
    pub shards: Vec<String>,
    /// Set when the shards do not cover `0..N`: the totals are partial (merging while a job is
    /// still running is legitimate, but the user should know).
    pub warning: Option<String>,
}

/// Merges partials; an error (with the index of the partial at fault, when one is) for a shard
/// given twice, another kind or other settings, shards of different counts, or an unsharded
/// (`all`) partial beside shards — each of which would count tasks twice or add unlike numbers.
pub fn merge_partials(files: Vec<PartialFile>) -> Result<Merged, (Option<usize>, String)> {
    // Files from `parse` are checked; values built in memory (Python hands dicts over) are
    // checked here again, so every merge adds bounded, consistent counts and cannot overflow.
    for (i, f) in files.iter().enumerate() {
        check(&f.partial).map_err(|e| (Some(i), e))?;
    }
    check_merge(&files.iter().map(|f| &f.partial).collect::<Vec<_>>())?;
    let mut merged: Option<Partial> = None;
    let mut shards = BTreeSet::new();
    for (i, p) in files.into_iter().enumerate() {
        if !shards.insert(p.shard.clone()) {
            return Err((
                Some(i),
                format!(
                    "shard {} given twice; merging it again would count its tasks twice",
                    p.shard
                ),
            ));
        }
        match &mut merged {
            None => merged = Some(p.partial),
            Some(m) => m.merge(&p.partial).map_err(|e| (Some(i), e.to_string()))?,
        }
    }
    let warning = check_shards(&shards).map_err(|e| (None, e))?;
    let partial = merged.ok_or((None, "no partial files given".to_string()))?;
    // A set sorts `10/16` before `2/16`; list by (count, index), text for anything unparsed (`all`).
    let mut shards: Vec<String> = shards.into_iter().collect();
    shards.sort_by_key(|s| (Shard::parse(s).map(|s| (s.count, s.index)).ok(), s.clone()));
    Ok(Merged {
        partial,
        shards,
        warning,
    })
}

/// Shards of different counts (or `all` beside a shard) overlap, so their sum would count tasks
/// twice: an error. A set that does not cover `0..N` is only a warning.
fn check_shards(shards: &BTreeSet<String>) -> Result<Option<String>, String> {
    if shards.len() > 1 && shards.contains("all") {
        return Err("an unsharded (`all`) partial overlaps every shard; merge it alone".into());
    }
    let parsed: Vec<Shard> = shards.iter().filter_map(|s| Shard::parse(s).ok()).collect();
    let counts: BTreeSet<u32> = parsed.iter().map(|s| s.count).collect();
    if counts.len() > 1 {
        return Err(format!(
            "shards of different counts {counts:?} overlap; merge shards of one I/N split"
        ));
    }
    Ok(counts.first().copied().and_then(|n| {
        let missing: Vec<u32> = (0..n)
            .filter(|i| !parsed.iter().any(|s| s.index == *i))
            .collect();
        (!missing.is_empty()).then(|| {
            format!("shards do not form a complete 0..{n} set (missing {missing:?}); totals are partial")
        })
    }))
}
