//! Fuzz target: SWE-Explore inputs — benchmark rows, explorer outputs, CLI-agent text regions and
//! the file-lengths map (split at NUL bytes) — then scoring. No row is invented, nothing panics.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_core::explore::input::{text_regions, TextFile};
use readcov_core::explore::{
    parse_bench, parse_lengths, parse_preds, score_explore, ExploreOptions,
};

fuzz_target!(|data: &[u8]| {
    let mut parts = data.splitn(3, |&b| b == 0);
    let bench_bytes = parts.next().unwrap_or_default();
    let preds_bytes = parts.next().unwrap_or_default();
    let lengths_bytes = parts.next().unwrap_or_default();
    let bench = parse_bench(bench_bytes, "bench.jsonl");
    // A row with a bad value is kept and reported, so only: no row is invented.
    assert!(bench.items.len() <= bench.records);
    let preds = parse_preds(preds_bytes, "preds.jsonl", "fuzz");
    assert!(preds.items.len() <= preds.records);
    let mut errors = Vec::new();
    for r in text_regions(&String::from_utf8_lossy(preds_bytes), &TextFile("t.txt"), &mut errors) {
        assert!(!r.path.is_empty());
    }
    let (lengths, _) = parse_lengths(lengths_bytes, "lengths.json");
    for top_k in [Some(5), None] {
        let _ = score_explore(&bench.items, &preds.items, &lengths, &ExploreOptions { top_k });
    }
});
