//! The stages of one run as one plain, serialisable value (`RunStages`): what `readcov diagnose`
//! prints and what explain, the report, the language server and Python render. Names are the
//! JSON names (docs/schemas/diagnose.schema.json); a figure that cannot be computed is `None`
//! (`null`), never 0.

use super::input::{ChangeSource, HarnessStatus};
use super::units::UnitRef;
use serde::Serialize;

/// The first stage that failed, from a closed list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The run changed nothing.
    NoChange,
    /// A gold file was never opened.
    Search,
    /// A gold unit was read under the threshold.
    Read,
    /// A gold change unit was not changed, or most changes were elsewhere.
    Edit,
    /// Every gold change unit was changed, not as the gold did.
    Change,
    /// The harness report says tests failed.
    Tests,
    /// Nothing readcov can see failed.
    None,
    /// No gold, or a stage that decides could not be judged (a partial change, no patch).
    Unknown,
}

impl Verdict {
    /// Every verdict, in precedence order (tables list them so).
    pub const ALL: [Verdict; 8] = [
        Verdict::NoChange,
        Verdict::Search,
        Verdict::Read,
        Verdict::Edit,
        Verdict::Change,
        Verdict::Tests,
        Verdict::None,
        Verdict::Unknown,
    ];

    /// The verdict named `name` (a partial's key), if any.
    pub fn parse(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.as_str() == name)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::NoChange => "no_change",
            Verdict::Search => "search",
            Verdict::Read => "read",
            Verdict::Edit => "edit",
            Verdict::Change => "change",
            Verdict::Tests => "tests",
            Verdict::None => "none",
            Verdict::Unknown => "unknown",
        }
    }
}

/// One run of one task, diagnosed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunStages {
    pub task: String,
    pub run: String,
    pub verdict: Verdict,
    /// One line, built from the figures below.
    pub reason: String,
    pub change_source: ChangeSource,
    /// Something was lost rebuilding the change (`change_lost` says what).
    pub change_partial: bool,
    pub change_lost: Vec<String>,
    pub stages: Stages,
    /// The outcome label (`--outcomes`), shown beside: never an input to the stages.
    pub resolved: Option<bool>,
    /// Each stage judged on its own (the report's stage table). Not in the JSON: it is drawn
    /// from the figures there and the verdict's rules, which the schema documents.
    #[serde(skip)]
    pub marks: StageMarks,
}

/// How one stage went for a run, judged on its own (an earlier failure does not hide it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Passed,
    Failed,
    /// Could not be judged (no gold, no change known, no units, no report, …).
    #[default]
    NotJudged,
}

/// Every stage's [`Mark`], by the verdict's rules (`stages/marks.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StageMarks {
    pub search: Mark,
    pub read: Mark,
    pub edit: Mark,
    pub change: Mark,
    pub tests: Mark,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stages {
    pub search: Search,
    pub read: Read,
    pub edit: Edit,
    pub change: ChangeStage,
    /// `None` without a harness report.
    pub tests: Option<Tests>,
}

/// Which gold files the run opened.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Search {
    /// Gold files opened / gold files.
    pub recall: Option<f64>,
    /// Gold files opened / files opened.
    pub precision: Option<f64>,
    pub gold_files: usize,
    pub opened_gold_files: usize,
    pub opened_files: usize,
    pub never_opened: Vec<String>,
}

/// How much of the gold the run read.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Read {
    pub line_coverage: Option<f64>,
    /// Gold units whose gold lines were read at or above the threshold / gold units.
    pub unit_coverage: Option<f64>,
    /// Gold units read / units read (a unit is read when a line it owns was).
    pub unit_precision: Option<f64>,
    /// Units read / gold units (TRAJEVAL's "examined vs needed").
    pub units_read_per_needed: Option<f64>,
    pub gold_units: Option<usize>,
    pub units_read: Option<usize>,
    /// Gold units read under the threshold, worst first.
    pub under_threshold: Vec<UnitRead>,
}

/// A gold unit and how much of its gold the run read.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitRead {
    #[serde(flatten)]
    pub unit: UnitRef,
    pub gold_lines: u64,
    pub read_gold_lines: u64,
    pub coverage: f64,
}

/// Where the run changed code, against where the gold did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Edit {
    /// Gold change units the run changed / gold change units.
    pub recall: Option<f64>,
    /// Changed units that are gold change units / changed units.
    pub precision: Option<f64>,
    pub file_recall: Option<f64>,
    pub file_precision: Option<f64>,
    /// Base files (not test files) the run changed.
    pub changed_files: Option<usize>,
    /// Changed base lines in files with no gold (not test files).
    pub lines_outside_gold_files: Option<u64>,
    pub gold_change_units: Option<Vec<GoldChangeUnit>>,
    pub changed_units: Option<usize>,
    /// Files the run created, and test files it changed: counted apart.
    pub new_files: Vec<String>,
    pub test_files: Vec<String>,
}

/// A unit the gold patch changes, and whether the run changed it too.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GoldChangeUnit {
    #[serde(flatten)]
    pub unit: UnitRef,
    pub changed: bool,
}

/// What the run made of each gold change unit it changed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ChangeStage {
    /// `None` when it cannot be compared (no gold patch, no change, no units).
    pub units: Option<Vec<ChangedUnit>>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChangedUnit {
    pub path: String,
    pub name: String,
    pub kind: String,
    pub start: u32,
    pub end: u32,
    /// Equal to the gold's text up to whitespace.
    pub same: Option<bool>,
    /// Token LCS ratio of the two texts.
    pub similarity: Option<f64>,
    /// The unit's text after the gold patch, and after the run's change.
    pub gold_text: Option<String>,
    pub agent_text: Option<String>,
}

impl ChangedUnit {
    /// How the run's text of the unit compares with the gold's, as `explain` and the HTML report
    /// word it.
    pub fn compared(&self) -> String {
        match (self.same, self.similarity) {
            (Some(true), _) => "same as the gold's".to_string(),
            (_, Some(sim)) => format!(
                "differs from the gold's (token similarity {})",
                crate::words::ratio(sim, None)
            ),
            _ => "not compared (a text after a patch is unknown)".to_string(),
        }
    }
}

/// What the harness report says.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Tests {
    pub fail_to_pass_failing: Vec<String>,
    pub pass_to_pass_broken: Vec<String>,
    pub fail_to_pass_passing: Option<usize>,
    pub pass_to_pass_passing: Option<usize>,
    pub patch_applied: Option<bool>,
    pub harness: Option<HarnessStatus>,
}
