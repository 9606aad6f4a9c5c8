//! What the stages are measured from, besides the gold spans and the reads the scoring walk
//! hands over: each file's syntax units (plain line ranges, found outside core), the gold change
//! and each run's change as base-side lines per file with a way to read a unit's text after the
//! change, and a harness report. All plain values: tree-sitter, patches and files stay outside.

use crate::lineset::LineSet;
pub use crate::syntax::{FileSyntax, Unit};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A base file's syntax as the stages take it: what was found of its units (the one
/// [`FileSyntax`], as `readcov_units::units_of_paths` gives it) and its length in lines, which
/// the stages need beside it: a file without units (no grammar, or its text did not parse) is
/// one `<file>` unit of that length, and the lines between units are `<module>` stretches up to
/// its last line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseSyntax {
    pub syntax: FileSyntax,
    pub len: u32,
}

/// A file's text after a change, asked for the lines that stand where base lines `start..=end`
/// stood (how: `readcov-patch`'s `Applied::slice`).
pub trait AfterText: Send + Sync {
    fn slice(&self, start: u32, end: u32) -> String;
}

/// One base file's part of a change.
#[derive(Clone)]
pub struct FileChange {
    /// The base lines it deletes or changes (a pure insertion: the lines around it), as the
    /// editors draw them: `C_P(f)` of docs/diagnose.md.
    pub lines: LineSet,
    /// The base lines it deletes or changes, pure insertions aside: what the units it touches
    /// are found from, with `gaps`.
    pub edited: LineSet,
    /// Each pure insertion's place. It touches the one unit of its gap
    /// ([`crate::stages::FileUnits::gap_units`]).
    pub gaps: Vec<Gap>,
    /// Each base line's indentation ([`crate::syntax::indentation`]), `None` for a blank line, in
    /// an indentation-delimited file (Python) whose base text was at hand and that has `gaps`:
    /// how an insertion after a unit's last line (or the blank lines after it) is told inside it.
    pub indents: Option<Arc<[Option<u32>]>>,
    /// The file after the change, when the base text was at hand and the change applied to it.
    pub after: Option<Arc<dyn AfterText>>,
}

impl std::fmt::Debug for FileChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileChange")
            .field("lines", &self.lines)
            .field("edited", &self.edited)
            .field("gaps", &self.gaps)
            .field("indents", &self.indents.is_some())
            .field("after", &self.after.is_some())
            .finish()
    }
}

impl FileChange {
    /// Lines known only as lines (gold `edit` rows, no patch): each touches its own unit.
    pub fn of_lines(lines: LineSet, after: Option<Arc<dyn AfterText>>) -> FileChange {
        FileChange {
            edited: lines.clone(),
            lines,
            gaps: Vec::new(),
            indents: None,
            after,
        }
    }
}

/// Where a pure insertion stands in its base file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gap {
    /// Between base lines `at` and `at + 1` (`0`: before the first line).
    pub at: u32,
    /// The indentation of its first non-blank line ([`crate::syntax::indentation`]); `None` when
    /// every line is blank or the file is not indentation-delimited.
    pub indent: Option<u32>,
}

/// Something lost rebuilding a change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lost {
    /// `path: what` as a sentence.
    pub sentence: String,
    /// It may have changed a base file that is not a test file: the edit and change stages
    /// cannot be judged without it.
    pub decides: bool,
}

/// A change as base-side lines: the gold patch's or a run's.
#[derive(Clone, Debug, Default)]
pub struct Change {
    /// Base files (not test files) it changes, by path.
    pub files: BTreeMap<String, FileChange>,
    /// Files it creates (not at the base), test files aside.
    pub new_files: Vec<String>,
    /// Test files it changes or creates (counted apart).
    pub test_files: Vec<String>,
    /// What could not be rebuilt (a replayed change).
    pub lost: Vec<Lost>,
    /// Files of the change that do not apply to their base file (their lines are the stated
    /// ones and their text after the change is unknown), with why.
    pub not_applied: Vec<String>,
}

impl Change {
    /// Nothing changed at all.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty() && self.new_files.is_empty() && self.test_files.is_empty()
    }

    /// What was lost may have changed a base file.
    pub fn decides(&self) -> bool {
        self.lost.iter().any(|l| l.decides)
    }
}

/// Where a run's change came from.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum ChangeSource {
    /// A predictions file (`--patches`).
    Patches,
    /// The final patch the log carries.
    Log,
    /// The run's edits replayed on the base files.
    Replay,
    /// None known.
    #[default]
    None,
}

impl ChangeSource {
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeSource::Patches => "patches",
            ChangeSource::Log => "log",
            ChangeSource::Replay => "replay",
            ChangeSource::None => "none",
        }
    }
}

/// Tests that passed and tests that failed, by name.
pub type TestLists = (Vec<String>, Vec<String>);

/// What a harness says about a run (SWE-bench `report.json` and run-level report).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TestReport {
    /// `FAIL_TO_PASS` tests passing / still failing, by name (a per-instance report).
    pub fail_to_pass: Option<TestLists>,
    /// `PASS_TO_PASS` tests passing / broken.
    pub pass_to_pass: Option<TestLists>,
    /// The patch applied in the harness (`patch_successfully_applied`).
    pub patch_applied: Option<bool>,
    /// What a run-level report lists the instance under.
    pub harness: Option<HarnessStatus>,
}

/// The lists of a run-level report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HarnessStatus {
    Resolved,
    Unresolved,
    EmptyPatch,
    Error,
}

/// One task's inputs.
#[derive(Clone, Debug, Default)]
pub struct TaskInput {
    /// Syntax of base files, by path: gold files, the files runs read and changed. `None`:
    /// no workspace (units unknown: unit figures are `null`).
    pub syntax: Option<BTreeMap<String, BaseSyntax>>,
    /// The gold patch as a change; `None` when the gold has no patch (edit and change cannot
    /// be judged).
    pub gold_change: Option<Change>,
}

/// One run's inputs.
#[derive(Clone, Debug, Default)]
pub struct RunInput {
    pub source: ChangeSource,
    /// `None` when no change is known (`source` is then `None`).
    pub change: Option<Change>,
    pub tests: Option<TestReport>,
}
