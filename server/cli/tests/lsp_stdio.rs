//! End to end: starts the real `readcov lsp` binary and talks JSON-RPC over its stdio, on a
//! workspace built from the real agent data (`tests/data/real`): a source file at its base
//! commit, a gold span, and reads.

#[path = "../../lsp/tests/common/client.rs"]
mod client;

use client::{file_uri, Client};
use serde_json::json;
use std::path::Path;
use std::process::Stdio;

fn real_data() -> std::path::PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    assert!(
        p.join("MANIFEST.md").is_file(),
        "real agent data not found at {} — it ships in the repository",
        p.display()
    );
    p
}

/// How the client connects to the server's stdin and stdout.
#[derive(Clone, Copy)]
enum Transport {
    /// Anonymous pipes (Rust's `Command`, most clients).
    Pipes,
    /// One Unix socket for both (libuv clients — Node/VS Code, Neovim — use socketpairs).
    Socket,
    /// Pipes, with `READCOV_LSP_STDIO=std` (tokio's portable stdio handles).
    PortablePipes,
}

#[tokio::test]
async fn readcov_lsp_over_stdio_pipes() {
    flask_session(Transport::Pipes).await;
}

#[tokio::test]
async fn readcov_lsp_over_a_unix_socket() {
    flask_session(Transport::Socket).await;
}

#[tokio::test]
async fn readcov_lsp_over_portable_stdio() {
    flask_session(Transport::PortablePipes).await;
}

async fn spawn(stdio: Transport) -> (tokio::process::Child, Client) {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_readcov"));
    cmd.arg("lsp").stderr(Stdio::inherit()).kill_on_drop(true);
    if let Transport::PortablePipes = stdio {
        cmd.env("READCOV_LSP_STDIO", "std");
    }
    match stdio {
        Transport::Pipes | Transport::PortablePipes => {
            let mut child = cmd
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("spawn readcov lsp");
            let client = Client::new(
                child.stdout.take().expect("stdout"),
                child.stdin.take().expect("stdin"),
            );
            (child, client)
        }
        Transport::Socket => {
            let (ours, theirs) = std::os::unix::net::UnixStream::pair().expect("socketpair");
            let theirs_out = theirs.try_clone().expect("dup");
            let child = cmd
                .stdin(Stdio::from(std::os::fd::OwnedFd::from(theirs)))
                .stdout(Stdio::from(std::os::fd::OwnedFd::from(theirs_out)))
                .spawn()
                .expect("spawn readcov lsp");
            ours.set_nonblocking(true).expect("nonblocking");
            let (read, write) = tokio::net::UnixStream::from_std(ours)
                .expect("tokio socket")
                .into_split();
            (child, Client::new(read, write))
        }
    }
}

async fn flask_session(stdio: Transport) {
    let src = real_data().join("sources/pallets__flask-5014/src/flask/blueprints.py");
    let text = std::fs::read_to_string(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("canonical");
    std::fs::create_dir_all(root.join("src/flask")).unwrap();
    std::fs::write(root.join("src/flask/blueprints.py"), &text).unwrap();
    // Gold: lines 190–195, the hunk of the real flask-5014 gold patch (`@@ -190,6`); reads 190–192.
    std::fs::write(root.join("gold.jsonl"), "{\"task\":\"flask-5014\",\"path\":\"src/flask/blueprints.py\",\"start\":190,\"end\":195}\n").unwrap();
    std::fs::write(
        root.join("reads.jsonl"),
        "{\"task\":\"flask-5014\",\"run\":\"openhands\",\"path\":\"src/flask/blueprints.py\",\"start\":190,\"end\":192,\"tool\":\"str_replace_editor\"}\n",
    )
    .unwrap();

    let (mut child, client) = spawn(stdio).await;
    let init = client
        .initialize(
            &root,
            json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"]}),
            json!({}),
        )
        .await;
    assert_eq!(init["serverInfo"]["name"], "readcov");
    assert_eq!(
        init["capabilities"]["executeCommandProvider"]["commands"][0],
        "readcov.widen"
    );

    let uri = file_uri(&root.join("src/flask/blueprints.py"));
    let mark = client.mark();
    client.open(&uri, &text).await;
    let diags = client.diagnostics_after(mark, &uri).await;
    assert_eq!(
        diags[0]["message"],
        "gold lines 190–195: 3/6 read (50%) — at or above 50%"
    );
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(states["coverage"], 0.5);
    let sum = client.request("readcov/summary", json!({})).await;
    assert_eq!(sum["rows"][0]["task"], "flask-5014");
    assert_eq!(sum["rows"][0]["passesThreshold"], true);

    client.shutdown().await;
    let status = tokio::time::timeout(client::WAIT, child.wait())
        .await
        .expect("exits after `exit`")
        .expect("status");
    assert!(status.success(), "{status:?}");
}
