//! Outputs pinned byte for byte (issue 42): the work done to make import and ContextBench fast
//! (caches by file and by content, fewer parses) must not change a byte of what they print. The
//! expected files in `tests/fixtures/pinned/` were written by the binary before that work
//! (see that folder's MANIFEST.md); regenerate them only for a change meant to alter outputs.

use crate::common;

use common::{readcov_in, stderr};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `args` run in the repository root; its stdout (or the `-o` file `out`) equals `expected`.
fn check(args: &[&str], out: Option<&str>, expected: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let path = out.map(|name| tmp.path().join(name));
    if let Some(p) = &path {
        args.extend(["-o".to_string(), p.display().to_string()]);
    }
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = readcov_in(&repo(), &argv);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let got = match &path {
        Some(p) => std::fs::read(p).unwrap(),
        None => o.stdout,
    };
    let want = std::fs::read(repo().join("tests/fixtures/pinned").join(expected)).unwrap();
    assert!(
        got == want,
        "{expected}: output differs from the pinned one ({} bytes vs {}); first difference at byte {}",
        got.len(),
        want.len(),
        got.iter().zip(&want).take_while(|(a, b)| a == b).count()
    );
}

fn real_trajectories() -> Vec<String> {
    let mut out = Vec::new();
    for sub in ["openhands", "mini-swe-agent"] {
        let dir = repo().join("tests/data/real").join(sub);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        out.extend(
            names
                .into_iter()
                .map(|n| format!("tests/data/real/{sub}/{n}")),
        );
    }
    assert_eq!(out.len(), 15, "the 15 shipped SWE-bench trajectories");
    out
}

#[test]
fn import_of_the_real_trajectories_with_and_without_workspaces() {
    let trajs = real_trajectories();
    for jobs in ["1", "2"] {
        let mut args = vec![
            "import",
            "--jobs",
            jobs,
            "--workspaces",
            "tests/data/real/sources",
        ];
        args.extend(trajs.iter().map(String::as_str));
        check(&args, Some("reads.jsonl"), "real-import.expected.jsonl");
        let mut args = vec!["import", "--jobs", jobs];
        args.extend(trajs.iter().map(String::as_str));
        check(
            &args,
            Some("reads.jsonl"),
            "real-import-nows.expected.jsonl",
        );
    }
}

#[test]
fn contextbench_on_instances_from_the_real_data_with_blocks() {
    // 30 instances, two of each real one: the second copy's blocks come from the run's cache.
    let d = "tests/fixtures/pinned/contextbench-real";
    for jobs in ["1", "2"] {
        check(
            &[
                "contextbench",
                "--gold",
                &format!("{d}/gold.jsonl"),
                "--preds",
                &format!("{d}/preds.jsonl"),
                "--workspaces",
                "tests/data/real/sources",
                "--format",
                "jsonl",
                "--jobs",
                jobs,
            ],
            None,
            "contextbench-real/expected.jsonl",
        );
    }
}

#[test]
fn contextbench_on_the_fixture() {
    let d = "tests/fixtures/contextbench";
    check(
        &[
            "contextbench",
            "--gold",
            &format!("{d}/gold.jsonl"),
            "--preds",
            &format!("{d}/preds.jsonl"),
            "--workspaces",
            &format!("{d}/ws"),
            "--format",
            "jsonl",
        ],
        None,
        "contextbench-fixture.expected.jsonl",
    );
}
