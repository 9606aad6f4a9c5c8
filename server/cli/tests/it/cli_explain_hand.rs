//! What session 33's hand check of `readcov explain` on the shipped real runs found in the text
//! (docs/explain.md "Checked by hand on the shipped real runs"): the next command keeps every
//! option that changes the explanation, names a workspace only when a span is missed, a task no
//! run read is `no run` (not "below"), the timeline says which turns it shows, a run with no read
//! row says why it has no stages, and `--against` heads its two columns so they are told apart.

use crate::common::{fits_100_columns, next_command, readcov_ok, real_data, stdout};
use serde_json::Value;

/// `readcov explain` on files of the shipped data as they are (the trajectory imported and the
/// SWE-bench rows made gold on the fly), no workspace unless `extra` gives one.
fn explain_shipped(gold: &str, log: &str, task: &str, extra: &[&str]) -> String {
    let data = real_data();
    let (g, r) = (
        data.join(gold).display().to_string(),
        data.join(log).display().to_string(),
    );
    let args = [
        &["explain", "--gold", &g, "--reads", &r, "--task", task],
        extra,
    ]
    .concat();
    let text = stdout(&readcov_ok(&args));
    fits_100_columns(&text);
    text
}

const LOG_4604: &str = "openhands/pylint-dev__pylint-4604.json";

/// pylint-dev__pylint-4604 in its workspace, with `extra`.
fn explain_4604(extra: &[&str]) -> String {
    let ws = real_data().join("sources").display().to_string();
    let args = [&["--workspaces", ws.as_str()], extra].concat();
    explain_shipped("gold.jsonl", LOG_4604, "pylint-dev__pylint-4604", &args)
}

#[test]
fn the_next_command_keeps_threshold_sources_and_no_stages() {
    // 4604 at 90% with two sources and no stages: the suggested command dropped all three, so
    // running it explained the run against 50%, with the stages.
    let text = explain_4604(&[
        "--threshold",
        "0.9",
        "--sources",
        "agent,human",
        "--no-stages",
    ]);
    let next = next_command(&text);
    assert!(
        next.contains(" --threshold 0.9 --sources agent,human --no-stages --run openhands"),
        "{next}"
    );
    let words: Vec<&str> = next.split_whitespace().collect();
    assert_eq!(words[0], "readcov");
    let doc: Value = serde_json::from_str(&stdout(&readcov_ok(&words[1..]))).unwrap();
    assert_eq!(doc["threshold"], 0.9);
    assert_eq!(doc["stages"], Value::Null);
    // At the defaults the command is as short as before.
    let next = next_command(&explain_4604(&[]));
    assert!(
        !next.contains("--threshold") && !next.contains("--sources"),
        "{next}"
    );
}

#[test]
fn a_run_that_missed_nothing_is_not_sent_for_units_around_missed_spans() {
    // pallets__flask-5014 read both its gold lines: "name the function or class around each
    // missed span" (--workspace DIR) named nothing; the JSON is the next thing worth running.
    let text = explain_shipped(
        "gold.jsonl",
        "openhands/pallets__flask-5014.json",
        "pallets__flask-5014",
        &[],
    );
    assert!(
        text.contains("line coverage 100% (2/2 gold lines)"),
        "{text}"
    );
    assert!(
        text.contains("\nnext (every field, for scripts):\n"),
        "{text}"
    );
    assert!(
        next_command(&text).ends_with("--run openhands --format json"),
        "{text}"
    );
    // A missed span still asks for the workspace (4604 without one).
    let text = explain_shipped("gold.jsonl", LOG_4604, "pylint-dev__pylint-4604", &[]);
    assert!(
        text.contains("\nnext (name the function or class around each missed span):\n"),
        "{text}"
    );
}

#[test]
fn a_task_no_run_read_is_no_run_not_below_the_threshold() {
    // The shipped offset patches have gold and no run: the verdict said "below 50%: line
    // coverage - (0/6 gold lines) · file hit - (0/2 gold files)".
    let text = explain_shipped(
        "offset-patches/gold.jsonl",
        LOG_4604,
        "sphinx-doc__sphinx-7462",
        &[],
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "sphinx-doc__sphinx-7462 · run -");
    assert_eq!(
        lines[1],
        "no run: no run of the task read anything (not scored) · 6 gold lines · 2 gold files"
    );
}

#[test]
fn the_timeline_says_which_turns_it_shows() {
    // 4604's coverage never changed from 0%: "changes only" over `5:0% 48:0%` was untrue of 48.
    let text = explain_4604(&[]);
    assert!(
        text.contains(
            "coverage by turn (turn:coverage at the first turn, each change of gold lines read, \
             the last)\n  5:0% 48:0%\n"
        ),
        "{text}"
    );
}

#[test]
fn a_run_with_no_read_row_says_why_it_has_no_stages() {
    // real-multi's jackson-databind-4487 doubao-pro-128k read nothing; its label makes it a run
    // of the task (coverage 0), but diagnose has no row for it: the stages block was missing
    // without a word. The offset patches' tasks (no run) likewise.
    let (dir, labels) = crate::import_gold::multi_consensus(&[]);
    let p = dir.path();
    let args = [
        "explain",
        "--gold",
        "gold.jsonl",
        "--reads",
        "reads.jsonl",
        "--task",
        "fasterxml__jackson-databind-4487",
        "--run",
        "doubao-pro-128k",
        "--outcomes",
        &labels,
    ];
    let text = stdout(&crate::import_gold::readcov(&args, p));
    fits_100_columns(&text);
    assert!(
        text.contains("line coverage 0% (0/334 gold lines)"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n\nstages: none — the run has no read row, and diagnose measures runs that read\n"
        ),
        "{text}"
    );
    let text = stdout(&crate::import_gold::readcov(
        &[&args[..], &["--no-stages"]].concat(),
        p,
    ));
    assert!(!text.contains("\nstages"), "{text}");
    let text = explain_shipped(
        "offset-patches/gold.jsonl",
        LOG_4604,
        "sphinx-doc__sphinx-7462",
        &[],
    );
    assert!(
        text.contains("\n\nstages: none — no run to measure\n"),
        "{text}"
    );
}

#[test]
fn two_runs_side_by_side_have_columns_told_apart() {
    // real-multi's jackson-databind-3701 under `--agree 2`: deepseek-chat-v2 against
    // deepseek-coder-v2 headed both columns `deepseek-`.
    let (dir, _labels) = crate::import_gold::multi_consensus(&["--agree", "2"]);
    let p = dir.path();
    let args = [
        "explain",
        "--gold",
        "gold.jsonl",
        "--reads",
        "reads.jsonl",
        "--task",
        "fasterxml__jackson-databind-3701",
        "--run",
        "deepseek-chat-v2",
        "--against",
        "deepseek-coder-v2",
        "--no-stages",
    ];
    let text = stdout(&crate::import_gold::readcov(&args, p));
    fits_100_columns(&text);
    let head = text.lines().find(|l| l.starts_with("  gold span")).unwrap();
    assert!(head.ends_with(" deep…t-v2 deep…r-v2"), "{text}");
    assert!(
        text.contains(
            "  src/main/java/com/fast…nd/node/NodeCursor.java:1-100     0/100   100/100\n    \
             only deepseek-coder-v2: 1-100\n"
        ),
        "{text}"
    );
}
