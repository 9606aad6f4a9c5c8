//! `readcov explore` on a case from the shipped real runs (`tests/data/real`), its figures
//! checked against SWE-Explore's own evaluator and runner (session 34, docs/explore.md).

use crate::common;

use common::{stderr, stdout};
use serde_json::Value;

/// pytest-dev__pytest-5809 (OpenHands): the run viewed `src/_pytest/pastebin.py` (114 lines)
/// and `testing/test_pastebin.py` (133 lines) whole; as a CLI agent answers, bare paths
/// (`end = -1`). Core gold: the gold patch's hunk, pastebin.py 77-87 (11 lines).
const BENCH: &str = r#"{"instance_id": "pytest-dev__pytest-5809", "ground_truth": {"read_core_files": ["src/_pytest/pastebin.py"], "read_core_regions": [{"path": "src/_pytest/pastebin.py", "start": 77, "end": 87}], "main_files": ["src/_pytest/pastebin.py"]}}"#;
const PREDS: &str = r#"{"instance_id": "pytest-dev__pytest-5809", "explorer": "openhands", "regions": ["src/_pytest/pastebin.py", "testing/test_pastebin.py"]}"#;

fn run(extra: &[&str]) -> Value {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("bench.jsonl"), format!("{BENCH}\n")).expect("write");
    std::fs::write(dir.path().join("preds.jsonl"), format!("{PREDS}\n")).expect("write");
    std::fs::write(
        dir.path().join("lengths.json"),
        r#"{"pytest-dev__pytest-5809": {"src/_pytest/pastebin.py": 114, "testing/test_pastebin.py": 133}}"#,
    )
    .expect("write");
    let args: Vec<&str> = [
        "explore",
        "--bench",
        "bench.jsonl",
        "--preds",
        "preds.jsonl",
    ]
    .into_iter()
    .chain(["--format", "jsonl"])
    .chain(extra.iter().copied())
    .collect();
    let o = common::readcov_in(dir.path(), &args);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON line"))
        .find(|r| r["record"] == "instance")
        .expect("an instance row")
}

#[track_caller]
fn close(v: &Value, want: f64) {
    let got = v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"));
    assert!((got - want).abs() < 1e-12, "got {got}, want {want}");
}

/// With `--workspace`, SWE-Explore's runner (`eval_runner.py --repos`) counts lines only for the
/// files its gold regions name, so for the reference the whole test file is unresolvable:
/// precision 11/114 (before session 34 readcov's compatibility figure was 11/247). Clean numbers
/// count the 247 lines read. Lengths given as a file are all handed to `eval.py`: 11/247 in both.
#[test]
fn whole_files_outside_the_gold_are_unresolvable_for_the_runner() {
    let ws = common::real_data().join("sources");
    let r = run(&["--workspace", ws.to_str().expect("UTF-8 path")]);
    close(&r["precision"], 11.0 / 114.0);
    close(&r["context_efficiency"], 11.0 / 114.0);
    close(&r["f1"], 2.0 * (11.0 / 114.0) / (11.0 / 114.0 + 1.0));
    close(&r["clean"]["precision"], 11.0 / 247.0);
    close(&r["recall"], 1.0);
    close(&r["noise_region_rate"], 0.5); // the test file overlaps no gold region either way
    assert_eq!(
        (r["pred_lines"].as_u64(), r["unresolvable_regions"].as_u64()),
        (Some(247), Some(0))
    );
    let given = run(&["--file-lengths", "lengths.json"]);
    close(&given["precision"], 11.0 / 247.0);
    assert_eq!(given["clean"], r["clean"]);
}
