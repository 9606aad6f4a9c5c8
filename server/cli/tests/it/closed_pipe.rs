//! A reader that stops early (`readcov … | head`) ends the command quietly, exit 0: every
//! command's standard output is written through `output::print`/`write_output`, never `print!`,
//! which panicked with "failed printing to stdout: Broken pipe" (explain, explore, contextbench,
//! merge, demo, report), and a write error of a closed pipe is no input error (`units`,
//! `locbench` said "error: Broken pipe" and exited 2).

use crate::common::{real_data, stderr};
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs readcov in `dir` with its standard output a pipe whose reading end is closed at once.
fn closed_stdout(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_readcov"))
        .current_dir(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run readcov");
    drop(child.stdout.take());
    child.wait_with_output().expect("wait for readcov")
}

#[test]
fn a_closed_stdout_ends_each_command_quietly() {
    let root = crate::common::repo_root();
    let real = real_data();
    let (gold, src) = (real.join("gold.jsonl"), real.join("sources"));
    let run = real.join("openhands/pylint-dev__pylint-4604.json");
    let (gold, src, run) = (
        gold.to_str().unwrap(),
        src.to_str().unwrap(),
        run.to_str().unwrap(),
    );
    let unit_file = real.join("sources/pylint-dev__pylint-4604/pylint/checkers/variables.py");
    let dir = tempfile::tempdir().unwrap();
    let part = dir.path().join("p.json");
    let part = part.to_str().unwrap();
    let explain = [
        "explain",
        "--gold",
        gold,
        "--reads",
        run,
        "--task",
        "pylint-dev__pylint-4604",
    ];
    let cases: Vec<Vec<&str>> = vec![
        [&explain[..], &["--workspaces", src, "--format", "json"]].concat(),
        [&explain[..], &["--workspaces", src]].concat(),
        vec!["demo"],
        vec![
            "explore",
            "--bench",
            "tests/fixtures/explore/bench.jsonl",
            "--preds",
            "tests/fixtures/explore/preds.jsonl",
            "--format",
            "jsonl",
        ],
        vec![
            "contextbench",
            "--gold",
            "tests/fixtures/contextbench/gold.jsonl",
            "--preds",
            "tests/fixtures/contextbench/preds.jsonl",
            "--format",
            "json",
        ],
        vec!["units", unit_file.to_str().unwrap()],
        vec![
            "locbench",
            "--gold",
            "tests/fixtures/locbench/edit-functions-lite3.jsonl",
            "--preds",
            "tests/fixtures/locbench/locagent-claude35-lite3.jsonl",
            "--format",
            "json",
        ],
        vec!["report", "--gold", gold, "--reads", run, "--sarif", part],
    ];
    for args in &cases {
        let o = closed_stdout(&root, args);
        let err = stderr(&o);
        assert!(
            o.status.code() == Some(0) && !err.contains("panicked") && !err.contains("Broken pipe"),
            "{args:?}: {:?}\n{err}",
            o.status
        );
    }
    // merge of the partial a score wrote.
    let score = [
        "score",
        "--gold",
        gold,
        "--reads",
        run,
        "--emit-partial",
        part,
    ];
    assert!(closed_stdout(&root, &score).status.success());
    let o = closed_stdout(&root, &["merge", "--format", "json", part]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A write that fails for another reason than a closed reader (a full disk: `/dev/full`) is an
/// error naming standard output, exit 2, never a silent exit 0 with the output lost: `sheet`
/// ignored every write error (`let _ = write_all`) before the review of session 29, when it and
/// `diagnose` took `output::print` (which flushes, so the error is not left to the exit).
#[test]
fn a_full_stdout_is_an_error_not_lost_output() {
    let full = Path::new("/dev/full");
    assert!(full.exists(), "this test needs /dev/full (Linux)");
    let root = crate::common::repo_root();
    let real = real_data();
    let (gold, run) = (
        real.join("gold.jsonl"),
        real.join("openhands/pylint-dev__pylint-4604.json"),
    );
    let (gold, run) = (gold.to_str().unwrap(), run.to_str().unwrap());
    let cases: [&[&str]; 2] = [
        &[
            "sheet",
            "--runs",
            "tests/fixtures/sheet/runs.jsonl",
            "--gold",
            "tests/fixtures/sheet/gold.jsonl",
            "--reads",
            "tests/fixtures/sheet/reads.jsonl",
        ],
        &["diagnose", "--gold", gold, "--reads", run],
    ];
    for args in cases {
        let o = Command::new(env!("CARGO_BIN_EXE_readcov"))
            .current_dir(&root)
            .args(args)
            .stdout(std::fs::File::create(full).unwrap())
            .stderr(Stdio::piped())
            .output()
            .expect("run readcov");
        let err = stderr(&o);
        assert!(
            o.status.code() == Some(2) && err.contains("cannot write to stdout"),
            "{args:?}: {:?}\n{err}",
            o.status
        );
    }
}
