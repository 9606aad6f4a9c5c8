//! Confinement of the server's writes (issue 11): the read log path from configuration and the
//! `readcov/recordRead` path never lead outside the workspace root, symlinks resolved.

use crate::common;
use common::fixture::{started, Ws};
use serde_json::{json, Value};

/// Sends a `recordRead` of lines 1–2 of `uri` and waits for the outcome: the warning it logs
/// on failure, or the diagnostics refresh on success.
async fn record(client: &common::Client, uri: &str) -> Option<String> {
    let mark = client.mark();
    client
        .notify(
            "readcov/recordRead",
            json!({"uri": uri, "startLine": 0, "endLine": 1, "source": "human"}),
        )
        .await;
    let m = client
        .wait_for(mark, "window/logMessage", |p| {
            p["message"]
                .as_str()
                .is_some_and(|m| m.contains("read log") || m.contains("not a file"))
        })
        .await;
    m["params"]["message"].as_str().map(str::to_string)
}

fn with_log(ws: &Ws, log: &str) -> Value {
    let mut o = ws.options();
    o["readLog"] = json!(log);
    o
}

#[tokio::test]
async fn a_log_path_escaping_with_dotdot_is_refused() {
    let ws = Ws::new();
    let name = format!("readcov-escape-{}.jsonl", std::process::id());
    let client = started(&ws, with_log(&ws, &format!("../{name}")), json!({})).await;
    let msg = record(&client, &ws.auth_uri).await.unwrap();
    assert!(msg.contains("cannot append to the read log"), "{msg}");
    assert!(!ws.root().parent().unwrap().join(&name).exists());
}

/// A refused write answers the request with `RequestFailed` (-32803), never `InternalError`
/// (-32603), which only a caught panic gives.
#[tokio::test]
async fn a_refused_widen_is_request_failed_not_internal_error() {
    let ws = Ws::new();
    let name = format!("readcov-escape-cmd-{}.jsonl", std::process::id());
    let client = started(&ws, with_log(&ws, &format!("../{name}")), json!({})).await;
    let resp = client
        .call(
            "workspace/executeCommand",
            json!({"command": "readcov.widen",
                   "arguments": [{"uri": ws.auth_uri, "startLine": 0, "endLine": 1}]}),
        )
        .await;
    assert_eq!(resp["error"]["code"], -32803, "{resp}");
    assert!(
        resp["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("cannot append to the read log")),
        "{resp}"
    );
    assert!(!ws.root().parent().unwrap().join(&name).exists());
}

#[tokio::test]
async fn an_absolute_log_path_outside_is_refused() {
    let ws = Ws::new();
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("reads.jsonl");
    let client = started(&ws, with_log(&ws, target.to_str().unwrap()), json!({})).await;
    let msg = record(&client, &ws.auth_uri).await.unwrap();
    assert!(msg.contains("outside the workspace"), "{msg}");
    assert!(!target.exists());
}

#[tokio::test]
async fn a_log_behind_a_symlink_is_refused_and_its_target_untouched() {
    let ws = Ws::new();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("victim.jsonl"), "keep\n").unwrap();
    // A directory link out, and a file link out.
    std::os::unix::fs::symlink(outside.path(), ws.root().join("logs")).unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("victim.jsonl"),
        ws.root().join("link.jsonl"),
    )
    .unwrap();
    for log in ["logs/reads.jsonl", "link.jsonl"] {
        let client = started(&ws, with_log(&ws, log), json!({})).await;
        let msg = record(&client, &ws.auth_uri).await.unwrap();
        assert!(
            msg.contains("cannot append to the read log") && msg.contains("refused"),
            "{log}: {msg}"
        );
    }
    let names: Vec<_> = std::fs::read_dir(outside.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["victim.jsonl"]);
    assert_eq!(
        std::fs::read_to_string(outside.path().join("victim.jsonl")).unwrap(),
        "keep\n"
    );
}

