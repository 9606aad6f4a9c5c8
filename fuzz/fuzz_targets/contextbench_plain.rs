//! Fuzz target: ContextBench predictions read with the plain rows' reader (`parse_preds`: a row
//! of the plain shape read straight into its `PredRow`, any other row through the checked path)
//! and by the checked path alone (`parse_preds_checked`) give the same result on any bytes: the
//! same rows in the same order, the same record count and the same located errors (file, line,
//! field and text). The plain reader is a second acceptor beside the checked path, kept only
//! while nothing tells the two apart (docs/reliability.md, fuzz table).
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_core::contextbench::input::{parse_preds, parse_preds_checked};

fuzz_target!(|data: &[u8]| {
    let both = parse_preds(data, "preds.jsonl");
    let checked = parse_preds_checked(data, "preds.jsonl");
    assert_eq!(both.records, checked.records, "records");
    assert_eq!(both.errors, checked.errors, "errors");
    assert_eq!(both.items, checked.items, "rows");
    // Every non-blank line is a record: a row, an error refusing it, or a row with errors.
    assert!(both.items.len() <= both.records);
    let lines = data.split(|&b| b == b'\n').count();
    for e in &both.errors {
        assert!(e.line >= 1 && e.line <= lines, "error line {} of {lines}", e.line);
    }
    for r in &both.items {
        assert!(!r.instance_id.trim().is_empty(), "blank id kept");
        assert!(r.line >= 1 && r.line <= lines, "row line {} of {lines}", r.line);
        for s in r.steps.iter().chain([&r.final_step]) {
            assert!(s.spans.iter().all(|(_, a, b)| a <= b), "span end before start");
        }
    }
});
