//! `gold_from_patch`: gold rows from a unified diff or SWE-bench rows, as `readcov gold
//! --from-diff | --from-swebench` builds them (edit lines, `expand="units"`, or the test tier),
//! through `GoldDef::build` with workspace files confined by `readcov-files`. An input of another
//! kind (reads JSONL, gold rows, a trajectory) is refused first, by the input layer's check the
//! CLI's `check_kind` makes (`Role::Patch`, `Role::Instances`), with its words.

use crate::{file_error, located, one_workspace, Input, Located};
use pyo3::prelude::*;
use readcov_core::Parsed;
use readcov_files::gold_files::Workspaces;
use readcov_files::input::{check_file, detect, Role};
use readcov_gold::{parse_patch_rows, EmptyInput, ExpandOptions, GoldDef, GoldInput, PatchRow};
use readcov_import::DiffOptions;
use std::path::PathBuf;

/// Rows (JSONL), notes (JSON: what was left out), located errors and the qrels asked for.
type BuiltText = crate::gold_beir::BuiltQrels;

#[pyfunction]
#[pyo3(signature = (diff=None, rows=None, task=None, anchor=1, exclude_tests=false, expand="edit", tests=false, workspace=None, workspaces=None, max_unit=200, window=10, qrels=None))]
#[allow(clippy::too_many_arguments)]
pub fn gold_from_patch(
    py: Python<'_>,
    diff: Option<String>,
    rows: Option<Input>,
    task: Option<String>,
    anchor: u32,
    exclude_tests: bool,
    expand: &str,
    tests: bool,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    max_unit: u32,
    window: u32,
    qrels: Option<&str>,
) -> PyResult<BuiltText> {
    let level = crate::gold_beir::qrels_level(qrels)?;
    let expand_opts = ExpandOptions { max_unit, window };
    let def = match (tests, expand) {
        (true, _) => GoldDef::Test(expand_opts),
        (false, "units") => GoldDef::Unit(expand_opts),
        (false, "edit") => GoldDef::Edit,
        (false, other) => {
            return Err(crate::options::not_one_of(
                "expand",
                other,
                &["edit", "units"],
            ))
        }
    };
    let files = crate::gold_beir::workspaces(&workspace, &workspaces)?;
    py.detach(|| {
        let mut errors = Vec::new();
        let kind = match (tests, diff.is_some()) {
            (true, _) => EmptyInput::Tests,
            (false, true) => EmptyInput::Diff,
            (false, false) => EmptyInput::Rows,
        };
        let (patches, name) = match (diff, rows) {
            (Some(patch), None) => {
                // The text by the input layer's detection, as `gold --from-diff` checks its file:
                // reads JSONL or a trajectory is no diff (it said "no diff hunks found").
                let name = "<patch>".to_string();
                Role::Patch
                    .check(&name, detect(&name, patch.as_bytes()))
                    .map_err(file_error)?;
                let row = PatchRow {
                    task: task.unwrap_or_else(|| readcov_core::span::DEFAULT_ID.to_string()),
                    patch,
                    file: name.clone(),
                    ..PatchRow::default()
                };
                (vec![row], name)
            }
            (None, Some(input)) => {
                let (parsed, name) = instances(input)?;
                errors = parsed.errors;
                (parsed.items, name)
            }
            _ => return Err(file_error("give a diff or SWE-bench rows, not both")),
        };
        let diff_opts = DiffOptions {
            anchor,
            exclude_tests,
        };
        let built = def
            .build(GoldInput::Patches(&patches), &files, &diff_opts)
            .map_err(file_error)?;
        // Nothing built and nothing located: the CLI's own reason (`readcov gold` exits 2 with
        // it), never an empty list (`gold_from_patch("not a diff")` returned one).
        if let Some(why) = built.why_empty(kind) {
            return Err(file_error(format!("{name}: {why}")));
        }
        errors.extend(built.errors.iter().cloned());
        let errors = errors.iter().map(located).collect();
        // Rows of a file the workspace has record its `base`, as `readcov gold` writes them.
        let rows =
            readcov_files::base::gold_jsonl_with_base(&built.rows, &files).map_err(file_error)?;
        let q = crate::gold_beir::qrels_of(&built, level, &files)?;
        Ok((rows, crate::gold_beir::notes_json(&built), errors, q))
    })
}

