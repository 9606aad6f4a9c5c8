//! Names from an untrusted repository's read log in the hover, which is Markdown: through the
//! real `readcov lsp` binary over pipes, a run, tool or command holding backticks, blank lines
//! and Markdown never leaves its code span (an image the editor would fetch, a link), and control
//! characters are shown escaped (session 29 red-team pass).

use crate::common::spawn_lsp;
use crate::lsp_client::{file_uri, Client};
use serde_json::{json, Value};

/// Runs, tools and commands an agent log can carry, each trying to end its code span.
const RUNS: [&str; 3] = [
    "r` ![t](https://attacker.invalid/run.png) `",
    "r2\n\n![t](https://attacker.invalid/blank.png)\n\n[click](https://attacker.invalid/)",
    "r3\u{1b}]8;;https://attacker.invalid\u{7}link\u{1b}]8;;\u{7}\u{202e}",
];
const TOOL: &str = "view`![x](https://attacker.invalid/tool.png)`";
const COMMAND: &str = "cat ``![c](https://attacker.invalid/cmd.png)``";

/// The parts of a Markdown text outside its inline code spans (between backtick runs).
fn outside_code(md: &str) -> Vec<&str> {
    md.split('`').step_by(2).collect()
}

fn hover_text(resp: &Value) -> String {
    resp["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("no hover text: {resp}"))
        .to_string()
}

fn check(md: &str, what: &str) {
    assert_eq!(
        md.matches('`').count() % 2,
        0,
        "{what}: an open code span: {md}"
    );
    for part in outside_code(md) {
        assert!(
            !part.contains("](") && !part.contains("attacker"),
            "{what}: Markdown outside a code span: {part:?} in {md}"
        );
    }
    assert!(
        !md.chars()
            .any(|c| (c.is_control() && c != '\n') || c == '\u{202e}'),
        "{what}: a raw control character: {md:?}"
    );
    assert!(
        !md.contains("\n\n!"),
        "{what}: a paragraph of the name's own: {md}"
    );
}

#[tokio::test]
async fn names_in_a_read_log_never_leave_the_hovers_code_spans() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(root.join("src")).unwrap();
    let text: String = (1..=20).map(|i| format!("x{i} = {i}\n")).collect();
    std::fs::write(root.join("src/a.py"), &text).unwrap();
    std::fs::write(
        root.join("gold.jsonl"),
        "{\"task\":\"t\",\"path\":\"src/a.py\",\"start\":5,\"end\":12}\n",
    )
    .unwrap();
    // Each run reads lines 5-6 (covered: the first hover) and 11-12 (around unread 7-10: the
    // nearest reads of the second hover).
    let mut reads = String::new();
    for run in RUNS {
        for (s, e) in [(5, 6), (11, 12)] {
            let row = json!({"task": "t", "run": run, "path": "src/a.py", "start": s, "end": e,
                             "turn": 1, "tool": TOOL, "command": COMMAND});
            reads += &format!("{row}\n");
        }
    }
    std::fs::write(root.join("reads.jsonl"), reads).unwrap();
    std::fs::write(
        root.join("readcov.toml"),
        "gold = [\"gold.jsonl\"]\nreads = [\"reads.jsonl\"]\n",
    )
    .unwrap();
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(&root);
    });
    let client = Client::new(out, input);
    client.initialize(&root, json!({}), json!({})).await;
    let uri = file_uri(&root.join("src/a.py"));
    client.open(&uri, &text).await;
    let hover = |line: u32| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": 0}});
    // Line 5: covered by every run's read.
    let covered = hover_text(&client.call("textDocument/hover", hover(4)).await);
    assert!(covered.contains("3 read(s) covered line 5"), "{covered}");
    assert!(
        covered.contains("run `r' ![t](https://attacker.invalid/run.png) '`"),
        "{covered}"
    );
    assert!(covered.contains(r"run `r2\n\n![t]"), "{covered}");
    assert!(covered.contains(r"`r3\x1b]8;;"), "{covered}");
    check(&covered, "a covered line");
    // Line 8: unread gold, the nearest reads with their tool and command.
    let unread = hover_text(&client.call("textDocument/hover", hover(7)).await);
    assert!(unread.contains("Gold line 8 was never read"), "{unread}");
    assert!(unread.contains("tool `view'![x]"), "{unread}");
    check(&unread, "an unread gold line");
    client.shutdown().await;
    let status = child.wait().await.unwrap();
    assert!(status.success(), "{status}");
}
