//! Fuzz target: SWE-Explore inputs — benchmark rows, explorer outputs, CLI-agent text regions and
//! the file-lengths map (split at NUL bytes) — then scoring, with and without a `/testbed` root.
//! No row is invented, no region is pathless, every ratio is in [0, 1], nothing panics.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_core::explore::input::text_regions;
use readcov_core::explore::{
    parse_bench, parse_lengths, parse_preds, score_explore, ExploreOptions, METRIC_NAMES,
};

fuzz_target!(|data: &[u8]| {
    let mut parts = data.splitn(3, |&b| b == 0);
    let bench_bytes = parts.next().unwrap_or_default();
    let preds_bytes = parts.next().unwrap_or_default();
    let lengths_bytes = parts.next().unwrap_or_default();
    let bench = parse_bench(bench_bytes, "bench.jsonl");
    // A row with a bad value is kept and reported, so only: no row is invented.
    assert!(bench.items.len() <= bench.records);
    let (lengths, _) = parse_lengths(lengths_bytes, "lengths.json");
    for root in [None, Some("/testbed")] {
        let preds = parse_preds(preds_bytes, "preds.jsonl", "fuzz", root);
        assert!(preds.items.len() <= preds.records);
        let mut errors = Vec::new();
        let text = String::from_utf8_lossy(preds_bytes);
        for r in text_regions(&text, "t.txt", 0, root, &mut errors) {
            assert!(!r.path.is_empty());
            if root.is_some() {
                assert!(
                    !r.path.starts_with('/'),
                    "{:?} kept absolute under a root",
                    r.path
                );
            }
        }
        for top_k in [Some(5), None] {
            let report = score_explore(
                &bench.items,
                &preds.items,
                &lengths,
                &ExploreOptions { top_k },
            );
            for row in &report.instances {
                // Every metric is a ratio or a normalised gain: in [0, 1] (ndcg up to rounding).
                for (v, name) in row.compat.values().into_iter().zip(METRIC_NAMES) {
                    assert!((0.0..=1.0 + 1e-9).contains(&v), "{name} = {v}");
                }
            }
        }
    }
});
