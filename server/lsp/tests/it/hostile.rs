//! A hostile repository (issue 35): `readcov lsp` starts in whatever folder an editor opens, so
//! `readcov.toml` and every file in the workspace are untrusted. None of them may hang the
//! server (a FIFO where a file is expected), corrupt a file, or make the gold vanish. Each
//! session runs on its own thread and runtime under a deadline ([`within`]): a handler blocked
//! on a FIFO can stop the whole runtime, client timeouts included, so a hang fails the test
//! instead of stalling the run.

use crate::common;
use common::fixture::{started, Ws, GOLD_MSG};
use common::{mkfifo, Client};
use serde_json::{json, Value};

/// Runs `session` on a runtime of its own and fails the test if it has not finished within 60 s.
pub fn within<F>(session: impl FnOnce() -> F + Send + 'static)
where
    F: std::future::Future<Output = ()>,
{
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            rt.block_on(session());
        }));
        let _ = tx.send(outcome);
    });
    match rx.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(Ok(())) => {}
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => panic!("the session did not finish within 60 s: the server hangs"),
    }
}

/// Waits for a logged problem mentioning every one of `words`.
async fn logged(client: &Client, from: usize, words: &[&str]) -> String {
    let m = client
        .wait_for(from, "window/logMessage", |p| {
            let msg = p["message"].as_str().unwrap_or("");
            words.iter().all(|w| msg.contains(w))
        })
        .await;
    m["params"]["message"].as_str().unwrap_or("").to_string()
}

/// run-a's row of `readcov/summary`: (gold lines, covered lines).
async fn run_a(client: &Client) -> (Value, Value) {
    let s = client.request("readcov/summary", json!({})).await;
    let rows = s["rows"].as_array().cloned().unwrap_or_default();
    let row = rows
        .iter()
        .find(|r| r["run"] == "run-a")
        .unwrap_or_else(|| panic!("no run-a row: {s}"));
    (row["goldLines"].clone(), row["coveredLines"].clone())
}

#[test]
fn a_fifo_as_gold_or_reads_at_startup_is_refused_and_initialize_answers() {
    within(|| async {
        let ws = Ws::new();
        mkfifo(&ws.root().join("pipe-gold.jsonl"));
        mkfifo(&ws.root().join("pipe-reads.jsonl"));
        let client = common::in_process();
        // `call` panics after 10 s without an answer: the open of a FIFO once never returned.
        let opts = json!({"gold": ["gold.jsonl", "pipe-gold.jsonl"],
                      "reads": ["reads.jsonl", "pipe-reads.jsonl"], "runs": ["run-a"]});
        client.initialize(&ws.root(), opts, json!({})).await;
        let g = logged(&client, 0, &["pipe-gold.jsonl", "not a regular file"]).await;
        assert!(g.contains("not read"), "{g}");
        logged(&client, 0, &["pipe-reads.jsonl", "not a regular file"]).await;
        // The regular files still load: gold lines 80–95, run-a read 4 of them.
        assert_eq!(run_a(&client).await, (json!(16), json!(4)));
        client.shutdown().await;
    });
}

#[test]
fn a_fifo_as_a_gold_source_file_never_blocks_summary_hover_or_diagnostics() {
    within(|| async {
        let ws = Ws::new();
        mkfifo(&ws.root().join("src/pipe.py"));
        ws.append(
            "gold.jsonl",
            json!({"task":"t1","path":"src/pipe.py","start":1,"end":3}),
        );
        ws.append(
            "reads.jsonl",
            json!({"task":"t1","run":"run-a","path":"src/pipe.py","start":1,"end":1}),
        );
        let client = started(&ws, ws.options(), json!({})).await;
        assert_eq!(run_a(&client).await, (json!(19), json!(5)));
        let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": ws.auth_uri}, "position": {"line": 80, "character": 0}}),
        )
        .await;
        assert!(h["contents"]["value"].as_str().is_some(), "{h}");
        let explained = client.request("readcov/explain", json!({})).await;
        assert!(explained.is_object(), "{explained}");
        let pulled = client
            .request("workspace/diagnostic", json!({"previousResultIds": []}))
            .await;
        assert!(pulled["items"].is_array(), "{pulled}");
        let d = client
            .request(
                "textDocument/diagnostic",
                json!({"textDocument": {"uri": ws.auth_uri}}),
            )
            .await;
        assert_eq!(d["items"][0]["message"], GOLD_MSG, "{d}");
        client.shutdown().await;
    });
}

