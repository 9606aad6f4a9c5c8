//! Read-before-edit coverage through the real binary: `readcov score` columns and keys, `--units`
//! regions in `readcov sheet`, and window clipping on a real upstream file.

mod sheet_common;

use serde_json::Value;
use sheet_common::{close, readcov, root, run, sheet_json, text};

#[test]
fn score_shows_read_before_edit_in_every_format() {
    let base = [
        "score",
        "--gold",
        "tests/fixtures/sheet/gold.jsonl",
        "--reads",
        "tests/fixtures/sheet/reads.jsonl",
    ];
    let o = readcov(&[&base[..], &["--format", "json"]].concat());
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    let r2 = doc["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["run"] == "r2")
        .unwrap();
    assert_eq!(r2["read_before_edit"]["edits"], 2);
    assert_eq!(r2["read_before_edit"]["worst_event_id"], "e2");
    assert!(close(&r2["read_before_edit"]["worst"], 1.0 / 23.0), "{r2}");
    let r10 = doc["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["run"] == "r10")
        .unwrap();
    assert_eq!(r10["read_before_edit"], Value::Null);
    let csv = text(&readcov(&[&base[..], &["--format", "csv"]].concat()).stdout);
    assert!(csv.lines().next().unwrap().ends_with(
        ",edits,read_before_edit_mean,read_before_edit_worst,read_before_edit_worst_event"
    ));
    assert!(
        csv.lines()
            .any(|l| l.starts_with("csv-parse,r2,") && l.ends_with(",e2")),
        "{csv}"
    );
}

/// On a real upstream file: an edit at the last line is judged on a window clipped to the file.
#[test]
fn window_is_clipped_to_a_real_file() {
    let real = root().join("../shared/data/real");
    assert!(
        real.is_dir(),
        "real agent data missing at {} (see the README: CI clones the repo beside shared/)",
        real.display()
    );
    let ws = real.join("sources/pallets__flask-5014");
    let file = ws.join("src/flask/blueprints.py");
    let n = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let lines = n.iter().filter(|&&b| b == b'\n').count() + usize::from(!n.ends_with(b"\n"));
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("reads.jsonl");
    let gold = dir.path().join("gold.jsonl");
    std::fs::write(
        &gold,
        "{\"path\":\"src/flask/blueprints.py\",\"start\":1,\"end\":5}\n",
    )
    .unwrap();
    std::fs::write(
        &reads,
        format!(
            "{{\"path\":\"src/flask/blueprints.py\",\"start\":{a},\"end\":{l}}}\n{{\"path\":\"src/flask/blueprints.py\",\"start\":{l},\"end\":{l},\"kind\":\"edit\"}}\n",
            a = lines - 4,
            l = lines
        ),
    )
    .unwrap();
    let (ws, gold, reads) = (
        ws.to_string_lossy(),
        gold.to_string_lossy(),
        reads.to_string_lossy(),
    );
    let o = readcov(&[
        "score",
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--workspace",
        &ws,
        "--format",
        "json",
    ]);
    let doc: Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("{}", text(&o.stderr)));
    // Window lines-10 ..= lines (11 lines, not 21): 5 of them were read.
    let rbe = &doc["rows"][0]["read_before_edit"];
    assert!(close(&rbe["worst"], 5.0 / 11.0), "{rbe}");
}

#[test]
fn units_file_gives_unit_regions() {
    let doc = sheet_json(&["--units", "tests/fixtures/sheet/units.jsonl"]);
    assert_eq!(doc["units"], "file");
    let r1 = &run(&doc, "r1")["read_before_edit"];
    // Both r1 edits sit in functions it had read whole (29–44, 45–60).
    assert!(close(&r1["mean"], 1.0), "{r1}");
    assert_eq!(r1["per_edit"][0]["region"], "unit");
    assert_eq!(
        (
            r1["per_edit"][0]["region_start"].as_u64(),
            r1["per_edit"][0]["region_end"].as_u64()
        ),
        (Some(29), Some(44))
    );
    // r2 edited handle_bad_row (45–60) without reading any of it.
    let r2 = &run(&doc, "r2")["read_before_edit"];
    assert_eq!(r2["worst"]["event_id"], "e4");
    assert!(close(&r2["worst"]["coverage"], 0.0), "{r2}");
    assert!(close(&r2["per_edit"][0]["coverage"], 1.0 / 19.0), "{r2}");

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("units.jsonl");
    std::fs::write(&bad, "{\"path\":\"a.py\",\"start\":3,\"end\":1}\n{\"path\":\"a.py\",\"start\":1,\"end\":2,\"lang\":\"py\"}\n").unwrap();
    let bad = bad.to_string_lossy().into_owned();
    let o = readcov(&[
        "sheet",
        "--runs",
        "tests/fixtures/sheet/runs.jsonl",
        "--units",
        &bad,
    ]);
    assert!(o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("units.jsonl:1: field `end`: end 1 is before start 3"),
        "{err}"
    );
    assert!(
        err.contains("units.jsonl:2: field `lang`: unknown field"),
        "{err}"
    );
}
