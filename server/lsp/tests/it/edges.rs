//! In-process edge cases: UTF-16 columns with surrogate pairs, positions outside the document,
//! a document with no gold, edits since opening, gold made against another version of the file,
//! and bad input that must be reported without losing the rest.

use crate::common;
use common::fixture::{started, Ws, GOLD_MSG};
use serde_json::{json, Value};

fn change(uri: &str, version: i32, l0: u32, c0: u32, l1: u32, c1: u32, text: &str) -> Value {
    json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [
        {"range": {"start": {"line": l0, "character": c0}, "end": {"line": l1, "character": c1}}, "text": text}]})
}

async fn hints(client: &common::Client, uri: &str) -> Vec<Value> {
    let range =
        json!({"start": {"line": 0, "character": 0}, "end": {"line": 10000, "character": 0}});
    let v = client
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": range}),
        )
        .await;
    v.as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn utf16_columns_with_surrogate_pairs_on_gold_lines() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    // Line 79 is `def check_token(tok):  # 🔑 key`; 🔑 takes UTF-16 columns 25–26, so column 27 is
    // right after it. Splitting the line there (the rest becomes a comment line) must cut after the emoji.
    let diags = client
        .edit(change(&ws.auth_uri, 2, 79, 27, 79, 27, "\n    #"))
        .await;
    assert_eq!(
        diags[0]["message"], "gold lines 80–96: 4/16 read (25%) — below 50%",
        "the new line is not gold"
    );
    assert_eq!(
        diags[0]["range"]["end"],
        json!({"line": 95, "character": 12})
    );
    let h = hints(&client, &ws.auth_uri).await;
    assert_eq!(
        h[1]["position"],
        json!({"line": 79, "character": 27}),
        "{h:?}"
    );
    // A column inside the surrogate pair is clamped, never splits the emoji or crashes.
    client
        .notify(
            "textDocument/didChange",
            change(&ws.auth_uri, 3, 0, 8, 0, 8, "X"),
        )
        .await;
    let h = hints(&client, &ws.auth_uri).await;
    assert_eq!(
        h[0]["position"]["character"],
        "# auth 😀X module".encode_utf16().count()
    );
}

#[tokio::test]
async fn positions_outside_the_document_are_clamped_or_empty() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let uri = ws.auth_uri.as_str();
    let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 5000, "character": 0}}),
        )
        .await;
    assert!(h.is_null(), "{h}");
    let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 81, "character": 9999}}),
        )
        .await;
    assert!(h["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .contains("run-a"));
    let far =
        json!({"start": {"line": 5000, "character": 0}, "end": {"line": 6000, "character": 0}});
    let v = client
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": far}),
        )
        .await;
    assert_eq!(v, json!([]));
    let a = client
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": far, "context": {"diagnostics": []}}),
        )
        .await;
    // Far past the end there is no gold line: no action (not even `Mark lines as read`).
    assert_eq!(a, json!([]));
    // An edit far past the end appends at the end; the server stays consistent.
    let mark = client.mark();
    client
        .notify(
            "textDocument/didChange",
            change(uri, 2, 500, 3, 900, 0, "tail\n"),
        )
        .await;
    assert_eq!(
        client.diagnostics_after(mark, uri).await[0]["message"],
        GOLD_MSG
    );
    let none = client
        .call(
            "readcov/lineStates",
            json!({"textDocument": {"uri": ws.uri("src/nope.py")}}),
        )
        .await;
    assert!(
        none["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("not open"),
        "{none}"
    );
    let bad = client
        .call(
            "workspace/executeCommand",
            json!({"command": "readcov.nope"}),
        )
        .await;
    assert!(bad.get("error").is_some());
}

