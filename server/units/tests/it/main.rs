//! readcov-units integration tests, one binary (each module was its own test binary once).

mod api;
mod chunked;
mod common;
mod coverage;
mod declarators;
mod dedented;
mod differential;
mod incremental;
mod incremental_langs;
mod languages;
mod native_exact;
mod queries;
mod real_data;
mod scripting;
