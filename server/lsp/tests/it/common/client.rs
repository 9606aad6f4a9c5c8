//! A small LSP test client speaking Content-Length framed JSON-RPC over any byte stream: an
//! in-memory duplex to the in-process server, or the stdio of the real `readcov lsp` binary.
//! It answers the server's own requests (refresh, progress, registration) with `null` and
//! records them, and keeps every notification so tests can wait for one that matches.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::oneshot;

/// The barrier's method, answered by the in-process test server's wrapper (`common/settle.rs`;
/// named here, not there, because the CLI tests and the LSP benches include this file alone).
pub const SETTLE: &str = "readcov/test/settle";

type Writer = Arc<tokio::sync::Mutex<Box<dyn AsyncWrite + Unpin + Send>>>;

pub struct Client {
    writer: Writer,
    next_id: AtomicI64,
    pending: Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>>,
    /// Every notification and server→client request received, in order.
    pub inbox: Arc<Mutex<Vec<Value>>>,
    /// Woken on every message added to the inbox (so waits add no polling delay).
    arrived: Arc<tokio::sync::Notify>,
    /// The documents this client has open: their diagnostics are the ones published with a
    /// version. The server also publishes the gold files nobody opened (no version) after
    /// `initialized`, concurrently with a `didOpen`; waiting for "the first publication after
    /// the mark" could take that one, made from the disk before the test edited it.
    opened: Mutex<std::collections::HashSet<String>>,
}

/// How long any answer or awaited message may take before the test fails. A deadline for a
/// condition, never a pause: a passing test waits only as long as the server takes. Generous,
/// because these are debug builds run many tests at a time: at 10 s, a 20,000-function file
/// (`hostile::deeply_nested_code_gets_one_lens_on_the_innermost_unit`, 1.3 s of CPU) missed it
/// whenever eight tests shared two loaded cores.
pub const WAIT: Duration = Duration::from_secs(60);

async fn write_msg(writer: &Writer, msg: &Value) {
    let body = serde_json::to_vec(msg).expect("serialisable");
    let mut w = writer.lock().await;
    w.write_all(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes())
        .await
        .expect("write header");
    w.write_all(&body).await.expect("write body");
    w.flush().await.expect("flush");
}

