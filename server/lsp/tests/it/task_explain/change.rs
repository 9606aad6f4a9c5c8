//! The change layer in process (issue 38 item 2) on the shipped run pylint-dev__pylint-4604: the
//! server replays the trajectory's edits as `readcov diagnose` does (`change_source: replay`);
//! the run changed no base file, only created `reproduce_issue.py`, so the layer holds the
//! gold's changed lines alone, the verdict stays `search`, and each gold change unit comes with
//! its text after the gold patch beside the run's (the base text: the run left it alone).

use super::{open, options, workspace, CONSTANTS, VARIABLES};
use crate::common::{in_process, Client};
use serde_json::{json, Value};

/// Opens `rel` and waits for the publication of the opened document (version 1): the event
/// that proves the server holds it, before its line states are asked for.
async fn open_viewed(client: &Client, root: &std::path::Path, rel: &str) -> String {
    let mark = client.mark();
    let uri = open(client, root, rel).await;
    client
        .wait_for(mark, "textDocument/publishDiagnostics", |p| {
            p["uri"] == uri.as_str() && p["version"] == 1
        })
        .await;
    uri
}

#[tokio::test]
async fn the_change_layer_of_4604_holds_the_golds_lines_and_follows_edits() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), json!({})).await;
    let e = client.request("readcov/explain", json!({})).await;
    assert_eq!(e["stages"]["change_source"], "replay");
    assert_eq!(e["stages"]["verdict"], "search");

    let uri = open_viewed(&client, &root, VARIABLES).await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    let c = &states["change"];
    assert_eq!(c["status"], "failed at search", "{c}");
    assert_eq!(c["reason"], e["stages"]["reason"]);
    assert_eq!(c["source"], "replay");
    assert_eq!(c["gold"], json!([{"startLine": 1827, "endLine": 1828}]));
    assert_eq!(
        (c["run"].clone(), c["runKnown"].clone()),
        (json!([]), json!(true))
    );
    assert_eq!(
        c["text"],
        "gold changes 1828–1829 · this run changed nothing here"
    );

    // Two lines put on top: the layer moves with the text, as the gold does.
    let insert = json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "#\n#\n"}]});
    super::change_and_wait(&client, insert).await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(
        states["change"]["gold"],
        json!([{"startLine": 1829, "endLine": 1830}])
    );

    // The overview: verdict and reason, the summary, a row per gold change unit with both texts.
    let o = client.request("readcov/overview", json!({})).await;
    assert_eq!(
        o["change"]["text"],
        format!(
            "failed at search: {}",
            e["stages"]["reason"].as_str().unwrap()
        )
    );
    let g = (o["groups"].as_array().unwrap().iter())
        .find(|g| g["id"] == "change")
        .unwrap();
    let rows: Vec<(Value, Value, Value)> = (g["rows"].as_array().unwrap().iter())
        .map(|r| {
            (
                r["kind"].clone(),
                r["label"].clone(),
                r["description"].clone(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (
                json!("change-missed"),
                json!("not changed by the run"),
                json!(format!("method _store_type_annotation_node · {VARIABLES}"))
            ),
            (
                json!("change-missed"),
                json!("not changed by the run"),
                json!(format!("module <module> · {CONSTANTS}"))
            ),
            (
                json!("change-new"),
                json!("created by the run (not at the base)"),
                json!("reproduce_issue.py")
            ),
        ]
    );
    // The method row opens the unit where it is now (two lines down), and its diff is the gold's
    // text against the base text, which the run left as it was.
    let m = &g["rows"][0];
    assert_eq!(
        (m["startLine"].clone(), m["endLine"].clone()),
        (json!(1824), json!(1844))
    );
    let base = std::fs::read_to_string(root.join(VARIABLES)).unwrap();
    let unit: Vec<&str> = base.lines().skip(1822).take(21).collect();
    assert_eq!(m["diff"]["agentText"], json!(unit.join("\n")));
    let gold = m["diff"]["goldText"].as_str().unwrap();
    assert_ne!(gold, unit.join("\n"));
    assert!(m["diff"]["title"]
        .as_str()
        .unwrap()
        .starts_with("_store_type_annotation_node ("));
    assert_eq!(
        g["description"],
        "gold changes 6 line(s) in 2 file(s) · this run changed 0 line(s) in 0 file(s) (from replay)"
    );
    assert_eq!(o["change"]["summary"], g["description"]);
    // The never-opened gold file's layer: the gold's lines there.
    let uri = open_viewed(&client, &root, CONSTANTS).await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(
        states["change"]["text"],
        "gold changes 3–4, 13–14 · this run changed nothing here"
    );
}

#[tokio::test]
async fn without_a_gold_patch_or_a_change_there_is_no_layer() {
    // The editor fixture's kind of input: gold JSONL (no patch) and reads JSONL (no change).
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("a.py"), "def f():\n    return 1\n").unwrap();
    std::fs::write(
        root.join("gold.jsonl"),
        "{\"task\": \"t\", \"path\": \"a.py\", \"start\": 2, \"end\": 2}\n",
    )
    .unwrap();
    std::fs::write(
        root.join("reads.jsonl"),
        "{\"task\": \"t\", \"run\": \"r\", \"path\": \"a.py\", \"start\": 1, \"end\": 2}\n",
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
    let uri = open_viewed(&client, &root, "a.py").await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(states["coverage"], json!(1.0));
    assert_eq!(states["change"], Value::Null);
    let o = client.request("readcov/overview", json!({})).await;
    assert_eq!(o["change"], Value::Null);
    assert!(!(o["groups"].as_array().unwrap().iter()).any(|g| g["id"] == "change"));
}
