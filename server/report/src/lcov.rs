//! LCOV tracefile export: what an agent read, as line hits, so coverage viewers (Coverage Gutters,
//! nvim-coverage, genhtml) can paint it. One `TN:` section per (task, run); a line's hit count is
//! the number of read events that covered it. With `gold_unread`, gold lines nobody read are
//! written as zero-hit lines, so viewers mark them "not covered".

use crate::model::Report;
use readcov_core::{Interval, LineSet};
use std::collections::BTreeMap;
use std::fmt::Write;

#[derive(Clone, Copy, Debug, Default)]
pub struct LcovOptions {
    /// Also emit `DA:<line>,0` for every gold line the run did not read.
    pub gold_unread: bool,
}

/// LCOV test names may only hold word characters (geninfo rewrites the rest the same way).
pub fn test_name(task: &str, run: &str) -> String {
    format!("{task}__{run}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Per-line hit counts from inclusive intervals, by a sweep over start/end events.
pub fn hit_counts(intervals: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut delta: BTreeMap<u64, i64> = BTreeMap::new();
    for &(s, e) in intervals {
        *delta.entry(u64::from(s)).or_default() += 1;
        *delta.entry(u64::from(e) + 1).or_default() -= 1;
    }
    let mut out = Vec::new();
    let mut depth = 0i64;
    let mut points = delta.into_iter().peekable();
    while let Some((at, d)) = points.next() {
        depth += d;
        let Some(&(next, _)) = points.peek() else {
            break;
        };
        if depth > 0 {
            let hits = u32::try_from(depth).unwrap_or(u32::MAX);
            // `next - 1` fits in u32: every event point is at most u32::MAX + 1.
            out.extend((at..next).map(|l| (l as u32, hits)));
        }
    }
    out
}

/// LCOV writes one `DA:` line per line, so a file section is capped: a span of millions of lines
/// (a bogus read without `--workspace` to clip it) is skipped and reported, never written in full.
pub const MAX_LINES_PER_FILE: u64 = 1_000_000;

/// A file section left out: over [`MAX_LINES_PER_FILE`], or its path holds a line break (LCOV
/// has no escapes: `a.py\nSF:/etc/passwd` would forge a record for another file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub task: String,
    pub run: String,
    pub path: String,
    pub lines: u64,
    pub line_break: bool,
}

/// The tracefile and the file sections that were too large to write.
#[derive(Clone, Debug, Default)]
pub struct Lcov {
    pub text: String,
    pub skipped: Vec<Skipped>,
}

/// Renders the whole tracefile.
pub fn render(report: &Report, opts: LcovOptions) -> Lcov {
    let mut out = Lcov::default();
    for row in &report.rows {
        let mut by_file: BTreeMap<&str, Vec<(u32, u32)>> = BTreeMap::new();
        for (path, s, e) in &row.reads {
            by_file.entry(path.as_str()).or_default().push((*s, *e));
        }
        let mut unread: BTreeMap<&str, LineSet> = BTreeMap::new();
        if opts.gold_unread {
            for sp in &row.score.spans {
                let set = unread.entry(&*sp.path).or_default();
                *set = set.union(&sp.unread);
            }
            for path in unread.keys() {
                by_file.entry(path).or_default();
            }
        }
        let mut section = String::new();
        for (given, ivs) in by_file {
            // `<task>/<path>` when each task has its own folder (`folders`).
            let path = crate::folders::exported(report.task_folders.as_ref(), &row.task, given);
            // Size the section on intervals first, so nothing per-line is built for a huge one.
            let mut all =
                LineSet::from_intervals(ivs.iter().filter_map(|&(s, e)| Interval::new(s, e)));
            if let Some(set) = unread.get(given) {
                all = all.union(set);
            }
            let line_break = readcov_core::shown::has_line_break(&path);
            if all.len() > MAX_LINES_PER_FILE || line_break {
                out.skipped.push(Skipped {
                    task: row.task.clone(),
                    run: row.run.clone(),
                    path: given.to_string(),
                    lines: all.len(),
                    line_break,
                });
                continue;
            }
            let mut lines: BTreeMap<u32, u32> = hit_counts(&ivs).into_iter().collect();
            if let Some(set) = unread.get(given) {
                for iv in set.intervals() {
                    for l in iv.start..=iv.end {
                        lines.entry(l).or_insert(0);
                    }
                }
            }
            if lines.is_empty() {
                continue;
            }
            let _ = writeln!(section, "SF:{path}");
            for (l, h) in &lines {
                let _ = writeln!(section, "DA:{l},{h}");
            }
            let hit = lines.values().filter(|h| **h > 0).count();
            let _ = writeln!(section, "LF:{}\nLH:{hit}\nend_of_record", lines.len());
        }
        if !section.is_empty() {
            let _ = writeln!(out.text, "TN:{}", test_name(&row.task, &row.run));
            out.text.push_str(&section);
        }
    }
    out
}

#[cfg(test)]
mod tests;
