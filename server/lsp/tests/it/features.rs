//! In-process tests of every editor feature on the fixture workspace: diagnostics (push and
//! pull), inlay hints, code lenses, hover, code actions and the commands they carry.

use crate::common;
use common::fixture::{started, Ws, GOLD_MSG};
use serde_json::{json, Value};

fn utf16_len(s: &str) -> u64 {
    s.encode_utf16().count() as u64
}

fn doc(ws: &Ws) -> Value {
    json!({"textDocument": {"uri": ws.auth_uri}})
}

#[tokio::test]
async fn diagnostics_push_and_pull() {
    let ws = Ws::new();
    let client = common::in_process();
    client.initialize(&ws.root(), ws.options(), json!({})).await;
    let mark = client.mark();
    client.open(&ws.auth_uri, &ws.auth_text).await;
    let pushed = client.diagnostics_after(mark, &ws.auth_uri).await;
    assert_eq!(pushed.len(), 1, "{pushed:?}");
    let d = &pushed[0];
    assert_eq!(d["message"], GOLD_MSG);
    assert_eq!(d["severity"], 2, "Warning");
    assert_eq!(d["source"], "readcov");
    assert_eq!(
        d["range"],
        json!({"start": {"line": 79, "character": 0}, "end": {"line": 94, "character": 12}})
    );
    let rel = d["relatedInformation"]
        .as_array()
        .expect("related information");
    assert_eq!(rel.len(), 1);
    assert_eq!(rel[0]["message"], "unread lines 84–95");
    assert_eq!(rel[0]["location"]["range"]["start"]["line"], 83);
    let pulled = client.request("textDocument/diagnostic", doc(&ws)).await;
    assert_eq!(pulled["kind"], "full");
    assert_eq!(pulled["items"], Value::Array(pushed));
}

#[tokio::test]
async fn spans_at_threshold_are_information_or_silent() {
    let ws = Ws::new();
    ws.append(
        "reads.jsonl",
        json!({"task":"t1","run":"run-a","path":"src/auth.py","start":84,"end":87}),
    );
    let client = started(&ws, ws.options(), json!({})).await;
    let items = client.request("textDocument/diagnostic", doc(&ws)).await["items"].clone();
    assert_eq!(
        items[0]["message"],
        "gold lines 80–95: 8/16 read (50%) — at or above 50%"
    );
    assert_eq!(items[0]["severity"], 3, "Information");
    let mark = client.mark();
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"readcov": {"infoAtThreshold": false}}}),
        )
        .await;
    assert!(client
        .diagnostics_after(mark, &ws.auth_uri)
        .await
        .is_empty());
}

#[tokio::test]
async fn inlay_hints_and_code_lens() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let range = json!({"start": {"line": 0, "character": 0}, "end": {"line": 120, "character": 0}});
    let hints = client
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": ws.auth_uri}, "range": range}),
        )
        .await;
    let hints = hints.as_array().expect("hints");
    assert_eq!(hints.len(), 2, "{hints:?}");
    assert_eq!(hints[0]["label"], "gold 16 · read 25% < 50% · file hit");
    // Line 0 holds an emoji: the column is counted in UTF-16 code units.
    assert_eq!(
        hints[0]["position"],
        json!({"line": 0, "character": utf16_len("# auth 😀 module")})
    );
    assert_eq!(hints[1]["label"], "read 4/16 gold (25%)");
    assert_eq!(
        hints[1]["position"],
        json!({"line": 79, "character": utf16_len("def check_token(tok):  # 🔑 key")})
    );
    // A range that excludes line 0 gets only the unit hint.
    let later = json!({"start": {"line": 50, "character": 0}, "end": {"line": 90, "character": 0}});
    let hints = client
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": ws.auth_uri}, "range": later}),
        )
        .await;
    assert_eq!(hints.as_array().map(Vec::len), Some(1));

    let lenses = client.request("textDocument/codeLens", doc(&ws)).await;
    let lens = &lenses[0];
    assert_eq!(lens["range"]["start"]["line"], 79);
    assert_eq!(
        lens["command"]["title"],
        "gold 16 · 25% read · widen → 100%"
    );
    assert_eq!(lens["command"]["command"], "readcov.widen");
    assert_eq!(
        lens["command"]["arguments"],
        json!([{"uri": ws.auth_uri, "startLine": 79, "endLine": 94}])
    );
}

