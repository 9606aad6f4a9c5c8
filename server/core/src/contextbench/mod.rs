//! ContextBench compatibility: gold rows, agent predictions (the benchmark's unified form, or
//! readcov reads with turns as steps) and the benchmark's metrics — file, block ("symbol"),
//! byte-span and line coverage/precision, trajectory AUC and redundancy, edit location — each
//! computed twice: [`Mode::Compat`] reproduces the reference evaluator bit for bit, quirks
//! included; [`Mode::Clean`] fixes the quirks and says "unscored" (`None`) instead of inventing
//! 1.0 or 0.0 for an empty denominator. See `docs/contextbench.md`.
//!
//! Pipeline: [`input`] parses bytes into [`GoldRow`]s and [`PredRow`]s; [`paths`] normalises
//! and resolves paths; [`ivs`] is the interval arithmetic of the reference (inclusive ranges
//! merged when they touch); [`source`] turns lines into bytes and finds blocks through the
//! [`Checkout`] and [`DefSource`] traits (file contents and tree-sitter live outside core);
//! [`diff`] reads the deleted lines of a patch; [`evaluate`] scores one instance in one mode;
//! [`batch`] scores every prediction, writes error rows and sums micro and macro summaries;
//! [`blockset`] holds a step's blocks per file; [`defcache`] keeps blocks by file content for
//! the whole run; [`lru`] bounds it and each instance's files by a byte budget.

pub mod batch;
pub mod blockset;
pub mod defcache;
pub mod diff;
pub mod evaluate;
mod fields;
pub mod gold;
pub mod input;
pub mod ivs;
pub mod json;
mod lru;
pub mod paths;
pub mod source;

#[cfg(test)]
mod tests;

pub use batch::{
    score_contextbench, CbOptions, CbReport, InstanceResult, MacroSummary, MicroSummary, Summary,
};
pub use evaluate::{evaluate, EditLoc, Evaluation, Final, Level, TrajStep, Trajectory};
pub use gold::{contextbench_gold, contextbench_gold_spans, is_contextbench_gold};
pub use input::{parse_gold_rows, parse_preds, preds_from_reads, CtxItem, GoldRow, PredRow, Step};
pub use source::{Checkout, Def, DefSource, FileNote, Files, Lost, Workspaces};

use serde::Serialize;

/// The maps of an instance's paths and of the caches: looked up at every span, never iterated
/// for an output, so a hash quicker than the standard SipHash (foldhash, randomly seeded per
/// process) changes no row (docs/performance.md, session 39).
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// Which rules to apply: the reference evaluator's, or readcov's fixes of its quirks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Compat,
    Clean,
}

/// The four granularities, in output order (`symbol` is the reference's name for blocks).
pub const LEVELS: [&str; 4] = ["file", "symbol", "span", "line"];

/// The error rows of the reference evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CbError {
    /// No gold row has the prediction's instance id.
    MissingGold,
    /// After dropping paths that do not exist, the final context has no file and no span.
    NoContextExtracted,
    /// `--workspaces` was given but holds no checkout for the instance.
    CheckoutFailed,
}

impl CbError {
    pub fn as_str(self) -> &'static str {
        match self {
            CbError::MissingGold => "missing_gold",
            CbError::NoContextExtracted => "no_context_extracted",
            CbError::CheckoutFailed => "checkout_failed",
        }
    }
}
