//! Gold files that change on disk while the server runs (issue 34), in process: the kept base
//! text is used as soon as it is needed, not only after a restart, and SWE-bench rows record the
//! base of the files the workspace holds, as `readcov gold --workspace` does.

use crate::common;
use common::fixture::{auth_text, Ws};
use readcov_core::base::Base;
use serde_json::{json, Value};

const PREPENDED: &str = "# one\n# two\n# three\n";

async fn diagnostics(client: &common::Client, uri: &str) -> Vec<Value> {
    let d = client
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    d["items"].as_array().cloned().unwrap_or_default()
}

async fn line_states(client: &common::Client, uri: &str) -> Value {
    client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await
}

fn messages(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .filter_map(|d| d["message"].as_str().map(str::to_string))
        .collect()
}

/// Gold made by `readcov gold --workspace` (its row records the base), the server started on the
/// base, then three lines put above the gold on disk and the file opened in the running server:
/// gold and reads move down three lines, mapped through the kept base text. Before, the base
/// text was only looked up for files that already differed when the gold loaded: "could not be
/// mapped (0 gold span(s), 1 read(s) dropped)" and a false "gold file never opened".
#[tokio::test]
async fn a_gold_file_edited_on_disk_while_running_maps_by_its_kept_base() {
    let ws = Ws::new();
    let text = auth_text();
    let base = Base::of_span(text.as_bytes(), 80, 95);
    let gold = json!({"task":"t1","path":"src/auth.py","start":80,"end":95,"base": base});
    std::fs::write(ws.root().join("gold.jsonl"), format!("{gold}\n")).unwrap();
    let client = common::in_process();
    client.initialize(&ws.root(), ws.options(), json!({})).await;
    let cache = readcov_lsp::basefile::Cache::of(&ws.root());
    assert!(
        cache.dirs()[0].starts_with(common::cache_home()),
        "{:?}",
        cache.dirs()
    );
    assert!(
        cache.dirs()[0].join(&base.sha256).is_file(),
        "the base is kept when the gold loads, in readcov's cache folder"
    );
    assert!(
        !ws.root().join(".readcov").exists(),
        "nothing kept in the workspace"
    );
    let edited = format!("{PREPENDED}{text}");
    std::fs::write(ws.root().join("src/auth.py"), &edited).unwrap();
    client.open(&ws.auth_uri, &edited).await;
    let items = diagnostics(&client, &ws.auth_uri).await;
    let msgs = messages(&items);
    assert_eq!(
        msgs[0],
        "file differs from the base commit: gold and reads mapped by content (line diff from the kept base text)",
        "{msgs:?}"
    );
    assert_eq!(items[0]["severity"], 3, "Information: nothing dropped");
    assert!(
        msgs.contains(&"gold lines 83–98: 4/16 read (25%) — below 50%".to_string()),
        "run-a's read of 80–83 moved with the gold: {msgs:?}"
    );
    assert!(!msgs.iter().any(|m| m.contains("never opened")), "{msgs:?}");
    let s = line_states(&client, &ws.auth_uri).await;
    assert_eq!(s["differs"]["mapped"], true, "{s}");
    assert_eq!(s["goldLines"], 16, "{s}");
}

/// SWE-bench rows given as gold: the server records the base of each file the workspace holds,
/// so a gold file edited and saved is said to differ and its gold follows the text (it used to
/// stay on the old lines with no word) — in the running server and after a restart.
#[tokio::test]
async fn swebench_rows_record_the_base_of_workspace_files() {
    let ws = Ws::new();
    let text = auth_text();
    // A patch changing lines 81–82 of src/auth.py.
    let patch = "diff --git a/src/auth.py b/src/auth.py\n--- a/src/auth.py\n+++ b/src/auth.py\n@@ -80,4 +80,4 @@\n def check_token(tok):  # 🔑 key\n-    x81 = 81\n-    x82 = 82\n+    x81 = 0\n+    x82 = 0\n     x83 = 83\n";
    let row = json!({"instance_id": "t1", "patch": patch});
    std::fs::write(ws.root().join("rows.jsonl"), format!("{row}\n")).unwrap();
    let opts = json!({"gold": ["rows.jsonl"], "reads": ["reads.jsonl"], "runs": ["run-a"]});
    let client = common::in_process();
    client.initialize(&ws.root(), opts.clone(), json!({})).await;
    client.open(&ws.auth_uri, &text).await;
    let msgs = messages(&diagnostics(&client, &ws.auth_uri).await);
    assert_eq!(
        msgs,
        ["gold lines 81–82: 2/2 read (100%) — at or above 50%"]
    );
    // Saved with three lines on top: the same server says so and moves gold and reads.
    let edited = format!("{PREPENDED}{text}");
    std::fs::write(ws.root().join("src/auth.py"), &edited).unwrap();
    client
        .notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": ws.auth_uri}}),
        )
        .await;
    client.open(&ws.auth_uri, &edited).await;
    let msgs = messages(&diagnostics(&client, &ws.auth_uri).await);
    let moved = [
        "file differs from the base commit: gold and reads mapped by content (line diff from the kept base text)",
        "gold lines 84–85: 2/2 read (100%) — at or above 50%",
    ];
    assert_eq!(msgs, moved);
    // A server started on the edited file: the disk no longer holds the patch's lines, the text
    // the first one kept does, so that is the base — the same answer.
    let restarted = common::in_process();
    restarted.initialize(&ws.root(), opts, json!({})).await;
    restarted.open(&ws.auth_uri, &edited).await;
    assert_eq!(
        messages(&diagnostics(&restarted, &ws.auth_uri).await),
        moved
    );
}
