//! readcov-cli integration tests, one binary (each module was its own test binary once).

mod bad_inputs;
mod big_sources;
mod cli_beir;
mod cli_consensus;
mod cli_explain;
mod cli_explain_edits;
mod cli_gold_offsets;
mod cli_idle_data;
mod cli_idle_options;
mod cli_locbench;
mod cli_newcomer;
mod cli_read_before_edit;
mod cli_retrieval;
mod cli_score;
mod cli_shard;
mod cli_shard_kinds;
mod cli_sheet;
mod cli_sheet_real;
mod cli_silent_options;
mod cli_units;
mod cli_units_real;
mod closed_pipe;
mod common;
mod confinement;
mod contextbench_cli;
mod contextbench_limits;
mod deep_nesting;
mod diagnose;
mod doc_examples;
mod emit_patches;
mod escaping;
mod explain_stages;
mod explore_cli;
mod harness_files;
mod harness_reports;
mod import_datasets;
mod import_gold;
mod import_refusals;
mod import_shard;
mod input_matrix;
mod labelled_runs;
mod lsp_bad_inputs;
mod lsp_basediff;
mod lsp_change;
/// The LSP test client the language server's own tests use, shared for the tests over the real binary.
#[path = "../../../lsp/tests/it/common/client.rs"]
mod lsp_client;
/// The barrier's method `lsp_client`'s `Client::settle` names (`super::settle::SETTLE`, since
/// a693583). Only the LSP crate's in-process server answers it (`common/settle.rs`, built on
/// tower, which this crate does not depend on); the real binary these tests run never does, so
/// the name alone is shared here.
mod settle {
    pub const SETTLE: &str = "readcov/test/settle";
}
mod lsp_hostile_diffs;
mod lsp_hostile_requests;
mod lsp_hover_markdown;
mod lsp_malformed_params;
/// The byte-for-byte `readcov/summary` session of the language server's tests.
#[path = "../../../lsp/tests/it/common/raw.rs"]
mod lsp_raw;
mod lsp_repeated_inputs;
mod lsp_stdio;
mod lsp_store_index;
mod lsp_summary_stream;
mod nothing_valid;
mod outputs;
mod parquet_limits;
mod pinned_outputs;
mod reads_dataset;
mod report;
mod report_stages;
mod score_dataset;
mod score_lean;
mod sheet_common;
