//! `readcov diagnose` through the binary on the shipped real data: every run's verdict as
//! docs/diagnose.md lists it, each row valid against docs/schemas/diagnose.schema.json, line
//! coverage equal to `score`'s, the formats, shards merged, harness reports, and predictions
//! files (the shipped mini-swe-agent predictions give what the logs' own patches give).

use crate::common::{readcov, readcov_ok, real_data, stderr, stdout};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// The shipped runs imported once per test: (dir, reads, patches from replay/log).
pub fn imported() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let data = real_data();
    let dir = tempfile::tempdir().unwrap();
    let (reads, patches) = (dir.path().join("r.jsonl"), dir.path().join("p.jsonl"));
    let mut args = vec![
        "import".to_string(),
        "--workspaces".into(),
        s(&data.join("sources")),
        "-o".into(),
        s(&reads),
        "--emit-patches".into(),
        s(&patches),
    ];
    for sub in ["openhands", "mini-swe-agent"] {
        let mut logs: Vec<String> = std::fs::read_dir(data.join(sub))
            .unwrap()
            .map(|e| s(&e.unwrap().path()))
            .collect();
        logs.sort();
        args.extend(logs);
    }
    readcov_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    (dir, reads, patches)
}

fn diagnose(reads: &Path, extra: &[&str]) -> std::process::Output {
    let data = real_data();
    let mut args = vec![
        "diagnose".to_string(),
        "--gold".into(),
        s(&data.join("gold.jsonl")),
        "--reads".into(),
        s(reads),
        "--workspaces".into(),
        s(&data.join("sources")),
    ];
    args.extend(extra.iter().map(|x| x.to_string()));
    readcov(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn jsonl(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn validator() -> jsonschema::Validator {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas/diagnose.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
    jsonschema::options()
        .build(&schema)
        .expect("schema compiles")
}

#[test]
fn verdicts_of_the_shipped_runs_schema_and_score_agree() {
    let (_d, reads, patches) = imported();
    let outcomes = s(&real_data().join("gold.jsonl"));
    let o = diagnose(
        &reads,
        &[
            "--patches",
            &s(&patches),
            "--outcomes",
            &outcomes,
            "--format",
            "jsonl",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = jsonl(&stdout(&o));
    let v = validator();
    for r in &rows {
        let errors: Vec<String> = v
            .iter_errors(r)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{errors:#?}");
    }
    let got: Vec<String> = rows
        .iter()
        .map(|r| {
            format!(
                "{} {} {}",
                r["task"].as_str().unwrap(),
                r["verdict"].as_str().unwrap(),
                r["resolved"]
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            "astropy__astropy-12907 none true",
            "astropy__astropy-14182 edit true",
            "astropy__astropy-14365 none true",
            "pallets__flask-5014 change true",
            "psf__requests-1724 edit false",
            "psf__requests-1766 none true",
            "psf__requests-1921 edit false",
            "psf__requests-2317 edit true",
            "pylint-dev__pylint-4551 search false",
            "pylint-dev__pylint-4604 search false",
            "pylint-dev__pylint-6903 change true",
            "pytest-dev__pytest-10051 edit false",
            "pytest-dev__pytest-10356 change false",
            "pytest-dev__pytest-5631 change true",
            "pytest-dev__pytest-5809 none true",
        ]
    );
    let p10356 = &rows[12];
    assert_eq!(
        p10356["reason"],
        "changed all 2 gold change units; `get_unpacked_marks` (src/_pytest/mark/structures.py:358-363) differs from the gold's (token similarity 0.52); 1 more differ"
    );
    assert!(p10356["stages"]["change"]["units"][1]["agent_text"]
        .as_str()
        .unwrap()
        .contains("obj._pytest_marks.append(mark)"));
    assert_eq!(
        rows[9]["reason"],
        "opened 1 of 2 gold files; never opened pylint/constants.py"
    );
    // Line coverage is the figure `score` prints, run by run.
    let data = real_data();
    let score = readcov_ok(&[
        "score",
        "--gold",
        &outcomes,
        "--reads",
        &s(&reads),
        "--workspaces",
        &s(&data.join("sources")),
        "--format",
        "jsonl",
        "--summary",
    ]);
    let cov: Vec<Value> = jsonl(&stdout(&score))
        .iter()
        .map(|r| r["line_coverage"].clone())
        .collect();
    let ours: Vec<Value> = rows
        .iter()
        .map(|r| r["stages"]["read"]["line_coverage"].clone())
        .collect();
    assert_eq!(cov, ours);
}

#[test]
fn table_csv_summary_and_shards_merged() {
    let (d, reads, patches) = imported();
    let p = s(&patches);
    let o = diagnose(&reads, &["--patches", &p, "--format", "table"]);
    let table = stdout(&o);
    let row = |task: &str| -> Vec<String> {
        let line = table
            .lines()
            .find(|l| l.starts_with(task))
            .unwrap_or_default();
        line.split_whitespace()
            .take(4)
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        row("pylint-dev__pylint-4604"),
        ["pylint-dev__pylint-4604", "openhands", "search", "1/2"]
    );
    assert!(table.contains("group"), "{table}");
    assert!(
        table.contains("resolved") && table.contains("units read per unit"),
        "{table}"
    );
    let csv = stdout(&diagnose(&reads, &["--patches", &p, "--format", "csv"]));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 16);
    assert!(lines[0].starts_with("task,run,verdict,change_source,change_partial,search_recall"));
    // --group-by repo: a group per repository and one for all.
    let summary = stdout(&diagnose(
        &reads,
        &[
            "--patches",
            &p,
            "--format",
            "json",
            "--summary",
            "--group-by",
            "repo",
        ],
    ));
    let doc: Value = serde_json::from_str(&summary).unwrap();
    let groups: Vec<&str> = doc["summary"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["group"].as_str().unwrap())
        .collect();
    assert_eq!(
        groups,
        [
            "astropy__astropy",
            "pallets__flask",
            "psf__requests",
            "pylint-dev__pylint",
            "pytest-dev__pytest",
            "*"
        ]
    );
    let all = &doc["summary"][5];
    assert_eq!(
        (all["runs"].as_u64(), all["verdicts"]["change"].as_u64()),
        (Some(15), Some(4))
    );
    // Two shards merged give the unsharded summary exactly.
    let whole = stdout(&diagnose(
        &reads,
        &["--patches", &p, "--format", "json", "--summary"],
    ));
    let mut parts = Vec::new();
    for i in 0..2 {
        let f = d.path().join(format!("part{i}.json"));
        let o = diagnose(
            &reads,
            &[
                "--patches",
                &p,
                "--shard",
                &format!("{i}/2"),
                "--emit-partial",
                &s(&f),
                "--format",
                "jsonl",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        parts.push(s(&f));
    }
    let merged = readcov_ok(&["merge", &parts[0], &parts[1], "--format", "json"]);
    let m: Value = serde_json::from_str(&stdout(&merged)).unwrap();
    let w: Value = serde_json::from_str(&whole).unwrap();
    assert_eq!(m["summary"], w["summary"]);
    assert_eq!(m["group_by"], "run");
}

#[test]
fn predictions_file_and_the_logs_own_patches_agree() {
    // The shipped predictions of the same mini-swe-agent run (a dict keyed by instance id, model
    // `deepseek/deepseek-chat`): each task's only entry pairs with its only run.
    let data = real_data();
    let preds =
        data.join("../formats/swebench-predictions/msa-pr816_deepseek_chat_test_1-100_preds.json");
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("r.jsonl");
    let mut args = vec![
        "import".to_string(),
        "-o".into(),
        s(&reads),
        "--workspaces".into(),
        s(&data.join("sources")),
    ];
    for t in ["12907", "14182", "14365"] {
        args.push(s(
            &data.join(format!("mini-swe-agent/astropy__astropy-{t}.traj.json"))
        ));
    }
    readcov_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let with_preds = diagnose(&reads, &["--patches", &s(&preds), "--format", "jsonl"]);
    let err = stderr(&with_preds);
    assert!(
        err.contains("note: changes of 3 run(s): 3 patches"),
        "{err}"
    );
    // The unmatched entries named, in the order read (a JSON object keyed by instance id: by id),
    // the first five (session 32: a count alone).
    assert!(
        err.contains(
            "97 --patches entr(y/ies) matched no run (an entry is a run's when its \
             `model_name_or_path` is the run's name, or when it is its task's only entry and the \
             task has one run): astropy__astropy-14995 (deepseek/deepseek-chat), \
             astropy__astropy-6938 (deepseek/deepseek-chat), astropy__astropy-7746 \
             (deepseek/deepseek-chat), django__django-10914 (deepseek/deepseek-chat), \
             django__django-10924 (deepseek/deepseek-chat), …\n"
        ),
        "{err}"
    );
    // The same runs from their trajectories: the change is each log's own submission.
    let traj = data.join("mini-swe-agent/astropy__astropy-14182.traj.json");
    let from_log = diagnose(&traj, &["--format", "jsonl"]);
    assert!(stderr(&from_log).contains("1 log"), "{}", stderr(&from_log));
    let a = jsonl(&stdout(&with_preds));
    let b = jsonl(&stdout(&from_log));
    assert_eq!(a[1]["stages"], b[0]["stages"]);
    assert_eq!(
        (
            a[1]["change_source"].as_str(),
            b[0]["change_source"].as_str()
        ),
        (Some("patches"), Some("log"))
    );
    // The run-level harness report: the three runs are resolved there, so the tests stage passes.
    let report = data.join(
        "../formats/swebench-eval/msa-pr816_deepseek__deepseek-chat.deepseek_chat_test_1-100.json",
    );
    let o = diagnose(
        &reads,
        &[
            "--patches",
            &s(&preds),
            "--test-report",
            &s(&report),
            "--format",
            "jsonl",
        ],
    );
    for r in jsonl(&stdout(&o)) {
        assert_eq!(r["stages"]["tests"]["harness"], "resolved");
    }
}

/// The shipped sb-cli predictions pair with the 3 mini-swe-agent runs only; the 12 OpenHands runs
/// come from reads JSONL, so no change of theirs is known although `--workspaces` is given. Their
/// reason says what is missing, and names no missing workspace (before session 32: "… no workspace
/// to replay its edits on", untrue here).
#[test]
fn no_change_known_names_what_is_missing_and_not_a_workspace_that_was_given() {
    let (_d, reads, _) = imported();
    let preds = real_data()
        .join("../formats/swebench-predictions/msa-pr816_deepseek_chat_test_1-100_preds.json");
    let o = diagnose(&reads, &["--patches", &s(&preds), "--format", "jsonl"]);
    let rows = jsonl(&stdout(&o));
    let unknown: Vec<&Value> = (rows.iter())
        .filter(|r| r["change_source"] == "none" && r["verdict"] == "unknown")
        .collect();
    assert_eq!(unknown.len(), 10);
    for r in unknown {
        assert_eq!(
            r["reason"],
            "search and read passed; no change known (no --patches entry for the run, and no trajectory as --reads with a final patch, or with a workspace to replay its edits on)"
        );
    }
}

#[test]
fn a_failing_harness_report_is_the_tests_verdict_and_bad_reports_exit_2() {
    let (d, reads, patches) = imported();
    // psf__requests-1766 passes every stage; a report naming a failing test makes it `tests`.
    let report = d.path().join("report.json");
    let doc = serde_json::json!({"psf__requests-1766": {"patch_successfully_applied": true, "resolved": false,
        "tests_status": {"FAIL_TO_PASS": {"success": [], "failure": ["test_requests.py::test_digest"]},
                         "PASS_TO_PASS": {"success": ["a"], "failure": []}}}});
    std::fs::write(&report, doc.to_string()).unwrap();
    let o = diagnose(
        &reads,
        &[
            "--patches",
            &s(&patches),
            "--test-report",
            &format!("openhands={}", s(&report)),
            "--format",
            "jsonl",
        ],
    );
    let rows = jsonl(&stdout(&o));
    let r = rows
        .iter()
        .find(|r| r["task"] == "psf__requests-1766")
        .unwrap();
    assert_eq!(r["verdict"], "tests");
    assert_eq!(
        r["reason"],
        "1 FAIL_TO_PASS test(s) still failing (test_requests.py::test_digest)"
    );
    std::fs::write(&report, "[1]").unwrap();
    let o = diagnose(&reads, &["--test-report", &s(&report)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("report.json:1: expected a JSON object"),
        "{}",
        stderr(&o)
    );
}

/// tests/data/real-multi: 25 classic SWE-agent Java runs (5 tasks × 5 models), their submitted
/// patches (`model_patches.jsonl`), outcomes and the harness's FAIL_TO_PASS ids. No sources and no
/// gold patch ship: the gold is the consensus of the resolved runs' reads, so edit and change
/// cannot be judged (`unknown`, saying why), while each run's change is still read and its new
/// and test files counted apart.
#[test]
fn real_multi_patches_logs_consensus_and_harness_ids() {
    let multi = real_data().join("../real-multi");
    let dir = tempfile::tempdir().unwrap();
    let (mut reads, mut emitted) = (String::new(), String::new());
    let mut trajs: Vec<PathBuf> = std::fs::read_dir(multi.join("swe-agent-java"))
        .unwrap()
        .flat_map(|t| {
            std::fs::read_dir(t.unwrap().path())
                .unwrap()
                .map(|e| e.unwrap().path())
        })
        .collect();
    trajs.sort();
    for (i, t) in trajs.iter().enumerate() {
        let task = t.parent().unwrap().file_name().unwrap().to_str().unwrap();
        let run = t.file_stem().unwrap().to_str().unwrap();
        let (r, p) = (
            dir.path().join(format!("{i}.jsonl")),
            dir.path().join(format!("{i}.p")),
        );
        let out = readcov(&[
            "import",
            &s(t),
            "--task",
            task,
            "--run",
            run,
            "-o",
            &s(&r),
            "--emit-patches",
            &s(&p),
            "--emit-from",
            "log",
        ]);
        // Two logs give no row at all (doubao-pro-128k on databind-4487: 59 commands readcov
        // does not read, and no patch; on jib-4035: one action and `submission: null`): import
        // of zero rows exits 2 and writes nothing, the patches file included.
        let empty = [
            "fasterxml__jackson-databind-4487",
            "googlecontainertools__jib-4035",
        ];
        if run == "doubao-pro-128k" && empty.contains(&task) {
            assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
            assert!(stderr(&out).contains("no read or edit rows imported"));
            assert!(!r.exists() && !p.exists());
            continue;
        }
        assert!(out.status.success(), "{task} {run}: {}", stderr(&out));
        reads += &std::fs::read_to_string(&r).unwrap();
        emitted += &std::fs::read_to_string(&p).unwrap();
    }
    // Each SWE-agent log's own `info.submission` is the run's shipped model_patch, byte for byte.
    let shipped: std::collections::BTreeMap<(String, String), Value> =
        jsonl(&std::fs::read_to_string(multi.join("model_patches.jsonl")).unwrap())
            .into_iter()
            .map(|r| {
                (
                    (
                        r["task"].as_str().unwrap().into(),
                        r["run"].as_str().unwrap().into(),
                    ),
                    r["model_patch"].clone(),
                )
            })
            .collect();
    // One log has no `info.submission` at all (doubao-pro-128k on databind-4487 ran out of budget,
    // `exit_cost`): it carries no patch and is not written; its shipped model_patch is null. An
    // explicit `submission: null` (doubao on jib-4035) is an empty one, not written here since
    // that log's import has no row (above).
    let logs = jsonl(&emitted);
    assert_eq!(logs.len(), 23);
    for l in &logs {
        let key = (
            l["instance_id"].as_str().unwrap().to_string(),
            l["model_name_or_path"].as_str().unwrap().to_string(),
        );
        let want = match &shipped[&key] {
            Value::Null => Value::String(String::new()),
            p => p.clone(),
        };
        assert_eq!(l["model_patch"], want, "{key:?}");
        assert_eq!(l["change_source"], "log");
    }
    let missing = (
        "fasterxml__jackson-databind-4487".to_string(),
        "doubao-pro-128k".to_string(),
    );
    assert!(!logs
        .iter()
        .any(|l| l["instance_id"] == missing.0.as_str()
            && l["model_name_or_path"] == missing.1.as_str()));
    assert_eq!(shipped[&missing], Value::Null);
    let reads_file = dir.path().join("reads.jsonl");
    std::fs::write(&reads_file, reads).unwrap();
    let outcomes = s(&multi.join("outcomes.jsonl"));
    let cons = dir.path().join("consensus.jsonl");
    readcov_ok(&[
        "gold",
        "--from-runs",
        &s(&reads_file),
        "--outcomes",
        &outcomes,
        "-o",
        &s(&cons),
    ]);
    // The harness's FAIL_TO_PASS ids as the per-instance report of the resolved run they come from.
    let mut reports = Vec::new();
    for row in jsonl(&std::fs::read_to_string(multi.join("fail_to_pass.jsonl")).unwrap()) {
        let task = row["instance_id"].as_str().unwrap();
        let run = row["from"]
            .as_str()
            .unwrap()
            .trim_start_matches("20240825_SWE-agent_");
        let doc = serde_json::json!({task: {"resolved": true, "tests_status": {
            "FAIL_TO_PASS": {"success": row["FAIL_TO_PASS"], "failure": []},
            "PASS_TO_PASS": {"success": [], "failure": []}}}});
        let f = dir.path().join(format!("{task}.report.json"));
        std::fs::write(&f, doc.to_string()).unwrap();
        reports.push(format!("{run}={}", s(&f)));
    }
    let mut args = vec![
        "diagnose".to_string(),
        "--gold".into(),
        s(&cons),
        "--reads".into(),
        s(&reads_file),
        "--patches".into(),
        s(&multi.join("model_patches.jsonl")),
        "--outcomes".into(),
        outcomes,
        "--format".into(),
        "jsonl".into(),
    ];
    for r in &reports {
        args.extend(["--test-report".to_string(), r.clone()]);
    }
    let o = readcov_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let rows = jsonl(&stdout(&o));
    // 23 runs read something (two doubao runs read nothing: no run of theirs to diagnose).
    assert_eq!(rows.len(), 23, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("note: changes of 23 run(s): 23 patches"),
        "{}",
        stderr(&o)
    );
    // The two doubao logs' entries are named (session 32: only counted).
    assert!(
        stderr(&o).contains(
            "task has one run): fasterxml__jackson-databind-4487 (doubao-pro-128k), \
             googlecontainertools__jib-4035 (doubao-pro-128k)\n"
        ),
        "{}",
        stderr(&o)
    );
    let v = validator();
    for r in &rows {
        assert!(v.is_valid(r), "{r}");
        assert_eq!(r["change_source"], "patches");
        assert_eq!(
            (r["verdict"].as_str(), r["reason"].as_str()),
            (
                Some("unknown"),
                Some("search and read passed; the gold has no patch: edit and change need one")
            )
        );
        assert_eq!(r["stages"]["edit"]["recall"], Value::Null);
        assert_eq!(r["stages"]["edit"]["lines_outside_gold_files"], 0);
    }
    let run = |t: &str, m: &str| {
        rows.iter()
            .find(|r| r["task"] == t && r["run"] == m)
            .unwrap()
    };
    let e = &run("fasterxml__jackson-databind-4486", "deepseek-chat-v2")["stages"]["edit"];
    assert_eq!(
        (e["new_files"].clone(), e["changed_files"].clone()),
        (
            serde_json::json!(["ReproduceIssue.java"]),
            serde_json::json!(1)
        )
    );
    let e = &run("fasterxml__jackson-core-1142", "gpt-4o-2024-05-13")["stages"]["edit"];
    assert_eq!(
        e["test_files"],
        serde_json::json!(["src/test/java/com/fasterxml/jackson/core/VersionTest.java"])
    );
    // The harness ids: the run they come from passes them; the other runs have no report.
    let t = &run("fasterxml__jackson-core-1142", "deepseek-coder-v2")["stages"]["tests"];
    assert_eq!(
        (t["fail_to_pass_passing"].as_u64(), t["harness"].as_str()),
        (Some(1), Some("resolved"))
    );
    assert_eq!(
        run("fasterxml__jackson-core-1142", "gpt-4o-2024-05-13")["stages"]["tests"],
        Value::Null
    );
    let resolved = rows.iter().filter(|r| r["resolved"] == true).count();
    assert_eq!(resolved, 14);
    // deepseek-chat-v2's Multi-SWE-bench results.json: two of its five runs are unresolved there.
    // The verdict is `tests`, and the reason says edit and change could not be judged (before
    // session 32 it said only "the harness lists it as unresolved", as if they had passed).
    let msb = real_data().join("../formats/swebench-eval/msb-java_deepseek-chat-v2_results.json");
    let report = format!("deepseek-chat-v2={}", s(&msb));
    let mut args: Vec<String> = args[..args.len() - reports.len() * 2].to_vec();
    args.extend(["--test-report".to_string(), report]);
    let o = readcov_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let rows = jsonl(&stdout(&o));
    let got: Vec<(&str, &str, &str)> = (rows.iter())
        .filter(|r| r["run"] == "deepseek-chat-v2")
        .map(|r| {
            let t = r["task"].as_str().unwrap();
            (
                t,
                r["verdict"].as_str().unwrap(),
                r["reason"].as_str().unwrap(),
            )
        })
        .collect();
    let unjudged = "the gold has no patch: edit and change need one";
    let failed =
        format!("the harness lists it as unresolved; an earlier stage was not judged: {unjudged}");
    let passed = format!("search and read passed; {unjudged}");
    assert_eq!(
        got,
        [
            ("fasterxml__jackson-core-1142", "tests", failed.as_str()),
            ("fasterxml__jackson-databind-3701", "tests", failed.as_str()),
            (
                "fasterxml__jackson-databind-4486",
                "unknown",
                passed.as_str()
            ),
            (
                "fasterxml__jackson-databind-4487",
                "unknown",
                passed.as_str()
            ),
            ("googlecontainertools__jib-4035", "unknown", passed.as_str()),
        ]
    );
}

/// A predictions entry whose hunk does not apply to its base file: the row says the change is
/// partial and names the file (`not applied: …`); before, the failure was collected and never
/// shown anywhere (`change_partial` false, `change_lost` empty).
#[test]
fn a_patch_that_does_not_apply_is_named_in_change_lost() {
    let data = real_data();
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("r.jsonl");
    let traj = data.join("mini-swe-agent/astropy__astropy-14182.traj.json");
    readcov_ok(&[
        "import",
        "-o",
        &s(&reads),
        "--workspaces",
        &s(&data.join("sources")),
        &s(&traj),
    ]);
    let patch = "--- a/astropy/io/ascii/rst.py\n+++ b/astropy/io/ascii/rst.py\n\
                 @@ -1,3 +1,3 @@\n no such line one\n-no such line two\n+a new line\n no such line three\n";
    let preds = dir.path().join("preds.jsonl");
    let entry = serde_json::json!({
        "instance_id": "astropy__astropy-14182",
        "model_name_or_path": "m",
        "model_patch": patch,
    });
    std::fs::write(&preds, format!("{entry}\n")).unwrap();
    let o = diagnose(&reads, &["--patches", &s(&preds), "--format", "jsonl"]);
    let row = jsonl(&stdout(&o))
        .into_iter()
        .find(|r| r["task"] == "astropy__astropy-14182")
        .expect("the task's row");
    assert_eq!(row["change_source"], "patches", "{row}");
    assert_eq!(row["change_partial"], true, "{row}");
    let lost = row["change_lost"].as_array().unwrap();
    assert_eq!(lost.len(), 1, "{row}");
    let named = lost[0].as_str().unwrap();
    assert!(
        named.starts_with("not applied: ") && named.contains("astropy/io/ascii/rst.py"),
        "{named}"
    );
}

/// `--summary --format csv` is the summary, a row per group (it printed the run rows, as if
/// `--summary` were not given), each figure the JSON summary's.
#[test]
fn summary_csv_is_the_summary() {
    let (_d, reads, patches) = imported();
    let p = s(&patches);
    let csv = stdout(&diagnose(
        &reads,
        &["--patches", &p, "--summary", "--format", "csv"],
    ));
    let json = stdout(&diagnose(
        &reads,
        &["--patches", &p, "--summary", "--format", "json"],
    ));
    let groups = serde_json::from_str::<Value>(&json).unwrap()["summary"].clone();
    let groups = groups.as_array().unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), groups.len() + 1, "{csv}");
    let head: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(
        head[..4],
        ["group", "runs", "labelled", "resolved"],
        "{csv}"
    );
    for (line, g) in lines[1..].iter().zip(groups) {
        let cell = |k: &str| {
            line.split(',')
                .nth(head.iter().position(|h| *h == k).unwrap())
        };
        assert_eq!(cell("group"), g["group"].as_str(), "{csv}");
        assert_eq!(cell("runs"), Some(g["runs"].to_string().as_str()));
        for (v, n) in g["verdicts"].as_object().unwrap() {
            assert_eq!(cell(v), Some(n.to_string().as_str()), "{v} in {csv}");
        }
        let cov = g["mean"]["line_coverage"].as_f64().unwrap();
        assert_eq!(
            cell("mean.line_coverage"),
            Some(format!("{cov:.2}").as_str())
        );
    }
}
