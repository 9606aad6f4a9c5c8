//! Property test: `score_batch` agrees with a straightforward set-of-(path, line) evaluator.

use proptest::prelude::*;
use readcov_core::{score_batch, GoldSpan, ReadSpan, ScoreOptions, Status, UnknownLengths};
use std::collections::{BTreeMap, BTreeSet};

const PATHS: [&str; 3] = ["a.py", "b.py", "c.py"];

fn span() -> impl Strategy<Value = (usize, u32, u32)> {
    (0usize..3, 1u32..60, 0u32..20).prop_map(|(p, s, len)| (p, s, s + len))
}

fn gold_spans() -> impl Strategy<Value = Vec<(usize, usize, u32, u32)>> {
    prop::collection::vec(
        (0usize..3, span()).prop_map(|(t, (p, s, e))| (t, p, s, e)),
        0..10,
    )
}

fn read_spans() -> impl Strategy<Value = Vec<(usize, usize, usize, u32, u32)>> {
    prop::collection::vec(
        (0usize..3, 0usize..2, span()).prop_map(|(t, r, (p, s, e))| (t, r, p, s, e)),
        0..20,
    )
}

type Lines = BTreeSet<(usize, u32)>;

proptest! {
    #[test]
    fn matches_naive_sets(g in gold_spans(), r in read_spans()) {
        let gold: Vec<GoldSpan> = g.iter().map(|&(t, p, s, e)| GoldSpan { task: format!("t{t}").into(), ..GoldSpan::simple(PATHS[p], s, e) }).collect();
        let reads: Vec<ReadSpan> = r.iter().map(|&(t, run, p, s, e)| ReadSpan { task: format!("t{t}"), run: format!("r{run}"), ..ReadSpan::simple(PATHS[p], s, e) }).collect();
        let rows = score_batch(&gold, &reads, &UnknownLengths, &ScoreOptions::default());

        let mut naive_gold: BTreeMap<String, Lines> = BTreeMap::new();
        for &(t, p, s, e) in &g { naive_gold.entry(format!("t{t}")).or_default().extend((s..=e).map(|l| (p, l))); }
        let mut naive_reads: BTreeMap<(String, String), Lines> = BTreeMap::new();
        for &(t, run, p, s, e) in &r { naive_reads.entry((format!("t{t}"), format!("r{run}"))).or_default().extend((s..=e).map(|l| (p, l))); }

        for row in &rows {
            let empty = Lines::new();
            let gl = naive_gold.get(&row.task).unwrap_or(&empty);
            let rl = naive_reads.get(&(row.task.clone(), row.run.clone())).unwrap_or(&empty);
            let covered = gl.intersection(rl).count() as u64;
            prop_assert_eq!(row.score.gold_lines, gl.len() as u64);
            prop_assert_eq!(row.score.read_lines, rl.len() as u64);
            prop_assert_eq!(row.score.covered_lines, covered);
            if gl.is_empty() {
                prop_assert_eq!(row.score.status, Status::Unscored);
                prop_assert_eq!(row.score.line_coverage, None);
                continue;
            }
            // Gold that no run read for: shown, not scored.
            if !naive_reads.keys().any(|k| k.0 == row.task) {
                prop_assert_eq!(row.score.status, Status::NoRun);
                prop_assert_eq!(row.score.line_coverage, None);
                prop_assert_eq!(row.score.passes_threshold, None);
                continue;
            }
            let gf: BTreeSet<usize> = gl.iter().map(|x| x.0).collect();
            let rf: BTreeSet<usize> = rl.iter().map(|x| x.0).collect();
            let hit = gf.intersection(&rf).count() as f64 / gf.len() as f64;
            let cov = covered as f64 / gl.len() as f64;
            let prec = if rl.is_empty() { 0.0 } else { covered as f64 / rl.len() as f64 };
            prop_assert!((row.score.file_hit.unwrap() - hit).abs() < 1e-12);
            prop_assert!((row.score.line_coverage.unwrap() - cov).abs() < 1e-12);
            prop_assert!((row.score.precision.unwrap() - prec).abs() < 1e-12);
            prop_assert_eq!(row.score.passes_threshold, Some(cov >= 0.5));
        }
        // Every (task, run) with reads, and every gold task, has exactly one row.
        let expected: BTreeSet<String> = naive_gold.keys().cloned().chain(naive_reads.keys().map(|k| k.0.clone())).collect();
        let got: BTreeSet<String> = rows.iter().map(|r| r.task.clone()).collect();
        prop_assert_eq!(got, expected);
    }
}
