//! "Server stays up" (issue 11), in process: a panic in one handler is answered with an
//! `InternalError` and the next requests still work; positions past the end of the document
//! (lines, columns, inside a surrogate pair, reversed ranges), unknown URIs and requests before
//! `initialize` get a result or an LSP error, never a crash or silence.

use crate::common;
use common::fixture::{started, Ws};
use common::Client;
use serde_json::{json, Value};

const INTERNAL_ERROR: i64 = -32603;
const SERVER_NOT_INITIALIZED: i64 = -32002;

/// A request the fixture answers with real content: proof the server is still serving.
async fn assert_alive(client: &Client, ws: &Ws) {
    let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": ws.auth_uri}, "position": {"line": 81, "character": 0}}),
        )
        .await;
    let text = h["contents"]["value"].as_str().unwrap_or("");
    assert!(text.contains("run-a"), "hover after the trouble: {h}");
    let s = client.request("readcov/summary", json!({})).await;
    assert_eq!(s["rows"][0]["goldLines"], 16, "{s}");
}

/// The response is a JSON-RPC response: exactly one of `result` and `error`.
fn answered(resp: &Value) -> bool {
    resp.get("result").is_some() != resp.get("error").is_some()
}

#[tokio::test]
async fn a_panic_in_one_handler_is_an_internal_error_and_the_server_stays_up() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    for round in 0..3 {
        let resp = client
            .call(
                "workspace/executeCommand",
                json!({"command": readcov_lsp::guard::DEBUG_PANIC, "arguments": []}),
            )
            .await;
        assert_eq!(
            resp["error"]["code"], INTERNAL_ERROR,
            "round {round}: {resp}"
        );
        let msg = resp["error"]["message"].as_str().unwrap_or("");
        assert!(
            msg.contains("workspace/executeCommand") && msg.contains("on purpose"),
            "the error names the request and the panic: {msg}"
        );
        assert_alive(&client, &ws).await;
    }
    // State written before the panics is intact: diagnostics still come for a new edit.
    let d = client.edit(json!({"textDocument": {"uri": ws.auth_uri, "version": 2}, "contentChanges": [
                {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "# x\n"}]})).await;
    assert_eq!(
        d[0]["message"], "gold lines 81–96: 4/16 read (25%) — below 50%",
        "gold moved down one line with the edit"
    );
    client.shutdown().await;
}

#[tokio::test]
async fn positions_past_the_end_get_an_answer_never_a_crash() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let uri = ws.auth_uri.as_str();
    let max = u32::MAX;
    // Line 0 is `# auth 😀 module`: 😀 is UTF-16 columns 7–8, so 8 is inside the surrogate pair.
    let positions = [
        (120, 0),
        (121, 5),
        (5000, 0),
        (max, max),
        (0, max),
        (0, 8),
        (79, 26),
        (119, 10_000),
    ];
    for (line, character) in positions {
        let pos = json!({"line": line, "character": character});
        let range = json!({"start": pos, "end": pos});
        let reversed = json!({"start": pos, "end": {"line": 0, "character": 0}});
        let calls = [
            (
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": pos}),
            ),
            (
                "textDocument/inlayHint",
                json!({"textDocument": {"uri": uri}, "range": range}),
            ),
            (
                "textDocument/inlayHint",
                json!({"textDocument": {"uri": uri}, "range": reversed}),
            ),
            (
                "textDocument/codeAction",
                json!({"textDocument": {"uri": uri}, "range": reversed, "context": {"diagnostics": []}}),
            ),
            (
                "textDocument/codeLens",
                json!({"textDocument": {"uri": uri}}),
            ),
            (
                "workspace/executeCommand",
                json!({"command": "readcov.widen", "arguments": [{"uri": uri, "startLine": line, "endLine": character}]}),
            ),
        ];
        for (method, params) in calls {
            let resp = client.call(method, params).await;
            assert!(answered(&resp), "{method} at {line}:{character}: {resp}");
            assert_ne!(
                resp["error"]["code"], INTERNAL_ERROR,
                "{method} at {line}:{character} panicked: {resp}"
            );
        }
    }
    // The hover at the last line's far column still names the line it clamped to.
    let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": max}}),
        )
        .await;
    assert!(h["contents"]["value"].is_string(), "{h}");
    // An edit whose range starts inside the surrogate pair and ends past the end is applied
    // without splitting the emoji; the document keeps serving.
    client
        .notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
                {"range": {"start": {"line": 0, "character": 8}, "end": {"line": max, "character": max}}, "text": "Z"}]}),
        )
        .await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert!(states.is_object() || states.is_array(), "{states}");
    client.shutdown().await;
}

