//! The CLI's edge over the one input layer (`readcov_files::input`): loads gold, reads and labels
//! through it, prints its notes (conversions done on the fly) and located errors on stderr, and
//! turns a refused file (the wrong kind for the flag) into an error, which exits 2.

use anyhow::{Context, Result};
use readcov_core::outcomes::Label;
use readcov_core::{GoldSpan, InputError, LeanReads, Parsed, ReadSpan};
use readcov_files::input::{self, GoldOptions, ReadsOptions};
use readcov_import::RunChange;
use std::path::Path;

pub use readcov_files::input::BaseFiles;
// The file edge shared with the Python module lives in `readcov-files`.
pub use readcov_files::{canonical_dir, read_input, workspace_lengths};

/// The workspace root as an absolute path string, for lexical path confinement.
pub fn workspace_root(ws: Option<&Path>) -> Result<Option<String>> {
    let Some(ws) = ws else { return Ok(None) };
    let abs =
        std::path::absolute(ws).with_context(|| format!("{}: bad workspace path", ws.display()))?;
    if !abs.is_dir() {
        anyhow::bail!("{}: workspace is not a directory", ws.display());
    }
    Ok(Some(abs.to_string_lossy().into_owned()))
}

/// Loads a `--gold` file: a diff or SWE-bench rows are converted on the fly (saying so on
/// stderr), a file of another kind is refused. Bad rows are collected, not fatal; a file with
/// no valid gold span leaves nothing to score, in every command: its errors are printed and it
/// is an error (exit 2).
pub fn load_gold(path: &Path, workspace: Option<&str>) -> Result<Parsed<GoldSpan>> {
    let opts = GoldOptions {
        workspace,
        ..GoldOptions::default()
    };
    checked_gold(path, input::load_gold(path, &opts)?)
}

/// A loaded gold file as every command takes it: its notes printed, and an error (its rows'
/// errors printed first) when it holds no valid gold span.
pub fn checked_gold(path: &Path, g: input::LoadedGold) -> Result<Parsed<GoldSpan>> {
    print_notes(&g.notes);
    if g.parsed.items.is_empty() {
        report_errors(&g.parsed.errors);
        return Err(no_valid_gold(path));
    }
    Ok(g.parsed)
}

/// [`load_gold`] with the gold change behind the gold (for the stages: its patches, or the `edit`
/// rows of gold JSONL), the file read once.
pub fn load_gold_and_change(
    path: &Path,
    workspace: Option<&str>,
) -> Result<(Parsed<GoldSpan>, input::GoldChanges)> {
    let opts = GoldOptions {
        workspace,
        ..GoldOptions::default()
    };
    let (g, change) = input::load_gold_and_change(path, &opts)?;
    Ok((checked_gold(path, g)?, change))
}

/// No valid gold span: nothing to score (the same words in every command).
pub fn no_valid_gold(path: &Path) -> anyhow::Error {
    input::Nothing::NoGold(path.display().to_string()).into()
}

/// A reads file with no valid row: its errors printed, and the error to stop with (an empty file
/// is said as such; a file whose every line is bad, as "no valid reads").
pub fn nothing_read(path: &Path, errors: &[InputError]) -> anyhow::Error {
    report_errors(errors);
    input::Nothing::read(&path.display().to_string(), errors).into()
}

/// Loads a `--reads` file: a trajectory is imported on the fly against `base_files` (saying so),
/// a file of another kind is refused. Bad rows are collected, not fatal; a file with no valid
/// row (every row bad, or none at all) leaves nothing to score: an error (exit 2) in every
/// command, since every gold task would be a `no run` row.
pub fn load_reads(
    path: &Path,
    workspace: Option<&str>,
    base_files: BaseFiles,
) -> Result<Parsed<ReadSpan>> {
    Ok(load_reads_and_lost(path, workspace, base_files)?.0)
}

/// [`load_reads`] with the edits an on-the-fly import could not place on base lines (`explain`
/// lists them; a reads JSONL has none here, its `readcov import` listed them).
pub fn load_reads_and_lost(
    path: &Path,
    workspace: Option<&str>,
    base_files: BaseFiles,
) -> Result<(Parsed<ReadSpan>, Vec<readcov_import::LostEdit>)> {
    let (reads, lost, _) = load_reads_and_changes(path, workspace, base_files)?;
    Ok((reads, lost))
}

/// [`load_reads_and_lost`] with each run's change a trajectory imported on the fly brought (its
/// log's final patch or its replayed edits: the stages' change; none for reads rows).
pub fn load_reads_and_changes(
    path: &Path,
    workspace: Option<&str>,
    base_files: BaseFiles,
) -> Result<(
    Parsed<ReadSpan>,
    Vec<readcov_import::LostEdit>,
    Vec<RunChange>,
)> {
    let opts = ReadsOptions {
        workspace,
        base_files,
    };
    let (r, changes) = input::load_reads_and_changes(path, &opts)?;
    print_notes(&r.notes);
    // A trajectory whose every edit was lost still names a run `explain` can show.
    if r.parsed.items.is_empty() && r.lost_edits.is_empty() {
        return Err(nothing_read(path, &r.parsed.errors));
    }
    Ok((r.parsed, r.lost_edits, changes))
}

/// Plain reads JSONL as a lean table; `None` for anything [`load_reads`] must convert or refuse.
pub fn load_reads_lean(path: &Path) -> Result<Option<LeanReads>> {
    Ok(input::load_reads_lean(path, None)?)
}

/// Loads the `--outcomes [RUN=]FILE` files (labels, SWE-bench rows with `resolved`, or a harness
/// report, with a note; a file given for a run, that run's labels), merged; another kind is
/// refused. `None` when none is given.
pub fn load_outcomes(args: &[crate::args::RunFileArg]) -> Result<Option<Parsed<Label>>> {
    let sources: Vec<_> = args.iter().map(crate::args::RunFileArg::source).collect();
    let Some(loaded) = input::load_labels(&sources)? else {
        return Ok(None);
    };
    print_notes(&loaded.notes);
    Ok(Some(loaded.parsed))
}

/// Refuses a file of the wrong kind for a command whose own parser reads it (`explore --bench`,
/// `contextbench --gold`, `gold --from-swebench`, …): exit 2 naming what it looks like and
/// where it belongs, as `--gold` and `--reads` do.
pub fn check_kind(path: &Path, role: input::Role) -> Result<()> {
    input::check_file(path, role)?;
    Ok(())
}

pub fn print_notes(notes: &[String]) {
    for n in notes {
        say!("{n}");
    }
}

/// Prints each located error on stderr and returns how many there were.
pub fn report_errors(errors: &[InputError]) -> usize {
    for e in errors {
        crate::render::print_error(&e.to_string());
    }
    errors.len()
}
