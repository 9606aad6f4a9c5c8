//! `readcov import --emit-patches`: each shipped run's change, rebuilt by replaying its edits on
//! the shipped sources, written as SWE-bench predictions and checked with the real `git apply`
//! on a copy of those sources (the check that the replay is right); what could not be rebuilt
//! is named in `partial`, and where a log carries its own final patch, the replayed file equals
//! the one that patch gives.

use crate::common::{copy_dir, readcov_ok, real_data, stderr};
use serde_json::Value;
use std::process::Command;

fn emit(from: &str) -> (Vec<Value>, String) {
    let data = real_data();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.jsonl");
    let mut args: Vec<String> = vec![
        "import".into(),
        "--workspaces".into(),
        data.join("sources").display().to_string(),
        "-o".into(),
        dir.path().join("r.jsonl").display().to_string(),
        "--emit-patches".into(),
        out.display().to_string(),
        "--emit-from".into(),
        from.into(),
    ];
    for sub in ["openhands", "mini-swe-agent"] {
        let mut logs: Vec<_> = std::fs::read_dir(data.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path().display().to_string())
            .collect();
        logs.sort();
        args.extend(logs);
    }
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = readcov_ok(&argv);
    let rows = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (rows, stderr(&o))
}

/// The task's sources with `patch` applied by `git apply` (which must accept it).
fn applied(task: &str, patch: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&real_data().join("sources").join(task), dir.path());
    let file = dir.path().join("change.diff");
    std::fs::write(&file, patch).unwrap();
    let o = Command::new("git")
        .args(["apply", "--verbose", "change.diff"])
        .current_dir(dir.path())
        .output()
        .expect("git must be installed: this test runs the real `git apply`");
    assert!(
        o.status.success(),
        "{task}: git apply refused the replayed change:\n{}\n{patch}",
        String::from_utf8_lossy(&o.stderr)
    );
    dir
}

#[test]
fn every_replayed_change_applies_with_git_and_losses_are_named() {
    let (rows, err) = emit("replay");
    assert_eq!(rows.len(), 15, "{err}");
    let mut partial = Vec::new();
    for r in &rows {
        let task = r["instance_id"].as_str().unwrap();
        assert_eq!(r["change_source"], "replay");
        assert!(r["model_name_or_path"].is_string());
        let patch = r["model_patch"].as_str().unwrap();
        assert!(
            !patch.is_empty(),
            "{task}: every shipped run changed something"
        );
        applied(task, patch);
        for l in r["partial"].as_array().unwrap() {
            partial.push(format!(
                "{task} {} {}",
                l["path"].as_str().unwrap_or("*"),
                l["new_file"]
            ));
        }
    }
    assert_eq!(
        partial,
        [
            // `mv test_run.py.new test_run.py`, then 6 edits of it (not in the shipped sources).
            "pylint-dev__pylint-6903 tests/lint/test_run.py true",
            "pylint-dev__pylint-6903 tests/lint/test_run.py.new true",
            // The fix was written by a Python script (`fix_cstack.py`) the run wrote.
            "astropy__astropy-12907 astropy/modeling/separable.py false",
            "astropy__astropy-12907 astropy/modeling/separable.py.backup true",
            "astropy__astropy-12907 patch.txt true",
            // Its two base files changed by `sed -i` were here before session 36 (replayed since).
            "astropy__astropy-14182 astropy/io/ascii/rst.py.backup true",
            "astropy__astropy-14182 patch.txt true",
            "astropy__astropy-14365 astropy/io/ascii/qdp.py false",
            "astropy__astropy-14365 patch.txt true",
        ]
    );
    assert!(
        err.contains("patches: 4 run(s) with a partial change"),
        "{err}"
    );
    // flask-5014: the run's fix, two lines inserted before base 193 (`if "." in name:`).
    let flask = rows
        .iter()
        .find(|r| r["instance_id"] == "pallets__flask-5014")
        .unwrap();
    let dir = applied(
        "pallets__flask-5014",
        flask["model_patch"].as_str().unwrap(),
    );
    let after = std::fs::read_to_string(dir.path().join("src/flask/blueprints.py")).unwrap();
    assert!(
        after.contains("        if not name or not name.strip():\n            raise ValueError(\"'name' may not be empty.\")\n        if \".\" in name:\n"),
        "{after}"
    );
}

#[test]
fn the_replay_gives_the_file_the_logs_own_patch_gives() {
    // astropy-14182 rewrote rst.py with `cat > rst.py << EOF` (replayed as the file created) and
    // submitted `git diff -- rst.py`: both give the same rst.py.
    let (replay, _) = emit("replay");
    let (log, _) = emit("log");
    let pick = |rows: &[Value]| {
        rows.iter()
            .find(|r| r["instance_id"] == "astropy__astropy-14182")
            .unwrap()["model_patch"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let rst = "astropy/io/ascii/rst.py";
    let a = applied("astropy__astropy-14182", &pick(&replay));
    let b = applied("astropy__astropy-14182", &pick(&log));
    let text = |d: &tempfile::TempDir| std::fs::read_to_string(d.path().join(rst)).unwrap();
    assert_eq!(text(&a), text(&b));
    // Only the mini-swe-agent logs carry a final patch (`info.submission`).
    assert_eq!(log.len(), 3);
    assert!(log.iter().all(|r| r["change_source"] == "log"));
}
