//! One way in: every input file a command or the Python API takes is detected here as one of the
//! closed set of [`InputKind`]s, checked against what the flag wants (its [`Role`]), converted
//! on the fly when another kind holds the same information (a diff or SWE-bench rows as gold, a
//! trajectory as reads) with a note for stderr, and refused otherwise with a message naming what
//! the file looks like and where it belongs. The CLI, the language server and the Python module
//! all load through this module, so they accept, convert and refuse the same files.
//!
//! Each fact about a kind is one exhaustive `match` (`label`, `looks_like`, `goes_to`, what each
//! role accepts): a new kind is listed by the compiler everywhere it needs something.

mod dataset;
mod dataset_scored;
pub mod detect;
pub mod gold;
pub mod gold_change;
mod imported;
pub mod labels;
mod named;
mod not_a_log;
mod nothing;
mod pieces;
pub mod preds;
pub mod reads;
mod role;
pub mod rows;
pub mod run_change;
pub mod source;

pub use detect::{detect, detect_by, detect_file, Reader};

/// Whether `path` is an agent log (a trajectory or retrieved chunks) to import rather than reads
/// JSONL; a file that cannot be opened as a regular file (a FIFO, a folder) is not.
pub fn is_trajectory(path: &std::path::Path) -> bool {
    matches!(detect_file(path), Ok(InputKind::Log(_)))
}
pub use dataset_scored::ScoreAsRead;
pub use dataset_scored::{load_reads_scored, load_reads_scored_with};
pub use gold::{
    gold_and_change_of, gold_and_rows, gold_from_bytes, gold_of, gold_of_kind, load_gold,
    load_gold_and_change, GoldOptions, LoadedGold,
};
pub use gold_change::{gold_changes, GoldChanges};
pub use labels::{load_labels, load_outcomes, outcomes_of};
pub use named::named_file;
pub use not_a_log::{not_a_log, partial_of};
pub use nothing::Nothing;
pub use preds::{load_predictions, predictions_of, Prediction};
pub use readcov_core::stages::HarnessFile;
pub use reads::{
    load_reads, load_reads_and_changes, load_reads_in_pieces, load_reads_lean,
    reads_and_changes_of, reads_lean_of, reads_of, BaseFiles, ReadsOptions,
};
pub use role::{check_file, Role, Take};
pub use rows::{as_jsonl, read_rows};
pub use run_change::RunChanges;
pub use source::Source;

use crate::FileError;
use readcov_import::Format;

/// What an input file is, from its name and content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputKind {
    /// readcov gold JSONL: `path`, `start`, `end` with gold-only keys (`tier`, `origin`,
    /// `requirement`).
    GoldJsonl,
    /// readcov reads JSONL: `path`, `start`, `end` with reads-only keys (`run`, `tool`,
    /// `command`, `turn`, `step`, `kind`, `source`, `rank`, `score`).
    ReadsJsonl,
    /// `path`, `start`, `end` rows with neither gold-only nor reads-only keys: either.
    Spans,
    /// A unified diff: the base lines it changes are gold.
    Diff,
    /// SWE-bench instances: `instance_id` + `patch` (gold from the patch; `resolved` labels).
    SweBench,
    /// ContextBench gold rows: `gold_context` (or the legacy `init_ctx`/`gold_ctx`).
    ContextBench,
    /// SWE-Explore benchmark rows: `instance_id` + `ground_truth`.
    Explore,
    /// SWE-bench predictions: `instance_id` (or `task`) + `model_patch`, `model_name_or_path`.
    Predictions,
    /// SWE-Explore explorer outputs: `instance_id` + `regions` / `explorer` / `output`.
    ExplorePreds,
    /// Loc-Bench rows without a `patch`: `instance_id` + `file_changes` / `edit_functions`
    /// (rows with a `patch` are [`InputKind::SweBench`]: `locbench --gold` reads their names).
    LocBench,
    /// Code localizations (`readcov locbench --preds`): `instance_id` + LocAgent's
    /// `found_files`/`found_modules`/`found_entities`, Agentless' `found_edit_locs`/
    /// `found_related_locs`, or a retriever's `docs`.
    Localizations,
    /// ContextBench predictions: `traj_data`.
    ContextBenchPreds,
    /// An agent log readcov-import reads: a trajectory, or retrieved chunks.
    Log(Format),
    /// Outcome labels: `resolved` per task (and run).
    Outcomes,
    /// A SWE-bench harness report: per-instance `report.json`, the run-level report
    /// (`resolved_ids`, …; Multi-SWE-bench's `results.json`), an instance log's `report: {…}`
    /// line (`run_instance.log`, OpenHands' `instance_ID.log`) or OpenHands'
    /// `output.swebench_eval.md`.
    HarnessReport,
    /// A file the harness writes beside its report that holds no verdict (`test_output.txt`,
    /// `eval.sh`, a submission's `metadata.yaml`): refused everywhere, pointing at the report.
    HarnessFile(HarnessFile),
    /// `readcov sheet --runs` run records.
    SheetRuns,
    /// `readcov sheet --ledger` requirement events.
    Ledger,
    /// `readcov sheet --tasks` declarations: `task` + `required`.
    TaskDecls,
    /// Syntax units (`readcov units` output, `--units`): `name`, `kind` (function, class, …).
    Units,
    /// A Parquet file (its rows are detected once decoded).
    Parquet,
    /// None of the above (a text file, an empty file, rows of unknown shape): the role's own
    /// parser reads it and locates every error.
    Unknown,
}

