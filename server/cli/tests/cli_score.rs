//! End-to-end tests of `readcov demo` and `readcov score` through the real binary.

mod common;

use common::{readcov, stderr, stdout};
use std::path::Path;

fn write(dir: &Path, name: &str, body: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn demo_prints_the_example_numbers() {
    let o = readcov(&["demo"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("file_hit      = 1.00"), "{out}");
    assert!(out.contains("line_coverage = 0.25"), "{out}");
    for (window, cov, verdict) in [
        ("80-83", "0.25", "fail"),
        ("80-87", "0.50", "OK"),
        ("80-90", "0.69", "OK"),
        ("80-95", "1.00", "OK"),
    ] {
        let line = out
            .lines()
            .find(|l| l.contains(&format!("auth.py:{window}")) && l.contains(cov))
            .unwrap_or_else(|| panic!("no row for {window} in\n{out}"));
        assert!(line.trim_end().ends_with(verdict), "{line}");
    }
}

#[test]
fn demo_files_score_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_string_lossy().into_owned();
    assert!(readcov(&["demo", "--write", &d]).status.success());
    let o = readcov(&[
        "score",
        "--gold",
        &format!("{d}/gold.jsonl"),
        "--reads",
        &format!("{d}/reads.jsonl"),
        "--format",
        "jsonl",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let row: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(row["line_coverage"], 0.25);
    assert_eq!(row["file_hit"], 1.0);
    assert_eq!(row["passes_threshold"], false);
    for key in [
        "task",
        "run",
        "status",
        "precision",
        "f1",
        "gold_lines",
        "read_lines",
        "covered_lines",
    ] {
        assert!(row.get(key).is_some(), "missing {key}");
    }
}

#[test]
fn bad_lines_are_reported_and_the_rest_scored() {
    let dir = tempfile::tempdir().unwrap();
    let gold = write(
        dir.path(),
        "gold.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":10}\n{\"path\":\"a.py\",\"start\":0,\"end\":3}\n",
    );
    let reads = write(dir.path(), "reads.jsonl", b"{\"path\":\"a.py\",\"start\":1,\"end\":5}\nnot json\n{\"path\":\"a.py\",\"start\":9,\"end\":8}\n\xFF\xFF\n");
    let o = readcov(&[
        "score", "--gold", &gold, "--reads", &reads, "--format", "jsonl",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("gold.jsonl:2: field `start`: must be ≥ 1, got 0"),
        "{err}"
    );
    assert!(err.contains("reads.jsonl:2: invalid JSON"), "{err}");
    assert!(
        err.contains("reads.jsonl:3: field `end`: end 8 is before start 9"),
        "{err}"
    );
    assert!(err.contains("reads.jsonl:4: not valid UTF-8"), "{err}");
    assert!(err.contains("4 input error(s) skipped"), "{err}");
    let row: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(row["line_coverage"], 0.5);
}

#[test]
fn nothing_valid_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let empty = write(dir.path(), "empty.jsonl", b"");
    let junk = write(dir.path(), "junk.jsonl", b"{]\n");
    let reads = write(
        dir.path(),
        "reads.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":5}\n",
    );
    for gold in [&empty, &junk] {
        let o = readcov(&["score", "--gold", gold, "--reads", &reads]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("no valid gold spans"), "{}", stderr(&o));
    }
    let o = readcov(&[
        "score",
        "--gold",
        &dir.path().to_string_lossy(),
        "--reads",
        &reads,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let o = readcov(&[
        "score",
        "--gold",
        "/nonexistent/gold.jsonl",
        "--reads",
        &reads,
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = readcov(&[
        "score",
        "--threshold",
        "1.5",
        "--gold",
        &reads,
        "--reads",
        &reads,
    ]);
    assert_eq!(o.status.code(), Some(2), "usage error");
}

#[test]
fn fail_under_gives_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let gold = write(
        dir.path(),
        "gold.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":10}\n",
    );
    let reads = write(
        dir.path(),
        "reads.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":4}\n",
    );
    assert_eq!(
        readcov(&["score", "--gold", &gold, "--reads", &reads])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        readcov(&["score", "--gold", &gold, "--reads", &reads, "--fail-under"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        readcov(&[
            "score",
            "--gold",
            &gold,
            "--reads",
            &reads,
            "--fail-under",
            "0.3"
        ])
        .status
        .code(),
        Some(0)
    );
}

#[test]
fn workspace_confines_paths_and_clips_to_file_length() {
    let ws = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(ws.path().join("a.py"), "1\n2\n3\n4\n5\n6\n").unwrap();
    std::fs::write(outside.path().join("secret.py"), "x\n".repeat(1000)).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(outside.path().join("secret.py"), ws.path().join("link.py"))
        .unwrap();
    let w = ws.path().to_string_lossy().into_owned();
    let abs_a = format!("{w}/a.py");
    let gold = write(ws.path(), "gold.jsonl", format!("{{\"path\":\"{abs_a}\",\"start\":4,\"end\":20}}\n{{\"path\":\"link.py\",\"start\":1,\"end\":10}}\n").as_bytes());
    let reads = write(
        ws.path(),
        "reads.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":100}\n{\"path\":\"/etc/passwd\",\"start\":1,\"end\":2}\n",
    );
    let o = readcov(&[
        "score",
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--workspace",
        &w,
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "reads.jsonl:2: field `path`: absolute path `/etc/passwd` is outside the workspace"
        ),
        "{}",
        stderr(&o)
    );
    // link.py resolves outside the workspace: a located error (issue 11), never measured or scored.
    assert!(
        stderr(&o).contains("gold.jsonl:2: field `path`: resolves through a symlink"),
        "{}",
        stderr(&o)
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let row = &doc["rows"][0];
    // a.py gold 4-20 clipped to 4-6 (3 lines).
    assert_eq!(row["gold_lines"], 3);
    assert_eq!(row["read_lines"], 6);
    assert_eq!(row["covered_lines"], 3);
}

#[test]
fn table_and_csv_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let gold = write(
        dir.path(),
        "gold.jsonl",
        b"{\"task\":\"t1\",\"path\":\"a.py\",\"start\":1,\"end\":10}\n",
    );
    let reads = write(dir.path(), "reads.jsonl", b"{\"task\":\"t1\",\"run\":\"r,1\",\"path\":\"a.py\",\"start\":1,\"end\":5}\n{\"task\":\"t9\",\"path\":\"a.py\",\"start\":1,\"end\":5}\n");
    let o = readcov(&["score", "--gold", &gold, "--reads", &reads]);
    let out = stdout(&o);
    assert!(out.contains("unscored (no gold)"), "{out}");
    assert!(
        out.contains("totals: 2 row(s) · 1 scored · 1 unscored · 1/1 at or above 50%"),
        "{out}"
    );
    let o = readcov(&[
        "score", "--gold", &gold, "--reads", &reads, "--format", "csv",
    ]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("task,run,status,file_hit,line_coverage"));
    assert!(
        lines[1].starts_with("t1,\"r,1\",scored,1.0,0.5,"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("t9,default,unscored,,,"),
        "{}",
        lines[2]
    );
}
