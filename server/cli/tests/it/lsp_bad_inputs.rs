//! The language server's bad-input catalogue (`tests/bad_inputs/lsp.toml`), against the real
//! `readcov lsp` binary over pipes. `readcov lsp` starts in whatever folder an editor opens, so
//! the repository's `readcov.toml` and files are untrusted input. Each case sets up a workspace
//! (a `readcov.toml`, extra files, FIFOs), starts the server, takes a few steps and checks: every
//! request answered, the stated problems logged, the stated figures still shown, the stated
//! files byte for byte and mode unchanged, and `shutdown` + `exit` ending the process with
//! status 0.

use crate::common::spawn_lsp;
use crate::lsp_client::{file_uri, Client, WAIT};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Manifest {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    about: String,
    /// `readcov.toml` at the workspace root.
    toml: String,
    /// Bytes of a comment line added to `readcov.toml` (a file over the 1 MiB it may hold).
    toml_pad: Option<usize>,
    /// Extra files: workspace path → content (`../NAME`: beside the workspace, outside it).
    #[serde(default)]
    files: BTreeMap<String, String>,
    /// Workspace paths made FIFOs before the server starts.
    #[serde(default)]
    fifos: Vec<String>,
    /// Symlinks made before the server starts: workspace path → target (as written).
    #[serde(default)]
    symlinks: BTreeMap<String, String>,
    /// Workspace paths given mode 0755 before the server starts (to see a rewrite drop it).
    #[serde(default)]
    executable: Vec<String>,
    /// After `initialize` and opening `src/app.py`, in order: `widen` (executeCommand
    /// `readcov.widen` of lines 1–2), `record` (`readcov/recordRead` of lines 3–4), `clear`
    /// (`readcov.clearWhatIf`), `swap-fifo:PATH` (PATH replaced by a FIFO, then the server is
    /// waited on until it says so), `full-same` / `ranged-same` (a full-text or a whole-document
    /// ranged `didChange` to the document's own text), `full-other` (a full-text change to
    /// another text).
    #[serde(default)]
    steps: Vec<String>,
    /// Each step's answer must contain the matching text (`ok`, or words of the error).
    #[serde(default)]
    answers: Vec<String>,
    /// Each must be part of one `window/logMessage`.
    #[serde(default)]
    logged: Vec<String>,
    /// `readcov/summary`: gold and covered lines of run `r`'s row, else of the row of a task
    /// nobody read (run `-`); no row: both 0.
    gold_lines: u64,
    covered_lines: u64,
    /// `readcov/lineStates` of `src/app.py` after the steps: its gold lines.
    doc_gold_lines: Option<u64>,
    /// Files (written by the case or the base workspace) byte for byte and mode unchanged.
    #[serde(default)]
    unchanged: Vec<String>,
    /// Files that must not exist at the end.
    #[serde(default)]
    absent: Vec<String>,
}

const APP_LINES: usize = 30;

fn catalogue() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/bad_inputs/lsp.toml")
}

fn app_text() -> String {
    (1..=APP_LINES).map(|i| format!("x{i} = {i}\n")).collect()
}

