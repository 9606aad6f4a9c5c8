//! In-process live-update tests: a read log appended, truncated and rotated while a document is
//! open; `readcov.toml` and settings changes; gold edited on disk; client-side file watch
//! registration; `$/progress` while a large log loads.

use crate::common;
use common::fixture::{started, Ws, GOLD_MSG};
use common::Client;
use serde_json::{json, Value};

fn msg_is(expected: &'static str) -> impl Fn(&serde_json::Value) -> bool {
    move |p| p["diagnostics"][0]["message"] == expected
}

/// Makes `change` on disk (as another process would, no client help), then waits for the first
/// diagnostic to read `expected`. Returns the mark taken before the change.
async fn after_change(client: &Client, expected: &'static str, change: impl FnOnce()) -> usize {
    let mark = client.mark();
    change();
    client
        .wait_for(mark, "textDocument/publishDiagnostics", msg_is(expected))
        .await;
    mark
}

/// Appends a read of `src/auth.py` lines 84–91 by run-a to the read log.
fn append_read_84_91(ws: &Ws) {
    ws.append(
        "reads.jsonl",
        json!({"task":"t1","run":"run-a","path":"src/auth.py","start":84,"end":91}),
    );
}

#[tokio::test]
async fn log_appended_truncated_and_rotated_while_open() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    // Appended by another process (the file watcher sees it, no client help).
    let mark = after_change(
        &client,
        "gold lines 80–95: 12/16 read (75%) — at or above 50%",
        || append_read_84_91(&ws),
    )
    .await;
    client
        .wait_for(mark, "readcov/didChange", |p| {
            p["uris"][0] == ws.auth_uri.as_str()
        })
        .await;
    // Truncated and rewritten: the log is re-read, the old reads are gone.
    after_change(&client, "gold lines 80–95: 1/16 read (6%) — below 50%", || {
        std::fs::write(
            ws.root().join("reads.jsonl"),
            "{\"task\":\"t1\",\"run\":\"run-a\",\"path\":\"src/auth.py\",\"start\":95,\"end\":95}\n",
        )
        .unwrap();
    })
    .await;
    // Rotated: a new file under the same name.
    after_change(&client, "gold lines 80–95: 16/16 read (100%) — at or above 50%", || {
        let tmp = ws.root().join("reads.new");
        std::fs::write(
            &tmp,
            "{\"task\":\"t1\",\"run\":\"run-a\",\"path\":\"src/auth.py\",\"start\":80,\"end\":95}\n",
        )
        .unwrap();
        std::fs::rename(&tmp, ws.root().join("reads.jsonl")).unwrap();
    })
    .await;
    // A half-written line is not read until complete, and garbage never crashes the server.
    after_change(&client, "gold lines 80–95: 2/16 read (12%) — below 50%", || {
        std::fs::write(ws.root().join("reads.jsonl"), "not json\n{\"path\":\"src/auth.py\",\"task\":\"t1\",\"run\":\"run-a\",\"start\":80,\"end\":81}\n").unwrap();
    })
    .await;
}

#[tokio::test]
async fn readcov_toml_alone_then_edited() {
    let ws = Ws::new();
    std::fs::write(
        ws.root().join("readcov.toml"),
        "gold = [\"gold.jsonl\"]\nreads = [\"reads.jsonl\"]\nruns = [\"run-a\"]\n",
    )
    .unwrap();
    let client = started(&ws, serde_json::Value::Null, json!({})).await;
    let d = client
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    assert_eq!(d["items"][0]["message"], GOLD_MSG);
    after_change(&client, "gold lines 80–95: 4/16 read (25%) — at or above 20%", || {
        std::fs::write(
            ws.root().join("readcov.toml"),
            "gold = [\"gold.jsonl\"]\nreads = [\"reads.jsonl\"]\nruns = [\"run-a\"]\nthreshold = 0.2\n",
        )
        .unwrap();
    })
    .await;
    // Settings from the client override the file, key by key.
    let mark = client.mark();
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"readcov": {"threshold": 0.9}}}),
        )
        .await;
    client
        .wait_for(
            mark,
            "textDocument/publishDiagnostics",
            msg_is("gold lines 80–95: 4/16 read (25%) — below 90%"),
        )
        .await;
    // The watcher survived both (the folders to watch did not change, so it was kept): an
    // append is still seen.
    after_change(
        &client,
        "gold lines 80–95: 12/16 read (75%) — below 90%",
        || append_read_84_91(&ws),
    )
    .await;
    // Settings that move the log to a folder that does not exist: the server does not make it
    // (it did until session 21); once someone makes it, with the log, the log is read.
    let mark = client.mark();
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"readcov": {"reads": ["logs/other.jsonl"]}}}),
        )
        .await;
    client
        .wait_for(mark, "textDocument/publishDiagnostics", |p| {
            p["diagnostics"][0]["message"]
                .as_str()
                .is_some_and(|m| m.contains(" 0/16 read"))
        })
        .await;
    assert!(
        !ws.root().join("logs").exists(),
        "the server made the folder"
    );
    after_change(&client, "gold lines 80–95: 16/16 read (100%) — at or above 20%", || {
        std::fs::create_dir(ws.root().join("logs")).unwrap();
        std::fs::write(
            ws.root().join("logs/other.jsonl"),
            "{\"task\":\"t1\",\"run\":\"run-a\",\"path\":\"src/auth.py\",\"start\":80,\"end\":95}\n",
        )
        .unwrap();
    })
    .await;
}

