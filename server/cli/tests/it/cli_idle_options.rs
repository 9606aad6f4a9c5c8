//! Session 30's end of the audit `cli_silent_options` began: options that were accepted and
//! changed nothing in some combination are refused (exit 2, the error naming the option and why).
//! Each test's refused case exited 0 on 70db00d (session 31's: on 0ed7f18).

use crate::common;

use common::{assert_refused, readcov_in, repo_root, stderr, stdout};
use std::path::Path;

const GOLD: &str = "{\"task\":\"t1\",\"path\":\"a.py\",\"start\":1,\"end\":4}\n";
const READS: &str =
    "{\"task\":\"t1\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2,\"rank\":1}\n";

fn inputs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("gold.jsonl"), GOLD).unwrap();
    std::fs::write(dir.path().join("reads.jsonl"), READS).unwrap();
    std::fs::write(dir.path().join("a.py"), "a\nb\nc\nd\ne\n").unwrap();
    let labels = "{\"task\":\"t1\",\"run\":\"r\",\"resolved\":true}\n";
    std::fs::write(dir.path().join("labels.jsonl"), labels).unwrap();
    std::fs::write(dir.path().join("patches.jsonl"), "").unwrap();
    dir
}

fn ok(o: &std::process::Output) {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
}

/// `score --at-k` times nothing: `--timings` beside it was taken and changed nothing; `--widen`
/// beside `--trec-run` sized a what-if a TREC run never has, and `--outcomes` there would add
/// runs with no document to write. (`--outcomes` beside `--at-k` alone was refused from session
/// 30 to 33; since session 34 its labelled runs are rows of the curves: labelled_runs_at_k.rs.)
#[test]
fn score_at_k_options_that_do_nothing_are_refused() {
    let dir = inputs();
    let score = |extra: &[&str]| {
        let mut a = vec!["score", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
        a.extend_from_slice(extra);
        readcov_in(dir.path(), &a)
    };
    let o = score(&[
        "--at-k",
        "1",
        "--trec-run",
        "file",
        "--outcomes",
        "labels.jsonl",
    ]);
    assert_refused(&o, &["--trec-run", "--outcomes"]);
    assert_refused(
        &score(&["--at-k", "1", "--timings"]),
        &["--at-k", "--timings"],
    );
    let trec = ["--at-k", "1", "--trec-run", "file", "--widen", "3"];
    assert_refused(&score(&trec), &["--trec-run", "--widen"]);
    // --consensus's options, which clap let through unread beside a TREC run (session 38;
    // found by tests/python/test_flag_parity_modes.py).
    for (flag, value) in [
        ("--agree", "2"),
        ("--min-runs", "3"),
        ("--loo-failed", "full"),
    ] {
        let o = score(&["--at-k", "1", "--trec-run", "file", flag, value]);
        assert_refused(&o, &["--trec-run", flag]);
    }
    // Where they do something, they are taken.
    ok(&score(&["--at-k", "1", "--widen", "3"]));
    ok(&score(&["--at-k", "1", "--outcomes", "labels.jsonl"]));
    ok(&score(&["--at-k", "1", "--trec-run", "file"]));
    ok(&score(&["--outcomes", "labels.jsonl", "--timings"]));
}

/// `score --at-k K --trec-run LEVEL` writes the ranked documents as a TREC run, which any TREC
/// tool scores by IR measures: `--threshold` (the verdict's line coverage) changed no byte of it,
/// and was taken (its default is shared with score's other outputs; clap's conflicts count only a
/// value given, so the default never is refused).
#[test]
fn score_threshold_beside_a_trec_run_is_refused() {
    let dir = inputs();
    let score = |extra: &[&str]| {
        let mut a = vec!["score", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
        a.extend_from_slice(&["--at-k", "1"]);
        a.extend_from_slice(extra);
        readcov_in(dir.path(), &a)
    };
    let o = score(&["--trec-run", "file", "--threshold", "0.9"]);
    assert_refused(&o, &["--trec-run", "--threshold"]);
    // Given as the default value, still given: refused alike.
    let o = score(&["--threshold", "0.5", "--trec-run", "line"]);
    assert_refused(&o, &["--trec-run", "--threshold"]);
    // Where it does something (the at-k points' share at the threshold), it is taken.
    let run = score(&["--trec-run", "file"]);
    ok(&run);
    assert!(
        stdout(&run).starts_with("t1 Q0 a.py 1 "),
        "{}",
        stdout(&run)
    );
    let [at, low] = [&["--threshold", "0.9"][..], &["--threshold", "0.1"]].map(|t| {
        let o = score(&[t, &["--format", "json"][..]].concat());
        ok(&o);
        stdout(&o)
    });
    assert_ne!(at, low, "the threshold changes the at-k figures");
}

/// `score --summary` leaves the per-file breakdown out of json/jsonl rows; the rows of several
/// gold sets (or `--consensus`) never carry it, so it printed the same there.
#[test]
fn score_summary_with_several_gold_sets_is_refused() {
    let dir = inputs();
    let score = |extra: &[&str]| {
        let mut a = vec!["score", "--gold", "a=gold.jsonl", "--gold", "b=gold.jsonl"];
        a.extend_from_slice(&["--reads", "reads.jsonl", "--format", "json"]);
        a.extend_from_slice(extra);
        readcov_in(dir.path(), &a)
    };
    assert_refused(&score(&["--summary"]), &["--summary takes one gold set"]);
    ok(&score(&[]));
    let one = [
        "score",
        "--gold",
        "gold.jsonl",
        "--reads",
        "reads.jsonl",
        "--format",
        "json",
    ];
    ok(&readcov_in(
        dir.path(),
        &[&one[..], &["--summary"]].concat(),
    ));
}

/// `explain --no-stages` leaves the stages out, and `--patches` / `--test-report` are only read
/// for them: beside it they were never opened (`report --no-stages` refused them already).
#[test]
fn explain_stage_inputs_beside_no_stages_are_refused() {
    let dir = inputs();
    let explain = |extra: &[&str]| {
        let mut a = vec!["explain", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
        a.extend_from_slice(&["--task", "t1"]);
        a.extend_from_slice(extra);
        readcov_in(dir.path(), &a)
    };
    let o = explain(&["--no-stages", "--patches", "patches.jsonl"]);
    assert_refused(&o, &["--no-stages", "--patches"]);
    let o = explain(&["--no-stages", "--test-report", "labels.jsonl"]);
    assert_refused(&o, &["--no-stages", "--test-report"]);
    ok(&explain(&["--no-stages"]));
    ok(&explain(&["--patches", "patches.jsonl"]));
}

/// `locbench --k-module` / `--k-function` at a level no task has gold at (readcov gold without
/// a workspace names files only) printed empty rows under the ks given, whatever they were.
#[test]
fn locbench_ks_of_a_level_without_gold_are_refused() {
    let root = repo_root();
    let fx = "tests/fixtures/locbench/";
    let run = |gold: &str, extra: &[&str]| {
        let (gold, preds) = (format!("{fx}{gold}"), format!("{fx}locagent.jsonl"));
        let mut a = vec!["locbench", "--gold", &gold, "--preds", &preds];
        a.extend_from_slice(extra);
        readcov_in(&root, &a)
    };
    let o = run("swebench3.jsonl", &["--k-module", "3"]);
    assert_refused(
        &o,
        &[
            "--k-module",
            "no task has gold at module level",
            "--workspace",
        ],
    );
    let o = run("swebench3.jsonl", &["--k-function", "1,2"]);
    assert_refused(&o, &["--k-function", "function level"]);
    // The file level has gold; the defaults are never refused; with the workspaces (units)
    // or Loc-Bench rows the module level has gold.
    ok(&run("swebench3.jsonl", &["--k-file", "3"]));
    ok(&run("swebench3.jsonl", &[]));
    let ws = ["--workspaces", "tests/data/real/sources", "--k-module", "3"];
    ok(&run("swebench3.jsonl", &ws));
    ok(&run("gold-file-changes.jsonl", &["--k-module", "3"]));
}

/// `sheet --regeneration-limit` counts rejected runs at the limit among the records that have
/// `regeneration_count`: with none, it counted nothing and the sheet was the same.
#[test]
fn sheet_regeneration_limit_without_counts_is_refused() {
    let root = repo_root();
    let fixture = root.join("tests/fixtures/sheet/runs.jsonl");
    let dir = tempfile::tempdir().unwrap();
    let runs: String = (std::fs::read_to_string(&fixture).unwrap().lines())
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("regeneration_count");
            v.to_string() + "\n"
        })
        .collect();
    std::fs::write(dir.path().join("runs.jsonl"), runs).unwrap();
    let sheet = |runs: &Path, extra: &[&str]| {
        let mut a = vec!["sheet", "--runs", runs.to_str().unwrap()];
        a.extend_from_slice(extra);
        readcov_in(&root, &a)
    };
    let bare = dir.path().join("runs.jsonl");
    let o = sheet(&bare, &["--regeneration-limit", "2"]);
    assert_refused(
        &o,
        &[
            "--regeneration-limit",
            "`regeneration_count`",
            "counts nothing",
        ],
    );
    ok(&sheet(&bare, &[]));
    ok(&sheet(&fixture, &["--regeneration-limit", "2"]));
    // A shard may hold no count while another does (and merged shards share the limit): said.
    let o = sheet(&bare, &["--regeneration-limit", "2", "--shard", "0/2"]);
    ok(&o);
    assert!(
        stderr(&o).contains("warning: --regeneration-limit"),
        "{}",
        stderr(&o)
    );
}

/// `report --units` names the units of the HTML page's drill-down: without `--html` the LCOV,
/// the SARIF and the summary were the same (`--runs`, `--title`, `--at-k` were refused so in
/// session 29).
#[test]
fn report_units_without_html_are_refused() {
    let dir = inputs();
    let units = "{\"path\":\"a.py\",\"name\":\"f\",\"start\":1,\"end\":3}\n";
    std::fs::write(dir.path().join("units.jsonl"), units).unwrap();
    let report = |extra: &[&str]| {
        let mut a = vec!["report", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
        a.extend_from_slice(extra);
        readcov_in(dir.path(), &a)
    };
    let o = report(&["--lcov", "o.lcov", "--units", "units.jsonl"]);
    assert_refused(&o, &["--units goes with --html only"]);
    ok(&report(&["--html", "o.html", "--units", "units.jsonl"]));
}

/// `gold --from-beir QRELS --split S`: a qrels file is its own split, so `--split` (which picks
/// `qrels/<split>.tsv` in a dataset folder) wrote the same gold whatever it named.
#[test]
fn gold_split_beside_a_qrels_file_is_refused() {
    let root = repo_root();
    let gold = |from: &str, extra: &[&str]| {
        let mut a = vec!["gold", "--from-beir", from];
        a.extend_from_slice(extra);
        readcov_in(&root, &a)
    };
    let file = "tests/fixtures/beir/qrels/test.tsv";
    assert_refused(
        &gold(file, &["--split", "dev"]),
        &["--split", "dataset folder"],
    );
    ok(&gold(file, &[]));
    ok(&gold("tests/fixtures/beir", &["--split", "test"]));
    // A path that is not there is reported missing, not as a misplaced --split (it was, briefly).
    let missing = gold("tests/fixtures/no-such-beir", &["--split", "dev"]);
    let err = stderr(&missing);
    assert_eq!(missing.status.code(), Some(2), "{err}");
    assert!(
        err.contains("no qrels file") && !err.contains("--split goes with"),
        "{err}"
    );
}

/// `sheet --threshold` judges the exploration axis, which needs gold and reads; `--workspace`
/// confines and measures the gold, reads and units: without them the sheet was the same (the
/// JSON echoed the threshold, nothing else differed).
#[test]
fn sheet_threshold_and_workspace_without_their_inputs_are_refused() {
    let root = repo_root();
    let f = "tests/fixtures/sheet/";
    let [runs, gold, reads, units, repo] = [
        "runs.jsonl",
        "gold.jsonl",
        "reads.jsonl",
        "units.jsonl",
        "repo",
    ]
    .map(|n| format!("{f}{n}"));
    let sheet = |extra: &[&str]| {
        let mut a = vec!["sheet", "--runs", &runs];
        a.extend_from_slice(extra);
        readcov_in(&root, &a)
    };
    let o = sheet(&["--threshold", "0.8"]);
    assert_refused(&o, &["--threshold goes with --gold and --reads only"]);
    assert_refused(
        &sheet(&["--gold", &gold, "--threshold", "0.8"]),
        &["--threshold"],
    );
    assert_refused(
        &sheet(&["--workspace", &repo]),
        &["--workspace goes with --gold, --reads or --units only"],
    );
    ok(&sheet(&[
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--threshold",
        "0.8",
    ]));
    ok(&sheet(&["--units", &units, "--workspace", &repo]));
    ok(&sheet(&["--gold", &gold, "--workspace", &repo]));
}