/// The base workspace: `src/app.py` (30 lines), gold lines 10–19 of task `t`, run `r` read
/// lines 10–12.
fn workspace(root: &Path, case: &Case) {
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::write(root.join("src/app.py"), app_text()).unwrap();
    std::fs::write(
        root.join("gold.jsonl"),
        "{\"task\":\"t\",\"path\":\"src/app.py\",\"start\":10,\"end\":19}\n",
    )
    .unwrap();
    std::fs::write(
        root.join("reads.jsonl"),
        "{\"task\":\"t\",\"run\":\"r\",\"path\":\"src/app.py\",\"start\":10,\"end\":12}\n",
    )
    .unwrap();
    let made_otherwise = |p: &str| p == "readcov.toml";
    if !case.fifos.iter().any(|f| made_otherwise(f))
        && !case.symlinks.keys().any(|f| made_otherwise(f))
    {
        let pad = case.toml_pad.map(|n| format!("\n#{}\n", "x".repeat(n)));
        std::fs::write(
            root.join("readcov.toml"),
            case.toml.clone() + &pad.unwrap_or_default(),
        )
        .unwrap();
    }
    for (path, text) in &case.files {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    for path in &case.fifos {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        mkfifo(&p);
    }
    for (path, target) in &case.symlinks {
        std::os::unix::fs::symlink(target, root.join(path)).unwrap();
    }
    for path in &case.executable {
        std::fs::set_permissions(root.join(path), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

fn mkfifo(p: &Path) {
    let ok = std::process::Command::new("mkfifo")
        .arg(p)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "mkfifo {} failed: install coreutils", p.display());
}

/// Bytes and mode of every file under `root` (FIFOs and folders left out).
fn snapshot(root: &Path, paths: &[String]) -> BTreeMap<String, Option<(Vec<u8>, u32)>> {
    paths
        .iter()
        .map(|p| {
            let f = root.join(p);
            let got = std::fs::symlink_metadata(&f)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| (std::fs::read(&f).unwrap(), m.permissions().mode()));
            (p.clone(), got)
        })
        .collect()
}

/// Runs one step; returns its answer (`ok` or the error's words).
async fn step(client: &Client, root: &Path, uri: &str, text: &str, s: &str) -> String {
    let answer = |resp: Value| match resp.get("error") {
        Some(e) => format!("error {}", e["message"].as_str().unwrap_or("")),
        None => "ok".to_string(),
    };
    match s {
        "widen" => answer(
            client
                .call(
                    "workspace/executeCommand",
                    json!({"command": "readcov.widen",
                           "arguments": [{"uri": uri, "startLine": 0, "endLine": 1}]}),
                )
                .await,
        ),
        "clear" => answer(
            client
                .call(
                    "workspace/executeCommand",
                    json!({"command": "readcov.clearWhatIf", "arguments": []}),
                )
                .await,
        ),
        "record" => {
            let mark = client.mark();
            client
                .notify(
                    "readcov/recordRead",
                    json!({"uri": uri, "startLine": 2, "endLine": 3, "source": "human"}),
                )
                .await;
            // Recorded: the document is re-published; refused: the reason is logged.
            let m = client
                .wait_for_any(mark, |m| {
                    m["method"] == "textDocument/publishDiagnostics"
                        || (m["method"] == "window/logMessage"
                            && m["params"]["message"]
                                .as_str()
                                .is_some_and(|t| t.contains("read log")))
                })
                .await;
            match m["method"].as_str() {
                Some("window/logMessage") => {
                    format!("error {}", m["params"]["message"].as_str().unwrap_or(""))
                }
                _ => "ok".into(),
            }
        }
        "full-same" | "full-other" | "ranged-same" => {
            let new = if s == "full-other" {
                "something else\n".to_string()
            } else {
                text.to_string()
            };
            let change = if s == "ranged-same" {
                json!({"range": {"start": {"line": 0, "character": 0},
                                 "end": {"line": APP_LINES, "character": 0}}, "text": new})
            } else {
                json!({"text": new})
            };
            let v = client.next_version();
            client
                .edit(
                    json!({"textDocument": {"uri": uri, "version": v}, "contentChanges": [change]}),
                )
                .await;
            "ok".into()
        }
        other => match other.strip_prefix("swap-fifo:") {
            Some(path) => {
                let mark = client.mark();
                let p = root.join(path);
                std::fs::remove_file(&p).unwrap();
                mkfifo(&p);
                let m = client
                    .wait_for(mark, "window/logMessage", |p| {
                        p["message"]
                            .as_str()
                            .is_some_and(|t| t.contains(path) && t.contains("not a regular file"))
                    })
                    .await;
                format!("said {}", m["params"]["message"].as_str().unwrap_or(""))
            }
            None => panic!("unknown step {other}"),
        },
    }
}

/// Runs one case through the real binary; returns what went wrong.
async fn check(case: &Case) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    // The workspace is a folder of its own, so a case can put files beside it (outside it).
    let root = dir.path().canonicalize().unwrap().join("ws");
    std::fs::create_dir(&root).unwrap();
    workspace(&root, case);
    let watched: Vec<String> = ["gold.jsonl", "reads.jsonl", "src/app.py", "readcov.toml"]
        .iter()
        .map(|s| s.to_string())
        .chain(case.files.keys().cloned())
        .chain(case.unchanged.iter().cloned())
        .collect();
    let before = snapshot(&root, &watched);
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(&root);
    });
    let client = Client::new(out, input);
    let mut bad = Vec::new();
    // Every call below fails the test (a panic) after `WAIT` without an answer.
    client.initialize(&root, json!({}), json!({})).await;
    let uri = file_uri(&root.join("src/app.py"));
    let text = app_text();
    let mark = client.mark();
    client.open(&uri, &text).await;
    client.diagnostics_after(mark, &uri).await;
    for (i, s) in case.steps.iter().enumerate() {
        let got = step(&client, &root, &uri, &text, s).await;
        match case.answers.get(i) {
            Some(want) if !got.contains(want.as_str()) => {
                bad.push(format!("step {s}: answered {got:?} (want {want:?})"))
            }
            _ => {}
        }
    }
    for want in &case.logged {
        if !client.logged(want).await {
            bad.push(format!("nothing logged containing {want:?}"));
        }
    }
    let summary = client.request("readcov/summary", json!({})).await;
    let row = summary["rows"]
        .as_array()
        .and_then(|rows| {
            let run = |name: &str| rows.iter().find(|r| r["run"] == name).cloned();
            run("r").or_else(|| run("-"))
        })
        .unwrap_or_default();
    let got = (
        row["goldLines"].as_u64().unwrap_or(0),
        row["coveredLines"].as_u64().unwrap_or(0),
    );
    if got != (case.gold_lines, case.covered_lines) {
        bad.push(format!(
            "summary (gold, covered) {got:?} (want {:?}): {summary}",
            (case.gold_lines, case.covered_lines)
        ));
    }
    client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 10, "character": 0}}),
        )
        .await;
    if let Some(want) = case.doc_gold_lines {
        let s = client
            .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
            .await;
        if s["goldLines"].as_u64() != Some(want) {
            bad.push(format!(
                "lineStates goldLines {} (want {want})",
                s["goldLines"]
            ));
        }
    }
    client.shutdown().await;
    match tokio::time::timeout(WAIT, child.wait()).await {
        Ok(Ok(status)) if status.success() => {}
        Ok(status) => bad.push(format!("exit: {status:?}")),
        Err(_) => bad.push(format!("the process did not end within {WAIT:?} of `exit`")),
    }
    let after = snapshot(&root, &watched);
    for p in &case.unchanged {
        if before.get(p) != after.get(p) {
            let mode = |s: &BTreeMap<String, Option<(Vec<u8>, u32)>>| {
                s.get(p)
                    .cloned()
                    .flatten()
                    .map(|(b, m)| (b.len(), format!("{m:o}")))
            };
            bad.push(format!(
                "{p} changed: (bytes, mode) {:?} -> {:?}",
                mode(&before),
                mode(&after)
            ));
        }
    }
    for p in &case.absent {
        if std::fs::symlink_metadata(root.join(p)).is_ok() {
            bad.push(format!("{p} exists"));
        }
    }
    if !bad.is_empty() {
        bad.insert(0, format!("{} ({}):", case.name, case.about));
    }
    bad
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lsp_bad_input_catalogue() {
    let text = std::fs::read_to_string(catalogue()).expect("tests/bad_inputs/lsp.toml is missing");
    let manifest: Manifest = toml::from_str(&text).expect("lsp.toml parses");
    let names: std::collections::BTreeSet<_> =
        manifest.case.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), manifest.case.len(), "case names are unique");
    let mut failures = Vec::new();
    for case in &manifest.case {
        failures.extend(check(case).await);
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
