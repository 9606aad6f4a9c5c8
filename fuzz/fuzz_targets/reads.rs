//! Fuzz target: the reads JSONL reader, with and without a workspace.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    for ws in [None, Some(common::WS)] {
        let p = readcov_core::parse_reads(data, "input.jsonl", ws);
        common::check_counts(&p, data);
        for r in &p.items {
            common::check_span(&r.path, r.start, r.end, ws.is_some());
            assert!(!r.task.is_empty() && !r.run.is_empty());
        }
    }
});