#[test]
fn a_log_swapped_for_a_fifo_while_watched_keeps_the_server_live() {
    within(|| async {
        let ws = Ws::new();
        let client = started(&ws, ws.options(), json!({})).await;
        let mark = client.mark();
        let log = ws.root().join("reads.jsonl");
        std::fs::remove_file(&log).unwrap();
        mkfifo(&log);
        logged(&client, mark, &["reads.jsonl", "not a regular file"]).await;
        // Said once, not at every event: touching the FIFO's folder again adds no second report.
        // Updates go on: the gold changed on disk is shown (the log's reads are gone with it).
        let mark = client.mark();
        std::fs::write(
            ws.root().join("gold.jsonl"),
            "{\"task\":\"t1\",\"path\":\"src/auth.py\",\"start\":80,\"end\":81}\n",
        )
        .unwrap();
        client
            .wait_for(mark, "textDocument/publishDiagnostics", |p| {
                p["diagnostics"][0]["message"] == "gold lines 80–81: 0/2 read (0%) — below 50%"
            })
            .await;
        // And the FIFO replaced by a regular log again is read again.
        let mark = client.mark();
        std::fs::remove_file(&log).unwrap();
        std::fs::write(
        &log,
        "{\"task\":\"t1\",\"run\":\"run-a\",\"path\":\"src/auth.py\",\"start\":80,\"end\":81}\n",
    )
    .unwrap();
        client
            .wait_for(mark, "textDocument/publishDiagnostics", |p| {
                p["diagnostics"][0]["message"]
                    == "gold lines 80–81: 2/2 read (100%) — at or above 50%"
            })
            .await;
        client.shutdown().await;
    });
}

/// Sends `readcov.widen` of lines 1–2 of `uri` and `readcov.clearWhatIf`: (widen's answer,
/// clearWhatIf's answer), each `ok` or the error message.
async fn widen_and_clear(client: &Client, uri: &str) -> (String, String) {
    let answer = |r: Value| match r.get("error") {
        Some(e) => e["message"].as_str().unwrap_or("").to_string(),
        None => "ok".to_string(),
    };
    let w = client
        .call(
            "workspace/executeCommand",
            json!({"command": "readcov.widen",
                   "arguments": [{"uri": uri, "startLine": 0, "endLine": 1}]}),
        )
        .await;
    let c = client
        .call(
            "workspace/executeCommand",
            json!({"command": "readcov.clearWhatIf", "arguments": []}),
        )
        .await;
    (answer(w), answer(c))
}

/// Bytes and mode of a file.
fn state(p: &std::path::Path) -> (Vec<u8>, u32) {
    use std::os::unix::fs::PermissionsExt;
    (
        std::fs::read(p).unwrap(),
        std::fs::metadata(p).unwrap().permissions().mode(),
    )
}

