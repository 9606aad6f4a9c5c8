//! `readcov lsp`: the language server over stdio (all the work is in the readcov-lsp crate).

use crate::exit::Exit;
use anyhow::{Context, Result};
use clap::Args;

#[derive(Args)]
pub struct LspArgs {
    /// Accepted for editor clients that pass it; stdio is the only transport.
    #[arg(long)]
    pub stdio: bool,
}

pub fn run(_args: LspArgs) -> Result<Exit> {
    readcov_lsp::run_stdio().context("cannot start the language server runtime")?;
    Ok(Exit::Ok)
}
