//! The inputs of `readcov explore` (and Python `explore`) that are more than one parse call: a
//! predictions file that is JSONL or CLI-agent text (`--instance`), and file lengths counted in
//! repository checkouts (`--workspace`). Here so the CLI and Python read them one way.

use crate::{confined_file, for_each_chunk, task_folder, FileError};
use readcov_core::explore::input::text_regions_rooted;
use readcov_core::explore::splitlines::SplitLines;
use readcov_core::explore::{parse_preds_rooted, BenchRow, InstanceLengths, PredRow};
use readcov_core::Parsed;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A text-form predictions file given without the instance it answers.
#[derive(Debug, thiserror::Error)]
#[error("{name}: not JSONL, so read as text regions — give the instance it answers")]
pub struct NeedsInstance {
    pub name: String,
}

/// Whether a predictions file is CLI-agent text (`path:10-20` or `path` per line), which answers
/// one instance, rather than JSONL: its first non-blank byte (a UTF-8 BOM skipped) is not `{`.
pub fn is_text_form(bytes: &[u8]) -> bool {
    let first = bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace() && **b != 0xEF && **b != 0xBB && **b != 0xBF);
    first.is_some_and(|b| *b != b'{')
}

/// One predictions file: JSONL, or CLI-agent text (one row for `instance`) when
/// [`is_text_form`]. Also how many region paths `root` acted on (absolute ones it made relative
/// or reported as outside it; 0 without a root), for [`pred_root_warning`]: counted in this one
/// read, which turns the paths it takes into relative ones.
pub fn explore_preds(
    bytes: &[u8],
    name: &str,
    explorer: &str,
    root: Option<&str>,
    instance: Option<&str>,
) -> Result<(Parsed<PredRow>, usize), NeedsInstance> {
    if !is_text_form(bytes) {
        return Ok(parse_preds_rooted(bytes, name, explorer, root));
    }
    let Some(instance) = instance else {
        return Err(NeedsInstance {
            name: name.to_string(),
        });
    };
    // A byte-order mark opens the text, never a path: left in, it became part of the first
    // region's path ("\u{feff}x.py", matching no file) or a region of its own.
    let text = String::from_utf8_lossy(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes));
    let mut errors = Vec::new();
    let (regions, rooted) = text_regions_rooted(&text, name, 0, root, &mut errors);
    let row = PredRow {
        instance_id: instance.to_string(),
        explorer: explorer.to_string(),
        regions,
        file: name.to_string(),
        line: 1,
    };
    let parsed = Parsed {
        items: vec![row],
        errors,
        records: 1,
    };
    Ok((parsed, rooted))
}

/// `--explorer NAME` (Python's `explorer=`) given though no prediction row took it: every row
/// read names its own explorer (none is NAME) and no text-form file was given (one always takes
/// it). It then named nothing (before session 31 it was taken silently), and the results carry
/// the rows' names, not the one asked for, so both edges refuse it. A row naming NAME itself
/// agrees with it: accepted. No rows at all is reported as such, not as this.
pub fn explorer_idle(name: &str, rows: &[PredRow]) -> bool {
    !rows.is_empty() && rows.iter().all(|r| r.explorer != name)
}

/// What both edges say when they refuse a name [`explorer_idle`] (`param` as the edge spells
/// it: `--explorer` or `` `explorer` ``).
pub fn explorer_idle_error(param: &str, name: &str) -> String {
    format!(
        "{param} {name}: every prediction row names its own explorer, so it names none (it goes \
         with rows, or a text-form predictions file, that give none)"
    )
}

/// What both edges say of a root that changed nothing (None when it did): it acted on no
/// prediction path (`rooted`: the sum of [`explore_preds`]' counts over the files), or it is
/// blank (it names no folder: paths are read as without one). Without an absolute path the root
/// changes nothing (before session 31 it was taken silently): the edges warn, not refuse, as a
/// pipeline passes one root (`/testbed`) for every agent's predictions and relative ones are
/// scored right without it. `param` is how the edge spells it (`--pred-root`, `` `pred_root` ``).
pub fn pred_root_warning(param: &str, root: &str, rooted: usize) -> Option<String> {
    let why = if root.trim().is_empty() {
        "a blank root names no folder"
    } else if rooted == 0 {
        "no prediction path is absolute"
    } else {
        return None;
    };
    Some(format!(
        "warning: {param} `{root}`: {why}, so it changed nothing (it makes absolute prediction \
         paths under it relative)"
    ))
}

