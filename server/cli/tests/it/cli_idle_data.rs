//! Options whose effect depends on the inputs, given where the inputs left them nothing to do
//! (session 31, the rest of `cli_idle_options`' audit): refused where the output would not be
//! what was asked (`explore --explorer`), said on stderr where the output is right without them
//! and a pipeline passes them for every input (`explore --pred-root`, `import --workspaces`).
//! Each refusal or warning tested here was absent on 0ed7f18 (exit 0, nothing said).

use crate::common;

use common::{assert_refused, readcov_in, repo_root, stderr, stdout};
use std::path::{Path, PathBuf};

fn explore_fixtures() -> PathBuf {
    repo_root().join("tests/fixtures/explore")
}

fn ok(o: &std::process::Output) {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
}

fn explore(dir: &Path, preds: &str, extra: &[&str]) -> std::process::Output {
    let fx = explore_fixtures();
    let (bench, lengths) = (fx.join("bench.jsonl"), fx.join("lengths.json"));
    let mut a = vec![
        "explore",
        "--bench",
        bench.to_str().unwrap(),
        "--preds",
        preds,
    ];
    a.extend_from_slice(&["--file-lengths", lengths.to_str().unwrap()]);
    a.extend_from_slice(extra);
    readcov_in(dir, a.as_slice())
}

/// `explore --explorer NAME` names the rows (and text-form files) that give no explorer: beside
/// rows that each name theirs it named nothing, and the results carried the rows' names, not
/// NAME.
#[test]
fn explore_explorer_no_row_takes_is_refused() {
    let fx = explore_fixtures();
    let o = explore(&fx, "preds.jsonl", &["--explorer", "mine"]);
    assert_refused(
        &o,
        &[
            "--explorer mine: every prediction row names its own explorer, so it names none",
            "(it goes with rows, or a text-form predictions file, that give none)",
        ],
    );
    // Rows without a name take it; so does a text-form file; a row naming it itself agrees.
    let dir = tempfile::tempdir().unwrap();
    let unnamed: String = (std::fs::read_to_string(fx.join("preds.jsonl"))
        .unwrap()
        .lines())
    .filter_map(|l| {
        let mut v: serde_json::Value = serde_json::from_str(l).ok()?;
        v.as_object_mut()?.remove("explorer");
        Some(v.to_string() + "\n")
    })
    .collect();
    std::fs::write(dir.path().join("unnamed.jsonl"), unnamed).unwrap();
    let o = explore(dir.path(), "unnamed.jsonl", &["--explorer", "mine"]);
    ok(&o);
    assert!(stdout(&o).contains("mine"), "{}", stdout(&o));
    let text = [
        "--instance",
        "pylint-dev__pylint-4604",
        "--explorer",
        "mine",
    ];
    ok(&explore(&fx, "cli-agent.txt", &text));
    ok(&explore(&fx, "preds.jsonl", &["--explorer", "bm25"]));
}

/// `explore --pred-root ROOT` makes absolute prediction paths under ROOT relative: with none
/// absolute it changed nothing. Said, not refused: the scores are right without it, and one
/// root passed for every agent's predictions is a legitimate pipeline.
#[test]
fn explore_pred_root_without_absolute_paths_warns() {
    let fx = explore_fixtures();
    let rooted = explore(&fx, "preds.jsonl", &["--pred-root", "/testbed"]);
    ok(&rooted);
    let warning =
        "warning: --pred-root `/testbed`: no prediction path is absolute, so it changed nothing";
    assert!(stderr(&rooted).contains(warning), "{}", stderr(&rooted));
    let plain = explore(&fx, "preds.jsonl", &[]);
    assert_eq!(stdout(&rooted), stdout(&plain), "the same scores");
    // With absolute paths under it, it acts and nothing is said; a blank root names no folder.
    let text = |root: &str| {
        let a = ["--instance", "pallets__flask-5014", "--pred-root", root];
        explore(&fx, "testbed.txt", &a)
    };
    let acting = text("/testbed");
    ok(&acting);
    assert!(
        !stderr(&acting).contains("--pred-root"),
        "{}",
        stderr(&acting)
    );
    let blank = text(" ");
    ok(&blank);
    assert!(
        stderr(&blank).contains("a blank root names no folder"),
        "{}",
        stderr(&blank)
    );
}

