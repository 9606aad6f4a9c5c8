//! Malformed params to every custom method and every `workspace/executeCommand` command of the
//! real `readcov lsp` binary over pipes (session 21): no params at all, every JSON type in place
//! of the object, missing and mistyped fields, lines at −1, 2³¹, u32::MAX, 2³², u64::MAX, 1.5 and
//! 1e300, unknown URIs, URIs outside the workspace and of the root folder, empty and huge task and
//! run ids, NULs and a right-to-left override. Each request is answered once with a result or an
//! LSP error — never `InternalError` (a caught panic), never silence (the client's `WAIT`) —
//! each notification with nothing, and afterwards the server still shows the fixture's figures
//! and ends with status 0 on `shutdown` + `exit`. `lsp_hostile_requests.rs` checks the answers
//! to well-formed extreme values; this one checks that nothing malformed gets through.

use crate::common::spawn_lsp;
use crate::lsp_client::{file_uri, Client, WAIT};
use serde_json::{json, Value};
use std::path::Path;

const INTERNAL_ERROR: i64 = -32603;

/// Every custom request registered in `readcov_lsp::service()`.
const REQUESTS: [&str; 7] = [
    "readcov/lineStates",
    "readcov/summary",
    "readcov/selectRun",
    "readcov/explain",
    "readcov/tasks",
    "readcov/overview",
    "readcov/nextUnread",
];

/// Every command `initialize` announces, and one it does not.
const COMMANDS: [&str; 4] = [
    "readcov.widen",
    "readcov.clearWhatIf",
    "readcov.toggleWhatIf",
    "readcov.nope",
];

/// `src/a.py` (30 lines, an emoji on line 10), gold lines 10–20 for task `t`, run `r` read
/// lines 12–13 (2 of the 11 gold lines).
fn workspace(root: &Path) -> String {
    std::fs::create_dir_all(root.join("src")).unwrap();
    let text: String = (1..=30)
        .map(|i| match i {
            10 => "def f():  # 😀 键\n".to_string(),
            _ => format!("x{i} = {i}\n"),
        })
        .collect();
    std::fs::write(root.join("src/a.py"), &text).unwrap();
    std::fs::write(
        root.join("gold.jsonl"),
        "{\"task\":\"t\",\"path\":\"src/a.py\",\"start\":10,\"end\":20}\n",
    )
    .unwrap();
    std::fs::write(
        root.join("reads.jsonl"),
        "{\"task\":\"t\",\"run\":\"r\",\"path\":\"src/a.py\",\"start\":12,\"end\":13}\n",
    )
    .unwrap();
    std::fs::write(
        root.join("readcov.toml"),
        "gold = [\"gold.jsonl\"]\nreads = [\"reads.jsonl\"]\n",
    )
    .unwrap();
    text
}

/// Numbers a client might send where a line is expected.
fn numbers() -> Vec<Value> {
    vec![
        json!(-1),
        json!(i64::from(i32::MAX) + 1),
        json!(u32::MAX),
        json!(u64::from(u32::MAX) + 1),
        json!(u64::MAX),
        json!(1.5),
        json!(1e300),
        json!("3"),
        Value::Null,
    ]
}

/// `[[…1…]]`, `n` deep.
fn deep(n: usize) -> Value {
    (0..n).fold(json!(1), |v, _| json!([v]))
}

/// Malformed params for every method: the shapes each method expects, broken every way.
fn malformed(root: &Path, a: &str) -> Vec<Value> {
    let huge = "x".repeat(1 << 20);
    let odd = "\u{0}../../etc/\u{202e}😀";
    let uris = [
        json!(a),
        json!(file_uri(root)),
        json!(file_uri(&root.join("src/missing.py"))),
        json!(file_uri(&root.join("../outside.py"))),
        json!("file:///etc/passwd"),
        json!("file:///dev/zero"),
        json!("untitled:Untitled-1"),
        json!("not a uri"),
        json!(""),
        json!(5),
        json!({"uri": a}),
    ];
    let mut out = vec![
        Value::Null,
        json!(true),
        json!(0),
        json!(-1),
        json!("readcov"),
        json!([]),
        json!([1, 2, 3]),
        json!({}),
        json!({"textDocument": null}),
        json!({"textDocument": 5}),
        json!({"textDocument": {}}),
        json!({"task": ""}),
        json!({"task": "", "run": ""}),
        json!({"task": "t", "run": ""}),
        json!({"task": "t", "run": "r", "against": ""}),
        json!({"task": odd, "run": odd, "against": odd}),
        json!({"task": huge, "run": huge}),
        json!({"task": 5}),
        json!({"task": ["t"]}),
        json!({"task": null, "run": null}),
        json!({"task": "t", "unknown": 1}),
        json!({"runs": [""]}),
        json!({"runs": [odd, huge]}),
        json!({"runs": 5}),
        json!({"runs": [1, null]}),
        json!({"runs": "r"}),
        json!({"runs": {"r": true}}),
        json!({"direction": "sideways"}),
        json!({"textDocument": {"uri": a}, "line": 0, "direction": 5}),
        json!({"uri": a, "startLine": 5}),
        json!({"uri": a, "endLine": 5}),
        json!({"uri": a, "startLine": 20, "endLine": 3}),
        json!({"uri": a, "startLine": 0, "endLine": 0, "source": "robot"}),
        json!({"uri": a, "startLine": 0, "endLine": 0, "source": 5}),
        // Deeper than serde_json's 128 levels: once answered with id null, never with the
        // request's own id, so the client waited forever.
        json!({"textDocument": {"uri": a}, "line": 0, "direction": deep(200)}),
        deep(200),
    ];
    for u in &uris {
        out.push(json!({"textDocument": {"uri": u}}));
        out.push(json!({"textDocument": {"uri": u}, "line": 3}));
        out.push(json!({"uri": u, "startLine": 0, "endLine": 2}));
    }
    for n in numbers() {
        out.push(json!({"textDocument": {"uri": a}, "line": n}));
        out.push(json!({"uri": a, "startLine": n, "endLine": n}));
        out.push(json!({"uri": a, "startLine": 0, "endLine": n}));
        out.push(json!({"uri": a, "startLine": n, "endLine": u32::MAX}));
    }
    out
}