/// SWE-bench rows as `gold --from-swebench` reads them: a file checked by its kind, then read
/// (both by the input layer, as the CLI's `check_kind` and `read_input`); rows Python wrote,
/// checked by the same detection under their name (`<swebench>`). Before session 38 neither was
/// checked: reads JSONL, gold rows or a trajectory said "no diff hunks found in any row", and
/// ContextBench gold rows a `patch` missing on every line.
fn instances(input: Input) -> PyResult<(Parsed<PatchRow>, String)> {
    match input {
        Input::Path(p) => {
            check_file(&p, Role::Instances).map_err(file_error)?;
            let bytes = readcov_files::read_input(&p).map_err(file_error)?;
            let name = p.display().to_string();
            Ok((parse_patch_rows(&bytes, &name), name))
        }
        Input::Bytes(bytes, name) => {
            Role::Instances
                .check(&name, detect(&name, &bytes))
                .map_err(file_error)?;
            Ok((parse_patch_rows(&bytes, &name), name))
        }
    }
}

/// Consensus gold from several runs per task, as `readcov gold --from-runs READS --outcomes
/// LABELS` builds it (`readcov_gold::consensus`): the lines the resolved runs' agents read (all
/// of them, or at least `agree` runs), for tasks with at least `min_runs` resolved runs. Reads
/// and labels load through the input layer (a trajectory is imported, its edits replayed on the
/// workspace's base files). Rows (JSONL), notes (JSON), located errors. `swe_explore`: the rows
/// are SWE-Explore benchmark rows instead, one per task (`--format swe-explore`,
/// `readcov_gold::swe_explore_row`).
#[pyfunction]
#[pyo3(signature = (reads, outcomes, agree="all", min_runs=2, optional=false, workspace=None, workspaces=None, swe_explore=false, qrels=None))]
#[allow(clippy::too_many_arguments)]
pub fn gold_from_runs(
    py: Python<'_>,
    reads: crate::Input,
    outcomes: crate::labels::RunInputs,
    agree: &str,
    min_runs: u32,
    optional: bool,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    swe_explore: bool,
    qrels: Option<&str>,
) -> PyResult<BuiltText> {
    let level = crate::gold_beir::qrels_level(qrels)?;
    use readcov_files::input::{BaseFiles, ReadsOptions};
    use readcov_gold::{consensus, swe_explore_row, Agree, ConsensusOptions, RunsInput};
    let agree = Agree::parse(agree).map_err(|e| crate::options::invalid("agree", agree, e))?;
    // Canonical up front for unit qrels (the CLI's `--format qrels` canonicalises them too).
    let files = match level {
        Some(_) => crate::gold_beir::workspaces(&workspace, &workspaces)?,
        None => {
            one_workspace(&workspace, &workspaces)?;
            Workspaces {
                one: None,
                per_task: None,
            }
        }
    };
    let reads = reads.source();
    let reads_name = reads.name();
    let outcomes = crate::labels::sources(outcomes);
    py.detach(|| {
        let opts = ReadsOptions {
            workspace: None,
            base_files: BaseFiles::of(workspace.as_deref(), workspaces.as_deref()),
        };
        let r = reads.load_reads(&opts).map_err(file_error)?;
        let (label_errors, labels, label_notes) =
            crate::labels::load(&outcomes).map_err(file_error)?;
        let labels = labels.ok_or_else(|| file_error("gold_from_runs needs outcomes"))?;
        let runs = RunsInput {
            reads: r.parsed.items,
            outcomes: labels,
        };
        let c = consensus(&runs, &ConsensusOptions { agree, min_runs });
        let built = c.built_with(optional);
        let mut errors: Vec<Located> = r.parsed.errors.iter().map(located).collect();
        errors.extend(label_errors);
        if built.rows.is_empty() && errors.is_empty() {
            if let Some(why) = built.why_empty(EmptyInput::Runs) {
                return Err(file_error(format!("{reads_name}: {why}")));
            }
        }
        let mut rows = String::new();
        if swe_explore {
            // As `readcov gold --format swe-explore`: one benchmark row per task of the consensus.
            for task in &c.tasks {
                rows.push_str(&swe_explore_row(task).to_string());
                rows.push('\n');
            }
        } else {
            for s in &built.rows {
                rows.push_str(&serde_json::to_string(s).expect("gold rows serialise"));
                rows.push('\n');
            }
        }
        let q = crate::gold_beir::qrels_of(&built, level, &files)?;
        let notes = crate::gold_beir::notes_json_with(&built, &label_notes);
        Ok((rows, notes, errors, q))
    })
}
