//! Fuzz target: the reads JSONL reader, with and without a workspace; and reading in pieces
//! (`parse_reads_piece`, cut after line breaks the input picks) gives what the whole-file
//! parse gives — items, located errors and record count. The fast paths (hand scanner, then
//! serde's typed visitor) only ever accept what the slow path accepts, with the same values: the
//! parse with them off must be identical. And the lean table `readcov score` uses holds the same
//! rows (task, run, path, lines, source, kind), errors and count.
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
                parse_reads_piece(
                    &data[start..=i],
                    line,
                    "input.jsonl",
                    ws,
                    &no_check,
                    &mut pieces,
                );
                line += data[start..=i].iter().filter(|&&b| b == b'\n').count();
                start = i + 1;
            }
        }
        parse_reads_piece(
            &data[start..],
            line,
            "input.jsonl",
            ws,
            &no_check,
            &mut pieces,
        );
        assert_eq!(pieces.items, p.items, "pieces of {every} lines: items");
        assert_eq!(pieces.errors, p.errors, "pieces of {every} lines: errors");
        assert_eq!(
            pieces.records, p.records,
            "pieces of {every} lines: records"
        );

        let slow = readcov_core::formats::parse_reads_with(data, "input.jsonl", ws, false);
        assert_eq!(slow.items, p.items, "fast paths off: items");
        assert_eq!(slow.errors, p.errors, "fast paths off: errors");

        let mut lean = readcov_core::LeanReads::default();
        lean.parse_piece(data, 1, "input.jsonl", ws, &no_check);
        assert_eq!(lean.errors, p.errors, "lean: errors");
        assert_eq!(lean.records, p.records, "lean: records");
        assert_eq!(lean.rows().len(), p.items.len(), "lean: rows");
        for (l, r) in lean.rows().iter().zip(&p.items) {
            let tag = lean.tag(l.tag);
            let got = (
                lean.name(tag.task),
                lean.name(tag.run),
                lean.name(l.path),
                l.start,
                l.end,
                tag.source,
                tag.kind,
            );
            let want = (
                r.task.as_str(),
                r.run.as_str(),
                r.path.as_str(),
                r.start,
                r.end,
                r.source,
                r.kind,
            );
            assert_eq!(got, want, "lean: row");
        }
    }
});

fn no_check(_: &str) -> Result<(), String> {
    Ok(())
}
