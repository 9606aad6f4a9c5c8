//! Fuzz target: the unified-diff gold parser (`--from-diff`) and SWE-bench rows (`--from-swebench`),
//! with the default options and with `--anchor u32::MAX --exclude-tests` (anchors are intervals:
//! a huge anchor must not cost one entry per line). Every span is well-formed: 1 ≤ start ≤ end, a
//! normalised relative path.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_import::{gold_from_diff, gold_from_swebench, DiffOptions, GoldFromDiff};

fn check(g: &GoldFromDiff) {
    for s in &g.spans {
        assert!(s.start >= 1 && s.start <= s.end, "{}..{}", s.start, s.end);
        assert!(
            !s.path.is_empty() && !s.path.starts_with('/'),
            "{:?}",
            s.path
        );
        assert!(
            !s.path.split('/').any(|c| c == ".." || c == "."),
            "{:?}",
            s.path
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let wide = DiffOptions {
        anchor: u32::MAX,
        exclude_tests: true,
    };
    for opts in [DiffOptions::default(), wide] {
        check(&gold_from_diff(&text, "t", &opts, "p.diff"));
        check(&gold_from_swebench(data, "rows.jsonl", &opts));
    }
});
