//! Fuzz target: the gold JSONL reader, with and without a workspace.
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
    }
});
