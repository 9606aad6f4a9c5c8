//! Issue 21, "files that differ from the gold's base", through the real binary over pipes:
//! gold made by `readcov gold` against the base (so its rows carry `base`), a session that
//! opens the gold file, edits it (five lines inserted above the gold) and saves it, then a
//! restarted server. Before: gold was painted on the old line numbers without a word, and the
//! agent's trajectory reads of that file were dropped (the import compared the text the agent
//! saw with the edited file). Now the gold and reads follow the text, and the file says how.

use crate::common::spawn_lsp;
use crate::lsp_client as client;

use client::{file_uri, Client};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Stdio;

const TASK: &str = "pallets__flask-5014";
const FILE: &str = "src/flask/blueprints.py";
const INSERTED: &str = "# one\n# two\n# three\n# four\n# five\n";

fn real_data() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    assert!(p.join("MANIFEST.md").is_file(), "{} missing", p.display());
    p
}

/// readcov's cache folder for the server on `root`: beside it, in the test's temporary folder.
fn cache_home(root: &Path) -> PathBuf {
    root.parent().unwrap().join("cache")
}

/// The base texts the server on `root` kept: the files of its folder in the cache.
fn kept(root: &Path) -> Vec<PathBuf> {
    let Ok(folders) = cache_home(root).join("readcov/base").read_dir() else {
        return Vec::new();
    };
    (folders.flatten())
        .flat_map(|f| f.path().read_dir().into_iter().flatten().flatten())
        .map(|e| e.path())
        .collect()
}

async fn spawn(root: &Path) -> (tokio::process::Child, Client) {
    let (child, out, input) = spawn_lsp(|c| {
        c.env("XDG_CACHE_HOME", cache_home(root))
            .stderr(Stdio::inherit());
    });
    (child, Client::new(out, input))
}

/// The flask-5014 workspace at its base commit: the gold file, gold JSONL written by
/// `readcov gold --from-swebench --workspace` (with `base`), the agent's trajectory and a reads
/// JSONL row without a `base` (as older logs have).
fn workspace() -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().unwrap().join("ws");
    std::fs::create_dir(&root).unwrap();
    let text = std::fs::read_to_string(real_data().join("sources").join(TASK).join(FILE)).unwrap();
    std::fs::create_dir_all(root.join("src/flask")).unwrap();
    std::fs::write(root.join(FILE), &text).unwrap();
    let rows = std::fs::read_to_string(real_data().join("gold.jsonl")).unwrap();
    let row = rows
        .lines()
        .find(|l| l.contains(TASK))
        .expect("the task's row");
    let swe = root.join("swebench.jsonl");
    std::fs::write(&swe, format!("{row}\n")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_readcov"))
        .args(["gold", "--from-swebench"])
        .arg(&swe)
        .arg("--workspace")
        .arg(&root)
        .arg("-o")
        .arg(root.join("gold.jsonl"))
        .output()
        .expect("readcov gold");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let gold = std::fs::read_to_string(root.join("gold.jsonl")).unwrap();
    assert!(gold.contains("\"base\":{"), "{gold}");
    std::fs::copy(
        real_data().join(format!("openhands/{TASK}.json")),
        root.join(format!("{TASK}.json")),
    )
    .unwrap();
    let read = json!({"task": TASK, "run": "jsonl", "path": FILE, "start": 190, "end": 192});
    std::fs::write(root.join("reads.jsonl"), format!("{read}\n")).unwrap();
    (dir, root, text)
}

/// One server session: opens the file with its text on disk; returns the diagnostics, the line
/// states, the summary and every message the client was shown or logged.
struct Seen {
    diags: Vec<Value>,
    states: Value,
    summary: Value,
    logs: Vec<String>,
}

async fn session(root: &Path, then: impl AsyncFnOnce(&Client, &str)) -> Seen {
    session_in(root, "gold.jsonl", || {}, then).await
}

