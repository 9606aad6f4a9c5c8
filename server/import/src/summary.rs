//! What an import did: runs, read events, lines, and every action not turned into a read, by reason.

use std::collections::BTreeMap;
use std::fmt;

/// Why an action produced no read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    /// A command or tool with no read semantics (`ls`, `python`, `find`, …).
    UnknownCommand,
    /// An unrecognised tool name.
    UnknownTool,
    /// `grep`/`rg` without `-n`, or a pipe whose output no longer shows line positions.
    NoLineNumbers,
    /// `grep -on`: numbered, but only the matched parts of the lines are shown.
    MatchedPartsOnly,
    /// A directory listing (`view` of a directory).
    DirectoryView,
    /// The path is outside the repository (`/tmp`, another checkout, …).
    OutsideRepo,
    /// `--workspace` was given and has no such file (e.g. a script the agent created).
    NotInWorkspace,
    /// The file was changed by an edit readcov cannot replay (`sed -i`, a redirect, a script), or
    /// the shown text disagrees with the replayed file.
    UnalignedAfterEdit,
    /// The text an output shows disagrees with the file as replayed (modulo tab expansion,
    /// trailing whitespace and CRLF): a change readcov did not see, e.g. a script.
    TextMismatch,
    /// Every line shown was written by the agent itself (not a base line).
    AgentWritten,
    /// The tool call has no result in the log.
    MissingObservation,
    /// The tool reported an error (nothing was shown, or the edit was not applied).
    ToolError,
    /// The output showed no lines of the file.
    NothingShown,
    /// A whole-file read of a file whose length is unknown (no workspace, no output to count).
    UnknownLength,
    /// Several reads in one command with numbered output that cannot be told apart, or lines of
    /// several files with no path to tell them apart (`cat a b`, `grep -hn x a b`).
    AmbiguousOutput,
    /// `sed -n '/re1/,/re2/p'`: the lines matched can only be found in the file's text.
    RangeNeedsWorkspace,
    /// Arguments that do not parse (bad JSON in a tool call, a missing path, …).
    Malformed,
    /// A retrieved chunk whose text is not the file's text at its position (the index was built
    /// from another version of the file).
    StaleChunk,
    /// A retrieved chunk whose offsets or lines run past the end of the file.
    PastEndOfFile,
    /// A retrieved chunk given by character offsets, with no workspace file to count them in.
    OffsetsNeedWorkspace,
    /// The log left the call's arguments or result out (OpenTelemetry spans without content
    /// capture): what it read cannot be known.
    NotCaptured,
}

impl Reason {
    pub fn label(self) -> &'static str {
        match self {
            Reason::UnknownCommand => "unknown command",
            Reason::UnknownTool => "unknown tool",
            Reason::NoLineNumbers => "output without line numbers",
            Reason::MatchedPartsOnly => "only matched parts shown",
            Reason::DirectoryView => "directory view",
            Reason::OutsideRepo => "path outside repo",
            Reason::NotInWorkspace => "file not in workspace",
            Reason::UnalignedAfterEdit => "unaligned after edit",
            Reason::TextMismatch => "shown text differs from file",
            Reason::AgentWritten => "only agent-written lines",
            Reason::MissingObservation => "missing observation",
            Reason::ToolError => "tool error",
            Reason::NothingShown => "no lines shown",
            Reason::UnknownLength => "file length unknown",
            Reason::AmbiguousOutput => "ambiguous output",
            Reason::RangeNeedsWorkspace => "range needs the workspace",
            Reason::Malformed => "malformed action",
            Reason::StaleChunk => "stale chunk (text differs)",
            Reason::PastEndOfFile => "past the end of the file",
            Reason::OffsetsNeedWorkspace => "offsets need the workspace",
            Reason::NotCaptured => "content not captured",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// An edit the replay could not place on base lines: it gives no `kind: edit` row, so it is
/// listed here rather than vanishing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostEdit {
    pub task: String,
    pub run: String,
    pub path: String,
    pub turn: u32,
    pub step: u32,
    pub command: String,
    pub why: LostWhy,
}

/// Why an edit was not replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LostWhy {
    /// No base text to replay it on (no workspace): expected, and said once in the summary.
    NoBase,
    /// It does not apply to the file as replayed (its old text is not there): the first write
    /// the replay cannot follow.
    DidNotApply,
    /// The log does not record what it changed (a Codex patch with no `patch_apply_end`, an
    /// Aider `whole` edit): what the log lacks, as the summary words it. `readcov explain`
    /// gives it the reason `unrecorded` with this text as `detail`.
    Unrecorded(&'static str),
    /// An earlier write the replay cannot follow left the file unfollowable: that write, as
    /// the change's `partial` list words it (``written by `mv …` (turn 40)``).
    After(String),
}

impl std::fmt::Display for LostWhy {
    /// Why, as the import summary lists the edit.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LostWhy::NoBase => f.write_str("no workspace file to replay it on"),
            LostWhy::DidNotApply => f.write_str("it does not apply to the file as replayed"),
            LostWhy::Unrecorded(w) => f.write_str(w),
            LostWhy::After(w) => write!(f, "after a write the replay cannot follow: {w}"),
        }
    }
}

/// Totals over one or more imported runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub runs: usize,
    pub actions: usize,
    pub read_events: usize,
    pub read_lines: u64,
    pub edit_events: usize,
    /// Actions (or parts of a compound command) not turned into reads.
    pub skipped: BTreeMap<Reason, usize>,
    /// Whole records that could not be parsed (truncated JSON, a message of the wrong shape).
    pub malformed_records: usize,
    /// Dataset rows by the encoding of their messages (`chat`).
    pub encodings: BTreeMap<&'static str, usize>,
    /// Dataset rows whose `instance_id` carried a dataset suffix `_<n>` (taken off for the task),
    /// and the first such id with the task it gave.
    pub id_suffixes: usize,
    pub id_suffix_example: Option<(String, String)>,
    /// Edits not replayed (their lines unknown), in run and step order.
    pub lost_edits: Vec<LostEdit>,
}

impl Summary {
    pub fn skip(&mut self, r: Reason) {
        *self.skipped.entry(r).or_default() += 1;
    }

    pub fn add(&mut self, o: &Summary) {
        self.add_counts(o);
        self.lost_edits.extend(o.lost_edits.iter().cloned());
    }

    /// [`Summary::add`] without the list of lost edits: a tally over 100k dataset rows keeps
    /// its size (the edits' count and first few are kept by the caller, not every one).
    pub fn add_counts(&mut self, o: &Summary) {
        self.runs += o.runs;
        self.actions += o.actions;
        self.read_events += o.read_events;
        self.read_lines += o.read_lines;
        self.edit_events += o.edit_events;
        self.malformed_records += o.malformed_records;
        for (k, v) in &o.skipped {
            *self.skipped.entry(*k).or_default() += v;
        }
        for (k, v) in &o.encodings {
            *self.encodings.entry(k).or_default() += v;
        }
        self.id_suffixes += o.id_suffixes;
        if self.id_suffix_example.is_none() {
            self.id_suffix_example.clone_from(&o.id_suffix_example);
        }
    }

    pub fn skipped_total(&self) -> usize {
        self.skipped.values().sum()
    }
}
