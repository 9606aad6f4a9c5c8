//! The `readcov/summary` session compared byte for byte across servers (issue 35, item 7):
//! readcov's transport writes that answer itself, serialised in pieces, and it must be exactly
//! the bytes tower-lsp-server wrote from its `Value` — ids, errors, and place among the other
//! answers included. A client that keeps each frame's body as bytes, the real-data workspace,
//! and the session run on each server. Shared by the in-process test (`summary_stream.rs`) and
//! the real binary's (`server/cli/tests/it/lsp_summary_stream.rs`, included by path).
#![allow(dead_code)]

use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};

const WAIT: Duration = Duration::from_secs(30);

/// Talks to a server with whole frames and keeps every frame's body as it came.
pub struct Raw {
    reader: BufReader<Box<dyn AsyncRead + Unpin + Send>>,
    writer: Box<dyn AsyncWrite + Unpin + Send>,
    /// Every body received, in order.
    pub frames: Vec<Vec<u8>>,
}

impl Raw {
    pub fn new(
        read: impl AsyncRead + Unpin + Send + 'static,
        write: impl AsyncWrite + Unpin + Send + 'static,
    ) -> Raw {
        Raw {
            reader: BufReader::new(Box::new(read)),
            writer: Box::new(write),
            frames: Vec::new(),
        }
    }

    /// Sends the messages in one write (so the server reads them together).
    pub async fn send(&mut self, msgs: &[Value]) {
        let mut bytes = Vec::new();
        for m in msgs {
            let body = serde_json::to_vec(m).unwrap();
            bytes.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
            bytes.extend_from_slice(&body);
        }
        self.writer.write_all(&bytes).await.expect("write");
        self.writer.flush().await.expect("flush");
    }

    async fn next_frame(&mut self) -> Vec<u8> {
        let mut len = None;
        loop {
            let mut line = String::new();
            let n = self.reader.read_line(&mut line).await.expect("read header");
            assert!(n > 0, "the server closed its output");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length:") {
                len = Some(v.trim().parse::<usize>().expect("a length"));
            }
        }
        let mut body = vec![0; len.expect("Content-Length")];
        self.reader.read_exact(&mut body).await.expect("body");
        body
    }

    /// Reads frames until the response to `id`, answering the server's own requests with
    /// `null`; returns that response's bytes.
    pub async fn answer(&mut self, id: i64) -> Vec<u8> {
        loop {
            let body = tokio::time::timeout(WAIT, self.next_frame())
                .await
                .unwrap_or_else(|_| panic!("no answer to request {id}"));
            let msg: Value = serde_json::from_slice(&body)
                .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&body)));
            self.frames.push(body.clone());
            match (msg.get("method"), msg.get("id")) {
                (Some(_), Some(req)) => {
                    let req = req.clone();
                    self.send(&[json!({"jsonrpc": "2.0", "id": req, "result": null})])
                        .await;
                }
                (None, Some(got)) if got == id => return body,
                _ => {}
            }
        }
    }

    /// The ids of the responses received so far, in order.
    pub fn response_ids(&self) -> Vec<i64> {
        (self.frames.iter())
            .filter_map(|b| serde_json::from_slice::<Value>(b).ok())
            .filter(|m| m.get("method").is_none())
            .filter_map(|m| m["id"].as_i64())
            .collect()
    }
}

const INSTANCE: &str = "pylint-dev__pylint-4551";

/// The real-data workspace at `root` (made anew, so each server starts from the same files):
/// every instance's sources, the SWE-bench rows of all 15 instances as gold, and three real
/// trajectories as reads (under the 1 MiB the server loads inside `initialize`, so no summary
/// is taken while they load).
pub fn workspace(real: &Path, root: &Path) {
    let _ = std::fs::remove_dir_all(root);
    std::fs::create_dir_all(root.join("runs")).unwrap();
    for e in std::fs::read_dir(real.join("sources")).unwrap() {
        crate::common::copy_dir(&e.unwrap().path(), root);
    }
    std::fs::copy(real.join("gold.jsonl"), root.join("swebench.jsonl")).unwrap();
    for (from, to) in [
        (format!("openhands/{INSTANCE}.json"), "oh-4551.json"),
        ("openhands/pallets__flask-5014.json".into(), "oh-5014.json"),
        (
            "mini-swe-agent/astropy__astropy-12907.traj.json".into(),
            "mini-12907.traj.json",
        ),
    ] {
        std::fs::copy(real.join(from), root.join("runs").join(to)).unwrap();
    }
}

