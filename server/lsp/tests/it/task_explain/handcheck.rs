//! What the session-33 hand check of the editor views on the shipped real runs found wrong
//! (docs/editors.md "Checked by hand on the shipped real runs"): after an edit above the gold,
//! every line number a view says is where the view draws it; the overview names the test files a
//! run changed, which the stages and the layer leave out.

use super::{open, options, workspace, VARIABLES};
use crate::common::{self, in_process};
use serde_json::{json, Value};

fn group<'a>(o: &'a Value, id: &str) -> &'a Value {
    (o["groups"].as_array().unwrap().iter())
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("no group {id}: {o}"))
}

#[tokio::test]
async fn after_an_edit_above_the_gold_the_texts_name_the_lines_drawn() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), json!({})).await;
    let uri = open(&client, &root, VARIABLES).await;
    // Two lines typed above the method (at line 1800): everything below moves down by two.
    let insert = json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 1799, "character": 0}, "end": {"line": 1799, "character": 0}}, "text": "#\n#\n"}]});
    super::change_and_wait(&client, insert).await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    let c = &states["change"];
    assert_eq!(c["gold"], json!([{"startLine": 1829, "endLine": 1830}]));
    // The status tooltip's text said the disk lines 1828–1829 beside a layer drawn on 1830–1831.
    assert_eq!(
        c["text"],
        "gold changes 1830–1831 · this run changed nothing here"
    );

    let o = client.request("readcov/overview", json!({})).await;
    let file = (group(&o, "gold")["rows"].as_array().unwrap().iter())
        .find(|r| r["path"] == VARIABLES)
        .unwrap();
    let unread = &file["children"][0];
    assert_eq!(
        (unread["startLine"].clone(), unread["endLine"].clone()),
        (json!(1829), json!(1830))
    );
    // The row said `unread 1830–1831 · 0/2 of gold 1828–1829`; the nearest reads (turn 39's grep
    // showed disk lines 1826 and 1837) are painted on 1828 and 1839, both below the edit.
    assert_eq!(unread["label"], "unread 1830–1831 · 0/2 of gold 1830–1831");
    assert_eq!(
        unread["description"],
        format!("method _store_type_annotation_node · nearest reads 1828 (turn 39) / 1839 (turn 39) · {VARIABLES}")
    );
    let tip = unread["tooltip"].as_str().unwrap();
    assert!(
        tip.contains("(gold lines 1830–1831, 0/2 read)")
            && tip.contains("in method _store_type_annotation_node (lines 1825–1845)"),
        "{tip}"
    );
    // Hover names disk lines (docs/lsp.md), and says so when a read covered the line too.
    let hover = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 1951, "character": 0}}),
        )
        .await;
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("readcov: 1 read(s) covered line 1950 on disk\n"),
        "{text}"
    );
    let unit = &group(&o, "change")["rows"][0];
    assert_eq!(
        unit["tooltip"],
        "gold changes 1830–1831 · this run changed nothing here · not changed by the run"
    );
}

#[tokio::test]
async fn the_overview_names_the_test_files_the_run_changed() {
    // psf__requests-1766: the run fixed `requests/auth.py`, created `reproduce_qop.py` and the test
    // file `test_digest_server.py`, and changed `test_requests.py` (turns 19 and 20).
    let task = "psf__requests-1766";
    let real = common::real_data();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::copy_dir(&real.join("sources").join(task), &root);
    std::fs::create_dir_all(root.join("runs")).unwrap();
    let traj = format!("runs/{task}.json");
    std::fs::copy(
        real.join(format!("openhands/{task}.json")),
        root.join(&traj),
    )
    .unwrap();
    std::fs::copy(real.join("gold.jsonl"), root.join("swebench.jsonl")).unwrap();
    let client = in_process();
    let opts = json!({"gold": ["swebench.jsonl"], "reads": [traj], "task": task});
    client.initialize(&root, opts, json!({})).await;
    let o = client.request("readcov/overview", json!({})).await;
    let g = group(&o, "change");
    let rows: Vec<(Value, Value)> = (g["rows"].as_array().unwrap().iter())
        .map(|r| (r["kind"].clone(), r["description"].clone()))
        .collect();
    assert_eq!(
        rows,
        [
            (
                json!("change-unit"),
                json!("method build_digest_header · requests/auth.py")
            ),
            (json!("change-new"), json!("reproduce_qop.py")),
            (json!("change-test"), json!("test_digest_server.py")),
            (json!("change-test"), json!("test_requests.py")),
        ]
    );
    assert_eq!(
        g["description"],
        "gold changes 1 line(s) in 1 file(s) · this run changed 1 line(s) in 1 file(s) (from replay) · 2 test file(s) aside"
    );
}

#[tokio::test]
async fn gold_as_given_from_a_patch_with_offsets_is_where_the_change_layer_draws_it() {
    // sphinx-doc__sphinx-7462: `git apply` puts the hunk of `sphinx/domains/python.py` 9 lines
    // below its stated 108–112 (tests/data/real/offset-patches/MANIFEST: deleted lines 117–121).
    // The gold as given was painted on 108–112, the change layer of the same file on 117–121.
    let task = "sphinx-doc__sphinx-7462";
    let offsets = common::real_data().join("offset-patches");
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::copy_dir(&offsets.join("sources").join(task), &root);
    std::fs::copy(offsets.join("gold.jsonl"), root.join("swebench.jsonl")).unwrap();
    let client = in_process();
    let opts = json!({"gold": ["swebench.jsonl"], "task": task});
    client.initialize(&root, opts, json!({})).await;
    let uri = open(&client, &root, "sphinx/domains/python.py").await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    let gold: Vec<(Value, Value)> = (states["ranges"].as_array().unwrap().iter())
        .map(|r| (r["startLine"].clone(), r["state"].clone()))
        .collect();
    assert_eq!(gold, [(json!(116), json!("gold-unread"))], "{states}");
    assert_eq!(states["ranges"][0]["endLine"], 120);
    assert_eq!(
        states["change"]["gold"],
        json!([{"startLine": 116, "endLine": 120}])
    );
    let d = client
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let spans: Vec<&str> = (d["items"].as_array().unwrap().iter())
        .filter_map(|x| x["message"].as_str())
        .filter(|m| m.starts_with("gold lines"))
        .collect();
    assert_eq!(spans, ["gold lines 117–121: 0/5 read (0%) — below 50%"]);
    // The other file's patch applies where it says: unmoved.
    let uri = open(&client, &root, "sphinx/pycode/ast.py").await;
    let states = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(
        (
            states["ranges"][0]["startLine"].clone(),
            states["change"]["gold"].clone()
        ),
        (json!(116), json!([{"startLine": 116, "endLine": 116}]))
    );
}
