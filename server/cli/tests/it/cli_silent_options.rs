//! Options given where they do nothing are refused (exit 2, the error naming the option and what
//! it goes with), not silently ignored: each was accepted before session 29 and changed nothing.
//! The harmless ones (`score --no-legend` with json, `--summary` with the table) stay accepted
//! and `--help` says they change nothing.

use crate::common;

use common::{readcov_in, stderr};
use std::path::Path;

const GOLD: &str = "{\"task\":\"t1\",\"path\":\"a.py\",\"start\":1,\"end\":4}\n";
const READS: &str = "{\"task\":\"t1\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n";

fn inputs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("gold.jsonl"), GOLD).unwrap();
    std::fs::write(dir.path().join("reads.jsonl"), READS).unwrap();
    std::fs::write(dir.path().join("a.py"), "a\nb\nc\nd\ne\n").unwrap();
    dir
}

/// Runs `readcov score --gold gold.jsonl --reads reads.jsonl` with `extra`.
fn score(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["score", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
    args.extend_from_slice(extra);
    readcov_in(dir, &args)
}

fn refused(o: &std::process::Output, says: &[&str]) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    for s in says {
        assert!(stderr(o).contains(s), "{s:?} not in: {}", stderr(o));
    }
}

/// `score --detail --format json|jsonl|csv` printed what it prints without `--detail` (json
/// rows carry the files and spans anyway, csv never): the table alone takes it.
#[test]
fn score_detail_beside_another_format_is_refused() {
    let dir = inputs();
    for format in ["json", "jsonl", "csv"] {
        let o = score(dir.path(), &["--detail", "--format", format]);
        refused(&o, &["--detail", "--format table"]);
        assert!(o.stdout.is_empty(), "{format}: nothing is written");
    }
    let o = score(dir.path(), &["--detail"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Harmless and scripts pass it: accepted, and --help says it changes nothing.
    let o = score(dir.path(), &["--no-legend", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// `score --widen N` without sources printed the same as without it (the ±N what-if is computed
/// with --workspace/--workspaces, or for --at-k); with them it is taken.
#[test]
fn score_widen_without_sources_is_refused() {
    let dir = inputs();
    let o = score(dir.path(), &["--widen", "3"]);
    refused(&o, &["--widen", "--workspace", "--at-k"]);
    for ok in [
        &["--widen", "3", "--workspace", "."][..],
        &["--widen", "3", "--at-k", "1"],
    ] {
        let o = score(dir.path(), ok);
        assert_eq!(o.status.code(), Some(0), "{ok:?}: {}", stderr(&o));
    }
}
