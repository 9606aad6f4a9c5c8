//! Gold from patches (parsed and measured by `readcov-patch`): the base-side lines a unified diff
//! deletes or changes. A pure insertion has no
//! base line of its own, so it contributes `anchor` base lines before it and `anchor` after it
//! (default 1: the line it follows and the line it precedes). New files have no base lines (the
//! file is unscored); deleted files contribute every deleted line; renames use the old path.

use readcov_core::formats::{parse_jsonl, InputError};
use readcov_core::span::{GoldSpan, Tier};
use readcov_patch::{change_lines, FilePatch};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiffOptions {
    /// Base lines taken on each side of a pure insertion.
    pub anchor: u32,
    /// Leave out test files (`tests/`, `test_*.py`, `*_test.go`, `*Test.java`, …).
    pub exclude_tests: bool,
}

impl Default for DiffOptions {
    fn default() -> Self {
        DiffOptions {
            anchor: 1,
            exclude_tests: false,
        }
    }
}

/// Gold spans of one or more patches, with the files that had no base lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoldFromDiff {
    pub spans: Vec<GoldSpan>,
    /// (task, path) of files the patch creates: no base lines, unscored.
    pub new_files: Vec<(String, String)>,
    /// (task, path) left out by `exclude_tests`.
    pub excluded: Vec<(String, String)>,
    pub errors: Vec<InputError>,
    /// Spans dropped because an earlier row of the same task gave the same (path, span, tier).
    pub duplicate_spans: usize,
    /// Tasks that appear in more than one row, with their row count (in name order).
    pub repeated_tasks: Vec<(String, usize)>,
}

pub use readcov_patch::is_test_path;

/// Gold spans for `task` from one patch.
pub fn gold_from_diff(patch: &str, task: &str, opts: &DiffOptions, file: &str) -> GoldFromDiff {
    let mut out = GoldFromDiff::default();
    add_patch(&mut out, patch, task, opts, file);
    out
}

fn add_patch(out: &mut GoldFromDiff, patch: &str, task: &str, opts: &DiffOptions, file: &str) {
    let parsed = readcov_patch::parse(patch, file);
    out.errors.extend(parsed.errors);
    for f in parsed.patch.files {
        let Some(path) = repo_path(&f, file, &mut out.errors) else {
            continue;
        };
        if opts.exclude_tests && is_test_path(&path) {
            out.excluded.push((task.to_string(), path));
            continue;
        }
        if f.new_file {
            out.new_files.push((task.to_string(), path));
            continue;
        }
        let (task, path) = (
            readcov_core::Name::from(task),
            readcov_core::Name::from(path),
        );
        for (start, end) in change_lines(&f, &[], opts.anchor) {
            out.spans.push(GoldSpan {
                task: task.clone(),
                path: path.clone(),
                start,
                end,
                tier: Tier::Core,
                requirement: None,
            });
        }
    }
}

/// The file's repository-relative path (its base path; a new file's own), normalised. The patch
/// is untrusted: a `../` path must not become a row pointing outside, and an absolute one
/// (after stripping `a/`/`b/`) is refused rather than turned into a row for a file outside
/// the repository; both are located errors.
pub fn repo_path(f: &FilePatch, file: &str, errors: &mut Vec<InputError>) -> Option<String> {
    let raw = f.path()?;
    match readcov_core::path::normalize_path(raw, None) {
        Ok(p) if p.starts_with('/') => {
            errors.push(InputError::new(
                file,
                f.header,
                Some("path"),
                format!("absolute path `{raw}` in a patch; expected a repository-relative path"),
            ));
            None
        }
        Ok(p) => Some(p),
        Err(e) => {
            errors.push(InputError::new(file, f.header, Some("path"), e.to_string()));
            None
        }
    }
}

/// Gold spans from SWE-bench style JSONL rows (`instance_id`, `patch`); bad rows are located errors.
pub fn gold_from_swebench(bytes: &[u8], file: &str, opts: &DiffOptions) -> GoldFromDiff {
    let parsed = parse_jsonl(bytes, file, |f| {
        Ok((
            f.string("instance_id")?.to_string(),
            f.string("patch")?.to_string(),
        ))
    });
    let mut out = GoldFromDiff {
        errors: parsed.errors,
        ..GoldFromDiff::default()
    };
    let mut rows: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for (task, patch) in parsed.items {
        add_patch(&mut out, &patch, &task, opts, file);
        *rows.entry(task).or_default() += 1;
    }
    out.repeated_tasks = rows.into_iter().filter(|(_, n)| *n > 1).collect();
    dedupe(&mut out);
    out
}

/// SWE-bench results list an instance once per agent: the same gold patch in several rows. Keeps
/// the first of each (task, path, start, end, tier) span, new file and excluded file, in order.
fn dedupe(out: &mut GoldFromDiff) {
    let before = out.spans.len();
    let mut seen = std::collections::HashSet::new();
    out.spans
        .retain(|s| seen.insert((s.task.clone(), s.path.clone(), s.start, s.end, s.tier)));
    out.duplicate_spans = before - out.spans.len();
    for list in [&mut out.new_files, &mut out.excluded] {
        let mut seen = std::collections::HashSet::new();
        list.retain(|k| seen.insert(k.clone()));
    }
}

#[cfg(test)]
mod tests;
