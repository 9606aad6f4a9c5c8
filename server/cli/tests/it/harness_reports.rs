//! The SWE-bench harness's outputs in every form it writes (tests/data/formats/swebench-eval) go
//! in wherever a harness report belongs: `--outcomes` of every command (a label per task, with a
//! note) and `diagnose --test-report`; a wrong file at either is refused naming what it looks
//! like, and a report given as gold or reads is refused pointing at the right flag.

use crate::common::{readcov, readcov_ok, real_data, stderr, stdout};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn s(p: &Path) -> String {
    p.display().to_string()
}

fn eval_file(name: &str) -> String {
    s(&real_data().join("../formats/swebench-eval").join(name))
}

/// The three shipped mini-swe-agent runs, imported once.
fn reads() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("r.jsonl");
    let logs = real_data().join("mini-swe-agent");
    let mut args = vec!["import".to_string(), "-o".into(), s(&reads)];
    let mut names: Vec<String> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| s(&e.unwrap().path()))
        .collect();
    names.sort();
    args.extend(names);
    readcov_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    (dir, reads)
}

fn diagnose(reads: &Path, extra: &[&str]) -> (Vec<Value>, String) {
    let gold = s(&real_data().join("gold.jsonl"));
    let mut args = vec!["diagnose", "--gold", &gold, "--reads"];
    let reads = s(reads);
    args.push(&reads);
    args.extend(["--format", "json"]);
    args.extend(extra);
    let o = readcov_ok(&args);
    let doc: Value = serde_json::from_str(&stdout(&o)).unwrap();
    (doc["runs"].as_array().unwrap().clone(), stderr(&o))
}

/// `readcov score` of the shipped gold and `reads` with `--outcomes OUTCOMES`.
fn score(reads: &Path, outcomes: &str) -> std::process::Output {
    let gold = s(&real_data().join("gold.jsonl"));
    readcov(&[
        "score",
        "--gold",
        &gold,
        "--reads",
        &s(reads),
        "--outcomes",
        outcomes,
    ])
}

fn resolved(runs: &[Value]) -> Vec<(String, Value)> {
    runs.iter()
        .map(|r| {
            (
                r["task"].as_str().unwrap().to_string(),
                r["resolved"].clone(),
            )
        })
        .collect()
}

#[test]
fn every_form_of_harness_report_is_outcome_labels() {
    let (_d, reads) = reads();
    let t = |s: &str| s.to_string();
    for (file, want, note) in [
        (
            // The runs' own evaluation: all three resolved (as tests/data/real/gold.jsonl says).
            "msa-pr816_deepseek__deepseek-chat.deepseek_chat_test_1-100.json",
            [Value::Bool(true), Value::Bool(true), Value::Bool(true)],
            "61 resolved, 39 not",
        ),
        (
            // OpenHands' runs of the same tasks: 14182 and 14365 unresolved.
            "openhands_output.swebench_eval.md",
            [Value::Bool(true), Value::Bool(false), Value::Bool(false)],
            "26 resolved, 24 not",
        ),
        (
            "openhands_eval_instance_astropy__astropy-12907.log",
            [Value::Bool(true), Value::Null, Value::Null],
            "1 resolved, 0 not",
        ),
    ] {
        let (runs, err) = diagnose(&reads, &["--outcomes", &eval_file(file)]);
        let tasks = [
            t("astropy__astropy-12907"),
            t("astropy__astropy-14182"),
            t("astropy__astropy-14365"),
        ];
        assert_eq!(
            resolved(&runs),
            tasks.into_iter().zip(want).collect::<Vec<_>>(),
            "{file}"
        );
        assert!(
            err.contains(&format!(
                "a SWE-bench harness report, read as outcome labels per task: {note}"
            )),
            "{file}: {err}"
        );
    }
    // `score` takes the same file (one input layer).
    let o = score(&reads, &eval_file("openhands_output.swebench_eval.md"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("26 resolved, 24 not"), "{}", stderr(&o));
}

#[test]
fn a_harness_log_is_a_test_report() {
    let (_d, reads) = reads();
    let log = eval_file("openhands_eval_instance_astropy__astropy-12907.log");
    let (runs, _) = diagnose(&reads, &["--test-report", &format!("mini-swe-agent={log}")]);
    let r = runs
        .iter()
        .find(|r| r["task"] == "astropy__astropy-12907")
        .unwrap();
    let tests = &r["stages"]["tests"];
    assert_eq!(tests["harness"], "resolved", "{tests}");
    assert_eq!(
        (
            &tests["fail_to_pass_passing"],
            &tests["pass_to_pass_passing"]
        ),
        (&Value::from(2), &Value::from(13)),
        "{tests}"
    );
}

#[test]
fn a_wrong_file_is_refused_naming_what_it_looks_like() {
    let (_d, reads) = reads();
    let gold = s(&real_data().join("gold.jsonl"));
    let reads = s(&reads);
    let o = readcov(&[
        "diagnose",
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--test-report",
        &reads,
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("looks like reads JSONL")
            && stderr(&o).contains("not a SWE-bench harness report"),
        "{}",
        stderr(&o)
    );
    let report = eval_file("msb-java_deepseek-chat-v2_results.json");
    let o = readcov(&["score", "--gold", &report, "--reads", &reads]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("looks like a SWE-bench harness report")
            && stderr(&o).contains("give it as `--outcomes`"),
        "{}",
        stderr(&o)
    );
}

/// `--outcomes RUN=FILE`: a report is one run's evaluation; given for a run, it labels that run
/// only (a report given bare labels every run of its tasks), and files for several runs merge.
#[test]
fn a_report_given_for_a_run_labels_that_run_only() {
    let (d, reads) = reads();
    let md = eval_file("openhands_output.swebench_eval.md");
    let run_level = eval_file("msa-pr816_deepseek__deepseek-chat.deepseek_chat_test_1-100.json");
    let (runs, _) = diagnose(
        &reads,
        &[
            "--outcomes",
            &format!("mini-swe-agent={md}"),
            "--outcomes",
            &format!("other={run_level}"),
        ],
    );
    let got: Vec<Value> = runs.iter().map(|r| r["resolved"].clone()).collect();
    assert_eq!(
        got,
        [Value::Bool(true), Value::Bool(false), Value::Bool(false)]
    );
    let (runs, _) = diagnose(&reads, &["--outcomes", &format!("other={md}")]);
    assert!(runs.iter().all(|r| r["resolved"].is_null()), "{runs:?}");
    // A labels file naming another run than the one it was given for: a located error.
    let labels = d.path().join("labels.jsonl");
    std::fs::write(
        &labels,
        "{\"task\":\"astropy__astropy-12907\",\"run\":\"x\",\"resolved\":true}\n",
    )
    .unwrap();
    let o = score(&reads, &format!("mini-swe-agent={}", s(&labels)));
    assert!(
        stderr(&o).contains("labels.jsonl:1: field `run`: names run `x`, but the file was given for run `mini-swe-agent`"),
        "{}",
        stderr(&o)
    );
}
