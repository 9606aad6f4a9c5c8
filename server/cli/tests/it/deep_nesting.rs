//! Deeply nested code through the real binary (issue 35, item 12): 20,000 JavaScript functions,
//! each inside the last, with gold in the middle. `score --workspace` finds one gold unit, the
//! innermost function, and `readcov lsp` over pipes puts its one lens there. Working out which
//! unit owns a line was quadratic (45 s in `score`, 53 s in the server at 100,000); the time is
//! measured by the bench `deep_nesting` (`server/units/benches/units.rs`), these check the answer.

use crate::common::{readcov, spawn_lsp, stderr, stdout};
use crate::lsp_client::{file_uri, Client};
use serde_json::{json, Value};

const N: u32 = 20_000;

/// A workspace with `src/deep.js`, gold lines N..N+1 (the innermost function's body) and a read
/// of line 1 by run `r`.
fn workspace() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut text: String = (0..N).map(|i| format!("function f{i}() {{\n")).collect();
    text += &"}\n".repeat(N as usize);
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/deep.js"), &text).unwrap();
    let gold = json!({"task": "t", "path": "src/deep.js", "start": N, "end": N + 1});
    std::fs::write(dir.path().join("gold.jsonl"), format!("{gold}\n")).unwrap();
    let read = json!({"task": "t", "run": "r", "path": "src/deep.js", "start": 1, "end": 1});
    std::fs::write(dir.path().join("reads.jsonl"), format!("{read}\n")).unwrap();
    (dir, text)
}

#[test]
fn score_gives_deeply_nested_gold_to_the_innermost_function() {
    let (dir, _) = workspace();
    let d = dir.path().display().to_string();
    let o = readcov(&[
        "score",
        "--gold",
        &format!("{d}/gold.jsonl"),
        "--reads",
        &format!("{d}/reads.jsonl"),
        "--workspace",
        &d,
        "--format",
        "jsonl",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(stdout(&o).trim()).expect("one row");
    assert_eq!(v["gold_units"], 1, "{v}");
    assert_eq!(v["unit_detail"][0]["name"], format!("f{}", N - 1), "{v}");
}

#[tokio::test]
async fn the_server_over_pipes_puts_one_lens_on_the_innermost_function() {
    let (dir, text) = workspace();
    let root = dir.path().canonicalize().unwrap();
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(&root);
    });
    let client = Client::new(out, input);
    let options = json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"], "runs": ["r"]});
    client.initialize(&root, options, json!({})).await;
    let uri = file_uri(&root.join("src/deep.js"));
    let mark = client.mark();
    client.open(&uri, &text).await;
    client.diagnostics_after(mark, &uri).await;
    let lenses = client
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let lines: Vec<&Value> = (lenses.as_array().expect("lenses").iter())
        .map(|l| &l["range"]["start"]["line"])
        .collect();
    assert_eq!(lines, [&json!(N - 1)], "{lenses}");
    client.shutdown().await;
    let status = tokio::time::timeout(std::time::Duration::from_secs(10), child.wait())
        .await
        .expect("exits after shutdown")
        .expect("status");
    assert!(status.success(), "{status:?}");
}