#[tokio::test]
async fn a_record_read_for_a_file_outside_the_workspace_writes_nothing() {
    let ws = Ws::new();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("x.py"), "a\nb\n").unwrap();
    let client = started(&ws, ws.options(), json!({})).await;
    let uri = common::file_uri(&outside.path().join("x.py"));
    let msg = record(&client, &uri).await.unwrap();
    assert!(msg.contains("not a file in the workspace"), "{msg}");
    assert!(!ws.root().join(".readcov/reads.jsonl").exists());
}

/// Gold and reads paths from configuration (a cloned repository's `readcov.toml` is untrusted
/// too) are read only inside the workspace: an absolute path elsewhere, a `..` escape and a
/// symlink out are refused with a logged problem, nothing is loaded from them, and the file
/// watcher creates no directory outside for them. A control inside proves the same rows load.
#[tokio::test]
async fn gold_and_reads_outside_the_workspace_are_never_read() {
    let ws = Ws::new();
    let outside = tempfile::tempdir().unwrap();
    let out = outside.path().canonicalize().unwrap();
    let gold = std::fs::read_to_string(ws.root().join("gold.jsonl")).unwrap();
    let reads = std::fs::read_to_string(ws.root().join("reads.jsonl")).unwrap();
    std::fs::write(out.join("gold.jsonl"), &gold).unwrap();
    std::fs::write(out.join("reads.jsonl"), &reads).unwrap();
    std::os::unix::fs::symlink(out.join("gold.jsonl"), ws.root().join("linked-gold.jsonl"))
        .unwrap();
    // `..` from the root to the outside directory (both are temp dirs under one parent).
    let up = format!(
        "../{}/gold.jsonl",
        out.file_name().unwrap().to_string_lossy()
    );
    let new_dir = out.join("new-dir");
    let opts = json!({
        "gold": [out.join("gold.jsonl"), up, "linked-gold.jsonl", new_dir.join("g.jsonl")],
        "reads": [out.join("reads.jsonl")],
    });
    let client = common::in_process();
    client.initialize(&ws.root(), opts, json!({})).await;
    let warned = client
        .wait_for(0, "window/logMessage", |p| {
            p["message"]
                .as_str()
                .is_some_and(|m| m.contains("linked-gold.jsonl: not read"))
        })
        .await;
    assert!(
        warned["params"]["message"]
            .as_str()
            .unwrap()
            .contains("outside"),
        "{warned}"
    );
    let summary = client.request("readcov/summary", json!({})).await;
    assert_eq!(
        summary["rows"],
        json!([]),
        "nothing loaded from outside: {summary}"
    );
    // Once the server has handled `initialized` (which starts the watcher on the folders
    // asked for, `new-dir` among them): no directory was created outside for it.
    client.settle().await;
    assert!(!new_dir.exists(), "the watcher created {new_dir:?}");
    client.shutdown().await;
    // Control: the same files inside the workspace load.
    let client = common::in_process();
    client
        .initialize(
            &ws.root(),
            json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"]}),
            json!({}),
        )
        .await;
    let summary = client.request("readcov/summary", json!({})).await;
    assert_eq!(
        summary["rows"].as_array().map(Vec::len),
        Some(2),
        "{summary}"
    );
}

/// A document open under a symlink out of the workspace gets no read recorded, as the same file
/// unopened does not (session 20: the open one recorded `src/link.py` rows while the file is
/// outside).
#[tokio::test]
async fn an_open_document_behind_a_symlink_out_gets_no_read_recorded() {
    let ws = Ws::new();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("x.py"), "a\nb\n").unwrap();
    std::os::unix::fs::symlink(outside.path().join("x.py"), ws.root().join("src/link.py")).unwrap();
    let client = started(&ws, ws.options(), json!({})).await;
    let uri = common::file_uri(&ws.root().join("src/link.py"));
    for open in [false, true] {
        if open {
            client.open(&uri, "a\nb\n").await;
        }
        let resp = client
            .call(
                "workspace/executeCommand",
                json!({"command": "readcov.widen",
                       "arguments": [{"uri": uri, "startLine": 0, "endLine": 1}]}),
            )
            .await;
        let msg = resp["error"]["message"].as_str().unwrap_or("");
        assert!(
            msg.contains("resolves outside the workspace"),
            "open {open}: {resp}"
        );
    }
    assert!(!ws.root().join(".readcov/reads.jsonl").exists());
}
