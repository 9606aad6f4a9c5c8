//! readcov-core integration tests, one binary (each module was its own test binary once).

mod explore_schemas;
mod formats_cases;
mod harness;
mod lean;
mod lean_cells;
mod lineset_props;
mod schemas;
mod score_cases;
mod score_props;
mod scored_runs;
mod sheet_props;
mod test_layout;