impl InputKind {
    /// A short name, for notes.
    pub fn label(self) -> &'static str {
        match self {
            InputKind::GoldJsonl => "gold JSONL",
            InputKind::ReadsJsonl => "reads JSONL",
            InputKind::Spans => "span rows",
            InputKind::Diff => "unified diff",
            InputKind::SweBench => "SWE-bench rows",
            InputKind::ContextBench => "ContextBench rows",
            InputKind::Explore => "SWE-Explore rows",
            InputKind::Predictions => "SWE-bench predictions",
            InputKind::ExplorePreds => "SWE-Explore explorer outputs",
            InputKind::LocBench => "Loc-Bench rows",
            InputKind::Localizations => "code localizations",
            InputKind::ContextBenchPreds => "ContextBench predictions",
            InputKind::Log(Format::Chunks) => "retrieved chunks",
            InputKind::Log(Format::Trec) => "a TREC run",
            InputKind::Log(_) => "an agent trajectory",
            InputKind::Outcomes => "outcome labels",
            InputKind::HarnessReport => "a SWE-bench harness report",
            InputKind::HarnessFile(HarnessFile::TestOutput) => "a SWE-bench test_output.txt",
            InputKind::HarnessFile(HarnessFile::EvalScript) => "a SWE-bench eval.sh",
            InputKind::HarnessFile(HarnessFile::Metadata) => "a SWE-bench metadata.yaml",
            InputKind::SheetRuns => "sheet run records",
            InputKind::Ledger => "a requirement ledger",
            InputKind::TaskDecls => "task declarations",
            InputKind::Units => "syntax units",
            InputKind::Parquet => "Parquet rows",
            InputKind::Unknown => "unknown",
        }
    }

    /// What the file looks like, with the keys that say so (refusal messages).
    pub fn looks_like(self) -> String {
        match self {
            InputKind::GoldJsonl => {
                "gold JSONL (rows with `tier`, `origin` or `requirement`)".into()
            }
            InputKind::ReadsJsonl => {
                "reads JSONL (rows with `run`, `tool`, `command`, `turn`, `kind` or `source`)"
                    .into()
            }
            InputKind::Spans => "span rows (`path`, `start`, `end`)".into(),
            InputKind::Diff => "a unified diff".into(),
            InputKind::SweBench => "SWE-bench rows (`instance_id`, `patch`)".into(),
            InputKind::ContextBench => "ContextBench gold rows (`gold_context`)".into(),
            InputKind::Explore => {
                "SWE-Explore benchmark rows (`instance_id`, `ground_truth`)".into()
            }
            InputKind::Predictions => {
                "SWE-bench predictions (`instance_id`, `model_patch`: a model's patches)".into()
            }
            InputKind::ExplorePreds => {
                "SWE-Explore explorer outputs (`instance_id`, `regions`/`output`)".into()
            }
            InputKind::ContextBenchPreds => "ContextBench predictions (`traj_data`)".into(),
            InputKind::LocBench => {
                "Loc-Bench rows (`instance_id`, `file_changes`/`edit_functions`)".into()
            }
            InputKind::Localizations => {
                "code localizations (`instance_id`, `found_files`/`found_edit_locs`/`docs`)".into()
            }
            InputKind::Log(Format::Chunks) => {
                "retrieved chunks (a retriever's ranked results)".into()
            }
            InputKind::Log(Format::Trec) => "a TREC run (a retriever's ranked results)".into(),
            InputKind::Log(f) => format!("an agent trajectory ({})", f.label()),
            InputKind::Outcomes => "outcome labels (`resolved` per task or run)".into(),
            InputKind::HarnessReport => "a SWE-bench harness report (`report.json`, a run-level \
                                         report, a harness log or `output.swebench_eval.md`)"
                .into(),
            InputKind::HarnessFile(f) => f.looks_like().into(),
            InputKind::SheetRuns => {
                "evaluation-sheet run records (`condition`, validity fields)".into()
            }
            InputKind::Ledger => "a requirement ledger (`event`, `requirement`)".into(),
            InputKind::TaskDecls => "task declarations (`task`, `required`)".into(),
            InputKind::Units => "syntax units (`name`, `kind`: function, class, …)".into(),
            InputKind::Parquet => "Parquet rows".into(),
            InputKind::Unknown => "a file of unknown format".into(),
        }
    }

    /// Where a file of this kind (named `name`) belongs: the flag or command that reads it.
    pub fn goes_to(self, name: &str) -> String {
        let text = match self {
            InputKind::GoldJsonl | InputKind::ContextBench => "give it as `--gold`",
            InputKind::Diff => {
                "give it as `--gold` (gold is built on the fly) or build gold with `readcov gold`; \
                 a model's patch (the SWE-bench harness's `patch.diff`) is no gold: \
                 `readcov diagnose --patches` takes it as SWE-bench predictions"
            }
            InputKind::SweBench => {
                "give it as `--gold` (gold is built on the fly) or build gold with `readcov gold`"
            }
            InputKind::ReadsJsonl => "give it as `--reads`",
            InputKind::Log(Format::Chunks) => {
                "give it as `--reads` (imported on the fly) or import it with `readcov import --format chunks`"
            }
            InputKind::Log(Format::Trec) => {
                "give it as `--reads` (imported on the fly) or import it with `readcov import --format trec`"
            }
            InputKind::Log(_) => {
                "give it as `--reads` (imported on the fly) or import it first with `readcov import`"
            }
            InputKind::Explore => {
                return format!(
                    "score explorer outputs against it with `readcov explore --bench {name} --preds PREDS`"
                )
            }
            InputKind::ExplorePreds => "give it to `readcov explore --preds`",
            InputKind::ContextBenchPreds => "give it to `readcov contextbench --preds`",
            InputKind::LocBench => "give it to `readcov locbench --gold`",
            InputKind::Localizations => "give it to `readcov locbench --preds`",
            InputKind::Predictions => {
                "gold comes from the instances' `patch` (`readcov gold --from-swebench INSTANCES`) \
                 and reads from each run's trajectory (`readcov import`)"
            }
            InputKind::Outcomes => "give it as `--outcomes`",
            InputKind::HarnessReport => {
                "give it as `--outcomes` (resolved per task) or to `readcov diagnose --test-report`"
            }
            InputKind::HarnessFile(f) => f.goes_to(),
            InputKind::SheetRuns => "give it to `readcov sheet --runs`",
            InputKind::Ledger => "give it to `readcov sheet --ledger`",
            InputKind::TaskDecls => "give it to `readcov sheet --tasks`",
            InputKind::Units => "give it as `--units` (`readcov report`, `readcov sheet`)",
            InputKind::Spans => "give it as `--gold` or `--reads` (plain spans are either)",
            InputKind::Parquet | InputKind::Unknown => "",
        };
        text.to_string()
    }
}

