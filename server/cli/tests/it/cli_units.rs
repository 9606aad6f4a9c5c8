//! End-to-end tests of `readcov units` and of the unit figures in `readcov score --workspace`.

use crate::common;

use common::{readcov, stderr, stdout};
use std::path::Path;
use std::process::Output;

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/units")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn units_lists_jsonl() {
    let f = fixture("go.go");
    let o = readcov(&["units", &f]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("jsonl"))
        .collect();
    assert_eq!(rows.len(), 5);
    assert_eq!(
        rows[2],
        serde_json::json!({"path": f, "kind": "method", "name": "Area", "start": 13, "end": 15, "depth": 0})
    );
}

#[test]
fn units_keeps_going_past_bad_files() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.py");
    std::fs::write(&broken, "def ok():\n    pass\n\ndef bad(:\n").unwrap();
    let b = broken.display().to_string();
    let o = readcov(&["units", "missing.py", "notes.txt", &b]);
    assert!(
        o.status.success(),
        "one valid file is enough: {}",
        stderr(&o)
    );
    let err = stderr(&o);
    assert!(err.contains("missing.py: cannot open"), "{err}");
    assert!(err.contains("notes.txt: no grammar"), "{err}");
    assert!(err.contains("parse error(s)"), "{err}");
    assert!(stdout(&o).contains("\"name\":\"ok\""), "{}", stdout(&o));

    let o = readcov(&["units", "missing.py"]);
    assert_eq!(o.status.code(), Some(2), "nothing valid");

    // --lang overrides the extension.
    let txt = dir.path().join("code.txt");
    std::fs::write(&txt, "fn main() {}\n").unwrap();
    let o = readcov(&["units", "--lang", "rust", &txt.display().to_string()]);
    assert!(
        stdout(&o).contains("\"kind\":\"function\",\"name\":\"main\""),
        "{}",
        stdout(&o)
    );
}

/// A workspace with one Python file: class C 1-12 { a 2-6, b 8-12 }, 30 lines long.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut src = String::from("class C:\n    def a(self):\n        x = 1\n        y = 2\n        z = 3\n        return x\n\n    def b(self):\n        p = 1\n        q = 2\n        r = 3\n        return p\n");
    for i in 13..=30 {
        src += &format!("v{i} = {i}\n");
    }
    std::fs::write(dir.path().join("m.py"), src).unwrap();
    std::fs::write(dir.path().join("notes.md"), "a\nb\nc\n").unwrap();
    std::fs::write(
        dir.path().join("gold.jsonl"),
        "{\"task\":\"t\",\"path\":\"m.py\",\"start\":4,\"end\":5}\n{\"task\":\"t\",\"path\":\"m.py\",\"start\":11,\"end\":11}\n{\"task\":\"t\",\"path\":\"notes.md\",\"start\":2,\"end\":2}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("reads.jsonl"),
        "{\"task\":\"t\",\"run\":\"r\",\"path\":\"m.py\",\"start\":2,\"end\":2}\n",
    )
    .unwrap();
    dir
}

