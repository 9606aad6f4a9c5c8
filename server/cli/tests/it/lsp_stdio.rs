//! End to end: starts the real `readcov lsp` binary and talks JSON-RPC over its stdio, on a
//! workspace built from the real agent data (`tests/data/real`): a source file at its base
//! commit, a gold span, and reads.

use crate::lsp_client as client;

use crate::common::{copy_dir, readcov_ok, real_data};
use client::{file_uri, Client};
use serde_json::{json, Value};
use std::path::Path;
use std::process::Stdio;

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

/// The flask-5014 workspace: the source at its base commit, gold, reads. Returns the temp dir
/// (kept alive by the caller), its canonical root and the source text.
fn flask_workspace() -> (tempfile::TempDir, std::path::PathBuf, String) {
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
    (dir, root, text)
}

async fn flask_session(stdio: Transport) {
    let (_dir, root, text) = flask_workspace();
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

/// `goldDefinition` picks the gold the server shows, through the real binary: the flask-5014
/// SWE-bench row as `edit` gold (the insertion anchors 192–193), then `units` (the enclosing
/// `Blueprint.__init__`, 172–206), then a named entry (`NAME=FILE`). The same reads (190–192)
/// cover 1/2, then 3/35, then 2/2 of the file's gold.
#[tokio::test]
async fn gold_definition_changes_the_figure() {
    let (_dir, root, text) = flask_workspace();
    let row = std::fs::read_to_string(real_data().join("gold.jsonl"))
        .unwrap()
        .lines()
        .find(|l| l.contains("\"pallets__flask-5014\""))
        .unwrap()
        .to_string();
    std::fs::write(root.join("rows.jsonl"), row + "\n").unwrap();
    std::fs::write(
        root.join("reads.jsonl"),
        "{\"task\":\"pallets__flask-5014\",\"run\":\"r\",\"path\":\"src/flask/blueprints.py\",\"start\":190,\"end\":192}\n",
    )
    .unwrap();
    std::fs::write(
        root.join("mine.jsonl"),
        "{\"task\":\"pallets__flask-5014\",\"path\":\"src/flask/blueprints.py\",\"start\":191,\"end\":192}\n",
    )
    .unwrap();
    let (mut child, client) = spawn(Transport::Pipes).await;
    let options = json!({"gold": ["rows.jsonl"], "reads": ["reads.jsonl"],
                         "task": "pallets__flask-5014", "goldDefinition": "edit"});
    client.initialize(&root, options, json!({})).await;
    let uri = file_uri(&root.join("src/flask/blueprints.py"));
    let mark = client.mark();
    client.open(&uri, &text).await;
    let diags = client.diagnostics_after(mark, &uri).await;
    assert_eq!(
        diags[0]["message"],
        "gold lines 192–193: 1/2 read (50%) — at or above 50%"
    );
    assert_eq!(coverage(&client, &uri).await, (0.5, json!(2)));
    // Units: the whole method, 35 lines, of which the reads cover 3 — one diagnostic, though
    // `units` gives it as three adjacent spans (172–191, 192–193, 194–206). 3/35 = 8.6% reads
    // "9%" as the CLI prints it (floored to "8%" before session 35).
    configure(
        &client,
        &uri,
        json!({"goldDefinition": "units"}),
        "gold lines 172–206: 3/35 read (9%) — below 50%",
    )
    .await;
    let (cov, lines) = coverage(&client, &uri).await;
    assert_eq!(lines, json!(35));
    assert!((cov - 3.0 / 35.0).abs() < 1e-9, "{cov}");
    // A named entry: only that file, as given.
    configure(
        &client,
        &uri,
        json!({"gold": ["patch=rows.jsonl", "mine=mine.jsonl"], "goldDefinition": "mine"}),
        "gold lines 191–192: 2/2 read (100%) — at or above 50%",
    )
    .await;
    assert_eq!(coverage(&client, &uri).await, (1.0, json!(2)));
    client.shutdown().await;
    let status = tokio::time::timeout(client::WAIT, child.wait())
        .await
        .expect("exits")
        .expect("status");
    assert!(status.success(), "{status:?}");
}

/// The file's gold coverage and gold line count (`readcov/lineStates`).
async fn coverage(client: &Client, uri: &str) -> (f64, Value) {
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    (
        states["coverage"].as_f64().unwrap(),
        states["goldLines"].clone(),
    )
}

/// Sends `settings` as `workspace/didChangeConfiguration` and waits for diagnostics of `uri`
/// that carry `message` (a publish from before the reload does not count).
async fn configure(client: &Client, uri: &str, settings: Value, message: &str) {
    let mark = client.mark();
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"readcov": settings}}),
        )
        .await;
    client
        .wait_for(mark, "textDocument/publishDiagnostics", |p| {
            p["uri"] == uri
                && p["diagnostics"]
                    .as_array()
                    .is_some_and(|d| d.iter().any(|d| d["message"] == message))
        })
        .await;
}

const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;

