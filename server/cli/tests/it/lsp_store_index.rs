//! The server's (task, run) index over the real `readcov lsp` binary and pipes: with reads of
//! several tasks, runs, sources and files interleaved in the log, `readcov/summary` gives each
//! (task, run) the figures `readcov score` gives it, and `readcov/selectRun` the agent runs;
//! after the log is rotated (a new file renamed over it, other runs in it), the same against
//! the new log — no old run left, no read counted twice.

use crate::common::{readcov_ok, spawn_lsp};
use crate::lsp_client::{file_uri, Client};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

/// Gold of four tasks over three files, and a reads log whose rows interleave tasks, runs and
/// files (`runs` names the agent runs; every task also has human reads).
fn write_inputs(root: &Path, runs: &[&str]) {
    let mut gold = String::new();
    for t in 0..4 {
        for (f, path) in ["a.py", "b.py", "c.py"].iter().enumerate() {
            let start = 1 + 10 * t + 3 * f;
            gold += &format!(
                "{{\"task\":\"t{t}\",\"path\":\"{path}\",\"start\":{start},\"end\":{}}}\n",
                start + 6
            );
        }
    }
    std::fs::write(root.join("gold.jsonl"), gold).unwrap();
    let mut reads = String::new();
    for i in 0..240u32 {
        let t = i % 4;
        let path = ["a.py", "b.py", "c.py"][(i / 3 % 3) as usize];
        let (run, source) = match i % 7 {
            0 => ("human", "human"),
            k => (runs[k as usize % runs.len()], "agent"),
        };
        let start = 1 + (i * 13) % 45;
        reads += &format!(
            "{{\"task\":\"t{t}\",\"run\":\"{run}\",\"source\":\"{source}\",\"path\":\"{path}\",\"start\":{start},\"end\":{}}}\n",
            start + i % 5
        );
    }
    std::fs::write(root.join("reads.next"), reads).unwrap();
    std::fs::rename(root.join("reads.next"), root.join("reads.jsonl")).unwrap();
}

type Figures = BTreeMap<(String, String), (u64, u64)>;

/// `readcov score`'s (covered, gold) lines per (task, run).
fn scored(root: &Path) -> Figures {
    let s = |p: &Path| p.display().to_string();
    let out = readcov_ok(&[
        "score",
        "--gold",
        &s(&root.join("gold.jsonl")),
        "--reads",
        &s(&root.join("reads.jsonl")),
        "--format",
        "jsonl",
    ]);
    (String::from_utf8(out.stdout).unwrap().lines())
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|r| {
            let key = (
                r["task"].as_str().unwrap().into(),
                r["run"].as_str().unwrap().into(),
            );
            (
                key,
                (
                    r["covered_lines"].as_u64().unwrap(),
                    r["gold_lines"].as_u64().unwrap(),
                ),
            )
        })
        .collect()
}

/// The summary's (covered, gold) lines per (task, run).
fn summarised(summary: &Value) -> Figures {
    (summary["rows"].as_array().unwrap().iter())
        .map(|r| {
            let key = (
                r["task"].as_str().unwrap().into(),
                r["run"].as_str().unwrap().into(),
            );
            (
                key,
                (
                    r["coveredLines"].as_u64().unwrap(),
                    r["goldLines"].as_u64().unwrap(),
                ),
            )
        })
        .collect()
}

#[tokio::test]
async fn summary_and_runs_over_pipes_match_the_cli_before_and_after_a_rotation() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    write_inputs(&root, &["r1", "r2", "r3"]);
    let before = scored(&root);
    assert_eq!(
        before.len(),
        4 * 4,
        "4 tasks × (3 runs + human): {before:?}"
    );

    let (_child, out, input) = spawn_lsp(|_| {});
    let client = Client::new(out, input);
    let opts = json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"]});
    client.initialize(&root, opts, json!({})).await;
    let summary = client.request("readcov/summary", json!({})).await;
    assert_eq!(summarised(&summary), before);
    let runs = client
        .request("readcov/selectRun", json!({"runs": null}))
        .await;
    assert_eq!(runs["available"], json!(["r1", "r2", "r3"]));

    // Rotated: other runs (r1 gone, r9 new), the watcher told.
    write_inputs(&root, &["r2", "r3", "r9"]);
    let after = scored(&root);
    let uri = file_uri(&root.join("reads.jsonl"));
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": uri, "type": 2}]}),
        )
        .await;
    // Polled until r9 shows, for at most the client's `WAIT` (a debug build on a loaded
    // machine may take seconds to re-read the log).
    let deadline = std::time::Instant::now() + crate::lsp_client::WAIT;
    let mut got = summarised(&client.request("readcov/summary", json!({})).await);
    while !got.keys().any(|(_, run)| run == "r9") && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        got = summarised(&client.request("readcov/summary", json!({})).await);
    }
    assert_eq!(
        got, after,
        "the rotated log's figures, and nothing of the old"
    );
    let runs = client
        .request("readcov/selectRun", json!({"runs": null}))
        .await;
    assert_eq!(runs["available"], json!(["r2", "r3", "r9"]));
    client.shutdown().await;
}
