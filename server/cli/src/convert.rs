//! Inputs in another format, converted on the fly for commands that take gold or reads JSONL:
//! gold from a unified diff or SWE-bench rows (as `readcov gold` builds it), reads from an agent
//! trajectory (as `readcov import` writes them). The format is detected as the language server
//! detects it (`readcov_lsp::sources::detect`, `readcov_lsp::traj::is_trajectory`), the
//! conversion is the owning library's, and stderr says what was done, so a file in the wrong
//! format never scores as a table of zeros.

use anyhow::Result;
use readcov_core::{GoldSpan, InputError, Parsed, ReadSpan};
use readcov_import::{gold_from_diff, gold_from_swebench, import_with, DiffOptions, FileProvider};
use readcov_import::{GoldFromDiff, ImportOptions};
use readcov_lsp::sources::{detect, GoldFormat, Workspace};
use std::path::{Path, PathBuf};

/// Gold built from `bytes` when they are not gold JSONL (a diff, SWE-bench rows); `None` for
/// gold JSONL, which the caller parses as usual. SWE-Explore rows are refused: `readcov explore`
/// scores them with the benchmark's own metrics.
pub fn gold_of_other_format(path: &Path, bytes: &[u8]) -> Result<Option<Parsed<GoldSpan>>> {
    let name = path.display().to_string();
    let format = detect(&name, bytes);
    let opts = DiffOptions::default();
    let (built, how) = match format {
        GoldFormat::Jsonl => return Ok(None),
        GoldFormat::Explore => anyhow::bail!(
            "{name}: SWE-Explore benchmark rows, not gold JSONL: score explorer outputs against \
             them with `readcov explore --bench {name} --preds PREDS`"
        ),
        GoldFormat::Diff => (
            gold_from_diff(
                &String::from_utf8_lossy(bytes),
                readcov_core::DEFAULT_ID,
                &opts,
                &name,
            ),
            format!("readcov gold --from-diff {name}"),
        ),
        GoldFormat::ContextBench => {
            // Already gold, region by region: no conversion note (docs/contextbench.md).
            return Ok(Some(readcov_core::contextbench::contextbench_gold_spans(
                bytes, &name,
            )));
        }
        GoldFormat::SweBench => (
            gold_from_swebench(&readcov_lsp::sources::as_jsonl(bytes), &name, &opts),
            format!("readcov gold --from-swebench {name}"),
        ),
    };
    note_gold(&name, format, &built, &how);
    Ok(Some(Parsed {
        records: built.spans.len() + built.errors.len(),
        items: built.spans,
        errors: built.errors,
    }))
}

fn note_gold(name: &str, format: GoldFormat, g: &GoldFromDiff, how: &str) {
    let tasks: std::collections::BTreeSet<&str> = g.spans.iter().map(|s| s.task.as_str()).collect();
    // A plain diff names no task: its gold is task `default`, as `readcov gold` gives it.
    let task = match format {
        GoldFormat::Diff => " for task `default`",
        _ => "",
    };
    eprintln!(
        "note: {name}: {}, not gold JSONL: gold built on the fly ({} span(s) over {} task(s)), \
         as `{how}` writes it{task}",
        format.label(),
        g.spans.len(),
        tasks.len()
    );
    for (task, path) in &g.new_files {
        eprintln!("  {task}: {path} is a new file (no base lines, unscored)");
    }
}

/// Where an imported trajectory's base files come from.
pub enum Workspaces<'a> {
    None,
    /// `--workspace DIR`: every task.
    One(&'a Path),
    /// `--workspaces DIR`: `DIR/<task>/` for each task.
    PerTask(&'a Path),
}

/// Reads imported from `path` when it is an agent trajectory; `None` for reads JSONL, which the
/// caller parses as usual.
pub fn reads_of_trajectory(path: &Path, ws: Workspaces) -> Result<Option<Parsed<ReadSpan>>> {
    // Only a regular file is looked into: opening a FIFO would block (the reads loader then
    // says what is wrong with anything else).
    let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
    if !regular || !readcov_lsp::traj::is_trajectory(path) {
        return Ok(None);
    }
    let name = path.display().to_string();
    let bytes = crate::inputs::read_input(path)?;
    let one: Option<PathBuf> = match ws {
        Workspaces::One(d) => Some(crate::inputs::canonical_dir(d)?),
        _ => None,
    };
    let per_task = match ws {
        Workspaces::PerTask(d) => Some(crate::inputs::canonical_dir(d)?),
        _ => None,
    };
    let pick = |task: &str| -> Box<dyn FileProvider> {
        match &per_task {
            Some(dir) => Box::new(Workspace(crate::inputs::task_dir(dir, task))),
            None => Box::new(Workspace(one.clone())),
        }
    };
    let got = import_with(&bytes, &name, &ImportOptions::default(), &pick);
    let errors: Vec<InputError> = got
        .errors
        .iter()
        .map(|e| InputError::new(&e.file, 0, None, e.message.clone()))
        .collect();
    let edits = got
        .rows
        .iter()
        .filter(|r| r.kind == readcov_core::EventKind::Edit)
        .count();
    let what = match readcov_import::detect_format(&String::from_utf8_lossy(&bytes)) {
        Some(readcov_import::Format::Chunks) => "retrieved chunks",
        Some(readcov_import::Format::Trec) => "a TREC run",
        _ => "an agent trajectory",
    };
    eprintln!(
        "note: {name}: {what}, not reads JSONL: imported on the fly ({} read row(s), \
         {edits} edit row(s)), as `readcov import {name} -o reads.jsonl` writes them",
        got.rows.len() - edits
    );
    Ok(Some(Parsed {
        records: got.summary.actions,
        items: got.rows,
        errors,
    }))
}
