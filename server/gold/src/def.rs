//! The closed list of gold definitions. Each fact about a definition (its label, how a gold file
//! shows it, how it is built) is one exhaustive `match`, so a new definition is a new variant
//! and the compiler lists what it needs. The CLI (`readcov gold`, `score --gold NAME=FILE`) and
//! the report go through it.

use crate::consensus::{consensus, ConsensusOptions, RunsInput};
use crate::dedupe::dedupe_repeated;
use crate::expand::ExpandOptions;
use crate::patch::{unit_gold, PatchRow};
use crate::rows_def::rows_under;
use crate::test_tier::test_gold;
use crate::{GoldRow, NoteKind, Notes, Origin, TaskFiles};
use readcov_core::formats::InputError;
use readcov_import::DiffOptions;

/// A way to say which lines a fix needs.
#[derive(Clone, Debug, PartialEq)]
pub enum GoldDef {
    /// The lines a patch deletes or changes, and insertion anchors.
    Edit,
    /// Edit lines widened to their enclosing function, method or small class.
    Unit(ExpandOptions),
    /// The test functions a test patch touches, widened like `Unit`.
    Test(ExpandOptions),
    /// The lines successful runs read (all of them, or K).
    Consensus(ConsensusOptions),
}

/// What a definition is built from.
pub enum GoldInput<'a> {
    /// Patches, one per task (SWE-bench rows or one diff).
    Patches(&'a [PatchRow]),
    /// Reads of several runs per task and their outcome labels.
    Runs(&'a RunsInput),
    /// Gold rows already built (a gold JSONL file): picked by origin, plain edit rows widened for
    /// `Unit` (see `rows_def.rs`).
    Rows(&'a [GoldRow]),
}

/// Gold rows with what was left out and the located input errors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Built {
    pub rows: Vec<GoldRow>,
    pub notes: Notes,
    pub errors: Vec<InputError>,
}

/// What an empty build was asked to build from, for [`Built::why_empty`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyInput {
    /// One unified diff.
    Diff,
    /// Patch rows (SWE-bench) or gold rows.
    Rows,
    /// The test tier of patch rows.
    Tests,
    /// Consensus of runs' reads.
    Runs,
    /// BEIR-style relevance judgments.
    Qrels,
}

impl Built {
    /// Why no gold span came out, when the errors and notes do not say so already: no hunk at
    /// all (not a diff), only new or excluded files, no test tier, no consensus. `None` when
    /// there are spans or errors. The CLI's `readcov gold` and the language server say the same.
    pub fn why_empty(&self, input: EmptyInput) -> Option<&'static str> {
        if !self.rows.is_empty() || !self.errors.is_empty() {
            return None;
        }
        let only_no_tests = !self.notes.0.is_empty()
            && self.notes.count(NoteKind::NoTestFields) == self.notes.0.len();
        Some(match (input, self.notes.0.is_empty()) {
            (EmptyInput::Tests, _) if only_no_tests => {
                "no test-tier lines: no row has a `test_patch` or `FAIL_TO_PASS` field to build \
                 them from (SWE-bench rows carry both; rows copied without them give no test tier)"
            }
            (EmptyInput::Tests, true) => {
                "no test-tier lines: no test patch touched a base file and no FAIL_TO_PASS test \
                 was found in a workspace"
            }
            (EmptyInput::Tests, false) => {
                "no test-tier lines: no test patch touched a base file and no FAIL_TO_PASS test \
                 was found in a workspace (see the notes above)"
            }
            (EmptyInput::Runs, _) => {
                "no consensus gold: no task has enough resolved runs with reads"
            }
            (EmptyInput::Qrels, _) => {
                "no relevant judgment: expected `query-id corpus-id score` lines (tabs) with a \
                 score above 0"
            }
            (EmptyInput::Diff, true) => {
                "no diff hunks found, so no gold lines: is it a unified diff \
                 (`--- a/PATH` and `+++ b/PATH` headers, then `@@ -l,n +l,n @@` hunks)?"
            }
            (EmptyInput::Rows, true) => {
                "no diff hunks found in any row, so no gold lines: expected one JSON object per \
                 line with `instance_id` and `patch` (a unified diff)"
            }
            (_, false) => "no base lines to score: every changed file is new or excluded",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DefError {
    #[error("{def} gold is built from {wants}")]
    WrongInput {
        def: &'static str,
        wants: &'static str,
    },
}

impl GoldDef {
    /// Every definition's label, in the order tables show them.
    pub const LABELS: [&'static str; 4] = ["edit", "unit", "test", "consensus"];

    pub fn label(&self) -> &'static str {
        match self {
            GoldDef::Edit => "edit",
            GoldDef::Unit(_) => "unit",
            GoldDef::Test(_) => "test",
            GoldDef::Consensus(_) => "consensus",
        }
    }

    /// The definition named `s` (`edit`, `unit`/`units`, `test`/`tests`, `consensus`), with
    /// default options (the LSP's `goldDefinition`).
    pub fn from_label(s: &str) -> Option<GoldDef> {
        match s.trim().to_ascii_lowercase().as_str() {
            "edit" => Some(GoldDef::Edit),
            "unit" | "units" => Some(GoldDef::Unit(ExpandOptions::default())),
            "test" | "tests" => Some(GoldDef::Test(ExpandOptions::default())),
            "consensus" => Some(GoldDef::Consensus(ConsensusOptions::default())),
            _ => None,
        }
    }

    /// The definition a gold file was built by, from its rows' origins (default options).
    pub fn detect(rows: &[GoldRow]) -> GoldDef {
        let has = |o: Origin| rows.iter().any(|r| r.origin == o);
        if has(Origin::Consensus) {
            GoldDef::Consensus(ConsensusOptions::default())
        } else if has(Origin::Test) {
            GoldDef::Test(ExpandOptions::default())
        } else if has(Origin::Unit) || has(Origin::Window) {
            GoldDef::Unit(ExpandOptions::default())
        } else {
            GoldDef::Edit
        }
    }

    /// Builds this definition's gold.
    pub fn build(
        &self,
        input: GoldInput,
        files: &dyn TaskFiles,
        diff: &DiffOptions,
    ) -> Result<Built, DefError> {
        let wrong = |wants| DefError::WrongInput {
            def: self.label(),
            wants,
        };
        // SWE-bench results repeat an instance once per agent: each span once, with a note.
        let once = |mut b: Built, rows: &[PatchRow]| {
            dedupe_repeated(&mut b, rows);
            Ok(b)
        };
        match (self, input) {
            (GoldDef::Edit, GoldInput::Patches(rows)) => {
                once(unit_gold(rows, files, diff, None), rows)
            }
            (GoldDef::Unit(o), GoldInput::Patches(rows)) => {
                once(unit_gold(rows, files, diff, Some(o)), rows)
            }
            (GoldDef::Test(o), GoldInput::Patches(rows)) => {
                once(test_gold(rows, files, o, diff.anchor), rows)
            }
            (GoldDef::Consensus(o), GoldInput::Runs(runs)) => Ok(consensus(runs, o).built()),
            (def, GoldInput::Rows(rows)) => Ok(rows_under(def, rows, files)),
            (GoldDef::Edit | GoldDef::Unit(_) | GoldDef::Test(_), GoldInput::Runs(_)) => {
                Err(wrong("patches"))
            }
            (GoldDef::Consensus(_), GoldInput::Patches(_)) => {
                Err(wrong("runs' reads and outcome labels"))
            }
        }
    }
}