#[tokio::test]
async fn a_document_not_in_the_gold() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let uri = ws.uri("src/other.py");
    let mark = client.mark();
    client.open(&uri, "print('hi')\n").await;
    assert!(client.diagnostics_after(mark, &uri).await.is_empty());
    let s = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(
        (
            s["goldLines"].clone(),
            s["coverage"].clone(),
            s["fileHit"].clone()
        ),
        (json!(0), Value::Null, json!(false))
    );
    assert_eq!(s["ranges"], json!([]));
    assert!(hints(&client, &uri).await.is_empty());
    assert_eq!(
        client
            .request(
                "textDocument/codeLens",
                json!({"textDocument": {"uri": uri}})
            )
            .await,
        json!([])
    );
    let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
        )
        .await;
    assert!(h["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .contains("no read covered this line"));
}

#[tokio::test]
async fn edits_since_opening_move_gold_and_reads() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let mark = client.mark();
    client
        .notify(
            "textDocument/didChange",
            change(&ws.auth_uri, 2, 0, 0, 0, 0, "a\nb\nc\n"),
        )
        .await;
    let d = client.diagnostics_after(mark, &ws.auth_uri).await;
    assert_eq!(
        d[0]["message"],
        "gold lines 83–98: 4/16 read (25%) — below 50%"
    );
    let s = client
        .request(
            "readcov/lineStates",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    assert_eq!(
        s["ranges"][0],
        json!({"startLine": 82, "endLine": 85, "state": "gold-read"})
    );
    // Hover on an inserted line: it has no disk line.
    let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": ws.auth_uri}, "position": {"line": 1, "character": 0}}),
        )
        .await;
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .contains("added since the file was opened"),
        "{h}"
    );
    // Deleting gold lines 90–95 (current 92–97) shrinks the span.
    let d = client.edit(change(&ws.auth_uri, 3, 92, 0, 98, 0, "")).await;
    assert_eq!(
        d[0]["message"],
        "gold lines 83–92: 4/10 read (40%) — below 50%"
    );
}

#[tokio::test]
async fn gold_made_against_another_version_is_not_painted() {
    let ws = Ws::new();
    // Made against another text, with nothing recorded to map it by: said, not painted.
    let gold =
        json!({"task":"t1","path":"src/auth.py","start":80,"end":95,"sha256":"00ff".repeat(16)});
    std::fs::write(ws.root().join("gold.jsonl"), format!("{gold}\n")).unwrap();
    let client = started(&ws, ws.options(), json!({})).await;
    let d = client
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    let items = d["items"].as_array().unwrap();
    let msg = items[0]["message"].as_str().unwrap();
    assert!(
        msg.starts_with(
            "file differs from the base commit: gold and reads could not be mapped (1 gold span(s), "
        ),
        "{msg}"
    );
    assert_eq!(items[0]["severity"], 2, "a Warning");
    assert_eq!(items[0]["range"]["start"]["line"], 0);
    let s = client
        .request(
            "readcov/lineStates",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    assert_eq!(s["goldLines"], 0);
    assert_eq!(s["differs"]["mapped"], false);
    // The right hash paints as usual.
    let sha = readcov_lsp::document::sha256_hex(ws.auth_text.as_bytes());
    let gold = json!({"task":"t1","path":"src/auth.py","start":80,"end":95,"sha256":sha});
    std::fs::write(ws.root().join("gold.jsonl"), format!("{gold}\n")).unwrap();
    let mark = client.mark();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": ws.uri("gold.jsonl"), "type": 2}]}),
        )
        .await;
    assert_eq!(
        client.diagnostics_after(mark, &ws.auth_uri).await[0]["message"],
        GOLD_MSG
    );
}

#[tokio::test]
async fn bad_input_is_reported_and_the_rest_still_counts() {
    let ws = Ws::new();
    ws.append(
        "reads.jsonl",
        json!({"task":"t1","run":"run-a","path":"src/auth.py","start":9,"end":2}),
    );
    std::fs::write(ws.root().join("fix.diff"), "--- a\n+++ b\n").unwrap();
    let client = common::in_process();
    let mark = client.mark();
    let opts = json!({"gold": ["gold.jsonl", "fix.diff", "missing.jsonl"], "reads": ["reads.jsonl"], "runs": ["run-a"], "threshold": 7});
    client.initialize(&ws.root(), opts, json!({})).await;
    for needle in [
        "reads.jsonl:3: field `end`",
        "fix.diff (unified diff): no core gold spans",
        "missing.jsonl: not read: cannot open",
        "threshold 7 is not between 0 and 1",
    ] {
        client
            .wait_for(mark, "window/logMessage", |p| {
                p["message"].as_str().unwrap_or("").contains(needle)
            })
            .await;
    }
    let mark = client.mark();
    client.open(&ws.auth_uri, &ws.auth_text).await;
    assert_eq!(
        client.diagnostics_after(mark, &ws.auth_uri).await[0]["message"],
        GOLD_MSG
    );
    // Settings that are not an object of the right shape are reported, not fatal.
    let mark = client.mark();
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"readcov": {"threshold": "high"}}}),
        )
        .await;
    client
        .wait_for(mark, "window/logMessage", |p| {
            p["message"]
                .as_str()
                .unwrap_or("")
                .contains("readcov settings: invalid type")
        })
        .await;
}

