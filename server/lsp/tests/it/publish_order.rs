//! The diagnostics a client keeps are the last ones computed. Two refreshes racing (a widen's own
//! and the file watcher's, after `.readcov/` appeared) each computed and then sent; a busy
//! scheduler let the older one send last, and the editor kept stale figures (the project's CI,
//! nvim e2e "the widen code action raises coverage to 100%", about 1 run in 400 here under load).
//! A debug command holds one publish between computing and sending, so the test puts a change
//! there every time instead of by chance.

use crate::common;
use common::fixture::{started, Ws, GOLD_MSG};
use serde_json::json;
use std::time::Duration;

const AFTER_MSG: &str = "gold lines 80–95: 12/16 read (75%) — at or above 50%";

/// The messages of the open document's pushed diagnostics, oldest first.
fn auth_messages(client: &common::Client, uri: &str) -> Vec<String> {
    let inbox = client.inbox.lock().unwrap();
    (inbox.iter())
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .filter(|m| m["params"]["uri"] == uri && m["params"]["version"].is_number())
        .map(|m| {
            m["params"]["diagnostics"][0]["message"]
                .as_str()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

#[tokio::test]
async fn a_publish_computed_before_a_change_is_not_sent_after_the_changes_own() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    client.execute("readcov.debugHoldPublish").await;
    // A publish of the open document (an edit that changes nothing) computes today's figures
    // and waits before sending them.
    let edit = json!({"textDocument": {"uri": ws.auth_uri, "version": client.next_version()},
                      "contentChanges": [{"text": ws.auth_text}]});
    client.notify("textDocument/didChange", edit).await;
    let deadline = tokio::time::Instant::now() + common::WAIT;
    while client.execute("readcov.debugHoldPublish").await["waiting"] != true {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the publish was never held"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The change meanwhile: another process appends a read; the file watcher syncs and refreshes.
    let before = client.watcher_syncs().await;
    ws.append(
        "reads.jsonl",
        json!({"task":"t1","run":"run-a","path":"src/auth.py","start":84,"end":91}),
    );
    while client.watcher_syncs().await == before {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the watcher never synced"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The refresh either waits for its turn behind the held publish (`publishQueued`, counted
    // by the server while it waits) or, out of turn, sends the newer figures now: either is
    // awaited, never a fixed time, so the wrong order is caught every run (a 300 ms sleep
    // gave it only a chance, and a slow machine could outlast it).
    loop {
        let state = client.execute("readcov.debugSyncs").await;
        if state["publishQueued"].as_u64() >= Some(1)
            || auth_messages(&client, &ws.auth_uri).contains(&AFTER_MSG.to_string())
        {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the watcher's refresh neither waited for its publish turn nor sent: {state}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mark = client.mark();
    client.execute("readcov.debugReleasePublish").await;
    // The held publish arrives (with the figures from before the change)…
    client
        .wait_for(mark, "textDocument/publishDiagnostics", |p| {
            p["uri"] == ws.auth_uri.as_str() && p["diagnostics"][0]["message"] == GOLD_MSG
        })
        .await;
    // …and the change's own after it, whenever that was computed.
    let deadline = tokio::time::Instant::now() + common::WAIT;
    loop {
        let seen = auth_messages(&client, &ws.auth_uri);
        if seen.last().map(String::as_str) == Some(AFTER_MSG)
            && seen.iter().rposition(|m| m == GOLD_MSG) < seen.iter().rposition(|m| m == AFTER_MSG)
        {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the editor is left with older figures than the server's: the last of {seen:?} is not {AFTER_MSG:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
