//! The task, not only the open file, in process: on the shipped real run
//! pylint-dev__pylint-4604 (OpenHands, unresolved; its trajectory imported on the fly, gold from
//! the SWE-bench rows) — diagnostics for both gold files, opened or not (pulled and pushed),
//! `readcov/explain`, `readcov/tasks`, the hover naming the nearest reads — and on a synthetic
//! task, the edits in `lineStates`.

use crate::common;
#[path = "task_explain/change.rs"]
mod change;
#[path = "task_explain/editor.rs"]
mod editor;
#[path = "task_explain/handcheck.rs"]
mod handcheck;
#[path = "task_explain/overview.rs"]
mod overview;
use common::{file_uri, in_process, Client};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

pub const TASK: &str = "pylint-dev__pylint-4604";
pub const VARIABLES: &str = "pylint/checkers/variables.py";
pub const CONSTANTS: &str = "pylint/constants.py";

/// The instance's files, its trajectory under `runs/` and the SWE-bench rows as gold.
pub fn workspace() -> (tempfile::TempDir, PathBuf) {
    let real = common::real_data();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::copy_dir(&real.join("sources").join(TASK), &root);
    std::fs::create_dir_all(root.join("runs")).unwrap();
    let traj = format!("openhands/{TASK}.json");
    std::fs::copy(real.join(&traj), root.join(format!("runs/{TASK}.json"))).unwrap();
    std::fs::copy(real.join("gold.jsonl"), root.join("swebench.jsonl")).unwrap();
    (dir, root)
}

pub fn options() -> Value {
    json!({"gold": ["swebench.jsonl"], "reads": [format!("runs/{TASK}.json")], "task": TASK})
}

/// A client that pulls diagnostics (and can be told to pull again): nothing is pushed to it.
fn pull_caps() -> Value {
    json!({"textDocument": {"diagnostic": {}}, "workspace": {"diagnostics": {"refreshSupport": true}}})
}

fn messages(items: &Value) -> Vec<String> {
    (items.as_array().unwrap().iter())
        .map(|d| d["message"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn workspace_pull_covers_every_gold_file_opened_or_not() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), pull_caps()).await;
    let caps_ok = client
        .call("workspace/diagnostic", json!({"previousResultIds": []}))
        .await;
    let items = caps_ok["result"]["items"]
        .as_array()
        .expect("a full report")
        .clone();
    let by_uri = |rel: &str| {
        let uri = file_uri(&root.join(rel));
        items
            .iter()
            .find(|i| i["uri"] == uri)
            .unwrap_or_else(|| panic!("{rel} missing: {items:?}"))
            .clone()
    };
    assert_eq!(items.len(), 2, "{items:?}");
    assert_eq!(
        messages(&by_uri(CONSTANTS)["items"]),
        [
            "gold lines 3–4: 0/2 read (0%) — below 50%",
            "gold lines 13–14: 0/2 read (0%) — below 50%",
            "gold file never opened by run openhands (0/4 gold lines)",
        ]
    );
    assert_eq!(
        messages(&by_uri(VARIABLES)["items"]),
        ["gold lines 1828–1829: 0/2 read (0%) — below 50%"]
    );
    // Opening a file changes nothing in what the workspace pull says about it.
    open(&client, &root, CONSTANTS).await;
    let again = client
        .request("workspace/diagnostic", json!({"previousResultIds": []}))
        .await;
    let uri = file_uri(&root.join(CONSTANTS));
    let opened = again["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["uri"] == uri)
        .unwrap()
        .clone();
    assert_eq!(messages(&opened["items"]).len(), 3);
    assert_eq!(opened["version"], 1);
    // …and the document pull of the open file carries the file-level diagnostic too.
    let doc = client
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    assert_eq!(
        messages(&doc["items"])[2],
        "gold file never opened by run openhands (0/4 gold lines)"
    );
}

#[tokio::test]
async fn clients_without_pull_get_pushed_diagnostics_for_unopened_gold_files() {
    let (_d, root) = workspace();
    let client = in_process();
    let mark = client.mark();
    client.initialize(&root, options(), json!({})).await;
    let diags = client
        .diagnostics_after(mark, &file_uri(&root.join(CONSTANTS)))
        .await;
    let last = diags.last().expect("diagnostics");
    assert_eq!(
        last["message"],
        "gold file never opened by run openhands (0/4 gold lines)"
    );
    assert_eq!(last["range"]["start"]["line"], 0);
    let diags = client
        .diagnostics_after(mark, &file_uri(&root.join(VARIABLES)))
        .await;
    assert_eq!(
        messages(&Value::Array(diags)),
        ["gold lines 1828–1829: 0/2 read (0%) — below 50%"]
    );
}

/// Sends `didChange` (`params`) and waits for the publication of the version it names: the event
/// that proves the server holds the edit, before its views are asked for.
pub async fn change_and_wait(client: &Client, params: Value) {
    let uri = params["textDocument"]["uri"].as_str().unwrap().to_string();
    let version = params["textDocument"]["version"].clone();
    let mark = client.mark();
    client.notify("textDocument/didChange", params).await;
    client
        .wait_for(mark, "textDocument/publishDiagnostics", |p| {
            p["uri"] == uri.as_str() && p["version"] == version
        })
        .await;
}

pub async fn open(client: &Client, root: &Path, rel: &str) -> String {
    let uri = file_uri(&root.join(rel));
    let text = std::fs::read_to_string(root.join(rel)).unwrap();
    client.open(&uri, &text).await;
    uri
}

#[tokio::test]
async fn explain_and_tasks_requests() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), json!({})).await;
    let tasks = client.request("readcov/tasks", json!({})).await;
    assert_eq!(tasks["selected"], json!({"task": TASK, "run": "openhands"}));
    let t = &tasks["tasks"][0];
    assert_eq!(
        (
            t["task"].as_str(),
            t["gold_files"].as_u64(),
            t["gold_lines"].as_u64()
        ),
        (Some(TASK), Some(2), Some(6))
    );
    let run = &t["runs"][0];
    assert_eq!(
        (run["run"].as_str(), run["verdict"].as_str()),
        (Some("openhands"), Some("below"))
    );
    assert_eq!(
        (run["file_hit"].as_f64(), run["line_coverage"].as_f64()),
        (Some(0.5), Some(0.0))
    );

    // No parameters: the selected task and run.
    let e = client.request("readcov/explain", json!({})).await;
    assert_eq!(
        (e["task"].as_str(), e["run"].as_str()),
        (Some(TASK), Some("openhands"))
    );
    assert_eq!(
        (
            e["files"][0]["path"].as_str(),
            e["files"][0]["opened"].as_bool()
        ),
        (Some(CONSTANTS), Some(false))
    );
    let span = &e["files"][1]["spans"][0];
    assert_eq!(span["unit"]["name"], "_store_type_annotation_node");
    assert_eq!(
        (
            span["nearest_before"]["start"].as_u64(),
            span["nearest_before"]["turn"].as_u64()
        ),
        (Some(1826), Some(39))
    );
    assert_eq!(
        (
            span["nearest_after"]["start"].as_u64(),
            span["nearest_after"]["turn"].as_u64()
        ),
        (Some(1837), Some(39))
    );
    let same = client
        .request("readcov/explain", json!({"task": TASK, "run": "openhands"}))
        .await;
    assert_eq!(same, e);
    // A run the task does not have: InvalidParams naming the runs it has.
    let bad = client
        .call("readcov/explain", json!({"task": TASK, "run": "nope"}))
        .await;
    assert_eq!(bad["error"]["code"], -32602);
    assert!(
        bad["error"]["message"]
            .as_str()
            .unwrap()
            .contains("has no run `nope` (runs: openhands)"),
        "{bad}"
    );
    let bad = client.call("readcov/explain", json!({"task": 7})).await;
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
}

