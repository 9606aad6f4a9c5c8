//! `readcov report` on the shipped real runs, figures checked by hand (session 34): the 15
//! trajectories imported against their tasks' sources, gold from the SWE-bench patches, the report
//! with `--workspaces`, as `scripts/real-data-report` makes it. Each assertion is a figure a
//! throwaway script recomputed from the reads and gold and found wrong on the page or in a file.

use crate::common::{readcov, real_data};
use std::path::{Path, PathBuf};

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The reads (with edits) and gold of the real runs, written into `dir`.
fn real_inputs(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let data = real_data();
    let (reads, gold) = (dir.join("reads.jsonl"), dir.join("gold.jsonl"));
    let sources = data.join("sources");
    let mut args = vec![
        "import".to_string(),
        "--workspaces".into(),
        s(&sources).into(),
    ];
    for sub in ["openhands", "mini-swe-agent"] {
        let mut logs: Vec<PathBuf> = (std::fs::read_dir(data.join(sub)).expect("trajectories"))
            .map(|e| e.expect("entry").path())
            .collect();
        logs.sort();
        args.extend(logs.iter().map(|l| s(l).to_string()));
    }
    args.extend(["-o".to_string(), s(&reads).into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(readcov(&args).status.code(), Some(0), "import");
    let swebench = data.join("gold.jsonl");
    let g = readcov(&["gold", "--from-swebench", s(&swebench), "-o", s(&gold)]);
    assert_eq!(g.status.code(), Some(0), "gold");
    (reads, gold, sources)
}

/// The rows of a JSONL file.
fn rows(path: &Path) -> Vec<serde_json::Value> {
    (std::fs::read_to_string(path).expect("jsonl").lines())
        .map(|l| serde_json::from_str(l).expect("json row"))
        .collect()
}

/// The summary's "lines read" card counts the read events its lines come from: the 424 reads of
/// the real runs, not their 526 rows (102 are edits, which are no reads). Before session 34 the
/// card said "from 526 read event(s)" beside `readcov import`'s "424 read event(s)".
#[test]
fn the_lines_read_card_counts_reads_not_edits() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (reads, gold, sources) = real_inputs(dir.path());
    let all = rows(&reads);
    // A row without `kind` is a read (docs/formats.md).
    let read = all.iter().filter(|r| r["kind"] != "edit").count();
    assert_eq!(
        (all.len(), read),
        (526, 424),
        "the shipped runs' reads and edits"
    );
    let html = dir.path().join("r.html");
    let out = readcov(&[
        "report",
        "--gold",
        s(&gold),
        "--reads",
        s(&reads),
        "--workspaces",
        s(&sources),
        "--no-stages",
        "--html",
        s(&html),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let page = std::fs::read_to_string(&html).expect("page");
    assert!(
        page.contains(r#"<div class="card-note">from 424 read event(s)</div>"#),
        "{}",
        &page[page.find(r#"card-label">lines read"#).unwrap_or(0)..][..120]
    );
    // Reads of a source left out are no events either: with `--sources human` nothing counts.
    let out = readcov(&[
        "report",
        "--gold",
        s(&gold),
        "--reads",
        s(&reads),
        "--sources",
        "human",
        "--no-stages",
        "--html",
        s(&html),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let page = std::fs::read_to_string(&html).expect("page");
    assert!(page.contains(
        r#"<div class="card-value">0</div><div class="card-note">from 0 read event(s)</div>"#
    ));
}
