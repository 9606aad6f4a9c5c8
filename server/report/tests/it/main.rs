//! readcov-report integration tests, one binary (each module was its own test binary once).

mod common;
mod exports;
mod html;
mod real_data;
mod stages;
