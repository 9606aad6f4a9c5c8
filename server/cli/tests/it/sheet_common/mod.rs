//! Helpers shared by the `readcov sheet` CLI test files.
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn readcov(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_readcov"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run readcov")
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const FIXTURE: [&str; 12] = [
    "--runs",
    "tests/fixtures/sheet/runs.jsonl",
    "--gold",
    "tests/fixtures/sheet/gold.jsonl",
    "--reads",
    "tests/fixtures/sheet/reads.jsonl",
    "--ledger",
    "tests/fixtures/sheet/ledger.jsonl",
    "--tasks",
    "tests/fixtures/sheet/tasks.jsonl",
    "--k",
    "1,2",
];

pub fn sheet_json(extra: &[&str]) -> Value {
    let mut args = vec!["sheet"];
    args.extend(FIXTURE);
    args.extend(["--format", "json"]);
    args.extend(extra);
    let o = readcov(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("valid json")
}

/// serde_json parses floats to within an ulp, not always exactly.
pub fn close(v: &Value, expected: f64) -> bool {
    v.as_f64().is_some_and(|x| (x - expected).abs() < 1e-12)
}

pub fn run<'a>(doc: &'a Value, id: &str) -> &'a Value {
    doc["runs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["run"] == id)
        .unwrap()
}
