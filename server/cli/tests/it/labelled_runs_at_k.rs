//! Runs named outside the reads in the at-k curves (session 34), through the real binary on the
//! shipped tests/data/real-multi: two of its 25 labelled runs (doubao-pro-128k on
//! jackson-databind-4487 and jib-4035) import to no reads. `score` counts them as rows with line
//! coverage 0 (labelled_runs.rs); `score --at-k --outcomes` and `report --at-k` (labels or run
//! records) now count them in every k's point too, as nothing retrieved — before, the curves
//! were scored from the reads alone: 23 rows and mean coverage 0.96 beside the page's 25 and
//! 0.89 (and `score --at-k` refused `--outcomes`).

use crate::common::{readcov_in, stderr, stdout};
use crate::labelled_runs::{inputs, real_multi, records, NO_READS};
use serde_json::Value;

fn json(o: &std::process::Output) -> Value {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap()
}

/// `score --at-k 1,10 --outcomes`: 25 rows at each k, the two unread labelled runs scored with
/// nothing retrieved, and each k's point equal to `score --outcomes`'s totals (the reads carry
/// no rank, so every k scores every read); without labels, the reads' 23 rows.
#[test]
fn score_at_k_counts_labelled_runs_that_read_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads, outcomes) = inputs(dir.path());
    let rm = real_multi();
    let base = [
        "score", "--gold", &gold, "--reads", &reads, "--format", "json",
    ];
    let at_k = |extra: &[&str]| {
        json(&readcov_in(
            &rm,
            &[&base[..], &["--at-k", "1,10"], extra].concat(),
        ))
    };
    let plain = at_k(&[]);
    let labelled = at_k(&["--outcomes", &outcomes]);
    let totals = json(&readcov_in(
        &rm,
        &[&base[..], &["--outcomes", &outcomes, "--summary"]].concat(),
    ))["totals"]
        .clone();
    assert_eq!(totals["rows"], 25);
    for (p, q) in plain["at_k"]
        .as_array()
        .unwrap()
        .iter()
        .zip(labelled["at_k"].as_array().unwrap())
    {
        assert_eq!(
            (
                p["rows"].as_u64(),
                p["scored"].as_u64(),
                p["passing"].as_u64()
            ),
            (Some(23), Some(23), Some(23))
        );
        assert_eq!(
            (
                q["rows"].as_u64(),
                q["scored"].as_u64(),
                q["passing"].as_u64()
            ),
            (Some(25), Some(25), Some(23))
        );
        for key in ["mean_line_coverage", "mean_file_hit", "passing"] {
            assert_eq!(q[key], totals[key], "k={} {key}", q["k"]);
        }
        assert_eq!(q["share_passing"].as_f64(), Some(23.0 / 25.0));
        // The what-if counts them as nothing widened; the chunk fit has none of theirs.
        assert!(
            q["mean_coverage_widened_by_lines"].as_f64()
                < p["mean_coverage_widened_by_lines"].as_f64()
        );
        assert_eq!(q["mean_chunk_precision"], p["mean_chunk_precision"]);
    }
    let rows = labelled["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 50);
    for (task, run) in NO_READS {
        for k in [1, 10] {
            let r = (rows.iter())
                .find(|r| r["k"] == k && r["task"] == task && r["run"] == run)
                .unwrap_or_else(|| panic!("no row k={k} {task} / {run}"));
            assert_eq!(
                (
                    r["status"].as_str(),
                    r["line_coverage"].as_f64(),
                    r["file_hit"].as_f64()
                ),
                (Some("scored"), Some(0.0), Some(0.0))
            );
            assert_eq!(
                (r["chunks"].as_u64(), r["passes_threshold"].as_bool()),
                (Some(0), Some(false))
            );
            assert_eq!(r["coverage_widened_by_lines"].as_f64(), Some(0.0));
            assert!(r["chunk_precision"].is_null() && r["chunk_fit"] == serde_json::json!([]));
            let recall = &r["measures"]["file"][format!("R@{k}")];
            assert_eq!(recall.as_f64(), Some(0.0), "k={k}");
        }
    }
    // The table's first line says the same.
    let o = readcov_in(
        &rm,
        &[
            "score",
            "--gold",
            &gold,
            "--reads",
            &reads,
            "--at-k",
            "1",
            "--outcomes",
            &outcomes,
            "--no-legend",
        ],
    );
    let line = stdout(&o).lines().nth(2).unwrap().to_string();
    let cells: Vec<&str> = line.split_whitespace().collect();
    assert!(
        cells.starts_with(&["1", "25", "0.92", "0.89", "23/25"]),
        "{line}"
    );
}

/// `report --at-k`: the curves' table counts the runs the page's rows count — the labels' and
/// the run records' (an invalid record that read nothing is neither).
#[test]
fn report_at_k_counts_the_runs_its_rows_count() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads, outcomes) = inputs(dir.path());
    let rm = real_multi();
    let page = |extra: &[&str], tag: &str| {
        let html = dir.path().join(format!("{tag}.html")).display().to_string();
        let args = [
            &[
                "report",
                "--gold",
                &gold,
                "--reads",
                &reads,
                "--no-stages",
                "--at-k",
                "1",
            ][..],
            &["--html", &html],
            extra,
        ]
        .concat();
        let o = readcov_in(&rm, &args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let text = std::fs::read_to_string(&html).unwrap();
        let at = text.find("<table class=\"atk\">").expect("an at-k table");
        let row = text[at..]
            .find("<tbody><tr>")
            .map(|i| &text[at + i..])
            .unwrap();
        row[..row.find("</tr>").unwrap()].to_string()
    };
    let twenty_five = "<tbody><tr><td>1</td><td>25</td><td>0.92</td><td>0.89</td><td>23 of 25</td>";
    let twenty_three =
        "<tbody><tr><td>1</td><td>23</td><td>1.00</td><td>0.96</td><td>23 of 23</td>";
    assert!(page(&[], "plain").starts_with(twenty_three));
    assert!(
        page(&["--outcomes", &outcomes], "labelled").starts_with(twenty_five),
        "{}",
        page(&["--outcomes", &outcomes], "l2")
    );
    let runs = records(dir.path(), "runs.jsonl", &|_| {});
    assert!(page(&["--runs", &runs], "recorded").starts_with(twenty_five));
    let invalid = records(dir.path(), "invalid.jsonl", &|r| {
        r["environment"] = "invalid".into()
    });
    assert!(page(&["--runs", &invalid], "invalid").starts_with(twenty_three));
}
