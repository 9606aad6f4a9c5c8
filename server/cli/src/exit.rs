//! Exit codes shared by every subcommand.

/// How a command ended; the numeric codes are part of the CLI contract (see README).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Ok = 0,
    /// `--fail-under` was given and at least one scored row is below it.
    BelowThreshold = 1,
    /// Usage or input errors left nothing valid to process.
    Input = 2,
}

impl From<Exit> for std::process::ExitCode {
    fn from(e: Exit) -> Self {
        std::process::ExitCode::from(e as u8)
    }
}
