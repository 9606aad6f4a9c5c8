//! The input flags `diagnose`, `report` and `explain` share (`#[command(flatten)]`): reads, the
//! workspaces, threshold and sources, labels, and the stages' own inputs (`--patches`,
//! `--test-report`). One wording in each command's help, and one place that turns them into the
//! input layer's request (`readcov_files::diagnose`).

use crate::args::RunFileArg;
use crate::cmd::score::{parse_rate, score_options, SourceArg};
use clap::Args;
use readcov_core::ScoreOptions;
use readcov_files::diagnose::{Beside, Source};
use std::path::PathBuf;

#[derive(Args, Clone, Debug)]
#[command(group(clap::ArgGroup::new("ws").args(["workspace", "workspaces"])))]
pub struct RunInputArgs {
    /// Reads JSONL (see docs/formats.md; `turn`/`step` give per-turn timelines, `kind: edit` rows
    /// the edits), or an agent trajectory, imported on the fly as `readcov import` does (its
    /// log's final patch or its replayed edits are then each run's change).
    #[arg(long, value_name = "FILE")]
    pub reads: PathBuf,
    /// Repository at the base commit: paths made relative to it, spans clipped to file lengths,
    /// the unit (function, class, …) around each span named, patches applied and edits replayed.
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// A directory with one workspace per task: DIR/<task>/ (the real data's sources/). A
    /// trajectory given as --reads is imported against its task's folder.
    #[arg(long, value_name = "DIR")]
    pub workspaces: Option<PathBuf>,
    /// Line coverage (and a gold unit's coverage, for the read stage) at or above this passes.
    #[arg(long, default_value_t = readcov_core::metrics::DEFAULT_THRESHOLD, value_parser = parse_rate)]
    pub threshold: f64,
    /// Which read sources count (comma-separated: agent, human, manual, retriever).
    #[arg(long, value_delimiter = ',', default_value = "agent,human,retriever")]
    pub sources: Vec<SourceArg>,
    /// Outcome labels (`task` or `instance_id`, `resolved`, optional `run`; SWE-bench rows with
    /// `resolved`; a SWE-bench harness report, one label per task): shown beside the figures and
    /// verdicts, never used to reach them. `RUN=FILE` makes the file's labels that run's; repeat
    /// for several files (one harness report per run).
    #[arg(long, value_name = "[RUN=]FILE", value_parser = RunFileArg::parse)]
    pub outcomes: Vec<RunFileArg>,
    /// The runs' changes as SWE-bench predictions (`instance_id`, `model_name_or_path`,
    /// `model_patch`; JSONL, a JSON list, or a dict keyed by instance id; `readcov import
    /// --emit-patches` writes one), for the stages. An entry is a run's when its
    /// `model_name_or_path` is the run; a task with one entry and one run pairs them. Repeat for
    /// several files. Without: a trajectory's own patch or its replayed edits.
    #[arg(long, value_name = "FILE")]
    pub patches: Vec<PathBuf>,
    /// A SWE-bench harness report, for the tests stage: per-instance `report.json` or the
    /// run-level report (`resolved_ids`, …; Multi-SWE-bench `results.json`). `RUN=FILE` applies
    /// it to that run only, else to every run of its instances. Repeat for several files.
    #[arg(long, value_name = "[RUN=]FILE", value_parser = RunFileArg::parse)]
    pub test_report: Vec<RunFileArg>,
}

/// The stages' inputs beside gold, reads and labels, as sources the input layer reads.
pub struct BesideSources {
    pub patches: Vec<Source>,
    pub test_reports: Vec<(Option<String>, Source)>,
}

impl RunInputArgs {
    /// `--patches` and `--test-report` as the input layer's sources.
    pub fn beside_sources(&self) -> BesideSources {
        BesideSources {
            patches: self.patches.iter().cloned().map(Source::Path).collect(),
            test_reports: self.test_report.iter().map(RunFileArg::source).collect(),
        }
    }

    /// What the stages read beside gold, reads and labels (`sources`: [`Self::beside_sources`]).
    pub fn beside<'a>(&'a self, sources: &'a BesideSources) -> Beside<'a> {
        Beside {
            patches: &sources.patches,
            test_reports: &sources.test_reports,
            workspace: self.workspace.as_deref(),
            workspaces: self.workspaces.as_deref(),
            opts: self.options(false),
        }
    }

    /// The scoring options of these flags (`breakdown`: each gold file and span kept).
    pub fn options(&self, breakdown: bool) -> ScoreOptions {
        score_options(self.threshold, &self.sources, breakdown)
    }
}