#[tokio::test]
async fn hover_names_the_reads_or_says_none() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let hover = |line: u32| json!({"textDocument": {"uri": ws.auth_uri}, "position": {"line": line, "character": 0}});
    let h = client.request("textDocument/hover", hover(81)).await;
    let text = h["contents"]["value"].as_str().expect("markdown");
    for part in [
        "run `run-a`",
        "turn 3/step 5",
        "tool `str_replace_editor`",
        "`view src/auth.py [80, 83]`",
        "lines 80–83",
    ] {
        assert!(text.contains(part), "{part} missing in {text}");
    }
    let h = client.request("textDocument/hover", hover(99)).await;
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .contains("no read covered this line"),
        "{h}"
    );
    // run-b read lines 1–40 but only run-a is selected.
    let h = client.request("textDocument/hover", hover(4)).await;
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .contains("no read covered this line"),
        "{h}"
    );
}

#[tokio::test]
async fn code_actions_widen_and_what_if_layer() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let range = json!({"start": {"line": 85, "character": 0}, "end": {"line": 85, "character": 3}});
    let actions = client
        .request("textDocument/codeAction", json!({"textDocument": {"uri": ws.auth_uri}, "range": range, "context": {"diagnostics": []}}))
        .await;
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["title"].as_str())
        .collect();
    assert_eq!(titles.len(), 3, "{titles:?}");
    // `check_token` is the Python function (from readcov-units) around the gold span.
    assert_eq!(
        titles[0],
        "Widen read window to `check_token` (lines 80–95) → coverage 100%"
    );
    // The reads (80–83) widened by ten lines cover gold 80–93: 14 of 16 (87.5%, "88%" as the CLI
    // rounds; floored to "87%" before session 35).
    assert_eq!(titles[1], "Widen by ±10 lines → coverage 88%");
    assert_eq!(titles[2], "Mark lines as read");
    // Not a fix of the diagnostic: no quick-fix lightbulb for it.
    assert_eq!(
        (actions[0]["kind"].as_str(), actions[2]["kind"].as_str()),
        (Some("quickfix"), Some("refactor"))
    );
    assert_eq!(
        actions[1]["command"]["arguments"],
        json!([{"uri": ws.auth_uri, "startLine": 69, "endLine": 92}])
    );
    assert_eq!(
        actions[2]["command"]["arguments"],
        json!([{"uri": ws.auth_uri, "startLine": 85, "endLine": 85}])
    );

    let states = || client.request("readcov/lineStates", doc(&ws));
    let mark = client.mark();
    let args = actions[0]["command"]["arguments"].clone();
    client
        .request(
            "workspace/executeCommand",
            json!({"command": "readcov.widen", "arguments": args}),
        )
        .await;
    let changed = client
        .wait_for(mark, "readcov/didChange", |p| {
            p["uris"]
                .as_array()
                .is_some_and(|u| u.contains(&json!(ws.auth_uri)))
        })
        .await;
    assert!(changed["params"]["uris"].is_array());
    let diags = client.diagnostics_after(mark, &ws.auth_uri).await;
    assert_eq!(
        diags[0]["message"],
        "gold lines 80–95: 16/16 read (100% with what-if reads; 4/16 without) — at or above 50%"
    );
    assert_eq!(states().await["coverage"], 1.0);
    let log =
        std::fs::read_to_string(ws.root().join(".readcov/reads.jsonl")).expect("read log written");
    assert!(
        log.contains("\"source\":\"manual\"")
            && log.contains("\"start\":80")
            && log.contains("\"end\":95"),
        "{log}"
    );
    // The agent's numbers never include what-if reads; the what-if layer is its own labelled
    // row (the selected run plus the what-if reads: 16/16) and stays out of the totals.
    let summary = client.request("readcov/summary", json!({})).await;
    let rows: Vec<(String, String, u64, u64)> = summary["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["run"].as_str().unwrap().to_string(),
                r["layer"].as_str().unwrap().to_string(),
                r["coveredLines"].as_u64().unwrap(),
                r["goldLines"].as_u64().unwrap(),
            )
        })
        .collect();
    let row = |run: &str, layer: &str, c: u64, g: u64| (run.to_string(), layer.to_string(), c, g);
    assert_eq!(
        rows,
        vec![
            row("run-a", "agent", 4, 16),
            row("what-if", "what-if", 16, 16)
        ],
        "{summary}"
    );
    assert_eq!(summary["totals"]["rows"], 1, "{summary}");
    assert_eq!(summary["totals"]["meanLineCoverage"], 0.25, "{summary}");

    let off = client
        .request(
            "workspace/executeCommand",
            json!({"command": "readcov.toggleWhatIf"}),
        )
        .await;
    assert_eq!(off, json!({"whatIf": false}));
    assert_eq!(states().await["coverage"], 0.25);
    // With the layer off there is no what-if row at all (not a 0% one).
    let summary = client.request("readcov/summary", json!({})).await;
    assert_eq!(
        summary["rows"].as_array().map(Vec::len),
        Some(1),
        "{summary}"
    );
    client
        .request(
            "workspace/executeCommand",
            json!({"command": "readcov.toggleWhatIf"}),
        )
        .await;
    assert_eq!(states().await["coverage"], 1.0);
    client
        .request(
            "workspace/executeCommand",
            json!({"command": "readcov.clearWhatIf"}),
        )
        .await;
    assert_eq!(states().await["coverage"], 0.25);
    let log = std::fs::read_to_string(ws.root().join(".readcov/reads.jsonl")).unwrap_or_default();
    assert!(!log.contains("manual"), "cleared from the log too: {log}");
    let bad = client
        .call(
            "workspace/executeCommand",
            json!({"command": "readcov.widen", "arguments": [{"uri": 3}]}),
        )
        .await;
    assert!(bad.get("error").is_some(), "{bad}");
}

