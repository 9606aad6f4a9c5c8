//! Retrievers in their own conventions through the binary: the IR measures in `score --at-k`
//! rows and `all` rows, the ranked documents as a TREC run (`--trec-run`), gold as qrels
//! (`gold --format qrels --level`), and chunk fit beside coverage. The agreement with
//! ir_measures on the same files is scripts/test.d/48-ir-measures.sh.

use crate::common;

use common::{readcov, stderr, stdout};
use std::path::Path;

fn write(dir: &Path, name: &str, body: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p.to_string_lossy().into_owned()
}

/// Gold a.py 1-4; chunks: rank 1 b.py 1-2, rank 2 a.py 3-6.
fn small(dir: &Path) -> (String, String) {
    let gold = write(
        dir,
        "g.jsonl",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":4}\n",
    );
    let reads = write(
        dir,
        "r.jsonl",
        b"{\"path\":\"b.py\",\"start\":1,\"end\":2,\"rank\":1,\"source\":\"retriever\"}\n\
          {\"path\":\"a.py\",\"start\":3,\"end\":6,\"rank\":2,\"source\":\"retriever\"}\n",
    );
    (gold, reads)
}

#[test]
fn measures_per_row_and_all_rows_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads) = small(dir.path());
    let o = readcov(&[
        "score", "--gold", &gold, "--reads", &reads, "--at-k", "1,2", "--format", "jsonl",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Per k: the row, then the `all` row.
    let tasks: Vec<(&str, u64)> = rows
        .iter()
        .map(|r| (r["task"].as_str().unwrap(), r["k"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        tasks,
        [("default", 1), ("all", 1), ("default", 2), ("all", 2)]
    );
    let m = &rows[2]["measures"];
    // File level: b.py (not gold), a.py (gold): RR 1/2, AP 1/2, R@2 1, P@2 1/2.
    assert_eq!(m["file"]["RR"], 0.5);
    assert_eq!(m["file"]["AP"], 0.5);
    assert_eq!(m["file"]["R@2"], 1.0);
    assert_eq!(m["file"]["P@2"], 0.5);
    assert_eq!(m["file"]["Success@2"], 1.0);
    // Line level: b.py:1, b.py:2, a.py:3 (gold), a.py:4 (gold), a.py:5, a.py:6; 4 gold lines.
    let ap = (1.0 / 3.0 + 2.0 / 4.0) / 4.0;
    assert!(
        (m["line"]["AP"].as_f64().unwrap() - ap).abs() < 1e-12,
        "{m}"
    );
    assert!(
        (m["line"]["RR"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12,
        "{m}"
    );
    assert_eq!(m["line"]["P@2"], 0.0);
    // No workspace: no units, no unit measures.
    assert!(m["unit"].is_null(), "{m}");
    // k = 1 names its cutoff measures @1.
    assert_eq!(rows[0]["measures"]["file"]["Success@1"], 0.0);
    assert!(rows[0]["measures"]["file"].get("R@2").is_none());
    // The all row is the mean over the (one) row.
    assert_eq!(rows[3]["measures"], rows[2]["measures"]);
    // Chunk fit: b.py 1-2 holds no gold (0, 0); a.py 3-6 holds 3-4 of the touched 1-4:
    // precision 2/4, IoU 2/6.
    assert_eq!(rows[2]["chunk_fit"].as_array().unwrap().len(), 2);
    let p = rows[2]["chunk_precision"].as_f64().unwrap();
    let iou = rows[2]["chunk_iou"].as_f64().unwrap();
    assert!(
        (p - 0.25).abs() < 1e-12 && (iou - 1.0 / 6.0).abs() < 1e-12,
        "{p} {iou}"
    );
    assert!((rows[3]["mean_chunk_iou"].as_f64().unwrap() - 1.0 / 6.0).abs() < 1e-12);
    // The table prints the measures per k and level, and the chunk fit columns.
    let o = readcov(&["score", "--gold", &gold, "--reads", &reads, "--at-k", "2"]);
    let out = stdout(&o);
    assert!(
        out.contains("prec/chunk") && out.contains("IoU/chunk"),
        "{out}"
    );
    assert!(
        out.contains("\n2   file  1.00  0.50    0.63       1.00  0.50  0.50"),
        "{out}"
    );
    assert!(out.contains("\n2   unit     -     -"), "{out}");
}

#[test]
fn ranked_documents_as_a_trec_run() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads) = small(dir.path());
    let run = |level: &str| {
        let o = readcov(&[
            "score",
            "--gold",
            &gold,
            "--reads",
            &reads,
            "--at-k",
            "1",
            "--trec-run",
            level,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(
        run("file"),
        "default Q0 b.py 1 2 default\ndefault Q0 a.py 2 1 default\n"
    );
    let lines = run("line");
    assert_eq!(lines.lines().count(), 6);
    assert!(
        lines.starts_with("default Q0 b.py:1 1 6 default\n"),
        "{lines}"
    );
    assert!(
        lines.ends_with("default Q0 a.py:6 6 1 default\n"),
        "{lines}"
    );
    // Unit level without units: nothing written, said on stderr.
    let o = readcov(&[
        "score",
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--at-k",
        "1",
        "--trec-run",
        "unit",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).contains("not written at unit level"),
        "{}",
        stderr(&o)
    );
    // Without --at-k the flag is refused.
    let o = readcov(&[
        "score",
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--trec-run",
        "file",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // A TREC run is its own format: `--format` or `--detail` beside it is refused, not ignored
    // (`--format json` printed the run).
    for extra in [&["--format", "json"][..], &["--detail"]] {
        let args = [
            &["score", "--gold", &gold, "--reads", &reads][..],
            &["--at-k", "1"],
        ];
        let args = [&args.concat(), extra, &["--trec-run", "file"]].concat();
        let o = readcov(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
    }
}

#[test]
fn gold_as_qrels_at_each_level() {
    let real = common::real_data();
    let sources = real.join("sources");
    let qrels = |level: &str| {
        let o = readcov(&[
            "gold",
            "--from-swebench",
            real.join("gold.jsonl").to_str().unwrap(),
            "--workspaces",
            sources.to_str().unwrap(),
            "--format",
            "qrels",
            "--level",
            level,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let file = qrels("file");
    assert_eq!(file.lines().count(), 19, "{file}");
    assert!(file.starts_with("astropy__astropy-12907 0 astropy/modeling/separable.py 1\n"));
    let unit = qrels("unit");
    assert!(
        unit.contains("astropy__astropy-14182 0 astropy/io/ascii/rst.py:RST.__init__ 1\n"),
        "{unit}"
    );
    let span = qrels("span");
    assert!(span.contains("astropy__astropy-14182 0 astropy/io/ascii/rst.py:42-47 1\n"));
    // Every gold line once: 88 lines in 34 spans over 15 tasks.
    assert_eq!(qrels("line").lines().count(), 88);
    assert_eq!(span.lines().count(), 34);
    // Units need the sources.
    let o = readcov(&[
        "gold",
        "--from-swebench",
        real.join("gold.jsonl").to_str().unwrap(),
        "--format",
        "qrels",
        "--level",
        "unit",
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--level unit needs --workspace"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn report_at_k_shows_chunk_fit() {
    // k = 2 by hand: b.py 1-2 holds no gold (precision 0, IoU 0); a.py 3-6 holds 3-4 of the gold
    // 1-4 (precision 2/4, IoU 2/|1-6| = 1/3): means 0.25 and 0.17. k = 1: b.py alone, 0 and 0.
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads) = small(dir.path());
    let html = dir.path().join("r.html");
    let o = readcov(&[
        "report",
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--at-k",
        "1,2",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains(">line precision per chunk</th>") && page.contains(">IoU per chunk</th>")
    );
    let row = |k: &str, hit: &str, cov: &str, wall: &str, p: &str, iou: &str| {
        format!("<tr><td>{k}</td><td>1</td><td>{hit}</td><td>{cov}</td><td>{wall}</td><td>{p}</td><td>{iou}</td></tr>")
    };
    assert!(
        page.contains(&row("1", "0.00", "0.00", "0 of 1", "0.00", "0.00")),
        "k = 1"
    );
    assert!(
        page.contains(&row("2", "1.00", "0.50", "1 of 1", "0.25", "0.17")),
        "k = 2"
    );
    // The same figures as `score --at-k` (one computation behind both).
    let o = readcov(&[
        "score", "--gold", &gold, "--reads", &reads, "--at-k", "2", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["at_k"][0]["mean_chunk_precision"], 0.25);
    let iou = v["at_k"][0]["mean_chunk_iou"].as_f64().unwrap();
    assert!((iou - 1.0 / 6.0).abs() < 1e-12, "{iou}");
}
