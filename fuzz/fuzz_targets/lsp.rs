//! Fuzz target: the LSP message path. Well-framed JSON-RPC (the framing itself is
//! tower-lsp-server's), random in content: the input picks a sequence of up to 24 messages from a
//! fixed list of methods, each with params built from the input (the expected shape with odd
//! values — out-of-range and huge positions, odd URIs, surrogate pairs, CRLF — or an arbitrary
//! JSON value). They go to `readcov_lsp::service()` (the tower service the real server runs,
//! panic guard included) on a current-thread runtime; server→client requests are answered.
//! One server (and runtime) serves input after input, as one does in an editor session: a fresh
//! server per input cost ~3 ms (runtime, workspace load, file watcher), capping the target at
//! ~300 execs/s. A new server is started when there is none yet, after an input sent `shutdown`
//! (the old one answers nothing else), and when an input's first byte is a multiple of 16 (so
//! `initialize` with its odd params still reaches a fresh server). Request ids keep counting
//! across inputs, so none is reused. A crash may therefore depend on inputs before it: if the
//! crash file alone does not reproduce it (run alone, it gets a fresh server), replay the corpus
//! it was found with (`lsp work/lsp corpus/lsp -runs=0` runs every entry once, in one process).
//! Invariants: nothing panics (a panic caught by the guard is reported as an `InternalError`
//! and fails the target too), every request gets exactly one response with its id (a result or
//! an error) within 10 s (20 s if the first window expires, see `run`), a notification gets
//! none. The workspace is a temp dir (in /dev/shm when there is one) made once per process; the
//! read log the fuzzer appends to is reset when it grows past 16 KB (what-if clears
//! rewrite the whole log and a rotation re-reads it, so a big log made every input slower).
#![no_main]
use futures::{SinkExt, StreamExt};
use libfuzzer_sys::fuzz_target;
use readcov_lsp::guard::CatchPanic;
use readcov_lsp::server::Backend;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;
use tower::{Service, ServiceExt};
use tower_lsp_server::jsonrpc::{Id, Request, Response};
use tower_lsp_server::LspService;

#[path = "lsp_params.rs"]
mod lsp_params;
use lsp_params::Bytes;

const INTERNAL_ERROR: i64 = -32603;

/// (method, is a request): every `readcov/*` method `readcov_lsp::service()` registers, and
/// the standard ones the server implements.
const METHODS: [(&str, bool); 23] = [
    ("initialize", true),
    ("initialized", false),
    ("textDocument/didOpen", false),
    ("textDocument/didChange", false),
    ("textDocument/didClose", false),
    ("textDocument/hover", true),
    ("textDocument/inlayHint", true),
    ("textDocument/codeLens", true),
    ("textDocument/codeAction", true),
    ("textDocument/diagnostic", true),
    ("workspace/diagnostic", true),
    ("workspace/executeCommand", true),
    ("workspace/didChangeWatchedFiles", false),
    ("readcov/summary", true),
    ("readcov/lineStates", true),
    ("readcov/selectRun", true),
    ("readcov/recordRead", false),
    ("readcov/explain", true),
    ("readcov/tasks", true),
    ("readcov/overview", true),
    ("readcov/nextUnread", true),
    ("workspace/didChangeConfiguration", false),
    ("shutdown", true),
];

/// The workspace: `src/auth.py` (emoji and CJK on gold lines), gold, reads by two runs.
fn workspace() -> &'static PathBuf {
    static WS: OnceLock<PathBuf> = OnceLock::new();
    WS.get_or_init(|| {
        // In memory where there is a tmpfs: the server fsyncs every recorded read, and on disk
        // two fuzzers spent most of their time waiting on it (state D, ~33% CPU each) — long
        // enough, under a busy disk, to stall a request past the 10 s limit below.
        let shm = std::path::Path::new("/dev/shm");
        let base = if shm.is_dir() {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("readcov-fuzz-lsp-{}", std::process::id()));
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

/// `READCOV_FUZZ_TRACE=1`: print each message sent (to read what a crash input does).
fn trace() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("READCOV_FUZZ_TRACE").is_some())
}

/// Keeps the fuzzer's own appends from growing the read log without bound.
fn reset_log(root: &PathBuf) {
    let log = root.join(".readcov/reads.jsonl");
    if std::fs::metadata(&log).is_ok_and(|m| m.len() > 16 * 1024) {
        let _ = std::fs::remove_file(&log);
    }
}

