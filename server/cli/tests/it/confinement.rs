//! Confinement of `readcov import --workspaces DIR`: the task id comes from the (untrusted) log,
//! so an absolute id, a `..` id or a symlinked task folder must never make readcov read files
//! outside DIR. (Score's gold and read paths are covered by the bad-input catalogue.)

use std::path::Path;
use std::process::Command;

fn openhands_log(instance: &str) -> String {
    let call = serde_json::json!({"role": "assistant", "content": "", "tool_calls": [
        {"id": "a", "type": "function", "function": {"name": "str_replace_editor", "arguments":
            serde_json::json!({"command": "view", "path": "/workspace/repo/src/app.py", "view_range": [1, 2]}).to_string()}}]});
    let result = serde_json::json!({"role": "tool", "tool_call_id": "a", "content":
        "Here's the result of running `cat -n` on /workspace/repo/src/app.py:\n     1\ta\n     2\tb\n"});
    serde_json::json!({"instance_id": instance, "fncall_messages": [
        {"role": "user", "content": "<uploaded_files>\n/workspace/repo\n</uploaded_files>"},
        call, result]})
    .to_string()
}

/// (start, end) of each imported read.
fn import(dir: &Path, instance: &str) -> Vec<(u64, u64)> {
    import_with(dir, instance, &["--workspaces", "wss"])
}

fn import_with(dir: &Path, instance: &str, ws: &[&str]) -> Vec<(u64, u64)> {
    std::fs::write(dir.join("run.json"), openhands_log(instance)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_readcov"))
        .current_dir(dir)
        .arg("import")
        .args(ws)
        .arg("run.json")
        .output()
        .unwrap();
    // No rows written is exit 2 (issue 35, item 12); anything else must succeed.
    let none = out.stdout.is_empty() && out.status.code() == Some(2);
    assert!(
        out.status.success() || none,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (v["start"].as_u64().unwrap(), v["end"].as_u64().unwrap())
        })
        .collect()
}

#[test]
fn task_ids_never_name_a_workspace_outside_workspaces() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // The log shows lines 1-2 as `a`, `b`. Inside, the file agrees; outside it does not, so a
    // read checked against the outside file would be dropped as unaligned.
    std::fs::create_dir_all(d.join("wss/good/src")).unwrap();
    std::fs::write(d.join("wss/good/src/app.py"), "a\nb\nc\nd\ne\n").unwrap();
    std::fs::create_dir_all(d.join("secret/src")).unwrap();
    std::fs::write(d.join("secret/src/app.py"), "x\ny\nz\n").unwrap();
    std::os::unix::fs::symlink(d.join("secret"), d.join("wss/link")).unwrap();

    assert_eq!(import(d, "good"), [(1, 2)]);
    // Control: checked against the outside file (given explicitly), the read is dropped — so
    // the assertions below would fail if a task id ever led there.
    assert_eq!(import_with(d, "any", &["--workspace", "secret"]), []);
    let missing = import(d, "nope");
    assert_eq!(
        missing,
        [(1, 2)],
        "no workspace for the task: the read is kept unchecked"
    );
    let abs = d.join("secret").canonicalize().unwrap();
    for id in [
        abs.to_str().unwrap(),
        "../secret",
        "link",
        "good/../../secret",
    ] {
        assert_eq!(
            import(d, id),
            missing,
            "task id {id:?} must behave like a task with no workspace (never read the outside file)"
        );
    }
}

