//! Less noise and an honest what-if layer on pylint-dev__pylint-4604 (issue 24): the
//! next/previous unread gold span across files, no action on a non-gold line, one lens and one
//! unit hint (the method, not its class), what-if figures labelled as such, short hover
//! commands, and no read log written before the first read.

use super::{open, options, workspace, CONSTANTS, VARIABLES};
use crate::common::{file_uri, in_process};
use serde_json::{json, Value};

fn at(v: &Value) -> (String, u64, u64) {
    let uri = v["uri"].as_str().unwrap_or_default();
    let file = uri
        .rsplit("/pylint/")
        .next()
        .unwrap_or_default()
        .to_string();
    (
        file,
        v["startLine"].as_u64().unwrap_or(u64::MAX),
        v["endLine"].as_u64().unwrap_or(u64::MAX),
    )
}

#[tokio::test]
async fn next_and_previous_unread_gold_span_across_files() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), json!({})).await;
    let uri = open(&client, &root, VARIABLES).await;
    let constants = file_uri(&root.join(CONSTANTS));
    let step = |uri: &str, line: u32, dir: &str| json!({"textDocument": {"uri": uri}, "line": line, "direction": dir});
    let mut got = Vec::new();
    for (u, line, dir) in [
        (&uri, 0, "next"),
        (&uri, 1827, "next"),
        (&constants, 3, "next"),
        (&constants, 12, "next"),
        (&constants, 0, "previous"),
        (&uri, 0, "previous"),
        (&uri, 2500, "previous"),
    ] {
        let v = client
            .request("readcov/nextUnread", step(u, line, dir))
            .await;
        got.push(at(&v));
    }
    let want = [
        ("checkers/variables.py", 1827, 1828), // 1-based 1828–1829, the method's missed lines
        ("constants.py", 2, 3),                // the never-opened file, first span
        ("constants.py", 12, 13),
        ("checkers/variables.py", 1827, 1828), // wraps around to the first file
        ("checkers/variables.py", 1827, 1828), // previous from the top of the next file
        ("constants.py", 12, 13),              // previous wraps to the last span
        ("checkers/variables.py", 1827, 1828),
    ]
    .map(|(f, s, e)| (f.to_string(), s, e));
    assert_eq!(got, want);
    let bad = client
        .call("readcov/nextUnread", json!({"line": "x"}))
        .await;
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
}

#[tokio::test]
async fn actions_lenses_and_hints_only_where_the_gold_is() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), json!({})).await;
    let uri = open(&client, &root, VARIABLES).await;
    let actions = |line: u32| {
        let range =
            json!({"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}});
        json!({"textDocument": {"uri": uri}, "range": range, "context": {"diagnostics": []}})
    };
    // Line 100 is no gold line: nothing (VS Code drew a lightbulb on every line).
    let none = client.request("textDocument/codeAction", actions(99)).await;
    assert_eq!(none, json!([]));
    let gold = client
        .request("textDocument/codeAction", actions(1827))
        .await;
    let kinds: Vec<(&str, &str)> = (gold.as_array().unwrap().iter())
        .map(|a| (a["title"].as_str().unwrap(), a["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    assert!(kinds[0]
        .0
        .starts_with("Widen read window to `_store_type_annotation_node`"));
    assert_eq!(kinds[0].1, "quickfix");
    assert_eq!(kinds[2], ("Mark lines as read", "refactor"));

    // One lens, on the method: not on `VariablesChecker` 1,250 lines above it.
    let lenses = client
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let lenses = lenses.as_array().unwrap();
    assert_eq!(lenses.len(), 1, "{lenses:?}");
    assert_eq!(lenses[0]["range"]["start"]["line"], 1822);
    let all = json!({"start": {"line": 0, "character": 0}, "end": {"line": 3000, "character": 0}});
    let hints = client
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": all}),
        )
        .await;
    let labels: Vec<&str> = (hints.as_array().unwrap().iter())
        .map(|h| h["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        ["gold 2 · read 0% < 50% · file hit", "read 0/2 gold (0%)"]
    );
}

#[tokio::test]
async fn what_if_reads_are_labelled_and_the_log_waits_for_the_first_write() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), json!({})).await;
    let uri = open(&client, &root, VARIABLES).await;
    let log = root.join(".readcov/reads.jsonl");
    // Nothing to write yet: clearing and toggling the what-if layer leave the disk alone.
    for command in [
        "readcov.clearWhatIf",
        "readcov.toggleWhatIf",
        "readcov.toggleWhatIf",
    ] {
        client
            .request(
                "workspace/executeCommand",
                json!({"command": command, "arguments": []}),
            )
            .await;
    }
    assert!(!log.exists(), "read log created before any read");
    client
        .request(
            "workspace/executeCommand",
            json!({"command": "readcov.widen", "arguments": [{"uri": uri, "startLine": 1822, "endLine": 1842}]}),
        )
        .await;
    assert!(log.is_file(), "the widen is written");
    let s = client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    assert_eq!(
        (
            s["coverage"].as_f64(),
            s["baseCoverage"].as_f64(),
            s["whatIfLines"].as_u64()
        ),
        (Some(1.0), Some(0.0), Some(2))
    );
    assert_eq!(
        s["whatIf"],
        json!([
            {"startLine": 1823, "endLine": 1824},
            {"startLine": 1826, "endLine": 1835},
            {"startLine": 1837, "endLine": 1838},
            {"startLine": 1840, "endLine": 1842}
        ]),
        // Lines 1823, 1826, 1837 and 1840 (0-based 1822, 1825, 1836, 1839) were shown by the run's
        // `grep` without -n (turns 28 and 39), placed by their text since session 34.
        "the widened unit, less the lines the run's greps showed"
    );
    let d = client
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let msgs: Vec<&str> = (d["items"].as_array().unwrap().iter())
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert!(
        msgs.contains(
            &"gold lines 1828–1829: 2/2 read (100% with what-if reads; 0/2 without) — at or above 50%"
        ),
        "{msgs:?}"
    );
    let lenses = client
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    // Read whole: nothing left to widen, so the lens offers no widen (issue 38).
    assert_eq!(
        (
            lenses[0]["command"]["title"].clone(),
            lenses[0]["command"]["command"].clone()
        ),
        (json!("gold 2 · 100% read (what-if)"), json!(""))
    );
    let all = json!({"start": {"line": 0, "character": 0}, "end": {"line": 3000, "character": 0}});
    let hints = client
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": all}),
        )
        .await;
    let labels: Vec<&str> = (hints.as_array().unwrap().iter())
        .map(|h| h["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "gold 2 · read 100% (what-if; 0% without) ≥ 50% · file hit",
            "read 2/2 gold (100%, what-if)"
        ]
    );
}

#[tokio::test]
async fn hover_shows_commands_short() {
    let (_d, root) = workspace();
    let client = in_process();
    client.initialize(&root, options(), json!({})).await;
    let uri = open(&client, &root, VARIABLES).await;
    let hover = |line: u32| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": 0}});
    // Line 1680 was read by `view` 1670–1700.
    let h = client.request("textDocument/hover", hover(1679)).await;
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("`view variables.py view_range=1670–1700`"),
        "{text}"
    );
    assert!(!text.contains("{\""), "raw JSON in the hover: {text}");
    let h = client.request("textDocument/hover", hover(1827)).await;
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("- before: lines 1826–1826, turn 39, tool `execute_bash`, `cd /workspace/pylint-dev__pylint__2.9 && grep -r \"_type_annotation_names\" pylin…`"),
        "{text}"
    );
}