#[tokio::test]
async fn unknown_uris_get_an_empty_answer_or_an_lsp_error() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let outside = tempfile::tempdir().expect("tempdir");
    std::fs::write(outside.path().join("x.py"), "x = 1\n").unwrap();
    let uris = [
        ws.uri("src/never_opened.py"),
        ws.uri("src/other.py"), // exists on disk, not open
        common::file_uri(&outside.path().join("x.py")),
        "untitled:Untitled-1".to_string(),
        "https://example.com/a.py".to_string(),
        "file:///".to_string(),
        "file:///%FF%FE/%00.py".to_string(),
    ];
    let pos = json!({"line": 0, "character": 0});
    let range = json!({"start": pos, "end": {"line": 3, "character": 0}});
    for uri in &uris {
        let doc = json!({"uri": uri});
        let calls = [
            (
                "textDocument/hover",
                json!({"textDocument": doc, "position": pos}),
            ),
            (
                "textDocument/inlayHint",
                json!({"textDocument": doc, "range": range}),
            ),
            ("textDocument/codeLens", json!({"textDocument": doc})),
            (
                "textDocument/codeAction",
                json!({"textDocument": doc, "range": range, "context": {"diagnostics": []}}),
            ),
            ("textDocument/diagnostic", json!({"textDocument": doc})),
            ("readcov/lineStates", json!({"textDocument": doc})),
        ];
        for (method, params) in calls {
            let resp = client.call(method, params).await;
            assert!(answered(&resp), "{method} on {uri}: {resp}");
            if let Some(r) = resp.get("result") {
                // Nothing is invented for a document the server does not have.
                let empty = r.is_null()
                    || r.as_array().is_some_and(|a| a.is_empty())
                    || r["items"].as_array().is_some_and(|a| a.is_empty());
                assert!(empty, "{method} on {uri} invented content: {r}");
            } else {
                assert_ne!(
                    resp["error"]["code"], INTERNAL_ERROR,
                    "{method} on {uri}: {resp}"
                );
            }
        }
        // Notifications about documents the server never saw are ignored, not fatal.
        client
            .notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": 9}, "contentChanges": [{"text": "y"}]}),
            )
            .await;
        client
            .notify("textDocument/didClose", json!({"textDocument": doc}))
            .await;
    }
    // A widen on a file outside the workspace is refused as invalid params, nothing written.
    let resp = client
        .call(
            "workspace/executeCommand",
            json!({"command": "readcov.widen", "arguments": [{"uri": uris[2], "startLine": 0, "endLine": 0}]}),
        )
        .await;
    assert!(resp.get("error").is_some(), "{resp}");
    assert_alive(&client, &ws).await;
    client.shutdown().await;
}

#[tokio::test]
async fn requests_before_initialize_get_server_not_initialized() {
    let ws = Ws::new();
    let client = common::in_process();
    let doc = json!({"uri": ws.auth_uri});
    let calls = [
        (
            "textDocument/hover",
            json!({"textDocument": doc, "position": {"line": 0, "character": 0}}),
        ),
        (
            "textDocument/inlayHint",
            json!({"textDocument": doc, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}}),
        ),
        ("textDocument/codeLens", json!({"textDocument": doc})),
        ("readcov/summary", json!({})),
        (
            "workspace/executeCommand",
            json!({"command": readcov_lsp::guard::DEBUG_PANIC}),
        ),
        ("shutdown", Value::Null),
    ];
    for (method, params) in &calls {
        let resp = client.call(method, params.clone()).await;
        assert_eq!(
            resp["error"]["code"], SERVER_NOT_INITIALIZED,
            "{method} before initialize: {resp}"
        );
    }
    // A notification before initialize is dropped; then the server initialises normally.
    client.open(&ws.auth_uri, &ws.auth_text).await;
    client.initialize(&ws.root(), ws.options(), json!({})).await;
    let mark = client.mark();
    client.open(&ws.auth_uri, &ws.auth_text).await;
    client.diagnostics_after(mark, &ws.auth_uri).await;
    assert_alive(&client, &ws).await;
    client.shutdown().await;
}
