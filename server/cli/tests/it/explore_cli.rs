//! `readcov explore` through the real binary, on the fixtures in `tests/fixtures/explore/`
//! (four real SWE-bench instances, two explorers, with quirks) and, for file lengths, the real
//! upstream sources in `tests/data/real/sources/`.

use crate::common;

use common::{stderr, stdout};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/explore")
}

fn real_sources() -> PathBuf {
    common::real_data().join("sources")
}

fn readcov(args: &[&str]) -> Output {
    common::readcov_in(&fixtures(), args)
}

const BASE: [&str; 5] = [
    "explore",
    "--bench",
    "bench.jsonl",
    "--preds",
    "preds.jsonl",
];

fn jsonl(extra: &[&str]) -> Vec<Value> {
    let args: Vec<&str> = BASE
        .iter()
        .copied()
        .chain(["--format", "jsonl"])
        .chain(extra.iter().copied())
        .collect();
    rows_of(&args)
}

/// Runs `readcov ARGS` (which must succeed) and parses each line of its output as JSON.
fn rows_of(args: &[&str]) -> Vec<Value> {
    let o = readcov(args);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

fn row<'a>(rows: &'a [Value], explorer: &str, instance: &str) -> &'a Value {
    rows.iter()
        .find(|r| {
            r["record"] == "instance" && r["explorer"] == explorer && r["instance_id"] == instance
        })
        .unwrap_or_else(|| panic!("no row for {explorer} / {instance}"))
}

#[track_caller]
fn close(v: &Value, want: f64) {
    let got = v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"));
    assert!((got - want).abs() < 1e-9, "got {got}, want {want}");
}

/// Values worked out by hand from bench.jsonl, preds.jsonl and lengths.json.
#[test]
fn hand_computed_rows() {
    let rows = jsonl(&["--file-lengths", "lengths.json"]);
    assert_eq!(rows.iter().filter(|r| r["record"] == "instance").count(), 8); // 2 explorers × 4
                                                                              // bm25 on requests-1921, top 5 of 6 regions: sessions 1-60 (27 core lines, main → gain
                                                                              // 40.5), models 380-430 (optional), sessions 255-300 (38 core, gain 57), utils, adapters.
    let r = row(&rows, "bm25", "psf__requests-1921");
    close(&r["precision"], 65.0 / 247.0);
    close(&r["recall"], 65.0 / 67.0);
    close(&r["recall_at_100"], 27.0 / 67.0); // 60 lines of r0, then 40 of models.py
    close(&r["ndcg_at_100"], 40.5 / 57.0); // DCG stops at 111 > 100; ideal starts with r2
    close(&r["noise_region_rate"], 0.4); // utils and adapters
    close(&r["noise_file_rate"], 0.5);
    close(&r["optional_coverage"], 41.0 / 105.0); // models 430-425 is empty

    // agent-x on flask-5014: (-460, -420) on 621 lines. The negative start needs the length:
    // start = 621 - 460 + 1 = 162; an end other than -1 stays -420 and is clamped to 1. The
    // pair (162, 1) has no lines (the reference's rule), overlaps neither core 172-200 nor
    // optional 117-171 (117 <= 1 fails), so the one region is noise.
    let r = row(&rows, "agent-x", "pallets__flask-5014");
    assert_eq!(r["pred_lines"], 0);
    close(&r["precision"], 0.0);
    assert_eq!(r["clean"]["precision"], Value::Null);
    close(&r["recall"], 0.0);
    close(&r["hit_region_rate"], 0.0);
    close(&r["noise_region_rate"], 1.0);
    // agent-x on pytest-5809: whole pastebin.py (1..-1 = 114 lines); core 65-91 + test 110..-1.
    let r = row(&rows, "agent-x", "pytest-dev__pytest-5809");
    assert_eq!(r["core_lines"], 27 + 24);
    close(&r["weighted_core_coverage"], 3.0 / 5.0);
    assert_eq!(r["clean"]["optional_coverage"], Value::Null); // no optional lines
    close(&r["optional_coverage"], 0.0);
    // bm25 has no row for pylint-4604: scored as empty, flagged, counted.
    let r = row(&rows, "bm25", "pylint-dev__pylint-4604");
    assert_eq!(r["missing"], true);
    assert_eq!(r["clean"]["precision"], Value::Null);
    let s = rows
        .iter()
        .find(|r| r["record"] == "summary" && r["explorer"] == "bm25")
        .expect("summary");
    assert_eq!(
        (
            s["instances"].as_u64(),
            s["missing"].as_u64(),
            s["wall"].as_u64()
        ),
        (Some(4), Some(1), Some(3))
    );
}

#[test]
fn bad_rows_are_reported_and_the_rest_scored() {
    let o = readcov(&[&BASE[..], &["--file-lengths", "lengths.json"]].concat());
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    for needle in [
        "preds.jsonl:4: field `regions[1].start`: expected an integer, got 1.5",
        "preds.jsonl:8 (agent-x / django__django-11099) not scored: instance not in the benchmark",
        "preds.jsonl:9 (agent-x / pytest-dev__pytest-5809) not scored: duplicate of preds.jsonl:5",
        "explorer `bm25` has no prediction for 1 of 4 instance(s)",
    ] {
        assert!(err.contains(needle), "stderr lacks {needle:?}:\n{err}");
    }
    let out = stdout(&o);
    assert!(
        out.contains("recall ≥ 50%") && out.contains("agent-x") && out.contains("bm25"),
        "{out}"
    );
    assert!(out.contains("readcov clean means"), "{out}");
}

