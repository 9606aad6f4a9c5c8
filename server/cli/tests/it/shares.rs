//! Shares printed beside a threshold stay on its side, and "100%" / "0.00" mean all / none
//! (`readcov_core::words::share`, docs/metrics.md "How shares are printed"), on the shipped real
//! runs with unit gold (`gold --from-swebench --expand units`): psf__requests-2317's span
//! requests/sessions.py:429-459 read 29/31 (0.9355) and pylint-dev__pylint-4604's row 4/45
//! (0.0889). Each case failed on 9d4ab0b: "29/31 read (94%)" under a 94% threshold, "0.09" and
//! "line coverage 9%" beside "below 9%", precision "0.00" for 4 gold lines in 1381 read. Session
//! 36 added the `--detail` unit lines (requests-2317's method `request` read 80/82, "98%" beside a
//! 98% threshold) and explain's stage read line ("lines 9%" beside "below 9%"), each failing on
//! a8f698a.

use crate::common::{readcov_ok, real_data, real_reads_and_gold, stdout};
use std::path::{Path, PathBuf};

/// The real reads and the unit gold of every shipped run.
fn unit_gold(dir: &Path) -> (PathBuf, PathBuf) {
    // The line gold it also writes is not used: unit gold has spans read in part.
    let (reads, _) = real_reads_and_gold(dir);
    let gold = dir.join("units.jsonl");
    let (rows, sources) = (real_data().join("gold.jsonl"), real_data().join("sources"));
    readcov_ok(&[
        "gold",
        "--from-swebench",
        rows.to_str().unwrap(),
        "--expand",
        "units",
        "--workspaces",
        sources.to_str().unwrap(),
        "-o",
        gold.to_str().unwrap(),
    ]);
    (reads, gold)
}

/// `args` run on the real reads (`{reads}`), the unit gold (`{gold}`) and a scratch folder
/// (`{out}`); the text checked is stdout, or the file `{out}/<read>`.
fn check(args: &str, read: Option<&str>, want: &[&str], not: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let (reads, gold) = unit_gold(dir.path());
    let args: Vec<String> = (args.split_whitespace())
        .map(|a| {
            a.replace("{reads}", reads.to_str().unwrap())
                .replace("{gold}", gold.to_str().unwrap())
                .replace("{out}", dir.path().to_str().unwrap())
                .replace("{sources}", real_data().join("sources").to_str().unwrap())
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let printed = stdout(&readcov_ok(&args));
    let text = match read {
        Some(f) => std::fs::read_to_string(dir.path().join(f)).unwrap(),
        None => printed,
    };
    for w in want {
        assert!(text.contains(w), "{args:?}: no {w:?} in\n{text}");
    }
    for n in not {
        assert!(!text.contains(n), "{args:?}: {n:?} in\n{text}");
    }
}

#[test]
fn score_keeps_a_span_and_a_row_under_their_threshold() {
    check(
        "score --gold {gold} --reads {reads} --detail --threshold 0.94 --no-legend",
        None,
        &["    requests/sessions.py:429-459: 29/31 read (93.5%), unread 458-459\n"],
        &["29/31 read (94%)"],
    );
    // line_cov 4/45 beside "below 9%"; precision 4/1381 (0.0029) is not none: "0.002".
    check(
        "score --gold {gold} --reads {reads} --threshold 0.09 --no-legend",
        None,
        &["0.50     0.088      0.002  0.01    45  1381        4  below 9%"],
        &["0.09       0.00"],
    );
}

/// A gold unit's share read in `--detail` (psf__requests-2317's method `request`,
/// requests/sessions.py:378-459, 80 of its 82 lines read: 0.9756) beside a 98% threshold: "98%"
/// on a8f698a (session 36's start), which kept only all / none there.
#[test]
fn score_detail_keeps_a_unit_under_its_threshold() {
    check(
        "score --gold {gold} --reads {reads} --workspaces {sources} --detail --threshold 0.98 --no-legend",
        None,
        &["    unit method request requests/sessions.py:378-459: 80/82 lines read (97.5%), 82 gold line(s), read\n"],
        &["80/82 lines read (98%)"],
    );
}

/// The header's line coverage and the stages' read line are one figure against one threshold:
/// the read line printed "lines 9%" under "below 9%" before session 36 (a8f698a).
#[test]
fn explain_keeps_the_line_coverage_under_its_threshold() {
    check(
        "explain --gold {gold} --reads {reads} --task pylint-dev__pylint-4604 --threshold 0.09",
        None,
        &[
            "below 9%: line coverage 8.8% (4/45 gold lines)",
            "\n  read    lines 8.8%; gold units",
        ],
        &["line coverage 9%", "lines 9%"],
    );
}

#[test]
fn sarif_and_html_keep_a_span_under_its_threshold() {
    let sarif = "report --gold {gold} --reads {reads} --threshold 0.94 --sarif {out}/r.sarif";
    check(
        sarif,
        Some("r.sarif"),
        &["psf__requests-2317 / openhands: 29 of 31 gold lines read (93.5%, under the 94% threshold)"],
        &["(94%, under the 94% threshold)"],
    );
    let html = "report --gold {gold} --reads {reads} --threshold 0.94 --html {out}/r.html";
    check(
        html,
        Some("r.html"),
        &[r#"429-459</code></td><td class="n">29 / 31 (93.5%)"#],
        &["29 / 31 (94%)"],
    );
}
