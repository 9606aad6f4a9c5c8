//! `--shard I/N` and `--emit-partial`: split a corpus by task across processes or machines, then
//! `readcov merge` the partial aggregates into exactly the totals of one unsharded run. The shard
//! maths, the partials and their file format are pure and live in readcov-core; this is the file
//! edge.

use anyhow::{Context, Result};
use readcov_core::Partial;
pub use readcov_core::{PartialFile, Shard};
use std::path::Path;

/// Writes `partial` for `shard` (`None`: the whole input) to `path`, replaced whole.
pub fn write_partial(path: &Path, shard: Option<Shard>, partial: Partial) -> Result<()> {
    let text = serde_json::to_string_pretty(&PartialFile::new(shard, partial))? + "\n";
    crate::output::write_file(path, text.as_bytes()).context("cannot write the partial")
}

/// Refuses `--emit-partial` naming one of the command's inputs, or `-` (standard output carries
/// the command's own rows): checked before any work.
pub fn check_partial_path(path: Option<&Path>, inputs: &[Option<&Path>]) -> Result<()> {
    let Some(path) = path else { return Ok(()) };
    let inputs: Vec<&Path> = inputs.iter().flatten().copied().collect();
    crate::output::check(&[("--emit-partial", path)], &inputs, true)
}

pub fn read_partial(path: &Path) -> Result<PartialFile> {
    let bytes = crate::inputs::read_input(path)?;
    readcov_files::input::partial_of(&path.display().to_string(), &bytes)
        .map_err(anyhow::Error::msg)
}
