//! readcov-import integration tests, one binary (each module was its own test binary once).

mod changes;
mod common;
mod displayed_invariant;
mod fixtures;
mod formats;
mod malformed;
mod never_panics;
mod parsed_once;
mod real_openhands;
mod real_others;
mod real_scores;
mod real_sed;
mod real_shown;