/// Lengths measured in the real upstream checkouts equal the ones written in lengths.json.
#[test]
fn workspace_lengths_match_file_lengths() {
    let ws = real_sources();
    let from_file = jsonl(&["--file-lengths", "lengths.json"]);
    let from_ws = jsonl(&["--workspace", ws.to_str().expect("UTF-8 path")]);
    assert_eq!(from_file, from_ws);
    // Without any lengths, `end = -1` and negative starts are unresolvable: numbers change.
    let none = jsonl(&[]);
    let r = row(&none, "agent-x", "pallets__flask-5014");
    assert_eq!(r["unresolvable_regions"], 1);
    close(&r["recall"], 0.0);
    assert_ne!(none, from_file);
}

/// A plain-text explorer answer scores like the same regions in JSONL.
#[test]
fn text_form_file() {
    let rows = rows_of(&[
        "explore",
        "--bench",
        "bench.jsonl",
        "--preds",
        "cli-agent.txt",
        "--instance",
        "pylint-dev__pylint-4604",
        "--explorer",
        "agent-x",
        "--file-lengths",
        "lengths.json",
        "--format",
        "jsonl",
    ]);
    let text = row(&rows, "agent-x", "pylint-dev__pylint-4604");
    let all = jsonl(&["--file-lengths", "lengths.json"]);
    let json = row(&all, "agent-x", "pylint-dev__pylint-4604");
    assert_eq!(text, json);
    // variables.py:1820-1860 holds the core 1823-1857 (35 lines); constants.py whole = 50 lines.
    close(&text["precision"], 55.0 / 91.0);
    close(&text["recall"], 1.0);
    let o = readcov(&[
        "explore",
        "--bench",
        "bench.jsonl",
        "--preds",
        "cli-agent.txt",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--instance"), "{}", stderr(&o));
}

#[test]
fn top_k_changes_the_walk() {
    let five = jsonl(&["--file-lengths", "lengths.json"]);
    let all = jsonl(&["--file-lengths", "lengths.json", "--top-k", "all"]);
    let (a, b) = (
        row(&five, "bm25", "psf__requests-1921"),
        row(&all, "bm25", "psf__requests-1921"),
    );
    assert_eq!(
        (a["pred_regions"].as_u64(), b["pred_regions"].as_u64()),
        (Some(5), Some(6))
    );
    close(&b["precision"], 65.0 / 347.0); // sessions 300-400 adds 100 new lines (300 is in 255-300)
    let one = jsonl(&["--file-lengths", "lengths.json", "--top-k", "1"]);
    close(
        &row(&one, "bm25", "psf__requests-1921")["recall"],
        27.0 / 67.0,
    );
}

#[test]
fn csv_and_json_formats() {
    let o = readcov(
        &[
            &BASE[..],
            &["--file-lengths", "lengths.json", "--format", "csv"],
        ]
        .concat(),
    );
    let out = stdout(&o);
    let mut lines = out.lines();
    let header = lines.next().expect("header");
    assert!(
        header.starts_with("explorer,instance_id,missing,precision,recall,f1,"),
        "{header}"
    );
    assert_eq!(lines.count(), 8);
    let o = readcov(&[&BASE[..], &["--format", "json"]].concat());
    let doc: Value = serde_json::from_str(&stdout(&o)).expect("one JSON document");
    assert_eq!(doc["top_k"], 5);
    assert_eq!(doc["explorers"].as_array().map(Vec::len), Some(2));
    assert_eq!(doc["unused_predictions"].as_array().map(Vec::len), Some(2));
}

#[test]
fn nothing_valid_exits_2() {
    // preds.jsonl is explorer outputs, no benchmark rows: refused by the input layer.
    let o = readcov(&[
        "explore",
        "--bench",
        "preds.jsonl",
        "--preds",
        "preds.jsonl",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "preds.jsonl: looks like SWE-Explore explorer outputs (`instance_id`, \
             `regions`/`output`), not SWE-Explore benchmark rows: give it to `readcov explore --preds`"
        ),
        "{}",
        stderr(&o)
    );
    let o = readcov(&[
        "explore",
        "--bench",
        "bench.jsonl",
        "--preds",
        "lengths.json",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// `--pred-root /testbed` maps container paths back to repository paths.
#[test]
fn pred_root_maps_container_paths() {
    let rows = rows_of(&[
        "explore",
        "--bench",
        "bench.jsonl",
        "--preds",
        "testbed.txt",
        "--instance",
        "pallets__flask-5014",
        "--pred-root",
        "/testbed",
        "--format",
        "jsonl",
    ]);
    let r = row(&rows, "testbed", "pallets__flask-5014");
    close(&r["recall"], 1.0); // /testbed/src/flask/blueprints.py:160-210 holds core 172-200
    close(&r["precision"], 29.0 / 51.0);
    let o = readcov(&[
        "explore",
        "--bench",
        "bench.jsonl",
        "--preds",
        "testbed.txt",
        "--instance",
        "pallets__flask-5014",
        "--format",
        "jsonl",
    ]);
    let rows: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    close(&row(&rows, "testbed", "pallets__flask-5014")["recall"], 0.0); // absolute paths match nothing
}