/// [`session`] with `gold` as the gold file, and `started` run once the server has loaded it,
/// before the file is read from disk and opened.
async fn session_in(
    root: &Path,
    gold: &str,
    started: impl FnOnce(),
    then: impl AsyncFnOnce(&Client, &str),
) -> Seen {
    let (mut child, c) = spawn(root).await;
    let opts =
        json!({"gold": [gold], "reads": [format!("{TASK}.json"), "reads.jsonl"], "task": TASK});
    let mark = c.mark();
    c.initialize(root, opts, json!({})).await;
    started();
    let uri = file_uri(&root.join(FILE));
    let text = std::fs::read_to_string(root.join(FILE)).unwrap();
    c.open(&uri, &text).await;
    let diags = c.diagnostics_after(mark, &uri).await;
    let states = c
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await;
    let summary = c.request("readcov/summary", json!({})).await;
    then(&c, &uri).await;
    let logs = c.inbox.lock().unwrap()[mark..]
        .iter()
        .filter(|m| m["method"] == "window/logMessage" || m["method"] == "window/showMessage")
        .filter_map(|m| m["params"]["message"].as_str().map(str::to_string))
        .collect();
    c.shutdown().await;
    let status = tokio::time::timeout(client::WAIT, child.wait())
        .await
        .expect("exits after `exit`")
        .expect("status");
    assert!(status.success(), "{status:?}");
    Seen {
        diags,
        states,
        summary,
        logs,
    }
}

fn run_row<'a>(summary: &'a Value, run: &str) -> &'a Value {
    summary["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["run"] == run))
        .unwrap_or_else(|| panic!("no row for run {run}: {summary}"))
}

