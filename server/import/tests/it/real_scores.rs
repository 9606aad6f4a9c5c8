//! End to end on the shipped data: import the 15 SWE-bench runs, take gold from the gold patches
//! in gold.jsonl, and check file hit and line coverage per run.
//!
//! Expected figures were derived by hand: gold lines from each patch's hunks (changed base lines,
//! plus the two base lines around a pure insertion), and for each gold line the action that showed
//! it (for example flask-5014: gold 192–193, shown by the clipped whole-file view 1–393 at step 3;
//! pylint-4604: constants.py is never opened and no view or grep of variables.py shows 1828–1829).

use crate::common;
use common::{real, run};
use readcov_core::{score_spans, GoldSpan, ReadSpan, UnknownLengths};
use readcov_import::{gold_from_swebench, DiffOptions};

/// (run file, gold files, files hit, gold lines, covered gold lines).
const EXPECTED: [(&str, usize, usize, u64, u64); 15] = [
    ("openhands/pallets__flask-5014.json", 1, 1, 2, 2),
    ("openhands/psf__requests-1724.json", 1, 1, 3, 3),
    ("openhands/psf__requests-1766.json", 1, 1, 2, 2),
    ("openhands/psf__requests-1921.json", 1, 1, 2, 2),
    ("openhands/psf__requests-2317.json", 1, 1, 2, 2),
    // Four gold files; the agent opened diagrams.py and inspector.py (whole-file views, steps 11–12,
    // before any edit) but never utils.py or writer.py: 1 + 17 + 6 of 32 gold lines.
    ("openhands/pylint-dev__pylint-4551.json", 4, 2, 32, 24),
    ("openhands/pylint-dev__pylint-4604.json", 2, 1, 6, 0),
    ("openhands/pylint-dev__pylint-6903.json", 1, 1, 2, 2),
    ("openhands/pytest-dev__pytest-10051.json", 1, 1, 4, 4),
    ("openhands/pytest-dev__pytest-10356.json", 1, 1, 7, 7),
    ("openhands/pytest-dev__pytest-5631.json", 1, 1, 7, 7),
    ("openhands/pytest-dev__pytest-5809.json", 1, 1, 5, 5),
    (
        "mini-swe-agent/astropy__astropy-12907.traj.json",
        1,
        1,
        1,
        1,
    ),
    (
        "mini-swe-agent/astropy__astropy-14182.traj.json",
        1,
        1,
        11,
        11,
    ),
    // Gold 71 is in the head of the elided `cat` (step 2); gold 309 in `grep -n` at step 24.
    (
        "mini-swe-agent/astropy__astropy-14365.traj.json",
        1,
        1,
        2,
        2,
    ),
];

#[test]
fn file_hit_and_line_coverage_per_run() {
    let bytes = std::fs::read(real().join("gold.jsonl")).expect("gold.jsonl");
    let gold = gold_from_swebench(&bytes, "gold.jsonl", &DiffOptions::default());
    assert!(gold.errors.is_empty(), "{:?}", gold.errors);
    assert!(gold.new_files.is_empty());
    for (file, gold_files, files_hit, gold_lines, covered) in EXPECTED {
        let imp = run(file);
        let task = &imp.rows.first().expect("some rows").task;
        let g: Vec<&GoldSpan> = gold.spans.iter().filter(|s| &s.task == task).collect();
        let r: Vec<&ReadSpan> = imp
            .rows
            .iter()
            .filter(|r| r.kind == readcov_core::EventKind::Read)
            .collect();
        let s = score_spans(&g, &r, &UnknownLengths, 0.5);
        let got = (s.gold_files, s.files_hit, s.gold_lines, s.covered_lines);
        assert_eq!(got, (gold_files, files_hit, gold_lines, covered), "{file}");
        assert_eq!(
            s.file_hit,
            Some(files_hit as f64 / gold_files as f64),
            "{file}"
        );
        assert_eq!(
            s.line_coverage,
            Some(covered as f64 / gold_lines as f64),
            "{file}"
        );
    }
}

#[test]
fn gold_lines_of_three_patches() {
    let bytes = std::fs::read(real().join("gold.jsonl")).expect("gold.jsonl");
    let gold = gold_from_swebench(&bytes, "gold.jsonl", &DiffOptions::default());
    let of = |task: &str| -> Vec<(String, u32, u32)> {
        gold.spans
            .iter()
            .filter(|s| s.task == task)
            .map(|s| (s.path.to_string(), s.start, s.end))
            .collect()
    };
    let own = |v: &[(&str, u32, u32)]| -> Vec<(String, u32, u32)> {
        v.iter().map(|(p, s, e)| (p.to_string(), *s, *e)).collect()
    };
    // @@ -12,7: line 15 replaced; @@ -309,6: insertion between 311 and 312.
    assert_eq!(
        of("psf__requests-1724"),
        own(&[
            ("requests/sessions.py", 15, 15),
            ("requests/sessions.py", 311, 312)
        ])
    );
    // @@ -40,7: 43 deleted; @@ -345,6: insertion between 347 and 348; @@ -440,7: 443 replaced.
    let l = "src/_pytest/logging.py";
    assert_eq!(
        of("pytest-dev__pytest-10051"),
        own(&[(l, 43, 43), (l, 347, 348), (l, 443, 443)])
    );
    // @@ -77,11: the five-line `params = {…}` (80–84) deleted.
    assert_eq!(
        of("pytest-dev__pytest-5809"),
        own(&[("src/_pytest/pastebin.py", 80, 84)])
    );
}
