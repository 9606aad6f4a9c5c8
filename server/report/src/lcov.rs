//! LCOV tracefile export: what an agent read, as line hits, so coverage viewers (Coverage Gutters,
//! nvim-coverage, genhtml) can paint it. One `TN:` section per (task, run); a line's hit count is
//! the number of read events that covered it. With `gold_unread`, gold lines nobody read are
//! written as zero-hit lines, so viewers mark them "not covered".

use crate::model::Report;
use readcov_core::LineSet;
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

/// Renders the whole tracefile.
pub fn render(report: &Report, opts: LcovOptions) -> String {
    let mut out = String::new();
    for row in &report.rows {
        let mut by_file: BTreeMap<&str, Vec<(u32, u32)>> = BTreeMap::new();
        for (path, s, e) in &row.reads {
            by_file.entry(path.as_str()).or_default().push((*s, *e));
        }
        let mut unread: BTreeMap<&str, LineSet> = BTreeMap::new();
        if opts.gold_unread {
            for sp in &row.score.spans {
                let set = unread.entry(sp.path.as_str()).or_default();
                *set = set.union(&sp.unread);
            }
            for path in unread.keys() {
                by_file.entry(path).or_default();
            }
        }
        if by_file.is_empty() {
            continue;
        }
        let _ = writeln!(out, "TN:{}", test_name(&row.task, &row.run));
        for (path, ivs) in by_file {
            let mut lines: BTreeMap<u32, u32> = hit_counts(&ivs).into_iter().collect();
            if let Some(set) = unread.get(path) {
                for iv in set.intervals() {
                    for l in iv.start..=iv.end {
                        lines.entry(l).or_insert(0);
                    }
                }
            }
            if lines.is_empty() {
                continue;
            }
            let _ = writeln!(out, "SF:{path}");
            for (l, h) in &lines {
                let _ = writeln!(out, "DA:{l},{h}");
            }
            let hit = lines.values().filter(|h| **h > 0).count();
            let _ = writeln!(out, "LF:{}\nLH:{hit}\nend_of_record", lines.len());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_overlapping_reads() {
        assert_eq!(hit_counts(&[]), vec![]);
        assert_eq!(hit_counts(&[(3, 4)]), vec![(3, 1), (4, 1)]);
        assert_eq!(
            hit_counts(&[(1, 3), (2, 2), (5, 5), (2, 3)]),
            vec![(1, 1), (2, 3), (3, 2), (5, 1)]
        );
        assert_eq!(hit_counts(&[(u32::MAX, u32::MAX)]), vec![(u32::MAX, 1)]);
    }

    #[test]
    fn test_names_are_word_characters() {
        assert_eq!(
            test_name("psf__requests-1724", "openhands/run 1"),
            "psf__requests_1724__openhands_run_1"
        );
    }
}
