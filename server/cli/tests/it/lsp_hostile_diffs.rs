//! A gold diff of many small hunks on one large file, through the real binary: `readcov gold
//! --from-diff` and the language server (a repository's `readcov.toml` naming the diff as gold)
//! each hashed and split the whole file once per hunk, and looked for every hunk without trailing
//! context at every line of the file first (`readcov_patch::apply`'s `find`): 20,000 hunks on a
//! 100,000-line file took 208 s in a release build. Now each file is hashed once
//! (`readcov_core::base::FileBase`) and a hunk held to the start or end is tried there only.

use crate::common::{readcov_ok, spawn_lsp, stderr};
use crate::lsp_client::Client;
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};

const HUNKS: usize = 2_000;
const LINES: usize = 20_000;

/// `big.py` (20,000 lines) and `gold.diff`: 2,000 one-line hunks, each replacing one line with
/// no context around it, and a `readcov.toml` naming the diff as gold.
fn workspace(root: &Path) {
    let text: String = (0..LINES)
        .map(|i| format!("x{i} = {i}  # a line long enough to cost something to hash\n"))
        .collect();
    std::fs::write(root.join("big.py"), text).unwrap();
    let mut diff = String::from("diff --git a/big.py b/big.py\n--- a/big.py\n+++ b/big.py\n");
    for k in 0..HUNKS {
        let line = 1 + 10 * k;
        diff.push_str(&format!(
            "@@ -{line},1 +{line},1 @@\n-x{i} = {i}  # a line long enough to cost something to hash\n+y{i} = 0\n",
            i = line - 1
        ));
    }
    std::fs::write(root.join("gold.diff"), diff).unwrap();
    std::fs::write(
        root.join("readcov.toml"),
        "gold = [\"gold.diff\"]\ntask = \"t\"\n",
    )
    .unwrap();
}

#[test]
fn gold_from_a_diff_of_many_hunks_costs_each_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace(&root);
    let s = |p: &Path| p.display().to_string();
    let started = Instant::now();
    let out = readcov_ok(&[
        "gold",
        "--from-diff",
        &s(&root.join("gold.diff")),
        "--workspace",
        &s(&root),
        "--task",
        "t",
    ]);
    let took = started.elapsed();
    let rows: Vec<serde_json::Value> = (String::from_utf8_lossy(&out.stdout).lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), HUNKS, "{}", stderr(&out));
    // Every row has the file's base and its own line's text: the cache changes no output.
    let sha = readcov_core::base::sha256_hex(&std::fs::read(root.join("big.py")).unwrap());
    for (k, r) in rows.iter().enumerate() {
        let i = 10 * k;
        assert_eq!(r["start"], i + 1, "{r}");
        assert_eq!(r["base"]["sha256"], sha.as_str(), "{r}");
        assert_eq!(r["base"]["lines"], LINES, "{r}");
        let want = format!("x{i} = {i}  # a line long enough to cost something to hash");
        assert_eq!(r["base"]["first"], want.as_str(), "{r}");
    }
    // Old code: 2,000 hashes of the 1.1 MB file and 2,000 scans of it (minutes in a debug
    // build); now well under a second.
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[tokio::test]
async fn the_server_loads_a_gold_diff_of_many_hunks_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace(&root);
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(&root);
    });
    let client = Client::new(out, input);
    let started = Instant::now();
    client.initialize(&root, json!({}), json!({})).await;
    // Each request waits at most 10 s (`lsp_client::WAIT`); the old server spent minutes
    // loading this gold and answered nothing meanwhile.
    let summary = client.request("readcov/summary", json!({})).await;
    let took = started.elapsed();
    let gold: u64 = (summary["rows"].as_array().unwrap().iter())
        .map(|r| r["goldLines"].as_u64().unwrap_or(0))
        .max()
        .unwrap_or(0);
    assert_eq!(gold, HUNKS as u64, "{summary}");
    assert!(took < Duration::from_secs(20), "took {took:?}");
    client.shutdown().await;
    let _ = tokio::time::timeout(Duration::from_secs(10), child.wait()).await;
}
