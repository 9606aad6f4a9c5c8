//! Fuzz target: the reads JSONL reader, with and without a workspace; and reading in pieces
//! (`parse_reads_piece`, cut after line breaks the input picks) gives what the whole-file
//! parse gives — items, located errors and record count.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_core::{parse_reads_piece, Parsed};

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
        // Cut after every k-th line break, k from the first byte (as the CLI cuts at 4 MB).
        let every = usize::from(data.first().copied().unwrap_or(1) % 4) + 1;
        let mut pieces = Parsed::default();
        let (mut start, mut line, mut seen) = (0, 1, 0);
        for (i, _) in data.iter().enumerate().filter(|(_, &b)| b == b'\n') {
            seen += 1;
            if seen % every == 0 {
                parse_reads_piece(&data[start..=i], line, "input.jsonl", ws, &no_check, &mut pieces);
                line += data[start..=i].iter().filter(|&&b| b == b'\n').count();
                start = i + 1;
            }
        }
        parse_reads_piece(&data[start..], line, "input.jsonl", ws, &no_check, &mut pieces);
        assert_eq!(pieces.items, p.items, "pieces of {every} lines: items");
        assert_eq!(pieces.errors, p.errors, "pieces of {every} lines: errors");
        assert_eq!(pieces.records, p.records, "pieces of {every} lines: records");
    }
});

fn no_check(_: &str) -> Result<(), String> {
    Ok(())
}
