//! The first recorded read makes `.readcov/`; the file watcher then watches it and reads what it
//! holds — and only that. It used to sync every watched file, took `readcov.toml` for changed and
//! reloaded the configuration, the gold and every log from the start: each log's problems were
//! reported a second time, and the reload's refresh raced the widen's own (CI, session 29).

use crate::common;
use common::fixture::{started, Ws};
use serde_json::json;
use std::time::Duration;

fn logged_count(client: &common::Client, text: &str) -> usize {
    let inbox = client.inbox.lock().unwrap();
    (inbox.iter())
        .filter(|m| m["method"] == "window/logMessage")
        .filter(|m| {
            m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.contains(text))
        })
        .count()
}

#[tokio::test]
async fn the_first_recorded_read_reads_the_new_folder_and_reloads_nothing() {
    let ws = Ws::new();
    // A bad row: reported once when the log is read, and again only if it is read again.
    std::fs::OpenOptions::new()
        .append(true)
        .open(ws.root().join("reads.jsonl"))
        .and_then(|mut f| std::io::Write::write_all(&mut f, b"not json\n"))
        .unwrap();
    assert!(!ws.root().join(".readcov").exists());
    let client = started(&ws, ws.options(), json!({})).await;
    const BAD_ROW: &str = "reads.jsonl:3";
    assert!(client.logged(BAD_ROW).await, "the bad row is reported");
    let before = client.watcher_syncs().await;
    let widen = json!({"command": "readcov.widen",
                       "arguments": [{"uri": ws.auth_uri, "startLine": 79, "endLine": 94}]});
    assert_eq!(
        client.request("workspace/executeCommand", widen).await["recorded"],
        1
    );
    assert!(ws.root().join(".readcov/reads.jsonl").is_file());
    let deadline = tokio::time::Instant::now() + common::WAIT;
    while client.watcher_syncs().await == before {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the watcher never synced the new folder"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        logged_count(&client, BAD_ROW),
        1,
        "reads.jsonl was read again: the first recorded read reloaded every log"
    );
    // The read is counted once (not once per sync).
    let states = client
        .request(
            "readcov/lineStates",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    assert_eq!(states["coverage"], 1.0, "{states}");
    // A row appended to the new log later is still seen (the folder is watched now).
    ws.append(
        ".readcov/reads.jsonl",
        json!({"task":"t1","run":"run-a","path":"src/other.py","start":1,"end":1}),
    );
    let deadline = tokio::time::Instant::now() + common::WAIT;
    while client.watcher_syncs().await == before + 1 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "a row appended to .readcov/reads.jsonl was never synced"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
