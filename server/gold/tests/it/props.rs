//! Property: consensus with `--agree all` is the per-file intersection of the runs' lines, and
//! `--agree K` the lines at least K runs read, against a naive one-entry-per-line model.

use proptest::prelude::*;
use readcov_core::outcomes::{Label, Outcomes};
use readcov_core::span::ReadSpan;
use readcov_gold::{consensus, Agree, ConsensusOptions, RunsInput};
use std::collections::{BTreeMap, BTreeSet};

const FILES: [&str; 2] = ["a.py", "b.py"];

/// Per run: reads as (file index, start, len).
fn runs() -> impl Strategy<Value = Vec<Vec<(usize, u32, u32)>>> {
    prop::collection::vec(
        prop::collection::vec((0..2usize, 1..60u32, 0..15u32), 1..5),
        1..5,
    )
}

fn input(runs: &[Vec<(usize, u32, u32)>]) -> RunsInput {
    let mut reads = Vec::new();
    let mut labels = Vec::new();
    for (i, run) in runs.iter().enumerate() {
        let name = format!("r{i}");
        for &(f, s, len) in run {
            reads.push(ReadSpan {
                task: "t".into(),
                run: name.clone(),
                ..ReadSpan::simple(FILES[f], s, s + len)
            });
        }
        labels.push(Label {
            task: "t".into(),
            run: Some(name),
            resolved: true,
            line: 1,
        });
    }
    RunsInput {
        reads,
        outcomes: labels.into_iter().collect::<Outcomes>(),
    }
}

/// Lines (per file) read by at least `k` runs, one set entry per line.
fn naive(runs: &[Vec<(usize, u32, u32)>], k: usize) -> BTreeMap<String, BTreeSet<u32>> {
    let mut count: BTreeMap<(usize, u32), BTreeSet<usize>> = BTreeMap::new();
    for (i, run) in runs.iter().enumerate() {
        for &(f, s, len) in run {
            for l in s..=s + len {
                count.entry((f, l)).or_default().insert(i);
            }
        }
    }
    let mut out: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for ((f, l), who) in count {
        if who.len() >= k {
            out.entry(FILES[f].to_string()).or_default().insert(l);
        }
    }
    out
}

fn got(runs: &[Vec<(usize, u32, u32)>], agree: Agree) -> BTreeMap<String, BTreeSet<u32>> {
    let opts = ConsensusOptions { agree, min_runs: 1 };
    let c = consensus(&input(runs), &opts);
    c.tasks
        .iter()
        .flat_map(|t| t.core.iter())
        .map(|(p, s)| {
            let lines = s.intervals().iter().flat_map(|iv| iv.start..=iv.end);
            (p.clone(), lines.collect())
        })
        .collect()
}

proptest! {
    #[test]
    fn agree_all_is_per_file_intersection(runs in runs()) {
        prop_assert_eq!(got(&runs, Agree::All), naive(&runs, runs.len()));
    }

    #[test]
    fn agree_k_is_lines_read_by_k_runs(runs in runs(), k in 1..5u32) {
        let want = if (k as usize) > runs.len() { BTreeMap::new() } else { naive(&runs, k as usize) };
        prop_assert_eq!(got(&runs, Agree::AtLeast(k)), want);
    }
}