#[tokio::test]
async fn line_states_summary_and_select_run() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let s = client.request("readcov/lineStates", doc(&ws)).await;
    assert_eq!(
        s,
        json!({"uri": ws.auth_uri, "ranges": [{"startLine": 79, "endLine": 82, "state": "gold-read"},
               {"startLine": 83, "endLine": 94, "state": "gold-unread"}], "goldLines": 16, "coveredLines": 4,
               "coverage": 0.25, "threshold": 0.5, "fileHit": true, "stale": null, "differs": null, "edits": [],
               "whatIf": [], "whatIfLines": 0, "baseCoverage": 0.25, "gold": "as given", "change": null})
    );
    let sum = client.request("readcov/summary", json!({})).await;
    assert_eq!(
        sum["rows"].as_array().map(Vec::len),
        Some(1),
        "only run-a is selected: {sum}"
    );
    assert_eq!(sum["rows"][0]["run"], "run-a");
    assert_eq!(sum["rows"][0]["passesThreshold"], false);
    assert_eq!(sum["totals"]["meanLineCoverage"], 0.25);
    // One gold unit (check_token), and run-a read inside it.
    assert_eq!(sum["rows"][0]["unitHit"], 1.0);

    let sel = client
        .request("readcov/selectRun", json!({"runs": null}))
        .await;
    assert_eq!(sel, json!({"runs": null, "available": ["run-a", "run-b"]}));
    let s = client.request("readcov/lineStates", doc(&ws)).await;
    assert_eq!(
        s["ranges"][0],
        json!({"startLine": 0, "endLine": 39, "state": "read"})
    );
    let sum = client.request("readcov/summary", json!({})).await;
    assert_eq!(sum["totals"]["rows"], 2);
    let sel = client
        .request("readcov/selectRun", json!({"runs": ["run-b"]}))
        .await;
    assert_eq!(sel["runs"], json!(["run-b"]));
    let s = client.request("readcov/lineStates", doc(&ws)).await;
    assert_eq!(
        (s["coverage"].clone(), s["fileHit"].clone()),
        (json!(0.0), json!(true))
    );
}

