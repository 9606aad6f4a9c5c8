//! `readcov contextbench --workspaces` on checkout files it cannot use, through the real binary:
//! a file past the source limit (not read) and one past the parse limit (read, not parsed). Each
//! is named on stderr with why, and the row is still scored without it. Before, both were
//! dropped without a word, and a dense file under the source limit went whole to tree-sitter
//! (64 MiB of `x = 1` lines: ~10 GB; docs/performance.md).

use crate::common::{readcov_in, stderr, stdout};
use serde_json::{json, Value};

#[test]
fn checkout_files_given_up_are_named_and_the_row_still_scored() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let co = d.join("ws/i1");
    std::fs::create_dir_all(&co).unwrap();
    // Sparse: 64 MiB and one byte, no disk used.
    let big = std::fs::File::create(co.join("big.py")).unwrap();
    big.set_len(readcov_files::MAX_SOURCE_BYTES + 1).unwrap();
    // Past the parse limit, under the source limit: a function, then one long comment (cheap for
    // tree-sitter, so the old code's parse of it is quick; a dense file is the costly case).
    let def = "def f():\n    return 1\n";
    let long = format!("{def}#{}\n", "x".repeat(readcov_units::MAX_PARSE_BYTES));
    std::fs::write(co.join("long.py"), &long).unwrap();
    std::fs::write(co.join("small.py"), def).unwrap();
    let ctx = ["big.py", "long.py", "small.py"]
        .map(|f| json!({"file": f, "start_line": 1, "end_line": 2}));
    let gold = json!({"instance_id": "i1", "gold_context": json!(ctx).to_string()});
    let spans: serde_json::Map<String, Value> = ["big.py", "long.py", "small.py"]
        .iter()
        .map(|f| (f.to_string(), json!([{"start": 1, "end": 2}])))
        .collect();
    let pred = json!({"instance_id": "i1", "traj_data": {
        "pred_files": ["big.py", "long.py", "small.py"], "pred_spans": spans}});
    std::fs::write(d.join("gold.jsonl"), format!("{gold}\n")).unwrap();
    std::fs::write(d.join("preds.jsonl"), format!("{pred}\n")).unwrap();
    let o = readcov_in(
        d,
        &[
            "contextbench",
            "--gold",
            "gold.jsonl",
            "--preds",
            "preds.jsonl",
            "--workspaces",
            "ws",
            "--format",
            "jsonl",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let parse_limit = readcov_units::MAX_PARSE_BYTES;
    assert_eq!(
        stderr(&o),
        format!(
            "warning: i1: big.py: 67108865 bytes, over the limit of 67108864 bytes for this \
             input; not read (its spans and blocks are not scored)\n\
             warning: i1: long.py: python: {} bytes, over the limit of {parse_limit} bytes for \
             syntax units; not parsed (its blocks are not scored)\n\
             2 checkout file(s) given up (named above); their rows scored without them\n",
            long.len()
        )
    );
    let row: Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    // Files: all three. Blocks: small.py's `f` only. Bytes: long.py's and small.py's two lines.
    assert_eq!(row["final"]["file"]["gold_size"], 3, "{row}");
    assert_eq!(row["final"]["symbol"]["gold_size"], 1, "{row}");
    assert_eq!(row["final"]["symbol"]["coverage"], 1.0, "{row}");
    let bytes = 2 * def.len();
    assert_eq!(row["final"]["span"]["gold_size"], bytes, "{row}");
    assert_eq!(row["final"]["span"]["coverage"], 1.0, "{row}");
}