/// `import --workspaces DIR` reads each task's folder `DIR/<task>/`: when no imported task had
/// one, every run was imported as without a workspace, the same rows, nothing said.
#[test]
fn import_workspaces_without_any_task_folder_warns() {
    let root = repo_root();
    let log = "tests/data/real/mini-swe-agent/astropy__astropy-12907.traj.json";
    let empty = tempfile::tempdir().unwrap();
    let import = |extra: &[&str]| {
        let mut a = vec!["import", log];
        a.extend_from_slice(extra);
        readcov_in(&root, &a)
    };
    let o = import(&["--workspaces", empty.path().to_str().unwrap()]);
    ok(&o);
    let warning = "no imported task has a folder there (<dir>/<task>/), so it changed nothing";
    assert!(
        stderr(&o).contains(&format!("warning: --workspaces {}", empty.path().display()))
            && stderr(&o).contains(warning),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o), stdout(&import(&[])), "the rows of no workspace");
    // A task with its folder: the workspace is read, nothing said.
    let o = import(&["--workspaces", "tests/data/real/sources"]);
    ok(&o);
    assert!(!stderr(&o).contains("--workspaces"), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"base\""), "rows record their base");
}

/// `import --task ID` names the task of a one-instance OpenHands eval file: in a file of several
/// instances that each give their `instance_id` it named nothing, silently.
#[test]
fn import_task_beside_eval_instances_that_name_theirs_is_said() {
    let root = repo_root();
    let eval = "tests/data/formats/openhands/eval-output/multi_swe_bench-ponyc-llama-4-maverick.output.jsonl";
    let import = |extra: &[&str]| {
        let mut a = vec!["import", eval];
        a.extend_from_slice(extra);
        readcov_in(&root, &a)
    };
    let o = import(&["--task", "mine"]);
    ok(&o);
    let note = "--task not used: the file's 3 instances each name their task (`instance_id`)";
    assert!(stderr(&o).contains(note), "{}", stderr(&o));
    assert_eq!(stdout(&o), stdout(&import(&[])), "the rows of no --task");
    // A one-instance file takes it, nothing said.
    let dir = tempfile::tempdir().unwrap();
    let first = std::fs::read_to_string(root.join(eval)).unwrap();
    let one = dir.path().join("one.jsonl");
    std::fs::write(&one, first.lines().next().unwrap()).unwrap();
    let o = readcov_in(&root, &["import", one.to_str().unwrap(), "--task", "mine"]);
    ok(&o);
    assert!(stdout(&o).contains("\"task\":\"mine\""), "{}", stdout(&o));
    assert!(!stderr(&o).contains("--task not used"), "{}", stderr(&o));
}

/// `score --outcomes` with one gold set adds the labelled runs that read nothing (coverage 0):
/// labels that name no run of a gold task (another task's, or a whole task's, as a harness report
/// gives) changed no byte, silently. Labels whose runs all read something change nothing either,
/// but that is a legitimate pipeline (labels always given, so a crashed run is never left out):
/// accepted, nothing said.
#[test]
fn score_outcomes_naming_no_run_of_a_gold_task_warn() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write(
        "gold.jsonl",
        "{\"task\":\"t1\",\"path\":\"a.py\",\"start\":1,\"end\":4}\n",
    );
    write(
        "reads.jsonl",
        "{\"task\":\"t1\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n",
    );
    write(
        "whole.jsonl",
        "{\"instance_id\":\"t1\",\"resolved\":false}\n",
    );
    write(
        "other.jsonl",
        "{\"task\":\"t9\",\"run\":\"r\",\"resolved\":true}\n",
    );
    write(
        "read.jsonl",
        "{\"task\":\"t1\",\"run\":\"r\",\"resolved\":true}\n",
    );
    write(
        "crashed.jsonl",
        "{\"task\":\"t1\",\"run\":\"crashed\",\"resolved\":false}\n",
    );
    let score = |extra: &[&str]| {
        let mut a = vec!["score", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
        a.extend_from_slice(&["--format", "csv"]);
        a.extend_from_slice(extra);
        readcov_in(dir.path(), &a)
    };
    let plain = stdout(&score(&[]));
    let warning = "warning: --outcomes: no label names a run of a task the gold has";
    for labels in ["whole.jsonl", "other.jsonl"] {
        let o = score(&["--outcomes", labels]);
        ok(&o);
        assert!(stderr(&o).contains(warning), "{labels}: {}", stderr(&o));
        assert_eq!(stdout(&o), plain, "{labels} changed nothing");
        // Every shard asks all the gold: the same word whichever shard.
        let o = score(&["--outcomes", labels, "--shard", "1/2"]);
        assert!(stderr(&o).contains(warning), "{labels}: {}", stderr(&o));
    }
    for labels in ["read.jsonl", "crashed.jsonl"] {
        let o = score(&["--outcomes", labels]);
        ok(&o);
        assert!(
            !stderr(&o).contains("--outcomes"),
            "{labels}: {}",
            stderr(&o)
        );
    }
    assert!(stdout(&score(&["--outcomes", "crashed.jsonl"])).contains("t1,crashed,scored"));
}
