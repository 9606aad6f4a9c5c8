//! Confinement of the server's writes (issue 11): the read log path from configuration and the
//! `readcov/recordRead` path never lead outside the workspace root, symlinks resolved.

mod common;
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
            msg.contains("cannot append to the read log"),
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
