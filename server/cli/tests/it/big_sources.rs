//! Workspace source files past `MAX_SOURCE_BYTES` through the real binary (issue 35, item 8):
//! `score --workspace` used to read a gold file whole (an 8 GB one: 8 GB of memory) for its line
//! count and units. Now lines are counted in pieces at any size, and only the units, which need
//! the whole text, are given up — said in the row's unit notes.

use crate::common::{readcov, stderr, stdout};
use serde_json::{json, Value};

#[test]
fn score_counts_a_gold_file_past_the_limit_and_gives_up_only_its_units() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Sparse: 64 MiB and one byte of NULs without a line break (one line), no disk used.
    let big = std::fs::File::create(d.join("big.py")).unwrap();
    big.set_len(readcov_files::MAX_SOURCE_BYTES + 1).unwrap();
    let (v, err) = score_big_and_small(d, "big.py", (1, 1));
    // big.py has one line: its gold 1-3 is clipped to line 1, which was read; small.py's line 2
    // was not: 1 of 2 gold lines.
    assert_eq!(v["line_coverage"], 0.5, "{v}");
    // small.py's function is still a gold unit; big.py has none, and the notes say why.
    assert_eq!(v["gold_units"], 1, "{v}");
    let notes = format!("{}{err}", v["unit_notes"]);
    assert!(
        notes.contains("big.py") && notes.contains("over the limit of 67108864 bytes"),
        "{notes}"
    );
}

/// A gold file under the read limit but past `readcov_units::MAX_PARSE_BYTES` keeps its lines
/// and gives up its units, said in the notes: 17 MiB of dense lines took `readcov units` 20 s
/// and 2.7 GB (release build), and 64 MiB ~10 GB, before tree-sitter was kept from it.
#[test]
fn score_gives_up_the_units_of_a_file_past_the_parse_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let limit = readcov_units::MAX_PARSE_BYTES;
    let mut text = "x = 1\n".repeat(limit / 6 + 1);
    text.truncate(limit + 1);
    std::fs::write(d.join("dense.py"), &text).unwrap();
    let (v, err) = score_big_and_small(d, "dense.py", (1, 3));
    assert_eq!(v["line_coverage"], 0.75, "3 of 4 gold lines read: {v}");
    assert_eq!(v["gold_units"], 1, "small.py's function only: {v}");
    let notes = format!("{}{err}", v["unit_notes"]);
    let said = format!("{} bytes, over the limit of {limit} bytes", limit + 1);
    assert!(
        notes.contains("dense.py") && notes.contains(&said),
        "{notes}"
    );
    // `readcov units` names the file and the limit, and lists the other file's units.
    let ds = d.display().to_string();
    let o = readcov(&[
        "units",
        &format!("{ds}/dense.py"),
        &format!("{ds}/small.py"),
    ]);
    assert!(
        stderr(&o).contains("dense.py") && stderr(&o).contains(&said),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("\"name\":\"f\""), "{}", stdout(&o));
}

/// `score --workspace d --format jsonl` of gold `big` 1-3 and `small.py` line 2 (a function of
/// `small.py`, written here), one run reading `big` at `read`: the row and stderr.
fn score_big_and_small(d: &std::path::Path, big: &str, read: (u32, u32)) -> (Value, String) {
    std::fs::write(d.join("small.py"), "def f():\n    return 1\n").unwrap();
    let gold = [
        json!({"task": "t", "path": big, "start": 1, "end": 3}),
        json!({"task": "t", "path": "small.py", "start": 2, "end": 2}),
    ];
    let read = json!({"task": "t", "run": "r", "path": big, "start": read.0, "end": read.1});
    std::fs::write(d.join("gold.jsonl"), format!("{}\n{}\n", gold[0], gold[1])).unwrap();
    std::fs::write(d.join("reads.jsonl"), format!("{read}\n")).unwrap();
    let ds = d.display().to_string();
    let o = readcov(&[
        "score",
        "--gold",
        &format!("{ds}/gold.jsonl"),
        "--reads",
        &format!("{ds}/reads.jsonl"),
        "--workspace",
        &ds,
        "--format",
        "jsonl",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = serde_json::from_str(stdout(&o).trim()).expect("one row");
    (v, stderr(&o))
}

/// `readcov units` of a file past the parse limit refuses it from its length, unread: it read the
/// file whole first, so a sparse 64 GiB file ran the process out of memory (here: aborted past a
/// 1 GiB address space) before `units` refused it.
#[test]
fn units_refuses_a_file_past_the_parse_limit_unread() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.py");
    let len = 64u64 << 30;
    std::fs::File::create(&big).unwrap().set_len(len).unwrap();
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" units \"$1\"")
        .arg(env!("CARGO_BIN_EXE_readcov"))
        .arg(&big)
        .output()
        .unwrap();
    let limit = readcov_units::MAX_PARSE_BYTES;
    assert_eq!(
        stderr(&o),
        format!(
            "error: {}: python: {len} bytes, over the limit of {limit} bytes for syntax units; \
             not parsed\n",
            big.display()
        )
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}