/// A repository's `readcov.toml` names a file of the user's as the read log: nothing is ever
/// written to it (before: the torn-line repair cut its last line out into `FILE.torn`, recorded
/// reads were appended as JSON, and `clearWhatIf` rewrote it, 0755 → 0644).
#[test]
fn a_read_log_outside_readcovs_folder_is_refused_and_the_file_untouched() {
    within(|| async {
        let ws = Ws::new();
        let root = ws.root();
        let script = root.join("build.sh");
        std::fs::write(&script, "#!/bin/sh\necho hi\nexit 0").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(
            root.join("readcov.toml"),
            "gold = [\"gold.jsonl\"]\nreads = [\"reads.jsonl\"]\nreadLog = \"build.sh\"\n",
        )
        .unwrap();
        let before = state(&script);
        let client = started(&ws, json!({"runs": ["run-a"]}), json!({})).await;
        logged(&client, 0, &["readLog", "build.sh", "refused", ".readcov/"]).await;
        let (w, c) = widen_and_clear(&client, &ws.auth_uri).await;
        assert!(
            w.contains("cannot append to the read log") && w.contains("refused"),
            "{w}"
        );
        assert!(c.contains("refused"), "{c}");
        let mark = client.mark();
        client
            .notify(
                "readcov/recordRead",
                json!({"uri": ws.auth_uri, "startLine": 2, "endLine": 3, "source": "human"}),
            )
            .await;
        logged(&client, mark, &["read log", "refused"]).await;
        client.shutdown().await;
        assert_eq!(state(&script), before, "build.sh changed");
        assert!(!root.join("build.sh.torn").exists());
        // Gold and reads still load: the refusal costs only recording.
        assert!(!root.join(".readcov").exists(), "nothing created");
    });
}

/// `readLog = "gold.jsonl"`: recorded reads were appended to the gold and counted as gold.
#[test]
fn a_read_log_that_is_a_gold_or_reads_input_is_refused() {
    within(|| async {
        let ws = Ws::new();
        let root = ws.root();
        std::fs::create_dir(root.join(".readcov")).unwrap();
        std::fs::copy(root.join("gold.jsonl"), root.join(".readcov/gold.jsonl")).unwrap();
        std::fs::copy(root.join("reads.jsonl"), root.join(".readcov/agent.jsonl")).unwrap();
        for (log, kind) in [
            (".readcov/gold.jsonl", "gold"),
            (".readcov/agent.jsonl", "reads"),
        ] {
            let before = state(&root.join(log));
            let opts = json!({"gold": [".readcov/gold.jsonl"], "reads": [".readcov/agent.jsonl"],
                              "runs": ["run-a"], "readLog": log});
            let client = started(&ws, opts, json!({})).await;
            let said = logged(&client, 0, &["readLog", log, "also configured as"]).await;
            assert!(said.contains(&format!("as {kind} `{log}`")), "{said}");
            let (w, _) = widen_and_clear(&client, &ws.auth_uri).await;
            assert!(w.contains("refused"), "{log}: {w}");
            // The gold is the gold as written: gold lines 80–95, run-a read 4 of them.
            assert_eq!(run_a(&client).await, (json!(16), json!(4)), "{log}");
            client.shutdown().await;
            assert_eq!(state(&root.join(log)), before, "{log} changed");
        }
    });
}

/// The default read log in `.readcov/` works as before, and a `.readcov` that is a symlink (to a
/// folder of the user's inside the workspace) is refused.
#[test]
fn the_read_log_in_readcovs_own_folder_works_and_a_symlinked_folder_is_refused() {
    within(|| async {
        let ws = Ws::new();
        let root = ws.root();
        let client = started(&ws, ws.options(), json!({})).await;
        let (w, c) = widen_and_clear(&client, &ws.auth_uri).await;
        assert_eq!((w.as_str(), c.as_str()), ("ok", "ok"));
        assert!(root.join(".readcov/reads.jsonl").is_file());
        client.shutdown().await;

        let ws = Ws::new();
        let root = ws.root();
        std::fs::write(root.join("src/reads.jsonl"), "user data\n").unwrap();
        std::os::unix::fs::symlink(root.join("src"), root.join(".readcov")).unwrap();
        let before = state(&root.join("src/reads.jsonl"));
        let client = started(&ws, ws.options(), json!({})).await;
        let (w, _) = widen_and_clear(&client, &ws.auth_uri).await;
        assert!(w.contains("not a real directory"), "{w}");
        client.shutdown().await;
        assert_eq!(state(&root.join("src/reads.jsonl")), before);
    });
}

