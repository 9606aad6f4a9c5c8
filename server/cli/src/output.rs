//! The IO edge for outputs: `-o FILE` writes the file, `-o -` (or no `-o`) standard output, the
//! usual convention for every `-o` a subcommand offers.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

/// Whether `-o` names standard output: absent, or `-`.
pub fn is_stdout(out: Option<&Path>) -> bool {
    out.is_none_or(|p| p == Path::new("-"))
}

/// Writes `bytes` to `out` (a file) or to standard output (`None` or `-`). A closed pipe
/// (`| head`) is no error.
pub fn write_output(out: Option<&Path>, bytes: &[u8]) -> Result<()> {
    match out.filter(|_| !is_stdout(out)) {
        Some(p) => {
            std::fs::write(p, bytes).with_context(|| format!("{}: cannot write", p.display()))
        }
        None => match std::io::stdout().lock().write_all(bytes) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => other.context("cannot write to stdout"),
        },
    }
}
