//! Arguments several commands share (`--sources`, `--threshold`, `--fail-under`): their clap
//! types and parsers, and the scoring options they give. `score`, `demo`, `report`, `sheet` and
//! `diagnose` take them from here; the library never sees clap.

use readcov_core::{ScoreOptions, Source};

/// An option, whether it was given, what it goes with, and whether that was given.
pub type GoesWith<'a> = (&'a str, bool, &'a str, bool);

/// The first option given without what it goes with, refused (`error: --window goes with
/// --expand units or --tests only`): before session 29 such options were accepted and changed
/// nothing. `gold` and `report` check their options with it.
pub fn refuse_idle(options: &[GoesWith]) -> anyhow::Result<()> {
    match options.iter().find(|(_, given, _, with)| *given && !*with) {
        Some((flag, _, with, _)) => anyhow::bail!("{flag} goes with {with} only"),
        None => Ok(()),
    }
}

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
    readcov_core::checked_threshold(v)
}

/// `--fail-under [RATE]`: a rate, or `-1` (clap's value for the bare flag: the threshold).
pub fn parse_rate_or_default(s: &str) -> Result<f64, String> {
    if s == "-1" {
        Ok(-1.0)
    } else {
        parse_rate(s)
    }
}

/// A `[RUN=]FILE` argument (`--outcomes`, `--test-report`): a file for one run, or for every run
/// of its tasks. `RUN=` is taken only when RUN is a plain label and no file is named like the
/// whole argument (as `--gold NAME=FILE`).
#[derive(Clone, Debug)]
pub struct RunFileArg {
    pub run: Option<String>,
    pub path: std::path::PathBuf,
}

impl RunFileArg {
    pub fn parse(s: &str) -> Result<RunFileArg, String> {
        let g = crate::cmd::score::GoldArg::parse(s)?;
        Ok(RunFileArg {
            run: g.name,
            path: g.path,
        })
    }

    /// As the input layer takes it.
    pub fn source(&self) -> (Option<String>, readcov_files::input::Source) {
        let src = readcov_files::input::Source::Path(self.path.clone());
        (self.run.clone(), src)
    }

    /// `RUN=FILE` or `FILE`, as given (the next command a text output suggests).
    pub fn shown(&self) -> String {
        match &self.run {
            Some(run) => format!("{run}={}", self.path.display()),
            None => self.path.display().to_string(),
        }
    }
}
