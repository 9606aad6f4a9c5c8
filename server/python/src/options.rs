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

/// `shard`: `"I/N"` as the CLI's `--shard I/N` takes it (`readcov_core::Shard::parse`: its words);
/// a bad one names the parameter.
pub(crate) fn shard(text: Option<String>) -> PyResult<Option<readcov_core::Shard>> {
    (text.as_deref())
        .map(|s| readcov_core::Shard::parse(s).map_err(|e| arg_error("shard", e)))
        .transpose()
}
