//! End-to-end tests of `readcov demo` and `readcov score` through the real binary.

use crate::common;

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

/// The demo's stage part: each run's verdict and reason as printed, by run name.
fn demo_stage_rows(out: &str) -> Vec<(String, String, String)> {
    let table = out
        .split_once("Reading is not enough")
        .unwrap_or_else(|| panic!("no stage part in\n{out}"))
        .1;
    (table.lines())
        .skip_while(|l| !l.trim_start().starts_with("----"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            let reason = l.split_once(&format!(" {} ", cells[3])).unwrap().1.trim();
            (cells[0].into(), cells[3].into(), reason.into())
        })
        .collect()
}

#[test]
fn demo_shows_a_verdict_for_each_stage_a_run_can_fail_at() {
    let o = readcov(&["demo"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = demo_stage_rows(&stdout(&o));
    let verdicts: Vec<(&str, &str)> = (rows.iter())
        .map(|(run, v, _)| (run.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        verdicts,
        [
            ("skimmed", "read"),
            ("no-edit", "no_change"),
            ("elsewhere", "edit"),
            ("wrong-code", "change"),
            ("fixed", "none"),
        ]
    );
}

/// `demo --write` saves the stage part's inputs; `readcov diagnose` on them gives every run the
/// verdict and the reason the demo printed (the demo is the library call, not a made-up table).
#[test]
fn demo_files_diagnose_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_string_lossy().into_owned();
    let demo = readcov(&["demo", "--write", &d]);
    assert!(demo.status.success(), "{}", stderr(&demo));
    let printed = demo_stage_rows(&stdout(&demo));
    let o = readcov(&[
        "diagnose",
        "--gold",
        &format!("{d}/fix.jsonl"),
        "--reads",
        &format!("{d}/runs.jsonl"),
        "--patches",
        &format!("{d}/patches.jsonl"),
        "--workspace",
        &format!("{d}/base"),
        "--format",
        "jsonl",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> = (stdout(&o).lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &serde_json::Value| r.get("verdict").is_some())
        .collect();
    assert_eq!(rows.len(), printed.len(), "{}", stdout(&o));
    for (run, verdict, reason) in &printed {
        let row = (rows.iter())
            .find(|r| r["run"] == run.as_str())
            .unwrap_or_else(|| panic!("no diagnose row for {run}"));
        assert_eq!(row["verdict"], verdict.as_str(), "{run}");
        assert_eq!(row["reason"], reason.as_str(), "{run}");
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

/// docs/retrievers.md's worked example through the binary: the committed chunks (LangChain
/// documents made from the shipped trajectories' reads) imported against `sources/`, then
/// scored at k = 1, 3, 5, 10 against the SWE-bench gold patches.
#[test]
fn retriever_worked_example_coverage_at_k() {
    let real = common::real_data();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/retriever");
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("chunks-reads.jsonl");
    let sources = real.join("sources");
    let o = readcov(&[
        "import",
        "--format",
        "chunks",
        "--workspaces",
        sources.to_str().unwrap(),
        fixtures.join("chunks.jsonl").to_str().unwrap(),
        "-o",
        reads.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("imported 15 run(s) from 1 file(s), 142 action(s): 142 read row(s)"),
        "{}",
        stderr(&o)
    );
    let o = readcov(&[
        "score",
        "--gold",
        real.join("gold.jsonl").to_str().unwrap(),
        "--reads",
        reads.to_str().unwrap(),
        "--workspaces",
        sources.to_str().unwrap(),
        "--at-k",
        "10,1,3,5",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let points = doc["at_k"].as_array().unwrap();
    let got: Vec<(u64, u64, String, String, u64, String, u64)> = points
        .iter()
        .map(|p| {
            let f = |k: &str| format!("{:.2}", p[k].as_f64().unwrap());
            (
                p["k"].as_u64().unwrap(),
                p["scored"].as_u64().unwrap(),
                f("mean_file_hit"),
                f("mean_line_coverage"),
                p["passing"].as_u64().unwrap(),
                f("mean_coverage_widened_to_units"),
                p["passing_widened_to_units"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        (1, 15, "0.92", "0.06", 1, "0.29", 5),
        (3, 15, "0.92", "0.47", 8, "0.62", 10),
        (5, 15, "0.92", "0.57", 9, "0.66", 11),
        (10, 15, "0.93", "0.83", 14, "0.88", 14),
    ];
    let want: Vec<(u64, u64, String, String, u64, String, u64)> = want
        .iter()
        .map(|&(k, n, h, c, p, u, pu)| (k, n, h.into(), c.into(), p, u.into(), pu))
        .collect();
    assert_eq!(got, want);
    // One row per (k, task): 4 × 15.
    assert_eq!(doc["rows"].as_array().unwrap().len(), 60);
    // The chunks file itself as --reads is imported on the fly: the same figures.
    let o = readcov(&[
        "score",
        "--gold",
        real.join("gold.jsonl").to_str().unwrap(),
        "--reads",
        fixtures.join("chunks.jsonl").to_str().unwrap(),
        "--workspaces",
        sources.to_str().unwrap(),
        "--at-k",
        "1,3,5,10",
        "--format",
        "json",
    ]);
    assert!(
        stderr(&o).contains("retrieved chunks, not reads JSONL"),
        "{}",
        stderr(&o)
    );
    let direct: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(direct["at_k"], doc["at_k"]);
    // The HTML report draws the same points.
    let html = dir.path().join("r.html");
    let o = readcov(&[
        "report",
        "--gold",
        real.join("gold.jsonl").to_str().unwrap(),
        "--reads",
        reads.to_str().unwrap(),
        "--at-k",
        "1,3,5,10",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("coverage@k at k=1: 0.06"),
        "no k=1 coverage point"
    );
    assert!(
        page.contains("file hit@k at k=10: 0.93"),
        "no k=10 file hit point"
    );
    assert!(page.contains("50% wall"));
}

#[test]
fn at_k_without_ranks_warns_and_bad_k_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let gold = write(
        dir.path(),
        "g.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":4}\n",
    );
    let reads = write(
        dir.path(),
        "r.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":2}\n",
    );
    let o = readcov(&["score", "--gold", &gold, "--reads", &reads, "--at-k", "1,2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("no read has a `rank`"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("0.50"), "{}", stdout(&o));
    let o = readcov(&["score", "--gold", &gold, "--reads", &reads, "--at-k", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // Flags --at-k does not honour are refused, not ignored.
    let o = readcov(&[
        "score", "--gold", &gold, "--reads", &reads, "--at-k", "1", "--shard", "0/2",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // csv: one line per (k, task, run), ranks cut.
    let reads = write(
        dir.path(),
        "c.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":1,\"rank\":1,\"source\":\"retriever\"}\n{\"path\":\"a.py\",\"start\":2,\"end\":4,\"rank\":2,\"source\":\"retriever\"}\n",
    );
    let o = readcov(&[
        "score", "--gold", &gold, "--reads", &reads, "--at-k", "1,2", "--format", "csv",
    ]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("k,task,run,status,file_hit,line_coverage"),
        "{out}"
    );
    // The columns docs/retrievers.md lists, gold/read/covered lines among them.
    assert!(
        lines[0].starts_with(
            "k,task,run,status,file_hit,line_coverage,passes_threshold,chunks,gold_lines,read_lines,covered_lines,hit_files,"
        ),
        "{out}"
    );
    assert!(
        lines[1].starts_with("1,default,default,scored,1,0.25,false,1,4,1,1,1,"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("2,default,default,scored,1,1,true,2,4,4,4,1,"),
        "{out}"
    );
}

/// A task with gold and no run is a row of its own (`no run`), counted apart in the totals and
/// in no mean, in every format and in `explain`; the same task in `report`'s summary.
#[test]
fn a_task_with_no_run_is_shown_and_left_out_of_the_means() {
    let dir = tempfile::tempdir().unwrap();
    let gold = write(
        dir.path(),
        "gold.jsonl",
        b"{\"task\":\"t\",\"path\":\"a.py\",\"start\":1,\"end\":4}\n{\"task\":\"u\",\"path\":\"b.py\",\"start\":1,\"end\":2}\n",
    );
    let reads = write(
        dir.path(),
        "reads.jsonl",
        b"{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n",
    );
    let score = |extra: &[&str]| {
        let mut a = vec!["score", "--gold", &gold, "--reads", &reads];
        a.extend(extra);
        let o = readcov(&a);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let table = score(&[]);
    let u = table.lines().find(|l| l.starts_with("u ")).unwrap();
    assert!(u.contains("no run (not scored)"), "{table}");
    assert!(
        table.contains("1 scored · 0 unscored · 1/1 at or above 50% · mean file_hit 1.00 · mean line_coverage 0.50 · covered 2/4 gold lines · 1 task(s) with no run, not scored\n"),
        "{table}"
    );
    let json: serde_json::Value = serde_json::from_str(&score(&["--format", "json"])).unwrap();
    assert_eq!(json["totals"]["no_run"], 1);
    assert_eq!(json["totals"]["scored"], 1);
    assert_eq!(json["rows"][1]["status"], "no_run");
    assert_eq!(json["rows"][1]["line_coverage"], serde_json::Value::Null);
    let jsonl = score(&["--format", "jsonl"]);
    assert!(
        jsonl.contains("\"status\":\"no_run\",\"task\":\"u\""),
        "{jsonl}"
    );
    assert!(score(&["--format", "csv"]).contains(",no_run,"));
    let o = readcov(&[
        "explain", "--gold", &gold, "--reads", &reads, "--task", "u", "--format", "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let e: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (e["verdict"].as_str(), e["status"].as_str()),
        (Some("no_run"), Some("no_run"))
    );
    let info = dir.path().join("r.info");
    let info = info.to_str().unwrap();
    let o = readcov(&["report", "--gold", &gold, "--reads", &reads, "--lcov", info]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("(1 scored) · mean file_hit 1.00 · mean line_coverage 0.50 · 1/1 at or above 50% · 1 task(s) with no run, not scored"),
        "{}",
        stdout(&o)
    );
}

/// `--threshold=-0.0` is the threshold 0: the output says `0.0`, never a negative zero (before,
/// the json echoed `-0.0`). The same rule serves Python's `threshold=` and the editor setting.
#[test]
fn a_negative_zero_threshold_is_written_as_zero() {
    let dir = tempfile::tempdir().unwrap();
    let gold = write(
        dir.path(),
        "gold.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":4}\n",
    );
    let reads = write(
        dir.path(),
        "reads.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":1}\n",
    );
    let o = readcov(&[
        "score",
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--threshold=-0.0",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("\"threshold\": 0.0"), "{out}");
    assert!(!out.contains("-0.0"), "{out}");
}
