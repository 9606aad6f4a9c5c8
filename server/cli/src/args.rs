//! Arguments several commands share (`--sources`, `--threshold`, `--fail-under`): their clap
//! types and parsers, and the scoring options they give. `score`, `demo`, `report`, `sheet` and
//! `diagnose` take them from here; the library never sees clap.

use readcov_core::{ScoreOptions, Source};

/// One `--sources` value: which reads count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SourceArg {
    Agent,
    Human,
    Manual,
    Retriever,
}

impl From<SourceArg> for Source {
    fn from(s: SourceArg) -> Source {
        match s {
            SourceArg::Agent => Source::Agent,
            SourceArg::Human => Source::Human,
            SourceArg::Manual => Source::Manual,
            SourceArg::Retriever => Source::Retriever,
        }
    }
}

/// Scoring options from the shared `--threshold` and `--sources` arguments; `breakdown` for
/// output that shows each gold file and span.
pub fn score_options(threshold: f64, sources: &[SourceArg], breakdown: bool) -> ScoreOptions {
    ScoreOptions {
        threshold,
        sources: sources.iter().map(|&s| s.into()).collect(),
        breakdown,
    }
}

/// A rate in 0..=1.
pub fn parse_rate(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is not between 0 and 1"))
    }
}

/// `--fail-under [RATE]`: a rate, or `-1` (clap's value for the bare flag: the threshold).
pub fn parse_rate_or_default(s: &str) -> Result<f64, String> {
    if s == "-1" {
        Ok(-1.0)
    } else {
        parse_rate(s)
    }
}
