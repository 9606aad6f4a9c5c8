//! `readcov report` end to end on the report crate's small fixture: files written, summary and
//! resolve-rate table printed, bad input located and skipped, exit codes.

use crate::common;

use common::readcov;
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../report/tests/fixtures/small")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn writes_all_three_outputs_and_prints_the_resolve_table() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = fixture();
    let (html, info, sarif) = (
        dir.path().join("r.html"),
        dir.path().join("r.info"),
        dir.path().join("r.sarif"),
    );
    let out = readcov(&[
        "report",
        "--gold",
        s(&f.join("gold.jsonl")),
        "--reads",
        s(&f.join("reads.jsonl")),
        "--workspace",
        s(&f.join("ws")),
        "--outcomes",
        s(&f.join("outcomes.jsonl")),
        "--html",
        s(&html),
        "--lcov",
        s(&info),
        "--lcov-gold-unread",
        "--sarif",
        s(&sarif),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = "line coverage  runs  resolved  resolve rate  no label\n\
                 -------------  ----  --------  ------------  --------\n\
                 0–25%             0         0             -         0\n\
                 25–50%            1         0            0%         0\n\
                 50–75%            2         2          100%         0\n\
                 75–100%           1         1          100%         0\n";
    assert!(stdout.contains(table), "{stdout}");
    // t3 has gold and no run: a row of its own, counted apart, in no mean and no bucket.
    assert!(
        stdout.contains("4 task(s), 2 run(s), 6 row(s) (4 scored)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("3/4 at or above 50% · 1 task(s) with no run, not scored\n"),
        "{stdout}"
    );
    let page = std::fs::read_to_string(&html).expect("html written");
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("rate-bar"));
    // The CLI measured the workspace: same snapshot as the library test with the same options.
    let want = std::fs::read_to_string(f.join("expected-gold-unread.info")).expect("snapshot");
    assert_eq!(std::fs::read_to_string(&info).expect("lcov written"), want);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).expect("sarif")).expect("json");
    assert_eq!(doc["runs"][0]["results"].as_array().map(Vec::len), Some(5));
    let base = doc["runs"][0]["originalUriBaseIds"]["SRCROOT"]["uri"]
        .as_str()
        .unwrap_or("");
    assert!(
        base.starts_with("file:///") && base.ends_with("/small/ws/"),
        "{base}"
    );
}

#[test]
fn bad_outcome_lines_are_located_and_the_rest_is_used() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = fixture();
    let outcomes = dir.path().join("o.jsonl");
    std::fs::write(&outcomes, "{\"instance_id\":\"t2\",\"resolved\":true}\n{\"instance_id\":\"t1\",\"resolved\":\"maybe\"}\n")
        .expect("write");
    let lcov = dir.path().join("r.info");
    let out = readcov(&[
        "report",
        "--gold",
        s(&f.join("gold.jsonl")),
        "--reads",
        s(&f.join("reads.jsonl")),
        "--outcomes",
        s(&outcomes),
        "--lcov",
        s(&lcov),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("o.jsonl:2: field `resolved`: expected true or false"),
        "{stderr}"
    );
    // t2's two runs are labelled resolved (0.65 and 0.50 both land in 50–75%); the rest unlabelled
    // (t3, which no run read, is in no bucket).
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("50–75%            2         2          100%         0"),
        "{stdout}"
    );
    assert!(
        stdout.contains("0–25%             0         0             -         0"),
        "{stdout}"
    );
    assert!(lcov.is_file());
}

#[test]
fn needs_an_output_and_valid_gold() {
    let f = fixture();
    let no_output = readcov(&[
        "report",
        "--gold",
        s(&f.join("gold.jsonl")),
        "--reads",
        s(&f.join("reads.jsonl")),
    ]);
    assert_eq!(no_output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_output.stderr).contains("--html"));

    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("gold.jsonl");
    std::fs::write(&bad, "not json\n").expect("write");
    let html = dir.path().join("r.html");
    let out = readcov(&[
        "report",
        "--gold",
        s(&bad),
        "--reads",
        s(&f.join("reads.jsonl")),
        "--html",
        s(&html),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("gold.jsonl:1: invalid JSON"));
    assert!(
        !html.exists(),
        "nothing is written when there is nothing to report"
    );
}

/// The real data end to end: import the trajectories, gold from the patches, labels from
/// gold.jsonl. Every one of the 15 instances is scored and labelled (9 resolved, per MANIFEST.md).
#[test]
fn real_data_report_labels_every_instance() {
    let data = common::real_data();
    let dir = tempfile::tempdir().expect("tempdir");
    let (reads, gold) = common::real_reads_and_gold(dir.path());

    let (html, sarif) = (dir.path().join("r.html"), dir.path().join("r.sarif"));
    let out = readcov(&[
        "report",
        "--gold",
        s(&gold),
        "--reads",
        s(&reads),
        "--outcomes",
        s(&data.join("gold.jsonl")),
        "--html",
        s(&html),
        "--sarif",
        s(&sarif),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("15 task(s), 2 run(s), 15 row(s) (15 scored)"),
        "{stdout}"
    );
    assert!(stdout.contains("(15 labelled scored row(s))"), "{stdout}");
    // Sum the bucket rows: every instance lands in exactly one bucket, 9 of them resolved.
    let rows: Vec<Vec<u64>> = stdout
        .lines()
        .filter(|l| l.contains("–") && l.ends_with(char::is_numeric) && l.contains('%'))
        .map(|l| {
            l.split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 4, "{stdout}");
    let (labelled, resolved): (u64, u64) =
        rows.iter().fold((0, 0), |(a, b), r| (a + r[0], b + r[1]));
    assert_eq!((labelled, resolved), (15, 9), "{stdout}");
    let page = std::fs::read_to_string(&html).expect("html");
    assert_eq!(page.matches("<circle class=\"point resolved\"").count(), 9);
    assert_eq!(
        page.matches("<circle class=\"point unresolved\"").count(),
        6
    );
}