/// `body` behind a correct `Content-Length` header.
fn framed(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// Issue 21: every bad frame is answered (`-32700`/`-32600`, `-32601` for a `$/` request) and
/// the real binary, over pipes, keeps serving: the hover after each one is answered correctly.
#[tokio::test]
async fn readcov_lsp_answers_bad_frames_and_keeps_serving() {
    let (_dir, root, text) = flask_workspace();
    let (mut child, client) = spawn(Transport::Pipes).await;
    client
        .initialize(
            &root,
            json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"]}),
            json!({}),
        )
        .await;
    let uri = file_uri(&root.join("src/flask/blueprints.py"));
    let mark = client.mark();
    client.open(&uri, &text).await;
    client.diagnostics_after(mark, &uri).await;

    let hover = br#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"#;
    let cases: Vec<(&str, Vec<u8>, Value, i64)> = vec![
        ("truncated body", framed(hover), Value::Null, PARSE_ERROR),
        ("not JSON", framed(b"hello"), Value::Null, PARSE_ERROR),
        ("invalid UTF-8", framed(b"{\"jsonrpc\":\"2.0\",\"method\":\"\xff\xfe\"}"), Value::Null, PARSE_ERROR),
        ("empty body", framed(b""), Value::Null, PARSE_ERROR),
        ("[]", framed(b"[]"), Value::Null, INVALID_REQUEST),
        ("42", framed(b"42"), Value::Null, INVALID_REQUEST),
        ("{}", framed(b"{}"), Value::Null, INVALID_REQUEST),
        ("jsonrpc 1.0", framed(br#"{"jsonrpc":"1.0","id":9001,"method":"textDocument/hover"}"#), json!(9001), INVALID_REQUEST),
        ("no jsonrpc", framed(br#"{"id":9002,"method":"textDocument/hover"}"#), json!(9002), INVALID_REQUEST),
        ("object id", framed(br#"{"jsonrpc":"2.0","id":{"a":1},"method":"textDocument/hover"}"#), Value::Null, INVALID_REQUEST),
        ("float id", framed(br#"{"jsonrpc":"2.0","id":1.5,"method":"textDocument/hover"}"#), Value::Null, INVALID_REQUEST),
        ("numeric method", framed(br#"{"jsonrpc":"2.0","id":9003,"method":42}"#), json!(9003), INVALID_REQUEST),
        ("Content-Length: abc", b"Content-Length: abc\r\n\r\n{}".to_vec(), Value::Null, PARSE_ERROR),
        ("no Content-Length", b"Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}".to_vec(), Value::Null, PARSE_ERROR),
        // Announces 10 000 bytes, sends 20: the next frame's header (at a line start) ends it.
        ("body shorter than announced", b"Content-Length: 10000\r\n\r\n{\"jsonrpc\":\"2.0\",\r\n".to_vec(), Value::Null, PARSE_ERROR),
        ("garbage between frames", b"}}]] not a frame\r\n\r\n".to_vec(), Value::Null, PARSE_ERROR),
        ("$/ request", framed(br#"{"jsonrpc":"2.0","id":9004,"method":"$/unknownThing"}"#), json!(9004), METHOD_NOT_FOUND),
    ];
    let (before, count) = (client.mark(), cases.len());
    for (name, bytes, id, code) in cases {
        let mark = client.mark();
        client.send_raw(&bytes).await;
        // The hover is sent at once: a body cut short is only known as such when the next
        // header arrives.
        let h = client
            .request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": {"line": 189, "character": 0}}),
            )
            .await;
        let shown = h["contents"]["value"].as_str().unwrap_or("");
        assert!(
            shown.contains("run `openhands`, lines 190–192"),
            "{name}: the hover after it: {h}"
        );
        let answer = client.stray_response(mark).await;
        assert_eq!(answer["error"]["code"], code, "{name}: {answer}");
        assert_eq!(answer["id"], id, "{name}: {answer}");
        assert!(
            child.try_wait().expect("status").is_none(),
            "{name}: the server exited"
        );
    }
    // A `$/` notification is not answered at all; each bad frame was answered exactly once.
    client.notify("$/cancelRequest", json!({"id": 12345})).await;
    client.request("readcov/summary", json!({})).await;
    let strays = client.inbox.lock().unwrap()[before..]
        .iter()
        .filter(|m| m.get("method").is_none())
        .count();
    assert_eq!(strays, count, "one answer per bad frame");

    client.shutdown().await;
    let status = tokio::time::timeout(client::WAIT, child.wait())
        .await
        .expect("exits after `exit`")
        .expect("status");
    assert!(status.success(), "{status:?}");
}

/// The real binary on the shipped run pylint-dev__pylint-4604, its trajectory imported by the
/// server: `readcov/explain` answers exactly what `readcov explain --format json` prints for the
/// same inputs, `readcov/tasks` lists the run, and the gold file nobody opened gets its
/// file-level diagnostic pushed without being opened.
#[tokio::test]
async fn explain_over_stdio_matches_the_cli_on_4604() {
    const TASK: &str = "pylint-dev__pylint-4604";
    let data = real_data();
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("ws");
    copy_dir(&data.join("sources").join(TASK), &root);
    let root = root.canonicalize().unwrap();
    let traj = root.join(format!("{TASK}.json"));
    std::fs::copy(data.join(format!("openhands/{TASK}.json")), &traj).unwrap();
    std::fs::copy(data.join("gold.jsonl"), root.join("swebench.jsonl")).unwrap();
    // The CLI side: gold outside the workspace, explain with it.
    let gold = dir.path().join("gold.jsonl");
    let s = |p: &Path| p.display().to_string();
    let cli = |args: &[&str]| readcov_ok(args).stdout;
    cli(&[
        "gold",
        "--from-swebench",
        &s(&data.join("gold.jsonl")),
        "-o",
        &s(&gold),
    ]);
    // The trajectory itself as `--reads`: its edits replayed on the workspace are the run's
    // change, as the server replays them.
    let want: serde_json::Value = serde_json::from_slice(&cli(&[
        "explain",
        "--gold",
        &s(&gold),
        "--reads",
        &s(&traj),
        "--workspace",
        &s(&root),
        "--task",
        TASK,
        "--format",
        "json",
    ]))
    .unwrap();

    let (mut child, client) = spawn(Transport::Pipes).await;
    let mark = client.mark();
    let opts = json!({"gold": ["swebench.jsonl"], "reads": [format!("{TASK}.json")], "task": TASK});
    client.initialize(&root, opts, json!({})).await;
    let constants = file_uri(&root.join("pylint/constants.py"));
    let diags = client.diagnostics_after(mark, &constants).await;
    assert_eq!(
        diags.last().map(|d| d["message"].clone()),
        Some(json!(
            "gold file never opened by run openhands (0/4 gold lines)"
        ))
    );
    let got = client
        .request("readcov/explain", json!({"task": TASK}))
        .await;
    assert_eq!(got, want);
    // The grep without `-n` of turn 39, placed by text since session 34 (before: the view at 1670).
    assert_eq!(got["files"][1]["spans"][0]["nearest_before"]["start"], 1826);
    // The stages (issue 37) ride in the payload, equal to the CLI's: search failed; the run's
    // change is its edits replayed (issue 38): it changed neither gold change unit and only
    // created a file of its own.
    assert_eq!(got["stages"]["verdict"], "search");
    assert_eq!(got["stages"]["change_source"], "replay");
    assert_eq!(got["stages"]["stages"]["search"]["opened_gold_files"], 1);
    assert_eq!(got["stages"]["stages"]["edit"]["recall"], 0.0);
    assert_eq!(
        got["stages"]["stages"]["edit"]["new_files"],
        json!(["reproduce_issue.py"])
    );
    // The overview (issue 38): the same figures, and where the agent read instead, with the
    // lines a click opens.
    let overview = client.request("readcov/overview", json!({})).await;
    assert_eq!(
        overview["title"],
        format!(
            "{TASK} · run openhands · 0% < 50% (0/6 gold lines) · file hit 1/2 · gold as given"
        )
    );
    let instead = &overview["groups"][1]["rows"][0];
    let other = &want["read_elsewhere"][0];
    assert_eq!(
        (instead["description"].clone(), instead["startLine"].clone()),
        (
            other["path"].clone(),
            json!(other["read"][0]["start"].as_u64().unwrap() - 1)
        )
    );
    assert!(
        (instead["label"].as_str().unwrap()).starts_with(&format!(
            "{} lines · turn {}",
            other["lines"], other["first_read_turn"]
        )),
        "{instead}"
    );
    let tasks = client.request("readcov/tasks", json!({})).await;
    assert_eq!(tasks["tasks"][0]["runs"][0]["run"], "openhands");
    assert_eq!(
        tasks["tasks"][0]["runs"][0]["line_coverage"],
        want["line_coverage"]
    );
    // The next unread gold span from the top of the never-opened file wraps to line 1828 of
    // variables.py; a non-gold line offers no code action (issue 24).
    let next = client
        .request(
            "readcov/nextUnread",
            json!({"textDocument": {"uri": constants}, "line": 20, "direction": "next"}),
        )
        .await;
    let variables = root.join("pylint/checkers/variables.py");
    assert_eq!(
        (next["uri"].clone(), next["startLine"].clone()),
        (json!(file_uri(&variables)), json!(1827))
    );
    let text = std::fs::read_to_string(&variables).unwrap();
    client
        .notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": file_uri(&variables), "languageId": "python", "version": 1, "text": text}}),
        )
        .await;
    let range = json!({"start": {"line": 99, "character": 0}, "end": {"line": 99, "character": 0}});
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": file_uri(&variables)}, "range": range, "context": {"diagnostics": []}}),
        )
        .await;
    assert_eq!(actions, json!([]));

    client.shutdown().await;
    let status = tokio::time::timeout(client::WAIT, child.wait())
        .await
        .expect("exits after `exit`")
        .expect("status");
    assert!(status.success(), "{status:?}");
}