/// Makes a fence file (`readcov_lsp::guard::FENCE_PREFIX`) in the workspace's root (the read
/// log's folder, watched) and waits (up to [`common::WAIT`]) for the watcher's loop to have
/// handled it; returns the re-sync count the loop had then. inotify keeps events in order, so
/// every event before the fence has been handled: re-syncs that must not happen are looked for
/// between two fences, never after a fixed sleep (which a loaded machine outlasted).
async fn fence(client: &Client, ws: &Ws, name: &str) -> u64 {
    let name = format!("{}{name}", readcov_lsp::guard::FENCE_PREFIX);
    std::fs::File::create(ws.root().join(&name)).unwrap();
    let deadline = tokio::time::Instant::now() + common::WAIT;
    loop {
        let state = client.execute("readcov.debugSyncs").await;
        if let Some(syncs) = state["fences"][&name].as_u64() {
            return syncs;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the file watcher never handled the fence {name} within {:?}: {state}",
            common::WAIT
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// An idle server makes no re-syncs. inotify reports opens too, and every sync opens the logs it
/// tails: before the watcher dropped open events, each sync set off the next, forever (an idle
/// server kept a core busy). An append still makes one or two, then none. Counted between
/// fences: the first proves the initial load's events handled, the second that the events a
/// sync's own opens would make (queued before it) were handled too.
#[tokio::test]
async fn an_idle_server_does_not_resync_itself() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let before = fence(&client, &ws, "start").await;
    assert_eq!(
        fence(&client, &ws, "idle").await,
        before,
        "re-syncs while idle"
    );
    after_change(
        &client,
        "gold lines 80–95: 12/16 read (75%) — at or above 50%",
        || append_read_84_91(&ws),
    )
    .await;
    // One append is several inotify events (modify, close after writing), which may come in
    // two batches: all are before this fence, so both syncs are counted in `after_append`.
    let after_append = fence(&client, &ws, "appended").await;
    assert!(after_append > before, "the append was seen by the watcher");
    assert_eq!(
        fence(&client, &ws, "idle-again").await,
        after_append,
        "re-syncs while idle after an append"
    );
}

/// Only events that can mean a change start a sync: inotify's opens (the server reading its own
/// logs) do not.
#[test]
fn watcher_ignores_opens_and_reads() {
    use notify::event::{AccessKind, AccessMode, CreateKind, DataChange, ModifyKind};
    use notify::EventKind;
    use readcov_lsp::watch::is_change;
    let cases = [
        (EventKind::Access(AccessKind::Open(AccessMode::Any)), false),
        (EventKind::Access(AccessKind::Read), false),
        (
            EventKind::Access(AccessKind::Close(AccessMode::Read)),
            false,
        ),
        (
            EventKind::Access(AccessKind::Close(AccessMode::Write)),
            true,
        ),
        (EventKind::Modify(ModifyKind::Data(DataChange::Any)), true),
        (EventKind::Create(CreateKind::File), true),
        (EventKind::Remove(notify::event::RemoveKind::File), true),
        (EventKind::Any, true),
    ];
    for (kind, expected) in cases {
        assert_eq!(is_change(&kind), expected, "{kind:?}");
    }
}

#[tokio::test]
async fn gold_edited_on_disk_while_open() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    after_change(
        &client,
        "gold lines 82–85: 2/4 read (50%) — at or above 50%",
        || {
            std::fs::write(
                ws.root().join("gold.jsonl"),
                "{\"task\":\"t1\",\"path\":\"src/auth.py\",\"start\":82,\"end\":85}\n",
            )
            .unwrap();
        },
    )
    .await;
}

#[tokio::test]
async fn client_watch_registration_and_refresh_requests() {
    let ws = Ws::new();
    let caps = json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true},
                                    "inlayHint": {"refreshSupport": true}, "codeLens": {"refreshSupport": true}}});
    let client = started(&ws, ws.options(), caps).await;
    let reg = client
        .wait_for(0, "client/registerCapability", |_| true)
        .await;
    let reg = &reg["params"]["registrations"][0];
    assert_eq!(reg["method"], "workspace/didChangeWatchedFiles");
    let globs = reg["registerOptions"]["watchers"].to_string();
    assert!(
        globs.contains("reads.jsonl")
            && globs.contains("gold.jsonl")
            && globs.contains("readcov.toml"),
        "{globs}"
    );
    let mark = client.mark();
    client
        .request("readcov/selectRun", json!({"runs": null}))
        .await;
    client
        .wait_for(mark, "workspace/inlayHint/refresh", |_| true)
        .await;
    client
        .wait_for(mark, "workspace/codeLens/refresh", |_| true)
        .await;
}

