//! `readcov report` on the shipped real runs, figures checked by hand (session 34): the 15
//! trajectories imported against their tasks' sources, gold from the SWE-bench patches, the report
//! with `--workspaces`, as `scripts/real-data-report` makes it. Each assertion is a figure a
//! throwaway script recomputed from the reads and gold and found wrong on the page or in a file.

use crate::common::{readcov, real_data, real_reads_and_gold};
use std::path::{Path, PathBuf};

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The reads (with edits), gold and sources of the real runs, the first two written into `dir`.
fn real_inputs(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let (reads, gold) = real_reads_and_gold(dir);
    (reads, gold, real_data().join("sources"))
}

/// The rows of a JSONL file.
fn rows(path: &Path) -> Vec<serde_json::Value> {
    (std::fs::read_to_string(path).expect("jsonl").lines())
        .map(|l| serde_json::from_str(l).expect("json row"))
        .collect()
}

/// The summary's "lines read" card counts the read events its lines come from: the 486 reads of
/// the real runs, not their 595 rows (109 are edits, which are no reads). Before session 34 the
/// card said "from 526 read event(s)" beside `readcov import`'s "424 read event(s)" (then; the
/// grep placement of session 34 added 54 reads, session 36's `sed -i` replay 8 reads and 5 edits:
/// 580 rows, 478 reads before it; session 37's `sed -i` of lines the agent wrote 2 edits: 593
/// rows before it).
#[test]
fn the_lines_read_card_counts_reads_not_edits() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (reads, gold, sources) = real_inputs(dir.path());
    let all = rows(&reads);
    // A row without `kind` is a read (docs/formats.md).
    let read = all.iter().filter(|r| r["kind"] != "edit").count();
    assert_eq!(
        (all.len(), read),
        (595, 486),
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
        page.contains(r#"<div class="card-note">from 486 read event(s)</div>"#),
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

/// With one folder per task (`--workspaces DIR`) the LCOV and SARIF files name each task's files
/// `<task>/<path>` under `DIR`: three requests tasks' `requests/sessions.py` (531, 569 and 671
/// lines, three base commits) are three files, `genhtml` run in `DIR` finds every one, and a SARIF
/// viewer resolves every location. Before session 34 they were `SF:requests/sessions.py` three
/// times (`lcov --summary`: 10,177 lines, of the 12,062 the tracefile holds) under no folder that
/// held them, and SARIF's `SRCROOT` was mapped nowhere.
#[test]
fn lcov_and_sarif_name_each_tasks_files_under_its_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (reads, gold, sources) = real_inputs(dir.path());
    let (info, sarif) = (dir.path().join("r.info"), dir.path().join("r.sarif"));
    let out = readcov(&[
        "report",
        "--gold",
        s(&gold),
        "--reads",
        s(&reads),
        "--workspaces",
        s(&sources),
        "--no-stages",
        "--lcov",
        s(&info),
        "--lcov-gold-unread",
        "--sarif",
        s(&sarif),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let lcov = std::fs::read_to_string(&info).expect("lcov");
    let mut test = "";
    let mut files = std::collections::BTreeSet::new();
    for line in lcov.lines() {
        test = line.strip_prefix("TN:").unwrap_or(test);
        if let Some(path) = line.strip_prefix("SF:") {
            assert!(
                sources.join(path).is_file(),
                "{path}: no such file in {}",
                s(&sources)
            );
            // The test name is `<task>__<run>`, `-` written `_`: the file is under that task.
            let task = path.split('/').next().unwrap_or("").replace('-', "_");
            assert!(
                test.starts_with(&format!("{task}__")),
                "{path} under TN:{test}"
            );
            assert!(files.insert(path.to_string()), "{path} twice");
        }
    }
    assert!(
        files.contains("psf__requests-1724/requests/sessions.py"),
        "{files:?}"
    );
    assert!(
        files.contains("psf__requests-2317/requests/sessions.py"),
        "{files:?}"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).expect("sarif")).expect("json");
    let root = std::path::absolute(&sources).expect("absolute");
    let base = &doc["runs"][0]["originalUriBaseIds"]["SRCROOT"]["uri"];
    assert_eq!(base.as_str(), Some(&*format!("file://{}/", s(&root))));
    let results = doc["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 8, "the real runs' spans under 50%");
    for r in results {
        let uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .expect("uri");
        assert!(sources.join(uri).is_file(), "{uri}");
        assert!(uri.starts_with(r["properties"]["task"].as_str().expect("task")));
    }
}
