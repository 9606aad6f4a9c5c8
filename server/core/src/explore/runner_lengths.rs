//! The file lengths the reference's runner knows when it is given checkouts.
//!
//! SWE-Explore's `eval_runner.py --repos DIR` counts lines (`_build_file_line_counts`) only for
//! the files the row's core and optional regions name; every other file's length is unknown to
//! `eval.py`. So a prediction's region that needs a length (`end = -1`, a negative start) of any
//! other file — an explorer naming a whole test file, say — is unresolvable there: no lines,
//! whatever the checkout holds. readcov's compatibility numbers follow that when the lengths come
//! from checkouts (`--workspace`); its clean numbers use every length it counted (a whole file
//! read is that many predicted lines). Lengths given as a file (`--file-lengths`) are what
//! `eval.py` is handed, all of them, in both modes. The runner also counts those files its own
//! way, `str.splitlines()` after decoding with invalid bytes dropped ([`super::splitlines`]): the
//! compatibility numbers use those counts, the clean ones readcov's `\n` rule.

use super::input::{BenchRow, Region};
use crate::metrics::FileLengths;
use std::collections::{BTreeMap, BTreeSet};

/// The runner's counts (`runner`), restricted to the paths of one row's core and optional regions.
pub struct RegionPathsOnly<'a> {
    /// readcov's counts, every file: which other files the clean numbers know.
    lengths: &'a dyn FileLengths,
    runner: &'a BTreeMap<String, u32>,
    paths: BTreeSet<&'a str>,
    /// A region file's length differs between the two counts (a form feed, a lone `\r`, ...).
    counts_differ: bool,
}

impl<'a> RegionPathsOnly<'a> {
    pub fn new(
        row: &'a BenchRow,
        lengths: &'a dyn FileLengths,
        runner: &'a BTreeMap<String, u32>,
    ) -> RegionPathsOnly<'a> {
        let optional = row.optional_regions.values().flatten();
        let paths: BTreeSet<&str> = (row.core_regions.iter().chain(optional))
            .map(|r| r.path.as_str())
            .collect();
        let counts_differ = paths
            .iter()
            .any(|p| runner.get(*p).copied() != lengths.lines_in(p));
        RegionPathsOnly {
            lengths,
            runner,
            paths,
            counts_differ,
        }
    }

    /// Whether the compatibility numbers may differ from the clean ones: a region file was counted
    /// otherwise, or one of the first `top_k` of `regions` needs a length of a file outside the
    /// row's regions whose length readcov knows. Only then are they scored apart.
    pub fn differs(&self, regions: &[Region], top_k: Option<usize>) -> bool {
        self.counts_differ
            || regions.iter().take(top_k.unwrap_or(usize::MAX)).any(|r| {
                (r.end == -1 || r.start < 0)
                    && !self.paths.contains(r.path.as_str())
                    && self.lengths.lines_in(&r.path).is_some()
            })
    }
}

impl FileLengths for RegionPathsOnly<'_> {
    fn lines_in(&self, path: &str) -> Option<u32> {
        if self.paths.contains(path) {
            self.runner.get(path).copied()
        } else {
            None
        }
    }
}
