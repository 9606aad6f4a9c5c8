//! Gold from patches: the base-side lines a unified diff deletes or changes. A pure insertion has no
//! base line of its own, so it contributes `anchor` base lines before it and `anchor` after it
//! (default 1: the line it follows and the line it precedes). New files have no base lines (the
//! file is unscored); deleted files contribute every deleted line; renames use the old path.

use readcov_core::formats::{parse_jsonl, InputError};
use readcov_core::span::{GoldSpan, Tier};

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

/// Whether a path looks like a test file.
pub fn is_test_path(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    let name = parts.last().copied().unwrap_or("");
    let in_test_dir = parts[..parts.len().saturating_sub(1)]
        .iter()
        .any(|p| matches!(*p, "test" | "tests" | "testing" | "__tests__"));
    let stem = name.split('.').next().unwrap_or("");
    in_test_dir
        || name.starts_with("test_")
        || name == "conftest.py"
        || stem.ends_with("_test")
        || stem.ends_with("Test")
        || stem.ends_with("Tests")
        || name.contains(".test.")
        || name.contains(".spec.")
}

struct FileDiff {
    path: Option<String>,
    new_file: bool,
    /// Base-side gold as inclusive intervals (not one entry per line: `--anchor N` with a huge N
    /// and a hunk header promising billions of lines must cost one interval, not N entries).
    lines: Vec<(u32, u32)>,
    /// 1-based line of the header that named the file (for located errors).
    header: usize,
    /// The base-side text the patch shows (context and deleted lines), by base line: what a
    /// workspace must hold for the patch to apply.
    base: Vec<(u32, String)>,
}

fn strip_prefix_path(p: &str) -> Option<String> {
    let p = p.split('\t').next().unwrap_or(p).trim();
    if p == "/dev/null" {
        return None;
    }
    let p = p
        .strip_prefix("a/")
        .or_else(|| p.strip_prefix("b/"))
        .unwrap_or(p);
    Some(p.to_string())
}

/// `@@ -a,b +c,d @@` → (a, b, d).
fn hunk_header(line: &str) -> Option<(u32, u32, u32)> {
    let rest = line.strip_prefix("@@ -")?;
    let (old, rest) = rest.split_once(' ')?;
    let new = rest.strip_prefix('+')?.split(' ').next()?;
    let nums = |s: &str| -> Option<(u32, u32)> {
        match s.split_once(',') {
            Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
            None => Some((s.parse().ok()?, 1)),
        }
    };
    let (a, b) = nums(old)?;
    let (_, d) = nums(new)?;
    Some((a, b, d))
}

/// Parses a unified diff (git or plain) into per-file base-side gold lines.
fn parse(
    patch: &str,
    opts: &DiffOptions,
    file: &str,
    errors: &mut Vec<InputError>,
) -> Vec<FileDiff> {
    let lines: Vec<&str> = patch
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut files: Vec<FileDiff> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("diff --git ") {
            let old = line.split(' ').nth(2).and_then(strip_prefix_path);
            files.push(FileDiff {
                path: old,
                new_file: false,
                lines: Vec::new(),
                header: i + 1,
                base: Vec::new(),
            });
        } else if line.starts_with("new file mode") {
            if let Some(f) = files.last_mut() {
                f.new_file = true;
            }
        } else if let Some(from) = line.strip_prefix("rename from ") {
            if let Some(f) = files.last_mut() {
                f.path = Some(from.to_string());
            }
        } else if let Some(old) = line.strip_prefix("--- ") {
            if lines.get(i + 1).is_some_and(|n| n.starts_with("+++ ")) {
                let path = strip_prefix_path(old);
                match files.last_mut() {
                    Some(f) if f.lines.is_empty() && !line_is_in_hunk(&lines, i) => {
                        f.new_file |= path.is_none();
                        if path.is_some() && f.path.is_none() {
                            f.path = path;
                        }
                    }
                    _ => files.push(FileDiff {
                        new_file: path.is_none(),
                        path,
                        lines: Vec::new(),
                        header: i + 1,
                        base: Vec::new(),
                    }),
                }
                i += 2;
                continue;
            }
        } else if line.starts_with("@@ ") {
            let Some((a, b, d)) = hunk_header(line) else {
                errors.push(InputError::new(
                    file,
                    i + 1,
                    None,
                    format!("bad hunk header `{line}`"),
                ));
                i += 1;
                continue;
            };
            let Some(f) = files.last_mut() else {
                errors.push(InputError::new(
                    file,
                    i + 1,
                    None,
                    "hunk before any file header",
                ));
                i += 1;
                continue;
            };
            let header_line = i + 1;
            i += 1;
            let (mut old_left, mut new_left) = (b, d);
            let mut o = a.max(1);
            let last_old = a.saturating_add(b.saturating_sub(1));
            let mut pending_insert = false;
            let mut changed_since_context = false;
            let first_old = a.max(1);
            // Anchors stay inside the hunk's old range: the lines the patch itself shows.
            // Before: `o-anchor ..= o-1`, after: `o ..= o+anchor-1`, each clipped to that range.
            let flush = |f: &mut FileDiff, o: u32, pending: &mut bool, changed: bool| {
                if *pending && !changed && opts.anchor > 0 {
                    if o > first_old {
                        f.lines
                            .push((o.saturating_sub(opts.anchor).max(first_old), o - 1));
                    }
                    if o <= last_old {
                        f.lines
                            .push((o, o.saturating_add(opts.anchor - 1).min(last_old)));
                    }
                }
                *pending = false;
            };
            while i < lines.len() && (old_left > 0 || new_left > 0) {
                let l = lines[i];
                match l.chars().next() {
                    Some('-') => {
                        f.lines.push((o, o));
                        f.base.push((o, l[1..].to_string()));
                        o = o.saturating_add(1);
                        old_left = old_left.saturating_sub(1);
                        changed_since_context = true;
                    }
                    Some('+') => {
                        pending_insert = true;
                        new_left = new_left.saturating_sub(1);
                    }
                    Some('\\') => {}
                    Some(' ') | None => {
                        flush(f, o, &mut pending_insert, changed_since_context);
                        f.base.push((o, l.get(1..).unwrap_or("").to_string()));
                        changed_since_context = false;
                        o = o.saturating_add(1);
                        old_left = old_left.saturating_sub(1);
                        new_left = new_left.saturating_sub(1);
                    }
                    _ => break,
                }
                i += 1;
            }
            flush(f, o, &mut pending_insert, changed_since_context);
            if let Some(msg) = count_mismatch(&lines, i, old_left, new_left) {
                errors.push(InputError::new(
                    file,
                    header_line,
                    None,
                    format!("hunk header `{line}` {msg}"),
                ));
            }
            continue;
        }
        i += 1;
    }
    files
}

