//! Fuzz target: the unified-diff gold parser (`--from-diff`) and SWE-bench rows (`--from-swebench`).
//! Every span is well-formed: 1 ≤ start ≤ end, a normalised relative path.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_import::{gold_from_diff, gold_from_swebench, DiffOptions};

fuzz_target!(|data: &[u8]| {
    let opts = DiffOptions::default();
    let text = String::from_utf8_lossy(data);
    let a = gold_from_diff(&text, "t", &opts, "p.diff");
    let b = gold_from_swebench(data, "rows.jsonl", &opts);
    for g in a.spans.iter().chain(&b.spans) {
        assert!(g.start >= 1 && g.start <= g.end, "{}..{}", g.start, g.end);
        assert!(!g.path.is_empty() && !g.path.starts_with('/'), "{:?}", g.path);
        assert!(!g.path.split('/').any(|c| c == ".." || c == "."), "{:?}", g.path);
    }
});