#[tokio::test]
async fn large_log_loads_with_progress() {
    let ws = Ws::new();
    let mut body = String::new();
    for i in 0..15_000u32 {
        let line = 1 + i % 60;
        body.push_str(&format!(
            "{{\"task\":\"t1\",\"run\":\"run-a\",\"path\":\"src/auth.py\",\"start\":{line},\"end\":{line},\"command\":\"sed -n {line}p src/auth.py\"}}\n"
        ));
    }
    assert!(
        body.len() as u64 > readcov_lsp::server::EAGER_LOAD_BYTES,
        "the log must be large"
    );
    std::fs::write(ws.root().join("big.jsonl"), body).unwrap();
    let client = common::in_process();
    let opts =
        json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl", "big.jsonl"], "runs": ["run-a"]});
    client
        .initialize(
            &ws.root(),
            opts,
            json!({"window": {"workDoneProgress": true}}),
        )
        .await;
    client
        .wait_for(0, "window/workDoneProgress/create", |_| true)
        .await;
    client
        .wait_for(0, "$/progress", |p| p["value"]["kind"] == "begin")
        .await;
    let end = client
        .wait_for(0, "$/progress", |p| p["value"]["kind"] == "end")
        .await;
    assert_eq!(end["params"]["value"]["message"], "15002 read events");
    client.open(&ws.auth_uri, &ws.auth_text).await;
    let s = client
        .request(
            "readcov/lineStates",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    assert_eq!(
        s["ranges"][0],
        json!({"startLine": 0, "endLine": 59, "state": "read"})
    );
}

/// Issue 21: a document opened while a large log loads is shown no figure until the log is
/// in, then published once with the right one (it was told "0/16 read (0%)" first).
#[tokio::test]
async fn nothing_is_shown_while_a_large_log_loads_then_the_right_figure_once() {
    let ws = Ws::new();
    let mut body = String::new();
    for i in 0..15_000u32 {
        let line = 84 + i % 12;
        body.push_str(&format!(
            "{{\"task\":\"t1\",\"run\":\"run-a\",\"path\":\"src/auth.py\",\"start\":{line},\"end\":{line},\"command\":\"sed -n {line}p src/auth.py\"}}\n"
        ));
    }
    assert!(body.len() as u64 > readcov_lsp::server::EAGER_LOAD_BYTES);
    std::fs::write(ws.root().join("big.jsonl"), body).unwrap();
    let client = common::in_process();
    let opts =
        json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl", "big.jsonl"], "runs": ["run-a"]});
    client.initialize(&ws.root(), opts, json!({})).await;
    client.open(&ws.auth_uri, &ws.auth_text).await;
    // While loading: an explicit state, never a figure.
    let s = client
        .request(
            "readcov/lineStates",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    if s["loading"] == true {
        assert_eq!(
            (s["coverage"].clone(), s["ranges"].clone()),
            (Value::Null, json!([]))
        );
    } else {
        assert_eq!(s["coverage"], 1.0, "loaded already: the right figure");
    }
    let diags = client.diagnostics_after(0, &ws.auth_uri).await;
    assert_eq!(
        diags[0]["message"], "gold lines 80–95: 16/16 read (100%) — at or above 50%",
        "the first figure published is the loaded one"
    );
    let sum = client.request("readcov/summary", json!({})).await;
    assert_eq!(sum["loading"], false);
    let published: Vec<Value> = client
        .inbox
        .lock()
        .unwrap()
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .map(|m| m["params"]["diagnostics"][0]["message"].clone())
        .collect();
    assert_eq!(
        published,
        [json!(
            "gold lines 80–95: 16/16 read (100%) — at or above 50%"
        )],
        "published once"
    );
}
