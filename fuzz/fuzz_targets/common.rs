//! Invariants shared by the reads and gold targets: every non-blank line is counted exactly once
//! (as an item or as a located error), and every accepted record is well-formed.

use readcov_core::Parsed;

pub const WS: &str = "/ws/repo";

pub fn check_counts<T>(p: &Parsed<T>, data: &[u8]) {
    assert_eq!(p.items.len() + p.errors.len(), p.records);
    let lines = data.split(|&b| b == b'\n').count();
    for e in &p.errors {
        assert!(
            e.line <= lines,
            "error line {} past {} lines",
            e.line,
            lines
        );
        assert_eq!(e.file, "input.jsonl");
    }
}

pub fn check_span(path: &str, start: u32, end: u32, workspace: bool) {
    assert!(start >= 1 && start <= end, "{start}..{end}");
    assert!(!path.is_empty());
    assert!(
        !path.split('/').any(|c| c == ".." || c == "."),
        "unnormalised path {path:?}"
    );
    if workspace {
        assert!(
            !path.starts_with('/'),
            "absolute path {path:?} kept under a workspace"
        );
    }
}
