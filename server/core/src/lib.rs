//! readcov-core: the pure heart of readcov — line sets, spans, input formats and coverage metrics.
//!
//! Nothing here touches the file system, the network, a terminal or the LSP protocol: inputs
//! arrive as bytes and values, results leave as values. The IO side (CLI, importers, language
//! server, reports) lives in other crates and calls into this one.

pub mod base;
pub mod batch;
pub mod contextbench;
pub mod explain;
pub mod explore;
mod fastread;
pub mod formats;
mod group;
pub mod lean;
pub mod lineset;
pub mod locbench;
pub mod metrics;
pub mod name;
pub mod named;
pub mod outcomes;
pub mod par;
pub mod partial;
pub mod partial_check;
pub mod partial_file;
pub mod path;
pub mod retrieval;
mod row;
mod scan;
pub mod shard;
pub mod sheet;
pub mod shown;
pub mod span;
pub mod stages;
pub mod strict_json;
pub mod syntax;
pub mod synth;
pub mod words;

pub use batch::{
    no_run_note, no_run_tasks, score_batch, score_batch_named, score_batch_named_with,
    score_batch_where, score_tasks, score_tasks_named, totals, walk_kept, ExactSum, KeptRun,
    RunParts, ScoreOptions, ScorePartial, ScoredRuns, TaskRunScore, Totals, NO_RUN,
};
pub use formats::{
    parse_gold, parse_gold_checked, parse_reads, parse_reads_checked, parse_reads_piece,
    InputError, Parsed, PathCheck,
};
pub use lean::{
    read_of_cells, score_lean, score_lean_named, Cell, Cells, LeanRead, LeanReads, CELLS, READ_KEYS,
};
pub use lineset::{Interval, LineSet};
pub use metrics::{
    checked_threshold, collect_lines, score, score_spans, FileLengths, FileLines, RunScore, Status,
    UnknownLengths,
};
pub use name::{Name, Names};
pub use named::NamedRuns;
pub use partial::{MergeError, Partial};
pub use partial_file::{merge_partials, Merged, PartialFile, PARTIAL_VERSION};
pub use shard::{shard_of, Shard};
pub use span::{merge_touching, EventKind, GoldSpan, ReadSpan, Source, Tier, DEFAULT_ID};
