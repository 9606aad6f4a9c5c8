//! `readcov explore --workspace`: the compatibility numbers count a checkout file's lines as
//! SWE-Explore's runner does (`str.splitlines()`), the clean ones at `\n` (session 35,
//! docs/explore.md). Figures checked against the runner's `_build_file_line_counts` and
//! `eval.py`'s precision and recall, run on these same files.

use crate::common;

use common::{stderr, stdout};
use serde_json::Value;

/// Ten lines at `\n`; the runner counts twelve: line 3 is a form feed (an Emacs page break,
/// `\x0c\n`: two boundaries) and line 6 holds a lone `\r` (an old Mac line end).
const PAGED: &[u8] = b"\"\"\"Module with a page break.\"\"\"\nimport os\n\x0c\ndef f():\n    return os.sep\ndef g():\r    return 1\n\ndef h(x):\n    y = x + 1\n    return y\n";
/// Core gold: `h`, lines 8-10 at `\n` (as a patch numbers them).
const BENCH: &str = r#"{"instance_id": "hand__paged-1", "ground_truth": {"read_core_files": ["pkg/paged.py"], "read_core_regions": [{"path": "pkg/paged.py", "start": 8, "end": 10}], "main_files": ["pkg/paged.py"]}}"#;
/// `tail` names the last three lines, `whole` the whole file.
const PREDS: &str = r#"{"instance_id": "hand__paged-1", "explorer": "tail", "regions": [{"path": "pkg/paged.py", "start": -3, "end": -1}]}
{"instance_id": "hand__paged-1", "explorer": "whole", "regions": [{"path": "pkg/paged.py", "start": 1, "end": -1}]}"#;

#[track_caller]
fn close(v: &Value, want: f64) {
    let got = v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"));
    assert!((got - want).abs() < 1e-12, "got {got}, want {want}");
}

/// The reference resolves `-3..-1` with its 12 lines to 10-12: one gold line, precision and
/// recall 1/3; the whole file is 12 lines, precision 3/12. Before session 35 readcov's
/// compatibility figures used the 10 lines: 1.0 and 1.0, 3/10. Clean numbers keep 10.
#[test]
fn compatibility_numbers_count_lines_as_the_runners_splitlines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pkg = dir.path().join("repos/hand__paged-1/pkg");
    std::fs::create_dir_all(&pkg).expect("mkdir");
    std::fs::write(pkg.join("paged.py"), PAGED).expect("write");
    std::fs::write(dir.path().join("bench.jsonl"), format!("{BENCH}\n")).expect("write");
    std::fs::write(dir.path().join("preds.jsonl"), format!("{PREDS}\n")).expect("write");
    let args = [
        "explore",
        "--bench",
        "bench.jsonl",
        "--preds",
        "preds.jsonl",
    ];
    let o = common::readcov_in(
        dir.path(),
        &[&args[..], &["--workspace", "repos", "--format", "jsonl"]].concat(),
    );
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let rows: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON line"))
        .filter(|r| r["record"] == "instance")
        .collect();
    let (tail, whole) = (&rows[0], &rows[1]);
    assert_eq!(
        (&tail["explorer"], &whole["explorer"]),
        (&"tail".into(), &"whole".into())
    );
    close(&tail["precision"], 1.0 / 3.0);
    close(&tail["recall"], 1.0 / 3.0);
    close(&tail["clean"]["precision"], 1.0);
    close(&tail["clean"]["recall"], 1.0);
    close(&whole["precision"], 3.0 / 12.0);
    close(&whole["recall"], 1.0);
    close(&whole["clean"]["precision"], 3.0 / 10.0);
    assert_eq!(
        whole["pred_lines"].as_u64(),
        Some(10),
        "clean lines counted at \\n"
    );
}