/// A whole-document ranged replace with the document's own text, and a full-text change back
/// to it after another text, keep the gold (it once vanished: coverage null, 0 gold lines, no
/// diagnostics, no message).
#[test]
fn resending_the_documents_own_text_keeps_its_gold() {
    within(|| async {
        let ws = Ws::new();
        let client = started(&ws, ws.options(), json!({})).await;
        let uri = ws.auth_uri.as_str();
        let states = |v: Value| (v["goldLines"].clone(), v["coverage"].clone());
        let whole =
            json!({"start": {"line": 0, "character": 0}, "end": {"line": 120, "character": 0}});
        let d = client
            .edit(json!({"textDocument": {"uri": uri, "version": 2},
                         "contentChanges": [{"range": whole, "text": ws.auth_text}]}))
            .await;
        assert_eq!(d[0]["message"], GOLD_MSG, "{d:?}");
        let s = client
            .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
            .await;
        assert_eq!(states(s), (json!(16), json!(0.25)));
        // Another text, then the original back as one full-text change.
        let d = client
            .edit(json!({"textDocument": {"uri": uri, "version": 3},
                         "contentChanges": [{"text": "x = 1\n"}]}))
            .await;
        assert!(
            d.is_empty(),
            "no gold in a text that replaced every line: {d:?}"
        );
        let d = client
            .edit(json!({"textDocument": {"uri": uri, "version": 4},
                         "contentChanges": [{"text": ws.auth_text}]}))
            .await;
        assert_eq!(d[0]["message"], GOLD_MSG, "{d:?}");
        let s = client
            .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
            .await;
        assert_eq!(states(s), (json!(16), json!(0.25)));
        client.shutdown().await;
    });
}

/// A deeply nested file (20,000 JavaScript functions, each inside the last) with gold in the
/// middle: the lens goes to the innermost function only, and every request is answered (the
/// server's innermost-unit choice was quadratic, 53 s at 100,000; the deadline catches a
/// return of it, the bench `deep_nesting` measures it).
#[test]
fn deeply_nested_code_gets_one_lens_on_the_innermost_unit() {
    within(|| async {
        let ws = Ws::new();
        let n = 20_000u32;
        let mut text: String = (0..n).map(|i| format!("function f{i}() {{\n")).collect();
        text += &"}\n".repeat(n as usize);
        std::fs::write(ws.root().join("src/deep.js"), &text).unwrap();
        ws.append(
            "gold.jsonl",
            json!({"task":"t1","path":"src/deep.js","start": n, "end": n + 1}),
        );
        let client = started(&ws, ws.options(), json!({})).await;
        let uri = ws.uri("src/deep.js");
        let mark = client.mark();
        client.open(&uri, &text).await;
        client.diagnostics_after(mark, &uri).await;
        let lenses = client
            .request(
                "textDocument/codeLens",
                json!({"textDocument": {"uri": uri}}),
            )
            .await;
        let lines: Vec<&Value> = (lenses.as_array().unwrap().iter())
            .map(|l| &l["range"]["start"]["line"])
            .collect();
        assert_eq!(lines, [&json!(n - 1)], "{lenses}");
        client.shutdown().await;
    });
}