fn request(id: i64, method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

fn summary(id: i64) -> Value {
    request(id, "readcov/summary", json!({}))
}

/// One session: each request's name and the bytes of its response. A summary before
/// `initialize`, after it, after a what-if read, between other requests and a cancel (sent in
/// one write), after `shutdown`.
pub async fn session(raw: &mut Raw, root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    raw.send(&[summary(1)]).await;
    out.push(("summary before initialize".into(), raw.answer(1).await));
    let uri = format!("file://{}", root.display());
    let opts = json!({
        "gold": ["swebench.jsonl"],
        "reads": ["runs/oh-4551.json", "runs/oh-5014.json", "runs/mini-12907.traj.json"],
    });
    raw.send(&[request(
        2,
        "initialize",
        json!({"processId": null, "rootUri": uri, "capabilities": {},
               "workspaceFolders": [{"uri": uri, "name": "ws"}], "initializationOptions": opts}),
    )])
    .await;
    raw.answer(2).await;
    raw.send(&[json!({"jsonrpc": "2.0", "method": "initialized", "params": {}})])
        .await;
    raw.send(&[summary(3)]).await;
    out.push(("summary".into(), raw.answer(3).await));
    let file = format!(
        "file://{}",
        root.join("pylint/pyreverse/inspector.py").display()
    );
    let widen = json!({"command": "readcov.widen",
                       "arguments": [{"uri": file, "startLine": 200, "endLine": 215}]});
    raw.send(&[request(4, "workspace/executeCommand", widen)])
        .await;
    out.push(("widen".into(), raw.answer(4).await));
    raw.send(&[summary(5)]).await;
    out.push(("summary with a what-if row".into(), raw.answer(5).await));
    // Answers in the order the requests came (each handler finishes in its first poll); the
    // cancel comes after its summary has run, so the summary is answered whole.
    let from = raw.frames.len();
    raw.send(&[
        request(6, "readcov/tasks", json!({})),
        summary(7),
        json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 7}}),
        summary(8),
        request(9, "readcov/tasks", json!({})),
    ])
    .await;
    for id in 6..=9 {
        out.push((format!("request {id} of a batch"), raw.answer(id).await));
    }
    let ids: Vec<i64> = Raw {
        frames: raw.frames[from..].to_vec(),
        ..Raw::new(tokio::io::empty(), tokio::io::sink())
    }
    .response_ids();
    assert_eq!(ids, [6, 7, 8, 9], "answers in the order asked");
    raw.send(&[request(
        10,
        "readcov/selectRun",
        json!({"runs": ["none-such"]}),
    )])
    .await;
    raw.answer(10).await;
    raw.send(&[summary(11)]).await;
    out.push(("summary of no selected run".into(), raw.answer(11).await));
    raw.send(&[request(12, "shutdown", Value::Null), summary(13)])
        .await;
    raw.answer(12).await;
    out.push(("summary after shutdown".into(), raw.answer(13).await));
    raw.send(&[json!({"jsonrpc": "2.0", "method": "exit"})])
        .await;
    out
}

/// `session`'s answers hold what they are about: an error before `initialize` and after
/// `shutdown`, summaries with rows, the what-if layer, every row for the selection that names
/// no run being a layer or no-run one.
pub fn check_session(answers: &[(String, Vec<u8>)]) {
    let v = |i: usize| -> Value { serde_json::from_slice(&answers[i].1).unwrap() };
    assert_eq!(v(0)["error"]["code"], -32002, "{}", v(0));
    let rows = |s: &Value| s["result"]["rows"].as_array().cloned().unwrap_or_default();
    let first = v(1);
    assert!(rows(&first).len() >= 15, "a row per gold task: {first}");
    assert!(rows(&first)
        .iter()
        .any(|r| r["run"] != "-" && r["lineCoverage"].is_number()));
    assert!(
        rows(&v(3)).iter().any(|r| r["layer"] == "what-if"),
        "{}",
        v(3)
    );
    assert_eq!(
        v(5)["result"],
        v(6)["result"],
        "the cancelled summary answered whole"
    );
    assert!(v(answers.len() - 1)["error"]["code"] == -32600);
}
