//! Fuzz target: the gold JSONL reader, with and without a workspace. The fast path (the hand
//! scanner) only ever accepts what the checked path accepts, with the same values: the parse
//! with it off must be identical, items and located errors.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    for ws in [None, Some(common::WS)] {
        let p = readcov_core::parse_gold(data, "input.jsonl", ws);
        common::check_counts(&p, data);
        for g in &p.items {
            common::check_span(&g.path, g.start, g.end, ws.is_some());
        }
        let slow = readcov_core::formats::parse_gold_with(data, "input.jsonl", ws, false);
        assert_eq!(slow.items, p.items, "fast path off: items");
        assert_eq!(slow.errors, p.errors, "fast path off: errors");
    }
});