#[tokio::test]
async fn units_are_reparsed_after_edits() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let mark = client.mark();
    // A new function right above `check_token`: units come from a re-parse of the new text,
    // shortly after the edit, announced by `readcov/didChange`.
    client
        .notify(
            "textDocument/didChange",
            change(&ws.auth_uri, 2, 79, 0, 79, 0, "def helper():\n    pass\n"),
        )
        .await;
    client
        .wait_for(mark, "readcov/didChange", |p| {
            p["uris"][0] == ws.auth_uri.as_str()
        })
        .await;
    let h = hints(&client, &ws.auth_uri).await;
    let unit_hint = h
        .iter()
        .find(|x| x["label"] == "read 4/16 gold (25%)")
        .expect("check_token hint");
    assert_eq!(unit_hint["position"]["line"], 81, "{h:?}");
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": ws.auth_uri}, "range": {"start": {"line": 85, "character": 0},
                   "end": {"line": 85, "character": 0}}, "context": {"diagnostics": []}}),
        )
        .await;
    assert_eq!(
        actions[0]["title"],
        "Widen read window to `check_token` (lines 82–97) → coverage 100%"
    );
}

/// Issue 21: a recorded read never claims lines a file does not have. `readcov.widen` (a
/// request) shows the refusals' codes; `readcov/recordRead` (a notification) logs them.
#[tokio::test]
async fn recorded_reads_are_clipped_to_the_file_and_reversed_lines_refused() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let other = ws.uri("src/other.py"); // one line on disk, never opened
    let log =
        || std::fs::read_to_string(ws.root().join(".readcov/reads.jsonl")).unwrap_or_default();
    let widen = |uri: &str, start: u32, end: u32| json!({"command": "readcov.widen", "arguments": [{"uri": uri, "startLine": start, "endLine": end}]});
    for (uri, start, end, why) in [
        (&other, u32::MAX, 0, "before startLine"),
        (&other, 5, 10, "past the end"),
        (&ws.auth_uri, 120, 130, "past the end"),
        (&ws.auth_uri, 9, 3, "before startLine"),
    ] {
        let resp = client
            .call("workspace/executeCommand", widen(uri, start, end))
            .await;
        assert_eq!(resp["error"]["code"], -32602, "{start}..{end}: {resp}");
        let msg = resp["error"]["message"].as_str().unwrap_or("");
        assert!(msg.contains(why), "{msg}");
    }
    assert_eq!(log(), "", "nothing written for a refused read");
    let mark = client.mark();
    client
        .notify(
            "readcov/recordRead",
            json!({"uri": other, "startLine": u32::MAX, "endLine": 0, "source": "human"}),
        )
        .await;
    let warned = client
        .wait_for(mark, "window/logMessage", |p| {
            p["message"]
                .as_str()
                .is_some_and(|m| m.contains("before startLine"))
        })
        .await;
    assert_eq!(warned["params"]["type"], 2, "a warning");
    assert_eq!(log(), "");
    // Past the end: clipped to the file on disk (1 line) and to the open document (120).
    let ok = client
        .request("workspace/executeCommand", widen(&other, 0, u32::MAX))
        .await;
    assert_eq!(ok["recorded"], 1);
    let ok = client
        .request(
            "workspace/executeCommand",
            widen(&ws.auth_uri, 100, u32::MAX),
        )
        .await;
    assert_eq!(ok["recorded"], 1);
    let rows: Vec<Value> = log()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let spans: Vec<(Value, Value, Value)> = rows
        .iter()
        .map(|r| (r["path"].clone(), r["start"].clone(), r["end"].clone()))
        .collect();
    assert_eq!(
        spans,
        [
            (json!("src/other.py"), json!(1), json!(1)),
            (json!("src/auth.py"), json!(101), json!(120))
        ]
    );
}
