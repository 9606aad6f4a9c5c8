//! readcov-gold tests: hand-computed gold for every rule, at the library boundary.

mod beir;
mod consensus;
mod diagnose;
mod expand;
mod insertions;
mod layer;
mod offsets;
mod patches;
mod props;
mod real;
mod real_java;
mod tests_tier;