/// One JSON-RPC response: exactly one of `result` and `error`, and no caught panic.
fn check(what: &str, resp: &Value) {
    assert!(
        resp.get("result").is_some() != resp.get("error").is_some(),
        "{what}: not one result or error: {resp}"
    );
    assert_ne!(
        resp["error"]["code"], INTERNAL_ERROR,
        "{what}: a caught panic: {resp}"
    );
}

/// The run's figures and the hover on a read line: proof the server still serves the fixture.
async fn assert_serves(client: &Client, a: &str, what: &str) {
    let s = client.request("readcov/summary", json!({})).await;
    let row = (s["rows"].as_array().into_iter().flatten())
        .find(|r| r["run"] == "r")
        .unwrap_or_else(|| panic!("{what}: no row of run r: {s}"));
    assert_eq!(
        (&row["goldLines"], &row["coveredLines"]),
        (&json!(11), &json!(2)),
        "{what}: {s}"
    );
    let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": a}, "position": {"line": 11, "character": 0}}),
        )
        .await;
    let text = h["contents"]["value"].as_str().unwrap_or("");
    assert!(text.contains("run `r`, lines 12–13"), "{what}: hover {h}");
}

#[tokio::test]
async fn malformed_params_to_every_custom_method_and_command_are_answered_never_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let text = workspace(&root);
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(&root);
    });
    let client = Client::new(out, input);
    client.initialize(&root, json!({}), json!({})).await;
    let a = file_uri(&root.join("src/a.py"));
    client.open(&a, &text).await;
    assert_serves(&client, &a, "before").await;
    let all = malformed(&root, &a);
    let mut id = 1_000_000;
    for method in REQUESTS {
        // No `params` member at all.
        id += 1;
        let raw = json!({"jsonrpc": "2.0", "id": id, "method": method}).to_string();
        client
            .send_raw(format!("Content-Length: {}\r\n\r\n{raw}", raw.len()).as_bytes())
            .await;
        for params in &all {
            let resp = client.call(method, params.clone()).await;
            check(&format!("{method} {:.200}", params.to_string()), &resp);
        }
        // Runs selected by a malformed selectRun must not outlive it.
        client
            .request("readcov/selectRun", json!({"runs": null}))
            .await;
        assert_serves(&client, &a, method).await;
    }
    for params in &all {
        client.notify("readcov/recordRead", params.clone()).await;
    }
    assert_serves(&client, &a, "readcov/recordRead").await;
    for command in COMMANDS {
        let mut shapes = vec![
            json!({"command": command}),
            json!({"command": command, "arguments": null}),
            json!({"command": command, "arguments": {}}),
            json!({"command": command, "arguments": [[]]}),
        ];
        shapes.extend((all.iter()).map(|p| json!({"command": command, "arguments": [p, p]})));
        for params in shapes {
            let resp = client
                .call("workspace/executeCommand", params.clone())
                .await;
            check(&format!("{command} {:.200}", params.to_string()), &resp);
        }
        // The what-if layer as it was: off the reads the widens recorded.
        let resp = client
            .call(
                "workspace/executeCommand",
                json!({"command": "readcov.clearWhatIf", "arguments": []}),
            )
            .await;
        check("clearWhatIf", &resp);
        assert_serves(&client, &a, command).await;
    }
    // The requests sent without `params` were answered too, each once under its own id (their
    // answers sit in the inbox: the client waited for none of them). Id-less answers are those
    // to `recordRead` notifications whose params were no object or array (`-32600`, as
    // JSON-RPC answers an invalid request whose id it cannot tell).
    let strays: Vec<Value> = (client.inbox.lock().unwrap().iter())
        .filter(|m| m.get("method").is_none())
        .cloned()
        .collect();
    let ids: Vec<i64> = strays.iter().filter_map(|m| m["id"].as_i64()).collect();
    assert_eq!(
        ids,
        (1_000_001..=1_000_007).collect::<Vec<_>>(),
        "{strays:?}"
    );
    for s in &strays {
        check("an answer to no waiting request", s);
        if s["id"].is_null() {
            assert_eq!(s["error"]["code"], -32600, "{s}");
        }
    }
    client.shutdown().await;
    let status = tokio::time::timeout(WAIT, child.wait())
        .await
        .expect("exited after shutdown/exit")
        .unwrap();
    assert!(status.success(), "{status}");
}
