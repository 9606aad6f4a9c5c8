//! Client requests with extreme values to the `readcov/*` methods the `lsp` fuzz target does not
//! send (`nextUnread`, `overview`, `explain`, `tasks`), against the real `readcov lsp` binary over
//! pipes: each is answered once with a result or an LSP error, never `InternalError` (a caught
//! panic), and the answers are the right ones, not wrapped numbers.

use crate::common::spawn_lsp;
use crate::lsp_client::{file_uri, Client, WAIT};
use serde_json::{json, Value};
use std::path::Path;

const INTERNAL_ERROR: i64 = -32603;

/// `src/a.py` and `src/b.py` (20 lines each), gold lines 5–8 of each for task `t`, run `r`
/// read nothing of them (one read of another file, so the run exists).
fn workspace(root: &Path) {
    std::fs::create_dir_all(root.join("src")).unwrap();
    let text: String = (1..=20).map(|i| format!("x{i} = {i}\n")).collect();
    for f in ["a.py", "b.py", "c.py"] {
        std::fs::write(root.join("src").join(f), &text).unwrap();
    }
    let gold = |f: &str| format!("{{\"task\":\"t\",\"path\":\"src/{f}\",\"start\":5,\"end\":8}}\n");
    std::fs::write(root.join("gold.jsonl"), gold("a.py") + &gold("b.py")).unwrap();
    std::fs::write(
        root.join("reads.jsonl"),
        "{\"task\":\"t\",\"run\":\"r\",\"path\":\"src/c.py\",\"start\":1,\"end\":2}\n",
    )
    .unwrap();
    std::fs::write(
        root.join("readcov.toml"),
        "gold = [\"gold.jsonl\"]\nreads = [\"reads.jsonl\"]\n",
    )
    .unwrap();
}

/// The (path, startLine) `readcov/nextUnread` answered, or the error.
fn place(resp: &Value) -> Result<(String, u64), String> {
    match (resp.get("result"), resp.get("error")) {
        (Some(r), None) => Ok((
            r["path"].as_str().unwrap_or("").to_string(),
            r["startLine"].as_u64().unwrap_or(u64::MAX),
        )),
        _ => Err(resp.to_string()),
    }
}

#[tokio::test]
async fn extreme_values_to_the_custom_methods_are_answered_never_a_caught_panic() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace(&root);
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(&root);
    });
    let client = Client::new(out, input);
    client.initialize(&root, json!({}), json!({})).await;
    let (a, b) = (
        file_uri(&root.join("src/a.py")),
        file_uri(&root.join("src/b.py")),
    );
    let next = |uri: &str, line: u64, direction: &str| json!({"textDocument": {"uri": uri}, "line": line, "direction": direction});
    // From past the end of the last file, `next` wraps around to the first file's run; it used
    // to add 1 to the line (a panic in debug builds, line 0 of the same file in release).
    let cases = [
        (
            next(&b, u64::from(u32::MAX), "next"),
            Ok(("src/a.py".into(), 4)),
        ),
        (
            next(&a, u64::from(u32::MAX), "next"),
            Ok(("src/b.py".into(), 4)),
        ),
        (
            next(&a, u64::from(u32::MAX), "previous"),
            Ok(("src/a.py".into(), 4)),
        ),
        (next(&a, 0, "previous"), Ok(("src/b.py".into(), 4))),
        (next(&b, 0, "next"), Ok(("src/b.py".into(), 4))),
        (
            next("file:///etc/passwd", u64::from(u32::MAX), "next"),
            Ok(("src/a.py".into(), 4)),
        ),
        (
            next("untitled:x", 7, "previous"),
            Ok(("src/b.py".into(), 4)),
        ),
    ];
    for (params, want) in cases {
        let resp = client.call("readcov/nextUnread", params.clone()).await;
        assert_eq!(place(&resp), want, "nextUnread {params}: {resp}");
    }
    // Out of range or of the wrong type: an LSP error naming the method, never a caught panic.
    let refused = [
        ("readcov/nextUnread", next(&a, 1 << 32, "next")),
        (
            "readcov/nextUnread",
            json!({"textDocument": {"uri": a}, "line": -1}),
        ),
        (
            "readcov/nextUnread",
            json!({"textDocument": {"uri": a}, "line": 1, "direction": "up"}),
        ),
        ("readcov/overview", json!({"task": 5})),
        (
            "readcov/explain",
            json!({"task": "t", "run": "r", "against": "r"}),
        ),
    ];
    for (method, params) in refused {
        let resp = client.call(method, params.clone()).await;
        let code = resp["error"]["code"].as_i64();
        assert!(
            code.is_some() && code != Some(INTERNAL_ERROR),
            "{method} {params}: {resp}"
        );
    }
    // Names that are no task or run, long and odd: a result saying so, never a crash.
    let odd = "\u{0}../../etc/\u{202e}".to_string() + &"x".repeat(100_000);
    for (method, params) in [
        ("readcov/overview", json!({"task": odd, "run": odd})),
        ("readcov/overview", json!({"task": "t", "run": odd})),
        ("readcov/explain", json!({"task": odd})),
        ("readcov/tasks", json!([1, 2, 3])),
    ] {
        let resp = client.call(method, params).await;
        assert_ne!(resp["error"]["code"], INTERNAL_ERROR, "{method}: {resp}");
        assert!(resp.get("result").is_some() != resp.get("error").is_some());
    }
    client.shutdown().await;
    let status = tokio::time::timeout(WAIT, child.wait())
        .await
        .expect("exited after shutdown/exit")
        .unwrap();
    assert!(status.success(), "{status}");
}

/// A repository's `readcov.toml` names gold, reads and patches in folders that do not exist:
/// through the real binary, the server makes none of them (nor `.readcov/`) and logs each by
/// name instead (the in-process twin, `hostile::folders_named_by_the_configuration_are_never_
/// created_only_reported`, also follows a folder made later).
#[tokio::test]
async fn folders_a_repository_names_are_reported_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace(&root);
    std::fs::write(
        root.join("readcov.toml"),
        "gold = [\"gold.jsonl\", \"deep/g/gold.jsonl\"]\n\
         reads = [\"reads.jsonl\", \"logs/run/reads.jsonl\"]\n\
         patches = [\"preds/x/preds.jsonl\"]\n",
    )
    .unwrap();
    let listing = |root: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(root)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let before = listing(&root);
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(&root);
    });
    let client = Client::new(out, input);
    client.initialize(&root, json!({}), json!({})).await;
    // Answered after the load: the gold that exists was read.
    let tasks = client.call("readcov/tasks", json!({})).await;
    assert!(tasks.get("result").is_some(), "{tasks}");
    for (key, file) in [
        ("gold", "deep/g/gold.jsonl"),
        ("reads", "logs/run/reads.jsonl"),
        ("patches", "preds/x/preds.jsonl"),
    ] {
        assert!(
            client.logged(&format!("{key} `{file}`")).await,
            "no message names {file}"
        );
    }
    assert!(client.logged("not created").await);
    assert_eq!(listing(&root), before, "the server made files or folders");
    client.shutdown().await;
    let _ = child.wait().await;
    assert_eq!(listing(&root), before, "the server made files or folders");
}