/// The file lengths `--workspace` gives `explore` (Python's `workspace=`), both counts from one
/// read of each file.
#[derive(Debug, Default)]
pub struct WorkspaceLengths {
    /// readcov's counts (at `\n`, [`crate::count_lines`]) of every path a benchmark row or a
    /// prediction names, per instance: the clean numbers' lengths.
    pub lengths: InstanceLengths,
    /// The counts SWE-Explore's runner makes in the same checkouts (`eval_runner.py --repos`,
    /// `_build_file_line_counts`): only of the files a row's core and optional regions name, each
    /// by `str.splitlines()` with invalid UTF-8 dropped ([`SplitLines`]): the compatibility
    /// numbers' lengths (`ExploreOptions::runner_lengths`).
    pub runner: InstanceLengths,
    /// Instance folders that may not be used (without the `warning: ` prefix), in instance order.
    pub warnings: Vec<String>,
}

/// [`WorkspaceLengths`] counted in `ws/<instance_id>/` when that folder exists, else in `ws`.
/// Each file is read once, its pieces fed to both counts (before session 36 the two counts were
/// two walks, and every gold file was read twice). What is not read stays unknown.
pub fn explore_workspace_lengths(
    ws: &Path,
    bench: &[BenchRow],
    preds: &[PredRow],
) -> Result<WorkspaceLengths, FileError> {
    lengths_read_with(ws, bench, preds, |file, piece| for_each_chunk(file, piece))
}

/// The paths one instance's lengths are counted for: the gold's (both counts) and the
/// predictions' (readcov's count only).
#[derive(Default)]
struct InstancePaths<'a> {
    gold: BTreeSet<&'a str>,
    all: BTreeSet<&'a str>,
}

/// [`explore_workspace_lengths`] with the reading given (`read(file, piece)`, which feeds each
/// piece of `file` in turn, as [`for_each_chunk`] does): the tests count the reads through it.
pub(crate) fn lengths_read_with(
    ws: &Path,
    bench: &[BenchRow],
    preds: &[PredRow],
    mut read: impl FnMut(&Path, &mut dyn FnMut(&[u8])) -> Result<u64, FileError>,
) -> Result<WorkspaceLengths, FileError> {
    if !ws.is_dir() {
        return Err(FileError::new(ws, "workspace is not a directory"));
    }
    let mut paths: BTreeMap<&str, InstancePaths> = BTreeMap::new();
    for b in bench {
        let e = paths.entry(&b.instance_id).or_default();
        let optional = b.optional_regions.values().flatten();
        for r in b.core_regions.iter().chain(optional) {
            e.gold.insert(&r.path);
            e.all.insert(&r.path);
        }
    }
    for p in preds {
        if let Some(e) = paths.get_mut(p.instance_id.as_str()) {
            e.all.extend(p.regions.iter().map(|r| r.path.as_str()));
        }
    }
    let mut out = WorkspaceLengths::default();
    for (id, files) in paths {
        let lengths = out.lengths.entry(id.to_string()).or_default();
        // An instance's own folder goes through the confinement of `score --workspaces`: a
        // folder that is a symlink out of DIR (or an id with `/` or `..`) is never read, and
        // its files' lengths stay unknown. Without a folder, DIR itself is the checkout.
        let folder = match task_folder(ws, id) {
            Ok(Some(own)) => own,
            Ok(None) => ws.to_path_buf(),
            Err(why) => {
                out.warnings.push(format!(
                    "{id}: workspace {} not used: {why}; file lengths unknown",
                    ws.join(id).display()
                ));
                continue;
            }
        };
        let Ok(root) = folder.canonicalize() else {
            continue;
        };
        let runner = out.runner.entry(id.to_string()).or_default();
        for p in files.all {
            let Some(file) = confined_file(&root, p) else {
                continue;
            };
            let gold = files.gold.contains(p);
            // Counted in pieces: a file of any size costs constant memory (an 8 GB one was read
            // whole). The runner's count is made of the gold's files only, as the runner does.
            let (mut newlines, mut last) = (0usize, b'\n');
            let mut split = SplitLines::new();
            let total = read(&file, &mut |piece: &[u8]| {
                newlines += memchr::memchr_iter(b'\n', piece).count();
                last = *piece.last().unwrap_or(&last);
                if gold {
                    split.feed(piece);
                }
            });
            let Ok(total) = total else {
                continue;
            };
            let extra = usize::from(total > 0 && last != b'\n');
            lengths.insert(
                p.to_string(),
                u32::try_from(newlines + extra).unwrap_or(u32::MAX),
            );
            if gold {
                runner.insert(p.to_string(), split.lines());
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