/// A hunk whose header lies about its length: it ended (at line index `next`) with lines still
/// owed, or more body lines follow the counted ones. Either way the gold may be wrong, so say so
/// instead of silently dropping or inventing lines.
fn count_mismatch(lines: &[&str], next: usize, old_left: u32, new_left: u32) -> Option<String> {
    if old_left > 0 || new_left > 0 {
        return Some(format!(
            "promises {old_left} old / {new_left} new line(s) more than the hunk has"
        ));
    }
    let l = *lines.get(next)?;
    let header =
        l.starts_with("--- ") && lines.get(next + 1).is_some_and(|n| n.starts_with("+++ "));
    (l.starts_with(['-', '+']) && !header).then(|| {
        format!(
            "counts fewer lines than the hunk has: line {} onwards is not read as part of it",
            next + 1
        )
    })
}

/// `---` inside a hunk is a deleted line starting with `--`, not a header; headers follow a
/// `diff`/`index` line or start the text.
fn line_is_in_hunk(lines: &[&str], i: usize) -> bool {
    i > 0 && lines[i - 1].starts_with(['+', '-', ' '])
}

/// Gold spans for `task` from one patch.
pub fn gold_from_diff(patch: &str, task: &str, opts: &DiffOptions, file: &str) -> GoldFromDiff {
    let mut out = GoldFromDiff::default();
    add_patch(&mut out, patch, task, opts, file);
    out
}

fn add_patch(out: &mut GoldFromDiff, patch: &str, task: &str, opts: &DiffOptions, file: &str) {
    for f in parse(patch, opts, file, &mut out.errors) {
        let Some(raw) = f.path else { continue };
        // The patch is untrusted: a `../` path must not become a gold row pointing outside.
        // Diff paths are repository-relative; an absolute one (after stripping `a/`/`b/`) is
        // refused rather than turned into a gold row for a file outside the repository.
        let path = match readcov_core::path::normalize_path(&raw, None) {
            Ok(p) if p.starts_with('/') => {
                out.errors.push(InputError::new(
                    file,
                    f.header,
                    Some("path"),
                    format!(
                        "absolute path `{raw}` in a patch; expected a repository-relative path"
                    ),
                ));
                continue;
            }
            Ok(p) => p,
            Err(e) => {
                out.errors
                    .push(InputError::new(file, f.header, Some("path"), e.to_string()));
                continue;
            }
        };
        if opts.exclude_tests && is_test_path(&path) {
            out.excluded.push((task.to_string(), path));
            continue;
        }
        if f.new_file {
            out.new_files.push((task.to_string(), path));
            continue;
        }
        for (start, end) in merge(f.lines) {
            out.spans.push(GoldSpan {
                task: task.to_string(),
                path: path.clone(),
                start,
                end,
                tier: Tier::Core,
                requirement: None,
            });
        }
    }
}

/// The base-side lines one file of a patch shows (context and deleted lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseText {
    /// Normalised repository-relative path (the old path of a rename).
    pub path: String,
    /// (1-based base line, text without the diff marker), in patch order.
    pub lines: Vec<(u32, String)>,
}

/// What each changed file of `patch` expects its base to hold, so a caller with the workspace can
/// tell whether the patch applies there. New files and unusable paths are left out (the gold
/// functions report those).
pub fn base_text(patch: &str) -> Vec<BaseText> {
    let mut errors = Vec::new();
    parse(patch, &DiffOptions::default(), "", &mut errors)
        .into_iter()
        .filter(|f| !f.new_file)
        .filter_map(|f| {
            let path = readcov_core::path::normalize_path(f.path.as_deref()?, None).ok()?;
            (!path.starts_with('/')).then_some(BaseText {
                path,
                lines: f.base,
            })
        })
        .collect()
}

/// Sorts inclusive intervals and merges overlapping or adjacent ones: O(n log n) in intervals.
fn merge(mut v: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    v.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(v.len());
    for (s, e) in v {
        match out.last_mut() {
            Some((_, last)) if s <= last.saturating_add(1) => *last = (*last).max(e),
            _ => out.push((s, e)),
        }
    }
    out
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
