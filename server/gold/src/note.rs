//! What building gold left out or could not do, counted by kind: bad input is reported, never
//! dropped silently (a run with no outcome label, a task with too few successful runs, a patch
//! that does not apply to its workspace, a file without a grammar, ...).

use std::collections::BTreeMap;

/// Why something was left out or fell back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NoteKind {
    /// No workspace for the task: gold stays the edit lines.
    NoWorkspace,
    /// The file is not in the workspace: its gold stays the edit lines.
    MissingFile,
    /// No grammar for the file's language: its gold stays the edit lines.
    NoGrammar,
    /// The file's text is not what the patch expects: its gold stays the edit lines.
    PatchDoesNotApply,
    /// Some hunks applied a few lines from their stated place (as `git apply` finds them): the
    /// gold is on the lines they applied to.
    AppliedWithOffset,
    /// The patch creates the file: no base lines, unscored.
    NewFile,
    /// Left out as a test file (`--exclude-tests`).
    ExcludedTest,
    /// The parser found syntax errors; units come from the rest.
    ParseErrors,
    /// A resolved run with no agent reads in the log: left out of consensus.
    NoReads,
    /// A run's reads have no outcome label: not counted as resolved or failed.
    NoOutcome,
    /// A task with fewer resolved runs (with reads) than `--min-runs`: no consensus gold.
    TooFewRuns,
    /// A task with fewer resolved runs (with reads) than `--agree K` asks to agree (and no fewer
    /// than `--min-runs`): no consensus gold.
    FewerThanAgree,
    /// Leave-one-out: a run whose gold, built from the task's resolved runs less one, has fewer
    /// than `--min-runs` left (the task's full consensus has enough): that run gets no row.
    LeaveOneOutTooFew,
    /// The same, where `--agree K` (above `--min-runs`) is what the runs left fall short of.
    LeaveOneOutFewerThanAgree,
    /// A read outside the run's workspace (an absolute path elsewhere, `..`): left out.
    ReadOutsideWorkspace,
    /// A `FAIL_TO_PASS` test whose function the base workspace does not have.
    TestNotInBase,
    /// `--tests`: a row with neither `test_patch` nor `FAIL_TO_PASS`: nothing for the test tier.
    NoTestFields,
    /// A `FAIL_TO_PASS` id of no known shape (pytest, JUnit, Gradle, Django): left out.
    UnknownTestId,
    /// A task in several patch rows (one per agent): its repeated spans were dropped.
    RepeatedTask,
}

impl NoteKind {
    pub fn label(self) -> &'static str {
        match self {
            NoteKind::NoWorkspace => "no workspace (edit lines only; test ids not resolved)",
            NoteKind::MissingFile => "file not in workspace (edit lines only)",
            NoteKind::NoGrammar => "no grammar for the language (edit lines only)",
            NoteKind::PatchDoesNotApply => {
                "patch does not apply to the workspace (edit lines only)"
            }
            NoteKind::AppliedWithOffset => "patch applied with an offset (gold moved with it)",
            NoteKind::NewFile => "new file (no base lines, unscored)",
            NoteKind::ExcludedTest => "test file left out (--exclude-tests)",
            NoteKind::ParseErrors => "syntax errors in the file (units from the rest)",
            NoteKind::NoReads => "resolved run with no reads (left out)",
            NoteKind::NoOutcome => "run without an outcome label (left out)",
            NoteKind::TooFewRuns => "task with fewer resolved runs than --min-runs (no gold)",
            NoteKind::FewerThanAgree => "task with fewer resolved runs than --agree K (no gold)",
            NoteKind::LeaveOneOutTooFew => {
                "run not scored: its leave-one-out gold has fewer resolved runs than --min-runs"
            }
            NoteKind::LeaveOneOutFewerThanAgree => {
                "run not scored: its leave-one-out gold has fewer resolved runs than --agree K"
            }
            NoteKind::ReadOutsideWorkspace => "read outside the workspace (left out)",
            NoteKind::TestNotInBase => "FAIL_TO_PASS test not in the base workspace",
            NoteKind::NoTestFields => "row without test_patch or FAIL_TO_PASS (no test tier)",
            NoteKind::UnknownTestId => "FAIL_TO_PASS id of an unknown shape (left out)",
            NoteKind::RepeatedTask => "task in several rows (each span written once)",
        }
    }
}

/// One note: what, where, and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub kind: NoteKind,
    pub task: String,
    /// The file, run or test id the note is about.
    pub subject: String,
    pub message: String,
}

/// Notes in the order they arose.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes(pub Vec<Note>);

impl Notes {
    pub fn push(&mut self, kind: NoteKind, task: &str, subject: &str, message: impl Into<String>) {
        self.0.push(Note {
            kind,
            task: task.to_string(),
            subject: subject.to_string(),
            message: message.into(),
        });
    }

    /// How many notes of each kind.
    pub fn counts(&self) -> BTreeMap<NoteKind, usize> {
        let mut out = BTreeMap::new();
        for n in &self.0 {
            *out.entry(n.kind).or_default() += 1;
        }
        out
    }

    pub fn count(&self, kind: NoteKind) -> usize {
        self.0.iter().filter(|n| n.kind == kind).count()
    }

    pub fn extend(&mut self, other: Notes) {
        self.0.extend(other.0);
    }
}
