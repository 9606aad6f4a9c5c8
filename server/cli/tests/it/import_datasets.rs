//! `readcov import` over chat-message datasets through the binary: rows streamed from JSON,
//! JSONL and Parquet, outcome labels, a bad row located and the rest imported, the same bytes
//! on any number of threads, the summary per format.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn samples() -> PathBuf {
    let p =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/formats/chat-trajectories");
    assert!(p.is_dir(), "samples not found at {}", p.display());
    p
}

fn readcov(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_readcov"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run readcov")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const NEBIUS: &str = "adp_nebius_SWE-agent-trajectories_sample_raw.json";

#[test]
fn dataset_rows_to_reads_and_labels() {
    let dir = tempfile::tempdir().unwrap();
    let src = samples().join(NEBIUS);
    let o = readcov(
        &[
            "import",
            src.to_str().unwrap(),
            "--emit-outcomes",
            "labels.jsonl",
            "-o",
            "reads.jsonl",
        ],
        dir.path(),
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let labels = std::fs::read_to_string(dir.path().join("labels.jsonl")).unwrap();
    assert_eq!(labels.lines().count(), 5, "{labels}");
    assert!(labels.starts_with(
        r#"{"from":"target","resolved":true,"run":"swe-agent-llama-70b/17","task":"tomerfiliba__plumbum-366"}"#
    ));
    let reads = std::fs::read_to_string(dir.path().join("reads.jsonl")).unwrap();
    assert!(reads.contains(r#""task":"tomerfiliba__plumbum-366","run":"swe-agent-llama-70b/17","path":"plumbum/cli/image.py","start":1,"end":99"#), "{reads}");
    assert!(err.contains("imported 5 run(s) from 1 file(s)"), "{err}");
    assert!(
        err.contains("chat             5 run(s) from 1 file(s)")
            && err.contains("swe-agent-text 5"),
        "{err}"
    );
    assert!(
        err.contains("5 instance id(s) carried a dataset suffix `_<n>`"),
        "{err}"
    );
    assert!(err.contains("outcome labels: 5"), "{err}");
    // The labels feed `--outcomes` as they are.
    let gold = "{\"task\":\"tomerfiliba__plumbum-366\",\"path\":\"plumbum/cli/image.py\",\"start\":5,\"end\":5}\n";
    std::fs::write(dir.path().join("gold.jsonl"), gold).unwrap();
    let o = readcov(
        &[
            "report",
            "--gold",
            "gold.jsonl",
            "--reads",
            "reads.jsonl",
            "--outcomes",
            "labels.jsonl",
            "--html",
            "r.html",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn jsonl_and_parquet_stream_the_same_rows_and_a_bad_row_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let rows: serde_json::Value =
        serde_json::from_slice(&std::fs::read(samples().join(NEBIUS)).unwrap()).unwrap();
    let rows = rows.as_array().unwrap();
    let mut jsonl = String::new();
    for (i, r) in rows.iter().enumerate() {
        jsonl.push_str(&format!("{r}\n"));
        if i == 1 {
            jsonl.push_str("{\"instance_id\": \"broken\n");
        }
    }
    std::fs::write(dir.path().join("d.jsonl"), jsonl).unwrap();
    let o = readcov(&["import", "d.jsonl", "-o", "a.jsonl"], dir.path());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("error: d.jsonl:3: row 2: invalid JSON"),
        "{err}"
    );
    assert!(
        err.contains("imported 5 run(s) from 1 file(s)") && err.contains("malformed records: 1"),
        "{err}"
    );
    let pq = samples().join("nebius_SWE-agent-trajectories.zstd.parquet");
    let o = readcov(
        &["import", pq.to_str().unwrap(), "-o", "b.jsonl"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let a = std::fs::read_to_string(dir.path().join("a.jsonl")).unwrap();
    let b = std::fs::read_to_string(dir.path().join("b.jsonl")).unwrap();
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

#[test]
fn threads_do_not_change_the_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let all: Vec<String> = std::fs::read_dir(samples())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "parquet"))
        .map(|p| p.display().to_string())
        .collect();
    let mut outs = Vec::new();
    for jobs in ["1", "2", "3"] {
        let mut args = vec!["import", "--jobs", jobs, "-o", "-"];
        args.extend(all.iter().map(String::as_str));
        let o = readcov(&args, dir.path());
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        outs.push((o.stdout, o.stderr));
    }
    assert!(!outs[0].0.is_empty());
    assert_eq!(outs[0], outs[1]);
    assert_eq!(outs[0], outs[2]);
}
