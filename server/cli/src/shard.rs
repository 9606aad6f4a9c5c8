//! `--shard I/N` and `--emit-partial`: split a corpus by task across processes or machines, then
//! `readcov merge` the partial aggregates into exactly the totals of one unsharded run. The shard
//! maths and the partials themselves are pure and live in readcov-core; this is the file edge.

use anyhow::{bail, Context, Result};
use readcov_core::Partial;
pub use readcov_core::Shard;
use serde::{Deserialize, Serialize};
use std::path::Path;

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

/// Writes `partial` for `shard` (`None`: the whole input) to `path`.
pub fn write_partial(path: &Path, shard: Option<Shard>, partial: Partial) -> Result<()> {
    let file = PartialFile {
        readcov_partial: PARTIAL_VERSION,
        shard: shard.map_or_else(|| "all".to_string(), |s| s.to_string()),
        partial,
    };
    let text = serde_json::to_string_pretty(&file)? + "\n";
    std::fs::write(path, text).with_context(|| format!("{}: cannot write partial", path.display()))
}

pub fn read_partial(path: &Path) -> Result<PartialFile> {
    let bytes = crate::inputs::read_input(path)?;
    // The version first, so a future format says so instead of failing on a missing field.
    let head: serde_json::Value = serde_json::from_slice(&bytes)
        .with_context(|| format!("{}: not JSON, so not a readcov partial", path.display()))?;
    match head.get("readcov_partial").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(PARTIAL_VERSION) => {}
        Some(v) => bail!(
            "{}: partial format version {v} (expected {PARTIAL_VERSION})",
            path.display()
        ),
        None => bail!(
            "{}: field `readcov_partial`: missing; not a readcov partial",
            path.display()
        ),
    }
    serde_json::from_value(head)
        .with_context(|| format!("{}: not a readcov partial", path.display()))
}
