//! One module per subcommand; each exposes an `Args` struct and `run(args) -> Result<Exit>`.

pub mod demo;
pub mod merge;
pub mod score;
pub mod sheet;