/// The server kept across inputs: its runtime and its service (a task on that runtime answers its
/// server→client requests). Each server gets its own runtime: dropping the runtime is what stops
/// the tasks it spawned (the file watcher's holds the server state, so it would outlive the
/// service and every old watcher would keep reacting to the read log).
struct Session {
    rt: tokio::runtime::Runtime,
    service: CatchPanic<LspService<Backend>>,
    /// False after `shutdown` or once the service reports it exited.
    alive: bool,
}

impl Session {
    fn start() -> Session {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let (service, socket) = {
            let _in_runtime = rt.enter();
            readcov_lsp::service()
        };
        // The client side: answer requests (refresh, progress, registration) with null so no
        // handler waits forever on the client.
        let (mut from_server, mut to_server) = socket.split();
        rt.spawn(async move {
            while let Some(req) = from_server.next().await {
                if let Some(id) = req.id().cloned() {
                    let _ = to_server.send(Response::from_ok(id, Value::Null)).await;
                }
            }
        });
        Session {
            rt,
            service,
            alive: true,
        }
    }
}

struct State {
    session: Option<Session>,
    next_id: i64,
}

static STATE: Mutex<State> = Mutex::new(State {
    session: None,
    next_id: 0,
});

fuzz_target!(|data: &[u8]| {
    let root = workspace();
    reset_log(root);
    // A panic in an earlier input poisons the lock; libFuzzer stops at that panic anyway.
    let mut guard = STATE.lock().unwrap_or_else(|e| e.into_inner());
    let st = &mut *guard;
    let fresh = data.first().is_none_or(|b| b % 16 == 0);
    if fresh || !st.session.as_ref().is_some_and(|s| s.alive) {
        // The old runtime goes with it, cancelling whatever that server spawned.
        st.session = None;
        st.session = Some(Session::start());
    }
    let session = st.session.as_mut().expect("session");
    let rt = &session.rt;
    let (service, alive) = (&mut session.service, &mut session.alive);
    rt.block_on(run(data, root, service, alive, &mut st.next_id));
});

async fn run(
    data: &[u8],
    root: &PathBuf,
    service: &mut CatchPanic<LspService<Backend>>,
    alive: &mut bool,
    next_id: &mut i64,
) {
    let mut b = Bytes::new(data);
    b.byte(); // the fresh-server byte above
    let steps = b.byte() % 24 + 1;
    for n in 0..steps {
        if b.is_empty() && n > 0 {
            break;
        }
        let (method, is_request) = METHODS[usize::from(b.byte()) % METHODS.len()];
        let params = lsp_params::params(method, &mut b, root);
        if trace() {
            eprintln!(
                "lsp fuzz: {method} {}",
                params.as_ref().map_or("-".into(), |p| p.to_string())
            );
        }
        *next_id += 1;
        let id = *next_id;
        let mut req = Request::build(method);
        if let Some(p) = params {
            req = req.params(p);
        }
        if is_request {
            req = req.id(id);
        }
        let Ok(ready) = service.ready().await else {
            *alive = false; // exited
            break;
        };
        let fut = ready.call(req.finish());
        tokio::pin!(fut);
        // A second 10 s window: a process stopped for a while (SIGSTOP while benchmarking) finds
        // its timer expired on waking, with the answer one poll away. A hung server still fails.
        let started = std::time::Instant::now();
        let out = match tokio::time::timeout(Duration::from_secs(10), &mut fut).await {
            Ok(out) => out,
            Err(_) => tokio::time::timeout(Duration::from_secs(10), &mut fut)
                .await
                .unwrap_or_else(|_| panic!("no answer to {method} within {:?}", started.elapsed())),
        };
        let Ok(resp) = out else {
            *alive = false;
            break;
        };
        match (is_request, resp) {
            (true, Some(r)) => {
                assert_eq!(r.id(), &Id::Number(id), "{method}: answer to another id");
                if let Some(e) = r.error() {
                    assert_ne!(
                        e.code.code(),
                        INTERNAL_ERROR,
                        "{method} failed inside: {e:?}"
                    );
                }
            }
            (true, None) => panic!("request {method} got no response"),
            (false, Some(r)) => panic!("notification {method} got a response: {r:?}"),
            (false, None) => {}
        }
        if method == "shutdown" {
            // The rest of this input still goes to it (and must get errors, not crashes); the
            // next input gets a new server.
            *alive = false;
        }
    }
}