/// The gold ranges of the line states (0-based, as sent).
fn gold_ranges(states: &Value) -> Vec<(u64, u64)> {
    states["ranges"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["state"].as_str().unwrap().starts_with("gold"))
        .map(|r| {
            (
                r["startLine"].as_u64().unwrap(),
                r["endLine"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_edited_and_saved_gold_file_keeps_its_gold_and_reads_after_a_restart() {
    let (_dir, root, text) = workspace();

    // Session 1: the file is the base. Gold 192–193 (0-based 191–192), read by the agent.
    let first = session(&root, async |c: &Client, uri: &str| {
        let ins = json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": INSERTED}]});
        c.notify("textDocument/didChange", ins).await;
        std::fs::write(root.join(FILE), format!("{INSERTED}{text}")).unwrap();
        c.notify("textDocument/didSave", json!({"textDocument": {"uri": uri}}))
            .await;
    })
    .await;
    assert_eq!(
        gold_ranges(&first.states),
        vec![(191, 192)],
        "{}",
        first.states
    );
    assert_eq!(
        first.states["differs"],
        Value::Null,
        "the base itself: nothing to say"
    );
    assert_eq!(run_row(&first.summary, "openhands")["fileHit"], 1.0);
    assert_eq!(
        kept(&root).len(),
        1,
        "the base text is kept for later sessions, in readcov's cache folder"
    );
    assert!(
        !root.join(".readcov/base").exists(),
        "nothing kept in the workspace"
    );

    // Session 2, restarted on the saved file: gold and reads moved down five lines, said so.
    let second = session(&root, async |_: &Client, _: &str| {}).await;
    let note = &second.diags[0];
    assert_eq!(
        note["message"],
        "file differs from the base commit: gold and reads mapped by content (line diff from the kept base text)"
    );
    assert_eq!(note["severity"], 3, "Information: nothing was dropped");
    assert_eq!(
        gold_ranges(&second.states),
        vec![(196, 197)],
        "{}",
        second.states
    );
    assert_eq!(second.states["differs"]["mapped"], true);
    assert_eq!(second.states["coverage"], 1.0, "{}", second.states);
    let span = second
        .diags
        .iter()
        .find(|d| d["message"].as_str().unwrap().starts_with("gold lines"))
        .expect("the span's diagnostic");
    assert_eq!(
        span["message"],
        "gold lines 197–198: 2/2 read (100%) — at or above 50%"
    );
    // The trajectory was imported against the base text: the agent's reads are all there.
    assert_eq!(run_row(&second.summary, "openhands")["fileHit"], 1.0);
    assert!(
        !second.logs.iter().any(|l| l.contains("dropped")),
        "{:?}",
        second.logs
    );

    // Session 3, without the kept base text: gold still found by its first and last line; the
    // reads that cannot be placed are dropped — and said, with a count, each one logged.
    std::fs::remove_dir_all(cache_home(&root)).unwrap();
    let third = session(&root, async |_: &Client, _: &str| {}).await;
    let msg = third.diags[0]["message"].as_str().unwrap();
    assert!(
        msg.starts_with("file differs from the base commit: gold and reads could not be mapped (0 gold span(s), 1 read row(s) dropped)"),
        "{msg}"
    );
    assert_eq!(third.diags[0]["severity"], 2, "a Warning");
    assert_eq!(
        gold_ranges(&third.states),
        vec![(196, 197)],
        "{}",
        third.states
    );
    let logged = |needle: &str| third.logs.iter().any(|l| l.contains(needle));
    assert!(
        logged("src/flask/blueprints.py: 1 read row(s) dropped: run `jsonl` lines 190–192"),
        "{:?}",
        third.logs
    );
    assert!(
        logged("tool call(s) gave no read (shown text differs from file)"),
        "the trajectory's own drops are said too: {:?}",
        third.logs
    );
}

/// Issue 34: a gold file edited on disk while the server runs (three lines put on top, then
/// opened) is mapped through the kept base at once — with the gold `readcov gold --workspace`
/// wrote, and with the SWE-bench row itself as the gold, which the server now gives a base as
/// `readcov gold --workspace` does. Before: "could not be mapped (0 gold span(s), 1 read(s)
/// dropped)" and a false "gold file never opened" for the first; the gold left on the old lines
/// without a word for the second.
#[tokio::test]
async fn a_gold_file_edited_while_the_server_runs_is_mapped_at_once() {
    for gold in ["gold.jsonl", "swebench.jsonl"] {
        let (_dir, root, text) = workspace();
        let seen = session_in(
            &root,
            gold,
            || std::fs::write(root.join(FILE), format!("# one\n# two\n# three\n{text}")).unwrap(),
            async |_: &Client, _: &str| {},
        )
        .await;
        let msgs: Vec<&str> = seen
            .diags
            .iter()
            .filter_map(|d| d["message"].as_str())
            .collect();
        assert_eq!(
            msgs[0],
            "file differs from the base commit: gold and reads mapped by content (line diff from the kept base text)",
            "{gold}: {msgs:?}"
        );
        assert!(
            !msgs.iter().any(|m| m.contains("never opened")),
            "{gold}: {msgs:?}"
        );
        assert_eq!(
            gold_ranges(&seen.states),
            vec![(194, 195)],
            "{gold}: {}",
            seen.states
        );
        assert_eq!(seen.states["coverage"], 1.0, "{gold}: {}", seen.states);
        assert_eq!(
            run_row(&seen.summary, "openhands")["fileHit"],
            1.0,
            "{gold}"
        );
        assert!(
            !seen
                .logs
                .iter()
                .any(|l| l.contains("dropped") || l.contains("gave no read")),
            "{gold}: {:?}",
            seen.logs
        );
    }
}

/// Issue 35, item 8: a gold file past `MAX_SOURCE_BYTES` (64 MiB and one byte, sparse: no disk
/// used) whose gold records a base is neither read whole nor kept, and says so; the normal gold
/// file beside it is kept in readcov's cache folder, nothing in the workspace. Before, every gold
/// file whose hash matched was read whole and copied into `.readcov/base/` (a 2 GB file: 6.5 GB
/// of memory and 2 GB written into the user's tree).
#[tokio::test]
async fn a_gold_file_past_the_limit_is_not_kept_and_says_so() {
    let (_dir, root, _) = workspace();
    std::fs::File::create(root.join("big.py"))
        .unwrap()
        .set_len(readcov_files::MAX_SOURCE_BYTES + 1)
        .unwrap();
    let big = json!({"task": TASK, "path": "big.py", "start": 1, "end": 1,
                     "base": {"sha256": "0".repeat(64), "lines": 1}});
    let gold = std::fs::read_to_string(root.join("gold.jsonl")).unwrap();
    std::fs::write(root.join("gold.jsonl"), format!("{gold}{big}\n")).unwrap();
    let seen = session(&root, async |_: &Client, _: &str| {}).await;
    let said = "big.py: base text not kept: 67108865 bytes, over the limit of 67108864 bytes";
    assert!(
        seen.logs.iter().any(|l| l.contains(said)),
        "{:?}",
        seen.logs
    );
    assert_eq!(kept(&root).len(), 1, "the normal gold file's base only");
    assert!(!root.join(".readcov/base").exists());
}
