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
    assert!(
        out.status.success(),
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
