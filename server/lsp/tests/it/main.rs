//! readcov-lsp integration tests, one binary (each module was its own test binary once).

mod base_text;
mod common;
mod confinement;
mod edges;
mod features;
mod fixture_titles;
mod hostile;
mod live;
mod publish_order;
mod pull;
mod read_log_appears;
mod real_sources;
mod stays_up;
mod store_reload;
mod store_swap;
mod summary_stream;
mod task_explain;