fn score(dir: &Path, extra: &[&str]) -> Output {
    let d = dir.display().to_string();
    let mut args = vec![
        "score".to_string(),
        "--gold".into(),
        format!("{d}/gold.jsonl"),
        "--reads".into(),
        format!("{d}/reads.jsonl"),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    readcov(&refs)
}

#[test]
fn score_jsonl_has_unit_keys_with_workspace() {
    let dir = workspace();
    let d = dir.path().display().to_string();
    let o = score(
        dir.path(),
        &["--workspace", &d, "--format", "jsonl", "--widen", "2"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one row");
    // Gold: m.py 4,5 (in a) and 11 (in b), notes.md 2 → 4 lines. Read: m.py line 2.
    assert_eq!(v["line_coverage"], 0.0);
    assert_eq!(v["gold_units"], 2);
    assert_eq!(v["unit_hit"], 0.5);
    // Widened to a (2-6): lines 4, 5 → 2/4.
    assert_eq!(v["coverage_widened_to_units"], 0.5);
    assert_eq!(v["extra_lines_units"], 4);
    // ±2 around 2 → 1-4: line 4 → 1/4; costs lines 1, 3, 4.
    assert_eq!(v["coverage_widened_by_lines"], 0.25);
    assert_eq!(v["extra_lines_by_lines"], 3);
    assert_eq!(v["unit_detail"][0]["name"], "a");
    assert_eq!(v["unit_detail"][0]["read_fraction"], 0.2);
    assert!(
        stderr(&o).contains("notes.md: no grammar"),
        "{}",
        stderr(&o)
    );

    // --format json carries the same keys inside each row.
    let o = score(dir.path(), &["--workspace", &d, "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(doc["rows"][0]["coverage_widened_to_units"], 0.5);
    assert_eq!(doc["rows"][0]["widen"], 10);

    // Without --workspace there are no unit keys.
    let o = score(dir.path(), &["--format", "jsonl"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one row");
    assert!(v.get("gold_units").is_none(), "{v}");
}

#[test]
fn score_csv_and_table_show_unit_columns() {
    let dir = workspace();
    let d = dir.path().display().to_string();
    let o = score(dir.path(), &["--workspace", &d, "--format", "csv"]);
    let out = stdout(&o);
    let mut lines = out.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let row: Vec<&str> = lines.next().expect("row").split(',').collect();
    let col = |k: &str| {
        row[header
            .iter()
            .position(|h| *h == k)
            .unwrap_or_else(|| panic!("no {k}"))]
    };
    assert_eq!(col("gold_units"), "2");
    assert_eq!(col("coverage_widened_to_units"), "0.5");
    // Default --widen 10: 1-12 covers 4, 5, 11 of 4 gold lines; m.py has 30 lines.
    assert_eq!(col("coverage_widened_by_lines"), "0.75");
    assert_eq!(col("extra_lines_by_lines"), "11");

    let o = score(dir.path(), &["--workspace", &d, "--detail"]);
    let out = stdout(&o);
    assert!(
        out.contains("units_hit") && out.contains("cov_±10"),
        "{out}"
    );
    assert!(
        out.contains("unit method a m.py:2-6: 1/5 lines read (20%)"),
        "{out}"
    );
    assert!(
        out.contains("unit method b m.py:8-12: 0/5 lines read (0%)"),
        "{out}"
    );
}

#[test]
fn units_reads_a_cpp_header_as_cpp_unless_told() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("shape.h");
    std::fs::write(
        &h,
        "namespace geo {\nclass Shape {\npublic:\n    int sides() const { return 0; }\n};\n}\n",
    )
    .unwrap();
    let h = h.display().to_string();
    let kinds = |o: &Output| -> Vec<String> {
        stdout(o)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("jsonl");
                format!(
                    "{} {}",
                    v["kind"].as_str().unwrap(),
                    v["name"].as_str().unwrap()
                )
            })
            .collect()
    };
    let o = readcov(&["units", &h]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        kinds(&o),
        ["namespace geo", "class Shape", "method sides"],
        "C++ constructs in a .h select the C++ grammar"
    );
    // --lang c forces the C grammar, which has no classes or namespaces.
    let o = readcov(&["units", "--lang", "c", &h]);
    assert!(
        !kinds(&o).contains(&"class Shape".to_string()),
        "{}",
        stdout(&o)
    );
}

/// A folder given to `units` is named as one; it was "no grammar for this file's extension (use
/// --lang)", which sent the user to a flag that cannot help.
#[test]
fn units_of_a_folder_says_it_is_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let o = readcov(&["units", &d]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("{d}: not a regular file (a folder")),
        "{err}"
    );
    assert!(!err.contains("--lang"), "{err}");
}
