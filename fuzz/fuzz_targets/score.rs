//! Fuzz target: end to end — gold and reads (split at the first NUL byte) parsed and scored.
//! Ratios stay in [0, 1] and covered lines never exceed gold lines.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_core::{parse_gold, parse_reads, score_batch, totals, ScoreOptions, UnknownLengths};

fuzz_target!(|data: &[u8]| {
    let (g, r) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &data[..0]),
    };
    let gold = parse_gold(g, "gold.jsonl", None);
    let reads = parse_reads(r, "reads.jsonl", None);
    let rows = score_batch(
        &gold.items,
        &reads.items,
        &UnknownLengths,
        &ScoreOptions::default(),
    );
    for row in &rows {
        let s = &row.score;
        assert!(s.covered_lines <= s.gold_lines);
        for v in [s.line_coverage, s.file_hit, s.precision, s.f1]
            .into_iter()
            .flatten()
        {
            assert!((0.0..=1.0).contains(&v), "{v}");
        }
    }
    let _ = totals(rows.iter().map(|r| &r.score));
});
