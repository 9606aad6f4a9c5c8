//! The editor-test fixture workspace (`tests/editors/fixture`, Python) seen through the server:
//! the exact widen title the editors show.

use crate::common;
use common::{file_uri, in_process};
use serde_json::json;
use std::path::Path;

#[tokio::test]
async fn widen_title_names_the_unit_on_the_editor_fixture() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/editors/fixture");
    assert!(src.is_dir(), "editor fixture missing at {}", src.display());
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::copy_dir(&src, &root);
    let client = in_process();
    client.initialize(&root, json!(null), json!({})).await;
    let uri = file_uri(&root.join("src/auth.py"));
    let text = std::fs::read_to_string(root.join("src/auth.py")).unwrap();
    let mark = client.mark();
    client.open(&uri, &text).await;
    client.diagnostics_after(mark, &uri).await;
    let range = json!({"start": {"line": 17, "character": 0}, "end": {"line": 17, "character": 0}});
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": range, "context": {"diagnostics": []}}),
        )
        .await;
    assert_eq!(
        actions[0]["title"], "Widen read window to `check_token` (lines 10–25) → coverage 100%",
        "{actions}"
    );
}
