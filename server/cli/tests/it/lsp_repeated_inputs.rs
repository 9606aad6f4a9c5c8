//! A repository's `readcov.toml` naming its gold and reads files again and again (session 29
//! red-team pass): through the real `readcov lsp` binary over pipes, each file is read once,
//! so the server answers at once with the figures of one entry each. Before, a 540 KB
//! `readcov.toml` naming a 119 KB gold file and a 143 KB reads file 20,000 times each kept the
//! release build busy for 232 s before its first summary, at 3.2 GB resident.

use crate::common::spawn_lsp;
use crate::lsp_client::Client;
use serde_json::{json, Value};
use std::path::Path;

/// 2,000 gold spans and 2,000 reads over 50 tasks in one 100-line file.
fn workspace(root: &Path) {
    std::fs::create_dir_all(root.join("src")).unwrap();
    let text: String = (1..=100).map(|i| format!("x{i} = {i}\n")).collect();
    std::fs::write(root.join("src/a.py"), text).unwrap();
    let (mut gold, mut reads) = (String::new(), String::new());
    for i in 0..2000 {
        let (task, s) = (format!("t{}", i % 50), i % 90 + 1);
        gold += &format!(
            "{}\n",
            json!({"task": task, "path": "src/a.py", "start": s, "end": s + 4})
        );
        reads += &format!(
            "{}\n",
            json!({"task": task, "run": "r", "path": "src/a.py", "start": s, "end": s + 1})
        );
    }
    std::fs::write(root.join("gold.jsonl"), gold).unwrap();
    std::fs::write(root.join("reads.jsonl"), reads).unwrap();
    std::os::unix::fs::symlink("gold.jsonl", root.join("gold-link.jsonl")).unwrap();
    std::fs::hard_link(root.join("reads.jsonl"), root.join("reads-hard.jsonl")).unwrap();
}

/// Each summary row's (task, run, gold lines, covered lines), sorted.
fn rows(summary: &Value) -> Vec<(String, String, u64, u64)> {
    let mut out: Vec<_> = (summary["rows"].as_array().expect("rows").iter())
        .map(|r| {
            (
                r["task"].as_str().unwrap_or("").to_string(),
                r["run"].as_str().unwrap_or("").to_string(),
                r["goldLines"].as_u64().unwrap_or(0),
                r["coveredLines"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    out.sort();
    out
}

/// The summary of a server started on `root` with this `readcov.toml`, and whether it logged
/// `text` (when one is given; looking waits up to `WAIT` for a message that never comes).
async fn summary(root: &Path, toml: &str, text: Option<&str>) -> (Value, bool) {
    std::fs::write(root.join("readcov.toml"), toml).unwrap();
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(root);
    });
    let client = Client::new(out, input);
    client.initialize(root, json!({}), json!({})).await;
    // Answered within the client's `WAIT`, or the test fails with "no answer".
    let s = client.request("readcov/summary", json!({})).await;
    let logged = match text {
        Some(t) => client.logged(t).await,
        None => false,
    };
    client.shutdown().await;
    let status = child.wait().await.unwrap();
    assert!(status.success(), "{status}");
    (s, logged)
}

#[tokio::test]
async fn inputs_named_again_and_again_are_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace(&root);
    let said = "entr(ies) name a file an earlier entry names; each file is read once";
    let (once, _) = summary(
        &root,
        "gold = [\"gold.jsonl\"]\nreads = [\"reads.jsonl\"]\n",
        None,
    )
    .await;
    let spell = |i: usize, names: [&str; 3]| names[i % 3].to_string();
    let list = |names: [&str; 3]| {
        (0..20_000)
            .map(|i| format!("{:?}", spell(i, names)))
            .collect::<Vec<_>>()
            .join(",")
    };
    let toml = format!(
        "gold = [{}]\nreads = [{}]\n",
        list(["gold.jsonl", "./gold.jsonl", "gold-link.jsonl"]),
        list(["reads.jsonl", "./reads.jsonl", "reads-hard.jsonl"])
    );
    assert!(toml.len() < 1 << 20, "within readcov.toml's own limit");
    let (many, told) = summary(&root, &toml, Some(said)).await;
    assert!(told, "the dropped entries are told");
    assert_eq!(rows(&many), rows(&once));
    assert_eq!(rows(&once).len(), 50);
    assert_eq!(many["inputs"]["gold"], json!(["gold.jsonl"]));
    assert_eq!(many["inputs"]["reads"], json!(["reads.jsonl"]));
}