#[tokio::test]
async fn record_read_is_durable_and_shown() {
    let ws = Ws::new();
    let client = started(&ws, ws.options(), json!({})).await;
    let mark = client.mark();
    client
        .notify(
            "readcov/recordRead",
            json!({"uri": ws.auth_uri, "startLine": 83, "endLine": 94, "source": "human"}),
        )
        .await;
    let diags = client.diagnostics_after(mark, &ws.auth_uri).await;
    assert_eq!(
        diags[0]["message"],
        "gold lines 80–95: 16/16 read (100%) — at or above 50%"
    );
    let log = std::fs::read_to_string(ws.root().join(".readcov/reads.jsonl")).expect("log");
    let row: Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    assert_eq!(
        (
            row["start"].clone(),
            row["end"].clone(),
            row["source"].clone()
        ),
        (json!(84), json!(95), json!("human"))
    );
    assert_eq!(row["path"], "src/auth.py");
    // Human reads count in the summary (sources default to agent + human).
    let sum = client.request("readcov/summary", json!({})).await;
    assert!(
        sum["rows"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["run"] == "human" && r["lineCoverage"] == 0.75),
        "{sum}"
    );
}

#[tokio::test]
async fn units_come_from_syntax_and_fall_back_to_spans() {
    let ws = Ws::new();
    // Gold is a part of `check_token` (80–95); a plain text file has no syntax units.
    std::fs::write(
        ws.root().join("gold.jsonl"),
        "{\"task\":\"t1\",\"path\":\"src/auth.py\",\"start\":82,\"end\":85}\n{\"task\":\"t1\",\"path\":\"notes.txt\",\"start\":2,\"end\":3}\n",
    )
    .unwrap();
    std::fs::write(ws.root().join("notes.txt"), "a\nb\nc\nd\n").unwrap();
    let client = started(&ws, ws.options(), json!({})).await;
    let lenses = client.request("textDocument/codeLens", doc(&ws)).await;
    assert_eq!(lenses.as_array().map(Vec::len), Some(1), "{lenses}");
    assert_eq!(
        lenses[0]["command"]["title"],
        "gold 4 · 50% read · widen → 100%"
    );
    assert_eq!(
        lenses[0]["command"]["arguments"][0]["startLine"], 79,
        "the lens widens to the whole function"
    );
    let range = json!({"start": {"line": 83, "character": 0}, "end": {"line": 83, "character": 0}});
    let ctx = json!({"textDocument": {"uri": ws.auth_uri}, "range": range, "context": {"diagnostics": []}});
    let actions = client.request("textDocument/codeAction", ctx).await;
    assert_eq!(
        actions[0]["title"],
        "Widen read window to `check_token` (lines 80–95) → coverage 100%"
    );

    let notes = ws.uri("notes.txt");
    client.open(&notes, "a\nb\nc\nd\n").await;
    let range = json!({"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}});
    let ctx =
        json!({"textDocument": {"uri": notes}, "range": range, "context": {"diagnostics": []}});
    let actions = client.request("textDocument/codeAction", ctx).await;
    assert_eq!(
        actions[0]["title"],
        "Widen read window to the gold span (lines 2–3) → coverage 100%"
    );
    let lenses = client
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": notes}}),
        )
        .await;
    assert_eq!(
        lenses[0]["command"]["title"],
        "gold 2 · 0% read · widen → 100%"
    );
}
