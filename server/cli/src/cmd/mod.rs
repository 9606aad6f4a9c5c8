//! One module per subcommand; each exposes an `Args` struct and `run(args) -> Result<Exit>`.

pub mod contextbench;
pub mod demo;
pub mod diagnose;
pub mod explain;
pub mod explore;
pub mod gold;
pub mod import;
pub mod locbench;
pub mod lsp;
pub mod merge;
pub mod report;
pub mod score;
pub mod score_units;
pub mod sheet;
pub mod units;