/// A file that could not be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    File(#[from] FileError),
    /// Every line of the file was an error (labels, predictions): nothing of it is usable.
    #[error(transparent)]
    Nothing(#[from] Nothing),
    /// The file is of a kind this flag does not take (and cannot be converted).
    #[error("{name}: looks like {}, not {}: {}", kind.looks_like(), role.what(), role.advice(*kind, name))]
    WrongKind {
        name: String,
        kind: InputKind,
        role: Role,
    },
}

/// What a loader gives: the parsed items with located errors, the kind the file was, and the
/// notes to show on stderr (a conversion done on the fly, new files in a patch).
#[derive(Debug)]
pub struct Loaded<T> {
    pub parsed: readcov_core::Parsed<T>,
    pub kind: InputKind,
    pub notes: Vec<String>,
    /// The edits a trajectory imported on the fly could not place on base lines (they gave no
    /// edit row: `explain` says so); empty for every other kind.
    pub lost_edits: Vec<readcov_import::LostEdit>,
}

impl<T> Loaded<T> {
    /// A file of `role` parsed as it is (no note), refused when every line of it was an error
    /// (labels, predictions: nothing of it is usable).
    fn usable(
        role: Role,
        name: &str,
        kind: InputKind,
        parsed: readcov_core::Parsed<T>,
    ) -> Result<Self, LoadError> {
        if let Some(nothing) =
            Nothing::every_line_bad(role, name, parsed.items.len(), &parsed.errors)
        {
            return Err(nothing.into());
        }
        Ok(Loaded {
            parsed,
            kind,
            notes: Vec::new(),
            lost_edits: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests;
