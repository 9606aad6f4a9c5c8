//! The run's change in the language server (issue 38 item 2), over the real `readcov lsp` binary
//! and pipes, on the shipped run pytest-dev__pytest-10356 (OpenHands, unresolved, verdict
//! `change`): its reads JSONL and its change as SWE-bench predictions (`readcov import
//! --emit-patches`) in the `patches` setting. `readcov/explain`'s stages equal `readcov explain
//! --patches`; `readcov/lineStates` and `readcov/overview` carry the change layer; without
//! `patches` the change is unknown again, and a predictions file rewritten on disk is read again.

use crate::common::{copy_dir, readcov_ok, real_data, spawn_lsp};
use crate::lsp_client::{file_uri, Client};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Stdio;

const TASK: &str = "pytest-dev__pytest-10356";
const FILE: &str = "src/_pytest/mark/structures.py";

/// The base files, the SWE-bench rows as gold, the run's reads JSONL and its predictions.
fn workspace() -> (tempfile::TempDir, PathBuf) {
    let data = real_data();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("ws");
    copy_dir(&data.join("sources").join(TASK), &root);
    let root = root.canonicalize().unwrap();
    std::fs::copy(data.join("gold.jsonl"), root.join("swebench.jsonl")).unwrap();
    let traj = data.join(format!("openhands/{TASK}.json"));
    let s = |p: &Path| p.display().to_string();
    readcov_ok(&[
        "import",
        "--workspace",
        &s(&root),
        &s(&traj),
        "-o",
        &s(&root.join("reads.jsonl")),
        "--emit-patches",
        &s(&root.join("patches.jsonl")),
    ]);
    (dir, root)
}

async fn spawn() -> (tokio::process::Child, Client) {
    let (child, out, input) = spawn_lsp(|c| {
        c.stderr(Stdio::inherit());
    });
    (child, Client::new(out, input))
}

#[tokio::test]
async fn the_runs_change_from_patches_over_stdio_matches_the_cli() {
    let (_dir, root) = workspace();
    let s = |p: &Path| p.display().to_string();
    let want: Value = serde_json::from_slice(
        &readcov_ok(&[
            "explain",
            "--gold",
            &s(&root.join("swebench.jsonl")),
            "--reads",
            &s(&root.join("reads.jsonl")),
            "--patches",
            &s(&root.join("patches.jsonl")),
            "--workspace",
            &s(&root),
            "--task",
            TASK,
            "--format",
            "json",
        ])
        .stdout,
    )
    .unwrap();
    assert_eq!(want["stages"]["change_source"], "patches");

    let (_child, client) = spawn().await;
    let opts = json!({"gold": ["swebench.jsonl"], "reads": ["reads.jsonl"],
                      "patches": ["patches.jsonl"], "task": TASK});
    client.initialize(&root, opts, json!({})).await;
    let got = client.request("readcov/explain", json!({})).await;
    assert_eq!(got, want);
    let st = &got["stages"];
    assert_eq!(st["verdict"], "change");
    let units = st["stages"]["change"]["units"].as_array().unwrap();
    assert_eq!(units.len(), 2, "{units:?}");
    assert_eq!(units[0]["name"], "get_unpacked_marks");

    // The document open, its view published (the event that proves it is viewed), then its
    // change layer: the gold's changed lines and the run's, 0-based.
    let uri = file_uri(&root.join(FILE));
    let text = std::fs::read_to_string(root.join(FILE)).unwrap();
    let mark = client.mark();
    client.open(&uri, &text).await;
    client
        .wait_for(mark, "textDocument/publishDiagnostics", |p| {
            p["uri"] == uri.as_str() && p["version"] == 1
        })
        .await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    let change = &states["change"];
    assert_eq!(change["verdict"], "change", "{change}");
    assert_eq!(change["status"], "failed at change");
    assert_eq!(change["source"], "patches");
    let gold = change["gold"].as_array().unwrap();
    let run = change["run"].as_array().unwrap();
    assert!(!gold.is_empty() && !run.is_empty(), "{change}");
    // Every gold changed line lies in one of the two gold change units (358–363, 383–391).
    for r in gold {
        let (a, b) = (
            r["startLine"].as_u64().unwrap() + 1,
            r["endLine"].as_u64().unwrap() + 1,
        );
        assert!(
            (358..=363).contains(&a) && b <= 363 || (383..=391).contains(&a) && b <= 391,
            "{r}"
        );
    }
    let line_text = change["text"].as_str().unwrap();
    assert!(
        line_text.starts_with("gold changes 3") && line_text.contains(" · this run changed "),
        "{line_text}"
    );

    // The overview: the verdict and reason, and one row per gold change unit with both texts.
    let o = client.request("readcov/overview", json!({})).await;
    assert_eq!(
        o["change"]["text"],
        format!("failed at change: {}", st["reason"].as_str().unwrap())
    );
    let group = (o["groups"].as_array().unwrap().iter())
        .find(|g| g["id"] == "change")
        .expect("a change group");
    let row = &group["rows"][0];
    assert_eq!(row["kind"], "change-unit");
    assert_eq!(row["startLine"], 357);
    assert_eq!(
        row["label"],
        "changed · differs from the gold's (similarity 0.52)"
    );
    assert_eq!(row["diff"]["goldText"], units[0]["gold_text"]);
    assert_eq!(row["diff"]["agentText"], units[0]["agent_text"]);

    // Without `patches` the server knows no change of this run (reads JSONL carry none).
    let mark = client.mark();
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"readcov": {"patches": []}}}),
        )
        .await;
    client.wait_for(mark, "readcov/didChange", |_| true).await;
    let none = client.request("readcov/explain", json!({})).await;
    assert_eq!(none["stages"]["change_source"], "none");
    assert_eq!(none["stages"]["stages"]["edit"]["recall"], Value::Null);
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(states["change"]["run"], json!([]));
    assert_eq!(states["change"]["runKnown"], false);
    assert_eq!(states["change"]["status"], "stage unknown");

    // Back on, then the predictions file rewritten on disk with an empty submission: the
    // watcher reads it again (waited for by its effect, the verdict).
    let mark = client.mark();
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"readcov": {"patches": ["patches.jsonl"]}}}),
        )
        .await;
    client.wait_for(mark, "readcov/didChange", |_| true).await;
    assert_eq!(
        client.request("readcov/explain", json!({})).await["stages"]["verdict"],
        "change"
    );
    let empty = json!({"instance_id": TASK, "model_name_or_path": "openhands", "model_patch": ""});
    let mark = client.mark();
    std::fs::write(root.join("patches.jsonl"), format!("{empty}\n")).unwrap();
    let after = verdict_after_changes(&client, mark, "no_change").await;
    assert_eq!(after["change_source"], "patches");
    client.shutdown().await;
}

/// The stages once a `readcov/didChange` after `mark` is followed by `verdict`: each
/// notification is the event after which the state is asked for again (a watcher may send
/// one for an earlier write first); fails when the wait for the next one times out.
async fn verdict_after_changes(client: &Client, mut mark: usize, verdict: &str) -> Value {
    loop {
        client.wait_for(mark, "readcov/didChange", |_| true).await;
        mark = client.mark();
        let got = client.request("readcov/explain", json!({})).await;
        if got["stages"]["verdict"] == verdict {
            return got["stages"].clone();
        }
    }
}
