//! Read-before-edit coverage through the real binary: `readcov score` columns and keys, `--units`
//! regions in `readcov sheet`, and window clipping on a real upstream file.

use crate::sheet_common;

use serde_json::Value;
use sheet_common::{close, readcov, root, run, sheet_json, text};
use std::path::{Path, PathBuf};

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

/// Scores one read of the last 5 lines and one edit of the last line of `rel` inside `ws`, and
/// returns the row's `read_before_edit` object and the file's line count.
fn last_line_edit(ws: &Path, rel: &str) -> (Value, u32) {
    let bytes = std::fs::read(ws.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let lines = (bytes.iter().filter(|&&b| b == b'\n').count()
        + usize::from(!bytes.ends_with(b"\n"))) as u32;
    let dir = tempfile::tempdir().unwrap();
    let gold = dir.path().join("gold.jsonl");
    let reads = dir.path().join("reads.jsonl");
    std::fs::write(
        &gold,
        format!("{{\"path\":\"{rel}\",\"start\":1,\"end\":5}}\n"),
    )
    .unwrap();
    let read = format!(
        "{{\"path\":\"{rel}\",\"start\":{},\"end\":{lines}}}",
        lines - 4
    );
    let edit =
        format!("{{\"path\":\"{rel}\",\"start\":{lines},\"end\":{lines},\"kind\":\"edit\"}}");
    std::fs::write(&reads, format!("{read}\n{edit}\n")).unwrap();
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
    (doc["rows"][0]["read_before_edit"].clone(), lines)
}

fn flask() -> PathBuf {
    let real = root().join("tests/data/real");
    assert!(
        real.is_dir(),
        "real agent data missing at {} (it ships in the repository)",
        real.display()
    );
    real.join("sources/pallets__flask-5014")
}

/// On a real upstream file: the edit of the last line is judged on the innermost tree-sitter unit
/// holding it, as `readcov units` lists it.
#[test]
fn edit_is_judged_on_its_unit_in_a_real_file() {
    let ws = flask();
    let rel = "src/flask/blueprints.py";
    let (rbe, lines) = last_line_edit(&ws, rel);
    let file = ws.join(rel).to_string_lossy().into_owned();
    let listed = text(&readcov(&["units", &file]).stdout);
    let (start, end) = listed
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|u| {
            (
                u["start"].as_u64().unwrap() as u32,
                u["end"].as_u64().unwrap() as u32,
            )
        })
        .filter(|(s, e)| *s <= lines && lines <= *e)
        .max_by_key(|(s, _)| *s)
        .expect("the last line of blueprints.py is inside a unit");
    assert_eq!(rbe["worst_region"], "unit", "{rbe}");
    let read = f64::from(lines.min(end) - (lines - 4).max(start) + 1);
    assert!(
        close(&rbe["worst"], read / f64::from(end - start + 1)),
        "{rbe} vs unit {start}-{end}"
    );
}

/// The same real text in a file with no grammar: the ±10-line window, clipped to the file's end.
#[test]
fn window_is_clipped_to_a_real_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        flask().join("src/flask/blueprints.py"),
        dir.path().join("blueprints.txt"),
    )
    .unwrap();
    let (rbe, _) = last_line_edit(dir.path(), "blueprints.txt");
    assert_eq!(rbe["worst_region"], "window", "{rbe}");
    // Window lines-10 ..= lines (11 lines, not 21): 5 of them were read.
    assert!(close(&rbe["worst"], 5.0 / 11.0), "{rbe}");
}

#[test]
fn units_file_gives_unit_regions() {
    let doc = sheet_json(&["--units", "tests/fixtures/sheet/units.jsonl"]);
    assert_eq!(doc["units"], "file");
    let r1 = &run(&doc, "r1")["read_before_edit"];
    // Both r1 edits sit in functions it had read whole (split_quoted 29–41, handle_bad_row 45–60).
    assert!(close(&r1["mean"], 1.0), "{r1}");
    assert_eq!(r1["per_edit"][0]["region"], "unit");
    assert_eq!(
        (
            r1["per_edit"][0]["region_start"].as_u64(),
            r1["per_edit"][0]["region_end"].as_u64()
        ),
        (Some(29), Some(41))
    );
    // r2 edited handle_bad_row (45–60) without reading any of it.
    let r2 = &run(&doc, "r2")["read_before_edit"];
    assert_eq!(r2["worst"]["event_id"], "e4");
    assert!(close(&r2["worst"]["coverage"], 0.0), "{r2}");
    // Its first edit, in parse_rows (10–27), came after reading lines 1–10 only.
    assert!(close(&r2["per_edit"][0]["coverage"], 1.0 / 18.0), "{r2}");

    // The same units straight from the fixture repository through tree-sitter.
    let ws = sheet_json(&["--workspace", "tests/fixtures/sheet/repo"]);
    assert_eq!(ws["units"], "workspace");
    for id in ["r1", "r2", "r3", "r4", "r5", "r9"] {
        assert_eq!(
            run(&ws, id)["read_before_edit"],
            run(&doc, id)["read_before_edit"],
            "{id}"
        );
    }

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("units.jsonl");
    std::fs::write(&bad, "{\"path\":\"a.py\",\"start\":3,\"end\":1}\n{\"path\":\"a.py\",\"start\":1,\"end\":2,\"lang\":\"py\"}\n").unwrap();
    let bad = bad.to_string_lossy().into_owned();
    let sheet = |units: &str| {
        readcov(&[
            "sheet",
            "--runs",
            "tests/fixtures/sheet/runs.jsonl",
            "--units",
            units,
        ])
    };
    // Every line bad: each located, and nothing to judge edits by (exit 2, as any input whose
    // every line is an error).
    let o = sheet(&bad);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("units.jsonl:1: field `end`: end 1 is before start 3"),
        "{err}"
    );
    assert!(
        err.contains("units.jsonl:2: field `lang`: unknown field"),
        "{err}"
    );
    assert!(err.contains("units.jsonl: no valid syntax units"), "{err}");
    // With one good line the bad ones are located and the rest judged.
    let good = std::fs::read_to_string(root().join("tests/fixtures/sheet/units.jsonl")).unwrap();
    std::fs::write(
        dir.path().join("units.jsonl"),
        format!("{}{good}", std::fs::read_to_string(&bad).unwrap()),
    )
    .unwrap();
    let o = sheet(&bad);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("units.jsonl:1: field `end`: end 1 is before start 3")
            && err.contains("units.jsonl:2: field `lang`: unknown field"),
        "{err}"
    );
}