async fn read_msg<R: AsyncRead + Unpin>(r: &mut BufReader<R>) -> Option<Value> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length:") {
            len = v.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).await.ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    pub fn new(
        read: impl AsyncRead + Unpin + Send + 'static,
        write: impl AsyncWrite + Unpin + Send + 'static,
    ) -> Client {
        let writer: Writer = Arc::new(tokio::sync::Mutex::new(Box::new(write)));
        let pending: Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>> = Arc::default();
        let inbox: Arc<Mutex<Vec<Value>>> = Arc::default();
        let arrived = Arc::new(tokio::sync::Notify::new());
        let (w, p, inb, arr) = (
            writer.clone(),
            pending.clone(),
            inbox.clone(),
            arrived.clone(),
        );
        tokio::spawn(async move {
            let mut r = BufReader::new(read);
            while let Some(msg) = read_msg(&mut r).await {
                let is_response = msg.get("method").is_none();
                if is_response {
                    let id = msg.get("id").and_then(Value::as_i64).unwrap_or(-1);
                    let waiting = p.lock().unwrap().remove(&id);
                    match waiting {
                        Some(tx) => {
                            let _ = tx.send(msg);
                            continue;
                        }
                        // An answer to no request of ours (a bad frame's, id null): kept in
                        // the inbox for the tests that sent it.
                        None => {
                            inb.lock().unwrap().push(msg);
                            arr.notify_waiters();
                            continue;
                        }
                    }
                }
                if let Some(id) = msg.get("id") {
                    // A request from the server: answer it so it never waits.
                    write_msg(&w, &json!({"jsonrpc": "2.0", "id": id, "result": null})).await;
                }
                inb.lock().unwrap().push(msg);
                arr.notify_waiters();
            }
        });
        Client {
            writer,
            next_id: AtomicI64::new(1),
            pending,
            inbox,
            arrived,
            opened: Mutex::default(),
        }
    }

    /// Sends a request and returns the whole response (`result` or `error`).
    pub async fn call(&self, method: &str, params: Value) -> Value {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        write_msg(
            &self.writer,
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        )
        .await;
        tokio::time::timeout(WAIT, rx)
            .await
            .unwrap_or_else(|_| panic!("no answer to {method}"))
            .expect("answer")
    }

    /// Sends a request and returns its `result`, panicking on an error response.
    pub async fn request(&self, method: &str, params: Value) -> Value {
        let resp = self.call(method, params).await;
        assert!(resp.get("error").is_none(), "{method} failed: {resp}");
        resp["result"].clone()
    }

    /// `workspace/executeCommand` of `command` without arguments; its `result`.
    pub async fn execute(&self, command: &str) -> Value {
        self.request(
            "workspace/executeCommand",
            json!({"command": command, "arguments": []}),
        )
        .await
    }

    /// How many re-syncs the server's file watcher has made (`readcov.debugSyncs`, a command of
    /// the `debug-panic` feature).
    pub async fn watcher_syncs(&self) -> u64 {
        let v = self.execute("readcov.debugSyncs").await;
        v["watcherSyncs"].as_u64().expect("a count")
    }

    /// Returns once the in-process server has handled every message sent before this call (the
    /// barrier of the LSP tests' `common/settle.rs`; the real binary does not know it): look for
    /// what must NOT have happened after this, never after a sleep.
    pub async fn settle(&self) {
        self.request(SETTLE, Value::Null).await;
    }

    /// Waits (up to [`WAIT`]) until the file watcher has made more than `before` re-syncs and
    /// returns the count: after a folder it waited for is made, its restart on that folder is
    /// one, so what is written in the folder from then on is seen.
    pub async fn watcher_synced_past(&self, before: u64) -> u64 {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let now = self.watcher_syncs().await;
            if now > before {
                return now;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the file watcher made no re-sync after {before} within {WAIT:?}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Writes bytes as they are, framing or not (for the transport's bad-frame tests).
    pub async fn send_raw(&self, bytes: &[u8]) {
        let mut w = self.writer.lock().await;
        w.write_all(bytes).await.expect("write raw bytes");
        w.flush().await.expect("flush");
    }

    /// Waits for a response to none of our requests (no `method`) after `from`.
    pub async fn stray_response(&self, from: usize) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let arrived = self.arrived.notified();
            tokio::pin!(arrived);
            arrived.as_mut().enable();
            {
                let inbox = self.inbox.lock().unwrap();
                if let Some(m) = inbox[from.min(inbox.len())..]
                    .iter()
                    .find(|m| m.get("method").is_none())
                {
                    return m.clone();
                }
            }
            assert!(
                tokio::time::Instant::now() <= deadline,
                "no stray response within {WAIT:?}"
            );
            let _ = tokio::time::timeout(Duration::from_millis(50), arrived).await;
        }
    }

    pub async fn notify(&self, method: &str, params: Value) {
        let uri = params["textDocument"]["uri"].as_str().map(str::to_string);
        if let Some(uri) = uri {
            match method {
                "textDocument/didOpen" => {
                    self.opened.lock().unwrap().insert(uri);
                }
                "textDocument/didClose" => {
                    self.opened.lock().unwrap().remove(&uri);
                }
                _ => {}
            }
        }
        write_msg(
            &self.writer,
            &json!({"jsonrpc": "2.0", "method": method, "params": params}),
        )
        .await;
    }

    /// Where the inbox ends now: pass to [`Client::wait_for`] to see only later messages.
    pub fn mark(&self) -> usize {
        self.inbox.lock().unwrap().len()
    }

    /// Waits for a message after `from` with this method for which `pred` holds.
    pub async fn wait_for(
        &self,
        from: usize,
        method: &str,
        pred: impl Fn(&Value) -> bool,
    ) -> Value {
        match self
            .find(from, |m| m["method"] == method && pred(&m["params"]))
            .await
        {
            Some(m) => m,
            None => {
                let seen: Vec<String> = self.inbox.lock().unwrap()[from..]
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                panic!("no {method} matching the test within {WAIT:?}; saw {seen:?}");
            }
        }
    }

    /// Waits for any message after `from` (notification or server request, whole) for which
    /// `pred` holds.
    pub async fn wait_for_any(&self, from: usize, pred: impl Fn(&Value) -> bool) -> Value {
        self.find(from, pred)
            .await
            .unwrap_or_else(|| panic!("no message matching the test within {WAIT:?}"))
    }

    /// Whether a `window/logMessage` containing `text` arrives (or has arrived) within [`WAIT`].
    pub async fn logged(&self, text: &str) -> bool {
        self.find(0, |m| {
            m["method"] == "window/logMessage"
                && m["params"]["message"]
                    .as_str()
                    .is_some_and(|t| t.contains(text))
        })
        .await
        .is_some()
    }

    /// A fresh document version for the next `didChange` (versions only grow).
    pub fn next_version(&self) -> i64 {
        1000 + self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// The first message after `from` for which `pred` holds, waiting up to [`WAIT`].
    async fn find(&self, from: usize, pred: impl Fn(&Value) -> bool) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            // Registered before looking, so a message arriving in between still wakes us.
            let arrived = self.arrived.notified();
            tokio::pin!(arrived);
            arrived.as_mut().enable();
            {
                let inbox = self.inbox.lock().unwrap();
                if let Some(m) = inbox[from.min(inbox.len())..].iter().find(|m| pred(m)) {
                    return Some(m.clone());
                }
            }
            if tokio::time::Instant::now() > deadline {
                return None;
            }
            let _ = tokio::time::timeout(Duration::from_millis(50), arrived).await;
        }
    }

    /// The first diagnostics published for `uri` after `from` — for a document this client has
    /// open, the first published for the document (with a version), not for its file on disk.
    pub async fn diagnostics_after(&self, from: usize, uri: &str) -> Vec<Value> {
        let open = self.opened.lock().unwrap().contains(uri);
        let m = self
            .wait_for(from, "textDocument/publishDiagnostics", |p| {
                p["uri"] == uri && (!open || p["version"].is_number())
            })
            .await;
        m["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Sends `didChange` with `params` and returns the diagnostics published for its document
    /// after it.
    pub async fn edit(&self, params: Value) -> Vec<Value> {
        let uri = params["textDocument"]["uri"]
            .as_str()
            .expect("didChange params name the document")
            .to_string();
        let mark = self.mark();
        self.notify("textDocument/didChange", params).await;
        self.diagnostics_after(mark, &uri).await
    }

    /// `initialize` + `initialized` for a workspace folder, with the given options and extra
    /// client capabilities.
    pub async fn initialize(&self, root: &Path, options: Value, capabilities: Value) -> Value {
        let uri = file_uri(root);
        let result = self
            .request(
                "initialize",
                json!({"processId": null, "rootUri": uri, "capabilities": capabilities, "initializationOptions": options,
                       "workspaceFolders": [{"uri": uri, "name": "ws"}]}),
            )
            .await;
        self.notify("initialized", json!({})).await;
        result
    }

    pub async fn open(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}),
        )
        .await;
    }

    pub async fn shutdown(&self) {
        self.request("shutdown", Value::Null).await;
        self.notify("exit", Value::Null).await;
    }
}

pub fn file_uri(p: &Path) -> String {
    format!("file://{}", p.display())
}
