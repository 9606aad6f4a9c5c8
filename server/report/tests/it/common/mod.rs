//! Shared fixture loading for the report's integration tests: the small fixture under
//! `tests/fixtures/small/` (a workspace `ws/` with gold, reads, outcomes and units).
// Each test binary uses a subset of these helpers.
#![allow(dead_code)]

use readcov_core::{parse_gold, parse_reads, ScoreOptions};
use readcov_report::{build, parse_outcomes, parse_units, Outcomes, Report, ReportInput};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("fixture {} missing: {e}", p.display()))
}

/// Line counts of every file under the fixture workspace, keyed by workspace-relative path.
fn lengths(ws: &Path) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for dir in ["src", "lib"] {
        for e in std::fs::read_dir(ws.join(dir)).expect("fixture workspace") {
            let p = e.expect("dir entry").path();
            let n = read(&p).iter().filter(|b| **b == b'\n').count();
            let rel = format!("{dir}/{}", p.file_name().expect("name").to_string_lossy());
            out.insert(rel, u32::try_from(n).expect("small file"));
        }
    }
    out
}

/// The small fixture as a report; `labels` and `units` switch the optional inputs on.
pub fn small_report(labels: bool, units: bool) -> Report {
    let dir = fixtures().join("small");
    let gold = parse_gold(&read(&dir.join("gold.jsonl")), "gold.jsonl", None);
    let reads = parse_reads(&read(&dir.join("reads.jsonl")), "reads.jsonl", None);
    assert!(
        gold.errors.is_empty() && reads.errors.is_empty(),
        "fixture must be clean"
    );
    let outcomes: Option<Outcomes> = labels.then(|| {
        parse_outcomes(&read(&dir.join("outcomes.jsonl")), "o")
            .items
            .into_iter()
            .collect()
    });
    let units = units.then(|| parse_units(&read(&dir.join("units.jsonl")), "u", None).items);
    let lengths = lengths(&dir.join("ws"));
    build(&ReportInput {
        title: "fixture <small>".into(),
        gold: &gold.items,
        reads: &reads.items,
        lengths: &lengths,
        opts: &ScoreOptions::default(),
        outcomes: outcomes.as_ref(),
        named: &readcov_core::NamedRuns::default(),
        units: units.as_deref(),
        skipped_input_errors: 0,
    })
}

/// Compares `got` with a committed snapshot; `READCOV_BLESS=1` rewrites the snapshot instead.
pub fn snapshot(name: &str, got: &str) {
    let path = fixtures().join("small").join(name);
    if std::env::var_os("READCOV_BLESS").is_some() {
        std::fs::write(&path, got).expect("write snapshot");
        return;
    }
    let want = String::from_utf8(read(&path)).expect("utf-8 snapshot");
    assert!(
        got == want,
        "{} differs from the output (READCOV_BLESS=1 to update):\n{got}",
        path.display()
    );
}
