//! The plain values an explanation is made of; their JSON is the stable shape documented in
//! docs/schemas/explain.schema.json (the CLI's `--format json` and the LSP's `readcov/explain`).

use crate::lineset::LineSet;
use crate::metrics::Status;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A syntax unit as plain lines (core knows nothing about tree-sitter).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitRange {
    pub kind: String,
    pub name: String,
    pub start: u32,
    pub end: u32,
}

/// Each gold file's units, by path (a file missing here has none known).
pub type UnitMap = BTreeMap<String, Vec<UnitRange>>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Line coverage at or above the threshold.
    Pass,
    Below,
    /// No gold lines: nothing to measure against (never a coverage of 0).
    Unscored,
    /// The task has gold but no run read for it: nothing measured (never a coverage of 0).
    #[serde(rename = "no_run")]
    NoRun,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Below => "below",
            Verdict::Unscored => "unscored",
            Verdict::NoRun => "no run",
        }
    }
}

/// One (task, run) explained.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    pub task: String,
    pub run: String,
    /// Every run of the task, in name order (to pick another one, or one to compare with).
    pub runs: Vec<String>,
    pub status: Status,
    pub verdict: Verdict,
    pub threshold: f64,
    pub file_hit: Option<f64>,
    pub line_coverage: Option<f64>,
    pub gold_files: usize,
    pub files_hit: usize,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub read_lines: u64,
    /// Read rows of the run that count (kind `read`, a counted source).
    pub reads: usize,
    /// `resolved` / `unresolved` when outcome labels were given (set by the caller).
    pub outcome: Option<String>,
    /// Every gold file, worst first: lowest coverage, then never opened, then most gold lines.
    pub files: Vec<FileExplanation>,
    /// Files the run read that hold no gold: where it looked instead, most lines first.
    pub read_elsewhere: Vec<OtherFile>,
    pub edits: Vec<EditNote>,
    /// Edits of the run the import could not place on base lines (a write it cannot follow came
    /// first): they have no edit row, so `edits` lacks them. Set by the caller from the import
    /// summary when the reads were imported from a trajectory; empty otherwise.
    pub lost_edits: Vec<LostEditNote>,
    /// Coverage after each turn that has reads (turn, else step, of the read rows).
    pub timeline: Vec<TurnCoverage>,
    /// Read rows with neither turn nor step: left out of the timeline, counted.
    pub untimed_reads: usize,
    pub first_turn_at_threshold: Option<u32>,
    pub against: Option<Against>,
    /// Where the run failed: its stages as `readcov diagnose` measures them for this run alone
    /// (set by the caller: `readcov explain`, the language server's `readcov/explain`); `null`
    /// when they were not measured.
    pub stages: Option<crate::stages::RunStages>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FileExplanation {
    pub path: String,
    pub gold_lines: u64,
    /// Gold lines read.
    pub covered: u64,
    pub coverage: Option<f64>,
    /// The run read any line of the file (not only gold ones).
    pub opened: bool,
    pub first_read_turn: Option<u32>,
    /// Read rows of this file.
    pub reads: usize,
    pub spans: Vec<SpanExplanation>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpanExplanation {
    pub start: u32,
    pub end: u32,
    pub gold_lines: u64,
    /// Gold lines of the span read.
    pub covered: u64,
    pub coverage: Option<f64>,
    /// The span's lines nobody read.
    pub unread: LineSet,
    /// Why the span is listed as missed: under the threshold, or exactly at it with lines still
    /// unread; `None` for a span over it (or fully read).
    pub missed: Option<Missed>,
    /// The innermost unit holding the span, when units are known.
    pub unit: Option<UnitRange>,
    /// The read of this file ending closest before the first unread line (`None` when the
    /// span is read or nothing before it was).
    pub nearest_before: Option<NearRead>,
    /// The read starting closest after the last unread line.
    pub nearest_after: Option<NearRead>,
    /// The lines between `nearest_before` and `nearest_after` that no read of the file covered
    /// (a read between them, a `search_file` hit, is taken out); empty unless both are known.
    pub never_read: LineSet,
}

/// Why a gold span is listed among the missed ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Missed {
    /// Its coverage is under the threshold.
    Under,
    /// Its coverage is exactly the threshold (it passes) and some of its lines are unread.
    AtThreshold,
}

impl Missed {
    /// A span's standing: `coverage` against `threshold`, with its `unread` lines.
    pub fn of(coverage: Option<f64>, unread: &LineSet, threshold: f64) -> Option<Missed> {
        match coverage {
            Some(c) if c < threshold => Some(Missed::Under),
            Some(c) if c == threshold && !unread.is_empty() => Some(Missed::AtThreshold),
            _ => None,
        }
    }
}

/// A read row as an explanation quotes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NearRead {
    pub start: u32,
    pub end: u32,
    pub turn: Option<u32>,
    pub tool: Option<String>,
    /// One line of at most [`COMMAND_CHARS`] characters, cut in the middle (`…`).
    pub command: Option<String>,
}

/// How much of a command an explanation quotes.
pub const COMMAND_CHARS: usize = 80;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OtherFile {
    pub path: String,
    pub reads: usize,
    /// Distinct lines read.
    pub lines: u64,
    pub first_read_turn: Option<u32>,
    /// The lines read (clipped to the file's known length): where an editor opens the file.
    pub read: LineSet,
}

/// One `kind: edit` row of the run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditNote {
    pub path: String,
    pub start: u32,
    pub end: u32,
    pub turn: Option<u32>,
    /// Gold lines inside the edited lines.
    pub gold_lines: u64,
    /// Of those, lines the run had not read before the edit.
    pub unread_gold_lines: u64,
    /// The edit touched gold lines the run had not read by then.
    pub before_reading: bool,
    /// The edit came before the first turn at the threshold (or the run never reached it).
    pub before_threshold: bool,
}

/// An edit the import could not place on base lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LostEditNote {
    pub path: String,
    pub turn: u32,
    pub step: u32,
    /// The edit's command, shortened as in the `command` field.
    pub command: String,
    pub reason: LostReason,
    /// For `after_lost_write`: the write the file was lost to (``written by `mv …` (turn 40)``).
    pub after: Option<String>,
    /// For `unrecorded`: what the log lacks, as the import summary words it (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// Why an edit could not be placed on base lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LostReason {
    /// A write the replay cannot follow came first (`mv`/`cp` onto the file, `sed -i`, …).
    AfterLostWrite,
    /// It does not apply to the file as replayed (its old text is not there).
    DidNotApply,
    /// The log does not record what it changed (a Codex patch with no `patch_apply_end`, an
    /// Aider `whole` edit, …): whether and how it applied is unknown; `detail` says why.
    Unrecorded,
    /// No workspace file to replay it on.
    NoBase,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnCoverage {
    pub turn: u32,
    pub covered_lines: u64,
    pub coverage: Option<f64>,
}

/// A second run of the task beside the explained one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Against {
    pub run: String,
    pub verdict: Verdict,
    pub file_hit: Option<f64>,
    pub line_coverage: Option<f64>,
    pub covered_lines: u64,
    /// Gold spans the two runs read differently.
    pub spans: Vec<SpanDiff>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpanDiff {
    pub path: String,
    pub start: u32,
    pub end: u32,
    pub gold_lines: u64,
    /// Gold lines of the span each run read.
    pub covered: u64,
    pub other_covered: u64,
    /// Lines the explained run read and the other did not.
    pub only_this: LineSet,
    /// Lines the other run read and the explained one did not.
    pub only_other: LineSet,
}
