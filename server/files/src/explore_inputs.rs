//! The inputs of `readcov explore` (and Python `explore`) that are more than one parse call: a
//! predictions file that is JSONL or CLI-agent text (`--instance`), and file lengths counted in
//! repository checkouts (`--workspace`). Here so the CLI and Python read them one way.

use crate::{confined_file, for_each_chunk, task_folder, workspace_lengths, FileError};
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

/// Line counts of every path a benchmark row or prediction names, per instance, counted in
/// `ws/<instance_id>/` when that folder exists, else in `ws`. Also the warnings (without the
/// `warning: ` prefix) for instance folders that may not be used, in instance order.
pub fn lengths_from_workspace(
    ws: &Path,
    bench: &[BenchRow],
    preds: &[PredRow],
) -> Result<(InstanceLengths, Vec<String>), FileError> {
    if !ws.is_dir() {
        return Err(FileError::new(ws, "workspace is not a directory"));
    }
    let mut paths: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for b in bench {
        let e = paths.entry(&b.instance_id).or_default();
        let optional = b.optional_regions.values().flatten();
        e.extend(
            b.core_regions
                .iter()
                .chain(optional)
                .map(|r| r.path.as_str()),
        );
    }
    for p in preds {
        if let Some(e) = paths.get_mut(p.instance_id.as_str()) {
            e.extend(p.regions.iter().map(|r| r.path.as_str()));
        }
    }
    let mut warnings = Vec::new();
    let lengths = paths
        .into_iter()
        .map(|(id, files)| {
            // An instance's own folder goes through the confinement of `score --workspaces`: a
            // folder that is a symlink out of DIR (or an id with `/` or `..`) is never read, and
            // its files' lengths stay unknown. Without a folder, DIR itself is the checkout.
            let lengths = match task_folder(ws, id) {
                Ok(Some(own)) => workspace_lengths(Some(&own), files),
                Ok(None) => workspace_lengths(Some(ws), files),
                Err(why) => {
                    warnings.push(format!(
                        "{id}: workspace {} not used: {why}; file lengths unknown",
                        ws.join(id).display()
                    ));
                    BTreeMap::new()
                }
            };
            (id.to_string(), lengths)
        })
        .collect();
    Ok((lengths, warnings))
}

/// The lengths SWE-Explore's runner counts in the same checkouts (`eval_runner.py --repos`,
/// `_build_file_line_counts`): only of the files a row's core and optional regions name, each by
/// `str.splitlines()` with invalid UTF-8 dropped ([`SplitLines`]), for the compatibility numbers.
/// Files and folders are found as [`lengths_from_workspace`] finds them (whose warnings say which
/// folders are not used); what is not read stays unknown.
pub fn runner_lengths_from_workspace(ws: &Path, bench: &[BenchRow]) -> InstanceLengths {
    let mut out = InstanceLengths::new();
    for b in bench {
        let own = match task_folder(ws, &b.instance_id) {
            Ok(Some(own)) => own,
            Ok(None) => ws.to_path_buf(),
            Err(_) => continue,
        };
        let Ok(root) = own.canonicalize() else {
            continue;
        };
        let optional = b.optional_regions.values().flatten();
        let lengths = out.entry(b.instance_id.clone()).or_default();
        for r in b.core_regions.iter().chain(optional) {
            if lengths.contains_key(&r.path) {
                continue;
            }
            let Some(file) = confined_file(&root, &r.path) else {
                continue;
            };
            let mut count = SplitLines::new();
            if for_each_chunk(&file, |piece| count.feed(piece)).is_ok() {
                lengths.insert(r.path.clone(), count.lines());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