/// A tree with a task folder `wss/t1` that is a symlink to `outside/` (a 40-line Python file
/// holding `secret_function`), and `wss/t2`, a real folder with the same file: what readcov
/// shows for t2 is what it would show for t1 if it followed the link.
fn linked_task_folders(d: &Path) {
    let source: String = std::iter::once("def secret_function():\n".to_string())
        .chain((2..=40).map(|i| format!("    x{i} = {i}\n")))
        .collect();
    for dir in ["outside", "wss/t2"] {
        std::fs::create_dir_all(d.join(dir)).unwrap();
        std::fs::write(d.join(dir).join("app.py"), &source).unwrap();
    }
    std::os::unix::fs::symlink(d.join("outside"), d.join("wss/t1")).unwrap();
    let (mut gold, mut reads) = (String::new(), String::new());
    for t in ["t1", "t2"] {
        gold += &format!("{{\"task\":\"{t}\",\"path\":\"app.py\",\"start\":5,\"end\":8}}\n");
        reads += &format!(
            "{{\"task\":\"{t}\",\"run\":\"r\",\"path\":\"app.py\",\"start\":5,\"end\":5}}\n"
        );
    }
    std::fs::write(d.join("gold.jsonl"), gold).unwrap();
    std::fs::write(d.join("reads.jsonl"), reads).unwrap();
    // SWE-Explore: the core region runs to the end of the file (`end: -1`), so its line count
    // is the file's length.
    let bench: String = ["t1", "t2"]
        .iter()
        .map(|t| {
            serde_json::json!({"instance_id": t, "ground_truth": {"read_core_files": ["app.py"],
                "read_core_regions": [{"path": "app.py", "start": 31, "end": -1}]}})
            .to_string()
                + "\n"
        })
        .collect();
    std::fs::write(d.join("bench.jsonl"), bench).unwrap();
    let preds: String = ["t1", "t2"]
        .iter()
        .map(|t| {
            serde_json::json!({"instance_id": t, "explorer": "e",
                "regions": [{"path": "app.py", "start": 31, "end": 35}]})
            .to_string()
                + "\n"
        })
        .collect();
    std::fs::write(d.join("preds.jsonl"), preds).unwrap();
}

fn run_in(d: &Path, args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_readcov"))
        .current_dir(d)
        .args(args)
        .output()
        .unwrap();
    let (so, se) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "{args:?}: {se}");
    (so, se)
}

/// Issue 35, item 5: `explore --workspace` followed a symlinked instance folder (the outside
/// file's length became `core_lines`), `explain --workspaces` a symlinked task folder (it printed
/// the outside file's function names), and `score --workspaces`, which said "no workspace",
/// still parsed the outside file for its unit columns. All three now go through
/// `readcov_files::task_folder`: the link is refused with a warning, the real folder is used.
#[test]
fn symlinked_task_folders_are_never_followed_by_any_command() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    linked_task_folders(d);
    let refused = "workspace wss/t1 not used: resolves through a symlink to";

    let (out, err) = run_in(
        d,
        &[
            "explore",
            "--bench",
            "bench.jsonl",
            "--preds",
            "preds.jsonl",
            "--workspace",
            "wss",
            "--format",
            "jsonl",
        ],
    );
    assert!(err.contains(refused), "{err}");
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &serde_json::Value| r["explorer"] == "e")
        .collect();
    let of = |t: &str| rows.iter().find(|r| r["instance_id"] == t).unwrap().clone();
    assert_eq!(
        of("t2")["core_lines"],
        10,
        "control: lines 31-40 of the real folder's file"
    );
    assert_eq!(
        of("t1")["core_lines"],
        0,
        "the outside file's length is unknown: {}",
        of("t1")
    );

    let explain = |task: &str| {
        run_in(
            d,
            &[
                "explain",
                "--gold",
                "gold.jsonl",
                "--reads",
                "reads.jsonl",
                "--workspaces",
                "wss",
                "--task",
                task,
            ],
        )
    };
    let (out, _) = explain("t2");
    assert!(
        out.contains("secret_function"),
        "control: units of the real folder: {out}"
    );
    let (out, err) = explain("t1");
    assert!(err.contains(refused), "{err}");
    assert!(!out.contains("secret_function"), "{out}");

    let (out, err) = run_in(
        d,
        &[
            "score",
            "--gold",
            "gold.jsonl",
            "--reads",
            "reads.jsonl",
            "--workspaces",
            "wss",
            "--format",
            "jsonl",
        ],
    );
    assert!(err.contains(refused), "{err}");
    let units: Vec<(String, serde_json::Value)> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|r| {
            (
                r["task"].as_str().unwrap().to_string(),
                r["gold_units"].clone(),
            )
        })
        .collect();
    assert_eq!(
        units,
        [("t1".to_string(), 0.into()), ("t2".to_string(), 1.into())],
        "t1's units never come from the outside file"
    );
}
