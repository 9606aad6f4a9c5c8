//! readcov-readlog integration tests, one binary (each module was its own test binary once).

mod concurrent;
mod confine;
mod crash;
mod log;
