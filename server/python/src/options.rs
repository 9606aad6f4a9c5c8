//! The options Python passes as the CLI passes flags — `sources` (`--sources`: which reads
//! count) and `trec_run` (`--trec-run LEVEL`) — parsed by the input layer
//! (`readcov_files::options`: the CLI's names, refusals and wording). A bad value is an error
//! naming the parameter, which `readcov._call` raises as `InputError` with that `field`.

use pyo3::prelude::*;
use readcov_core::{ScoreOptions, Source};
use readcov_files::options::{parse_level, parse_sources};
use readcov_units::Level;
use std::collections::BTreeSet;

/// The sources that count: the CLI's default (`agent,human,retriever`) when none are given.
pub(crate) fn sources(names: Option<Vec<String>>) -> PyResult<BTreeSet<Source>> {
    match names {
        None => Ok(ScoreOptions::default().sources),
        Some(n) => parse_sources("sources", &n).map_err(|e| arg_error("sources", e)),
    }
}

/// `trec_run`: the level of the TREC run to write, if any.
pub(crate) fn level(name: Option<String>) -> PyResult<Option<Level>> {
    (name.as_deref())
        .map(|n| parse_level("trec_run", n).map_err(|e| arg_error("trec_run", e)))
        .transpose()
}

/// A bad parameter value, as the `(file, line, field, message)` of Python's `InputError`:
/// `<arguments>`, no line, the parameter as the field.
pub(crate) fn arg_error(param: &str, message: String) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(("<arguments>", 0usize, param.to_string(), message))
}

/// A value a parameter refuses, in the CLI's words for the same flag value with the parameter
/// named for the flag: clap's `invalid value 'V' for '--flag <N>': REASON` is `invalid value 'V'
/// for `param`: REASON` (session 36; `scripts/python_cli_oracle_errors.py` holds them equal).
pub(crate) fn invalid(param: &str, value: &str, reason: impl std::fmt::Display) -> PyErr {
    arg_error(
        param,
        format!("invalid value '{value}' for `{param}`: {reason}"),
    )
}

/// A name outside a parameter's values, as clap says it for the flag: `invalid value 'V' for
/// `param` [possible values: a, b]` (before session 36 each function had words of its own, and
/// no `field`: ``format `bogus`: expected auto or one of ...``).
pub(crate) fn not_one_of(param: &str, value: &str, possible: &[&str]) -> PyErr {
    let possible = possible.join(", ");
    arg_error(
        param,
        format!("invalid value '{value}' for `{param}` [possible values: {possible}]"),
    )
}

/// `shard`: `"I/N"` as the CLI's `--shard I/N` takes it (`readcov_core::Shard::parse`: its words);
/// a bad one names the parameter.
pub(crate) fn shard(text: Option<String>) -> PyResult<Option<readcov_core::Shard>> {
    (text.as_deref())
        .map(|s| readcov_core::Shard::parse(s).map_err(|e| invalid("shard", s, e)))
        .transpose()
}