/// Every path under `root`, folders included (what the server may have made).
fn tree(root: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![root.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            out.push(p.strip_prefix(root).unwrap().display().to_string());
            if p.is_dir() && !p.is_symlink() {
                todo.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Waits (up to [`common::WAIT`]) for `readcov/summary` to have a row of `run` and
/// returns its (gold lines, covered lines).
async fn row_of(client: &Client, run: &str) -> (Value, Value) {
    let deadline = std::time::Instant::now() + common::WAIT;
    loop {
        let s = client.request("readcov/summary", json!({})).await;
        let rows = s["rows"].as_array().cloned().unwrap_or_default();
        if let Some(r) = rows.iter().find(|r| r["run"] == run) {
            return (r["goldLines"].clone(), r["coveredLines"].clone());
        }
        assert!(std::time::Instant::now() < deadline, "no {run} row: {s}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A repository's `readcov.toml` (and then the client's settings) name gold, reads and patches
/// in folders that do not exist: the server made them all (and `.readcov/`) at startup, so
/// opening a repository wrote folders into it. Now nothing is made: each is a logged message
/// naming the file and its folder, and a file appears live once someone else makes its folder.
/// The read log's `.readcov/` is made by the first recorded read (the user asked), and appends
/// to it by another program are seen from then on.
#[test]
fn folders_named_by_the_configuration_are_never_created_only_reported() {
    within(|| async {
        let ws = Ws::new();
        let root = ws.root();
        std::fs::write(
            root.join("readcov.toml"),
            "gold = [\"gold.jsonl\", \"deep/g/gold.jsonl\"]\n\
             reads = [\"reads.jsonl\", \"logs/run/reads.jsonl\"]\n\
             patches = [\"preds/x/preds.jsonl\"]\n",
        )
        .unwrap();
        let before = tree(&root);
        let client = started(&ws, json!({"runs": null}), json!({})).await;
        assert_eq!(row_of(&client, "run-a").await, (json!(16), json!(4)));
        // `initialized` (which starts the watcher) handled: nothing made by then.
        client.settle().await;
        assert_eq!(tree(&root), before, "the server made files or folders");
        for (key, file, folder) in [
            ("gold", "deep/g/gold.jsonl", "deep/g"),
            ("reads", "logs/run/reads.jsonl", "logs/run"),
            ("patches", "preds/x/preds.jsonl", "preds/x"),
        ] {
            let m = logged(&client, 0, &[&format!("{key} `{file}`"), "not created"]).await;
            assert!(m.contains(&root.join(folder).display().to_string()), "{m}");
        }
        // The client's settings name another one; still nothing made.
        let mark = client.mark();
        client
            .notify(
                "workspace/didChangeConfiguration",
                json!({"settings": {"reads": ["reads.jsonl", "logs/run/reads.jsonl", "other/r/reads.jsonl"]}}),
            )
            .await;
        logged(
            &client,
            mark,
            &["reads `other/r/reads.jsonl`", "not created"],
        )
        .await;
        // The change is logged before the watcher restarts on the new folders: wait for the
        // whole `didChangeConfiguration` to be handled.
        client.settle().await;
        assert_eq!(tree(&root), before, "the server made files or folders");
        // Someone makes the folder and the log, one level at a time: the reads load live. The
        // watcher must have moved down to `logs` (a re-sync) before `logs/run` is made there.
        let syncs = client.watcher_syncs().await;
        std::fs::create_dir(root.join("logs")).unwrap();
        client.watcher_synced_past(syncs).await;
        std::fs::create_dir(root.join("logs/run")).unwrap();
        let row = json!({"task":"t1","run":"run-c","path":"src/auth.py","start":90,"end":95});
        std::fs::write(root.join("logs/run/reads.jsonl"), format!("{row}\n")).unwrap();
        assert_eq!(row_of(&client, "run-c").await, (json!(16), json!(6)));
        // A recorded read makes `.readcov/reads.jsonl`; another program's append to it is seen.
        let syncs = client.watcher_syncs().await;
        client
            .notify(
                "readcov/recordRead",
                json!({"uri": ws.auth_uri, "startLine": 79, "endLine": 79, "source": "human"}),
            )
            .await;
        row_of(&client, "human").await;
        let log = root.join(".readcov/reads.jsonl");
        assert!(log.is_file(), "the recorded read's log");
        // The watcher on `.readcov/` (its re-sync) before another program appends there.
        client.watcher_synced_past(syncs).await;
        ws.append(
            ".readcov/reads.jsonl",
            json!({"task":"t1","run":"run-d","path":"src/auth.py","start":80,"end":81}),
        );
        assert_eq!(row_of(&client, "run-d").await, (json!(16), json!(2)));
        client.shutdown().await;
        let mut after = tree(&root);
        after.retain(|p| !p.starts_with("logs") && !p.starts_with(".readcov"));
        assert_eq!(after, before, "nothing else made");
    });
}
