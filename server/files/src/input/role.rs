//! What each flag wants of an input ([`Role`]) and how it takes each [`InputKind`] ([`Take`]):
//! as it is, converted on the fly, or refused with a message naming where the file belongs.

use super::{detect_file, InputKind, LoadError};

/// What a flag wants: each role accepts some kinds as they are, converts some, refuses the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `--gold` (score, explain, report, sheet) and the Python `gold` argument.
    Gold,
    /// `--reads` (score, explain, report, sheet, contextbench, `gold --from-runs`).
    Reads,
    /// `--outcomes`: labels.
    Outcomes,
    /// SWE-bench predictions (a model's patches).
    Predictions,
    /// `readcov diagnose --test-report`: a SWE-bench harness report.
    TestReport,
    /// `readcov explore --bench`: SWE-Explore benchmark rows.
    ExploreBench,
    /// `readcov explore --preds`: explorer outputs (JSONL, or CLI-agent text).
    ExplorePreds,
    /// `readcov contextbench --gold`: ContextBench gold rows.
    ContextBenchGold,
    /// `readcov contextbench --preds`: ContextBench predictions.
    ContextBenchPreds,
    /// `readcov gold --from-swebench`: SWE-bench instances.
    Instances,
    /// `readcov gold --from-diff`: a unified diff.
    Patch,
    /// `readcov locbench --gold`: Loc-Bench rows, or readcov gold named through the units.
    LocBenchGold,
    /// `readcov locbench --preds`: code localizations.
    Localizations,
    /// `--units` (`readcov report`, `readcov sheet`): syntax units JSONL.
    Units,
    /// `readcov sheet --ledger` (and `report`): a requirement ledger.
    Ledger,
    /// `readcov sheet --tasks` (and `report`): task declarations.
    TaskDecls,
}

/// How a role takes a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Take {
    /// Parsed as the role's own format (an unknown file too: its errors are located).
    AsIs,
    /// Converted on the fly, with a note.
    Convert,
    Refuse,
}

impl Role {
    /// What the role is called in a refusal ("…, not gold").
    pub fn what(self) -> &'static str {
        match self {
            Role::Gold => "gold",
            Role::Reads => "reads",
            Role::Outcomes => "outcome labels",
            Role::Predictions => "predictions",
            Role::TestReport => "a SWE-bench harness report",
            Role::ExploreBench => "SWE-Explore benchmark rows",
            Role::ExplorePreds => "explorer outputs",
            Role::ContextBenchGold => "ContextBench gold rows",
            Role::ContextBenchPreds => "ContextBench predictions",
            Role::Instances => "SWE-bench instances",
            Role::Patch => "a unified diff",
            Role::LocBenchGold => "Loc-Bench gold",
            Role::Localizations => "code localizations",
            Role::Units => "syntax units",
            Role::Ledger => "a requirement ledger",
            Role::TaskDecls => "task declarations",
        }
    }

    /// How this role takes `kind` (a Parquet file is decoded first, its rows then judged).
    pub fn takes(self, kind: InputKind) -> Take {
        use InputKind as K;
        match (self, kind) {
            (_, K::Unknown | K::Parquet) => Take::AsIs,
            (Role::Gold, K::GoldJsonl | K::Spans) => Take::AsIs,
            (Role::Gold, K::Diff | K::SweBench | K::ContextBench) => Take::Convert,
            (Role::Reads, K::ReadsJsonl | K::Spans) => Take::AsIs,
            (Role::Reads, K::Log(_)) => Take::Convert,
            // SWE-bench rows carry `resolved` (the real data's gold.jsonl is such a file).
            (Role::Outcomes, K::Outcomes | K::SweBench) => Take::AsIs,
            // Resolved per task, from the report's verdicts.
            (Role::Outcomes, K::HarnessReport) => Take::Convert,
            (Role::TestReport, K::HarnessReport) => Take::AsIs,
            (Role::Predictions, K::Predictions) => Take::AsIs,
            (Role::ExploreBench, K::Explore) => Take::AsIs,
            (Role::ExplorePreds, K::ExplorePreds) => Take::AsIs,
            (Role::ContextBenchGold, K::ContextBench) => Take::AsIs,
            (Role::ContextBenchPreds, K::ContextBenchPreds) => Take::AsIs,
            (Role::Instances, K::SweBench) => Take::AsIs,
            (Role::Patch, K::Diff) => Take::AsIs,
            // Loc-Bench rows with a `patch` are SWE-bench rows: their names are read as they are.
            (Role::LocBenchGold, K::LocBench | K::SweBench | K::GoldJsonl | K::Spans) => Take::AsIs,
            (Role::LocBenchGold, K::Diff | K::ContextBench) => Take::Convert,
            (Role::Localizations, K::Localizations) => Take::AsIs,
            // The sheet's units may be plain `path`/`start`/`end` rows.
            (Role::Units, K::Units | K::Spans) => Take::AsIs,
            (Role::Ledger, K::Ledger) => Take::AsIs,
            (Role::TaskDecls, K::TaskDecls) => Take::AsIs,
            (
                Role::Gold
                | Role::Reads
                | Role::Outcomes
                | Role::Predictions
                | Role::TestReport
                | Role::ExploreBench
                | Role::ExplorePreds
                | Role::ContextBenchGold
                | Role::ContextBenchPreds
                | Role::Instances
                | Role::Patch
                | Role::LocBenchGold
                | Role::Localizations
                | Role::Units
                | Role::Ledger
                | Role::TaskDecls,
                K::GoldJsonl
                | K::ReadsJsonl
                | K::Spans
                | K::Diff
                | K::SweBench
                | K::ContextBench
                | K::Explore
                | K::Predictions
                | K::ExplorePreds
                | K::LocBench
                | K::Localizations
                | K::ContextBenchPreds
                | K::Log(_)
                | K::Outcomes
                | K::HarnessReport
                | K::HarnessFile(_)
                | K::SheetRuns
                | K::Ledger
                | K::TaskDecls
                | K::Units,
            ) => Take::Refuse,
        }
    }

    /// Where a file of `kind` this role refuses belongs: the kind's place, except where the role
    /// wants what the file holds in another form.
    pub fn advice(self, kind: InputKind, name: &str) -> String {
        match (self, kind) {
            // A model's patch, but a diff names no instance and no run.
            (Role::Predictions, InputKind::Diff) => {
                "a diff names no instance or run: give the run's patch as SWE-bench predictions, \
                 a line `{\"instance_id\": ID, \"model_name_or_path\": RUN, \"model_patch\": PATCH}` \
                 (as `readcov import --emit-patches` writes them)"
                    .to_string()
            }
            _ => kind.goes_to(name),
        }
    }

    /// `Ok` when this role reads `kind` (as is or converted), else the refusal.
    pub fn check(self, name: &str, kind: InputKind) -> Result<Take, LoadError> {
        match self.takes(kind) {
            Take::Refuse => Err(LoadError::WrongKind {
                name: name.to_string(),
                kind,
                role: self,
            }),
            t => Ok(t),
        }
    }
}

/// Refuses `path` when it is of a kind `role` does not take (for the commands whose own parser
/// reads the file: `explore`, `contextbench`, `gold --from-swebench/--from-diff`); a file that
/// cannot be opened is an error too.
pub fn check_file(path: &std::path::Path, role: Role) -> Result<Take, LoadError> {
    let kind = detect_file(path)?;
    role.check(&path.display().to_string(), kind)
}
