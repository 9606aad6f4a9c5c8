//! Push vs pull diagnostics: a client that pulls (`textDocument.diagnostic`) and accepts
//! `workspace/diagnostic/refresh` gets no pushed copies; any other client gets pushes.

use crate::common;
use common::fixture::{Ws, GOLD_MSG};
use serde_json::json;

#[tokio::test]
async fn pull_clients_get_refresh_requests_not_pushed_duplicates() {
    let ws = Ws::new();
    let client = common::in_process();
    let caps = json!({"textDocument": {"diagnostic": {"dynamicRegistration": false}},
                      "workspace": {"diagnostics": {"refreshSupport": true}}});
    client.initialize(&ws.root(), ws.options(), caps).await;
    client.open(&ws.auth_uri, &ws.auth_text).await;
    let pulled = client
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    assert_eq!(pulled["items"][0]["message"], GOLD_MSG, "{pulled}");
    // A live change: the server asks the client to pull again instead of pushing.
    let mark = client.mark();
    ws.append(
        "reads.jsonl",
        json!({"task":"t1","run":"run-a","path":"src/auth.py","start":84,"end":91}),
    );
    client
        .wait_for(mark, "workspace/diagnostic/refresh", |_| true)
        .await;
    let pulled = client
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    assert_eq!(
        pulled["items"][0]["message"],
        "gold lines 80–95: 12/16 read (75%) — at or above 50%"
    );
    let pushed = client
        .inbox
        .lock()
        .unwrap()
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .count();
    assert_eq!(
        pushed, 0,
        "a pull client must not also get pushed diagnostics"
    );
}

#[tokio::test]
async fn clients_that_cannot_be_refreshed_still_get_pushes() {
    // Declares pull but not `refreshSupport`: live updates could not reach it by pull alone.
    for caps in [json!({}), json!({"textDocument": {"diagnostic": {}}})] {
        let ws = Ws::new();
        let client = common::in_process();
        client
            .initialize(&ws.root(), ws.options(), caps.clone())
            .await;
        let mark = client.mark();
        client.open(&ws.auth_uri, &ws.auth_text).await;
        let pushed = client.diagnostics_after(mark, &ws.auth_uri).await;
        assert_eq!(pushed[0]["message"], GOLD_MSG, "{caps}");
    }
}