#[tokio::test]
async fn hover_on_an_unread_gold_line_names_the_nearest_reads() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), json!({})).await;
    let uri = open(&client, &root, VARIABLES).await;
    let hover = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 1827, "character": 0}}),
        )
        .await;
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("no read covered this line (line 1828 on disk)"),
        "{text}"
    );
    assert!(
        text.contains("Gold line 1828 was never read. Nearest reads of this file:"),
        "{text}"
    );
    assert!(
        text.contains("- before: lines 1826–1826, turn 39, tool `execute_bash`"),
        "{text}"
    );
    assert!(
        text.contains("- after: lines 1837–1837, turn 39, tool `execute_bash`"),
        "{text}"
    );
    // 1826 and 1837 were shown by turn 39's `grep -r` without -n (placed by text since session 34).
    assert!(text.contains("never read: lines 1827–1836"), "{text}");
    // A line that is not gold keeps the plain hover.
    let plain = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 1799, "character": 0}}),
        )
        .await;
    assert!(
        !plain["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("Nearest"),
        "{plain}"
    );
}

#[tokio::test]
async fn line_states_carry_the_agents_edits() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let text: String = (1..=30).map(|i| format!("x{i} = {i}\n")).collect();
    std::fs::write(root.join("a.py"), &text).unwrap();
    std::fs::write(
        root.join("gold.jsonl"),
        "{\"task\":\"t\",\"path\":\"a.py\",\"start\":10,\"end\":19}\n",
    )
    .unwrap();
    std::fs::write(
        root.join("reads.jsonl"),
        concat!(
            "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":10,\"end\":14,\"turn\":2}\n",
            "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":16,\"end\":16,\"turn\":3,\"kind\":\"edit\"}\n",
            "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":12,\"end\":12,\"turn\":4,\"kind\":\"edit\"}\n",
        ),
    )
    .unwrap();
    let client = in_process();
    client
        .initialize(
            &root,
            json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"]}),
            json!({}),
        )
        .await;
    let uri = file_uri(&root.join("a.py"));
    client.open(&uri, &text).await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(
        states["edits"],
        json!([
            {"startLine": 15, "endLine": 15, "turn": 3, "goldLines": 1, "beforeReading": true},
            {"startLine": 11, "endLine": 11, "turn": 4, "goldLines": 1, "beforeReading": false},
        ])
    );
    // Two lines inserted at the top move the edits with the text.
    client
        .notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": 2},
                   "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "a\nb\n"}]}),
        )
        .await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(states["edits"][0]["startLine"], 17);
}
