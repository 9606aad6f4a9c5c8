//! Option values the CLI's clap parses, for the edges that have no clap (the Python module):
//! `--sources` (which reads count) and a retrieval level (`--trec-run`). Same names, same
//! refusals: an unknown value is an error listing the possible ones, as clap lists them.

use readcov_core::Source;
use readcov_units::Level;
use std::collections::BTreeSet;

/// Every read source, in `--sources`' help order (`agent, human, manual, retriever`).
pub const SOURCES: [Source; 4] = [
    Source::Agent,
    Source::Human,
    Source::Manual,
    Source::Retriever,
];

/// `--sources agent,human`: the sources named (a repeat counts once, as in the CLI's
/// options). `param` names the parameter in the error (`sources`), as the edge spells it.
pub fn parse_sources<S: AsRef<str>>(param: &str, names: &[S]) -> Result<BTreeSet<Source>, String> {
    if names.is_empty() {
        // clap refuses `--sources ''`; an empty list would count no read at all.
        return Err(invalid(param, "", SOURCES.map(Source::as_str)));
    }
    (names.iter())
        .map(|n| {
            Source::parse(n.as_ref())
                .ok_or_else(|| invalid(param, n.as_ref(), SOURCES.map(Source::as_str)))
        })
        .collect()
}

/// `--trec-run file|unit|line`.
pub fn parse_level(param: &str, name: &str) -> Result<Level, String> {
    (Level::ALL.into_iter())
        .find(|l| l.label() == name)
        .ok_or_else(|| invalid(param, name, Level::ALL.map(Level::label)))
}

/// clap's wording, with the parameter as the edge names it.
fn invalid<const N: usize>(param: &str, value: &str, possible: [&str; N]) -> String {
    format!(
        "invalid value '{value}' for `{param}` [possible values: {}]",
        possible.join(", ")
    )
}

#[cfg(test)]
mod tests;
