//! Fuzz target: the LSP message path. Well-framed JSON-RPC (the framing itself is
//! tower-lsp-server's), random in content: the input picks a sequence of up to 24 messages from a
//! fixed list of methods, each with params built from the input (the expected shape with odd
//! values — out-of-range and huge positions, odd URIs, surrogate pairs, CRLF — or an arbitrary
//! JSON value). They go to `readcov_lsp::service()` (the tower service the real server runs,
//! panic guard included) on a current-thread runtime; server→client requests are answered.
//! Invariants: nothing panics (a panic caught by the guard is reported as an `InternalError`
//! and fails the target too), every request gets exactly one response with its id (a result or
//! an error) within 10 s, a notification gets none. The workspace is a temp dir made once per
//! process; the read log the fuzzer appends to is reset when it grows past 256 KB.
#![no_main]
use futures::{SinkExt, StreamExt};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;
use tower::{Service, ServiceExt};
use tower_lsp_server::jsonrpc::{Id, Request, Response};

#[path = "lsp_params.rs"]
mod lsp_params;
use lsp_params::Bytes;

const INTERNAL_ERROR: i64 = -32603;

/// (method, is a request).
const METHODS: [(&str, bool); 16] = [
    ("initialize", true),
    ("initialized", false),
    ("textDocument/didOpen", false),
    ("textDocument/didChange", false),
    ("textDocument/hover", true),
    ("textDocument/inlayHint", true),
    ("textDocument/codeLens", true),
    ("textDocument/codeAction", true),
    ("textDocument/diagnostic", true),
    ("workspace/executeCommand", true),
    ("readcov/summary", true),
    ("readcov/lineStates", true),
    ("readcov/selectRun", true),
    ("readcov/recordRead", false),
    ("workspace/didChangeConfiguration", false),
    ("shutdown", true),
];

/// The workspace: `src/auth.py` (emoji and CJK on gold lines), gold, reads by two runs.
fn workspace() -> &'static PathBuf {
    static WS: OnceLock<PathBuf> = OnceLock::new();
    WS.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("readcov-fuzz-lsp-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).expect("workspace");
        let mut text = String::new();
        for i in 1..=40 {
            text.push_str(&match i {
                1 => "# 😀 auth\n".to_string(),
                10 => "def check(tok):  # 🔑 键\r\n".to_string(),
                _ => format!("x{i} = {i}\n"),
            });
        }
        std::fs::write(dir.join("src/auth.py"), text).unwrap();
        std::fs::write(
            dir.join("gold.jsonl"),
            "{\"task\":\"t\",\"path\":\"src/auth.py\",\"start\":10,\"end\":20}\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("reads.jsonl"),
            "{\"task\":\"t\",\"run\":\"a\",\"path\":\"src/auth.py\",\"start\":8,\"end\":12}\n\
             {\"task\":\"t\",\"run\":\"b\",\"path\":\"src/auth.py\",\"start\":1,\"end\":40}\n",
        )
        .unwrap();
        dir.canonicalize().unwrap()
    })
}

/// Keeps the fuzzer's own appends from growing the read log without bound.
fn reset_log(root: &PathBuf) {
    let log = root.join(".readcov/reads.jsonl");
    if std::fs::metadata(&log).is_ok_and(|m| m.len() > 256 * 1024) {
        let _ = std::fs::remove_file(&log);
    }
}

fuzz_target!(|data: &[u8]| {
    let root = workspace();
    reset_log(root);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(run(data, root));
    // Dropping the runtime cancels whatever the server spawned (watchers, unit re-parses).
    drop(rt);
});

async fn run(data: &[u8], root: &PathBuf) {
    let mut b = Bytes::new(data);
    let (mut service, socket) = readcov_lsp::service();
    // The client side of server→client traffic: answer requests (refresh, progress,
    // registration) with null so no handler waits forever on the client.
    let (mut from_server, mut to_server) = socket.split();
    let drain = tokio::spawn(async move {
        while let Some(req) = from_server.next().await {
            if let Some(id) = req.id().cloned() {
                let _ = to_server.send(Response::from_ok(id, Value::Null)).await;
            }
        }
    });
    let steps = b.byte() % 24 + 1;
    for n in 0..steps {
        if b.is_empty() && n > 0 {
            break;
        }
        let (method, is_request) = METHODS[usize::from(b.byte()) % METHODS.len()];
        let params = lsp_params::params(method, &mut b, root);
        let id = i64::from(n) + 1;
        let mut req = Request::build(method);
        if let Some(p) = params {
            req = req.params(p);
        }
        if is_request {
            req = req.id(id);
        }
        let Ok(ready) = service.ready().await else {
            break; // exited
        };
        let fut = ready.call(req.finish());
        let out = tokio::time::timeout(Duration::from_secs(10), fut)
            .await
            .unwrap_or_else(|_| panic!("no answer to {method} within 10 s"));
        let Ok(resp) = out else { break };
        match (is_request, resp) {
            (true, Some(r)) => {
                assert_eq!(r.id(), &Id::Number(id), "{method}: answer to another id");
                if let Some(e) = r.error() {
                    assert_ne!(e.code.code(), INTERNAL_ERROR, "{method} failed inside: {e:?}");
                }
            }
            (true, None) => panic!("request {method} got no response"),
            (false, Some(r)) => panic!("notification {method} got a response: {r:?}"),
            (false, None) => {}
        }
    }
    drop(service);
    drain.abort();
}
