//! Labelled runs that read nothing (issue 36), through the real binary on the shipped
//! tests/data/real-multi: two of its 25 labelled runs (doubao-pro-128k on jackson-databind-4487
//! and jib-4035, no evaluation log) import to no reads. Each is a row with line coverage 0,
//! counted in every denominator, alike in `score` (lean and general path, one and several gold
//! sets, leave-one-out), `report`, `explain` and `sheet` — one rule, `readcov_core::named`. The
//! run records of `report --runs` name runs for the page the same way (session 33), save the
//! invalid ones.

use crate::common::{readcov_in, stderr, stdout};
use serde_json::Value;
use std::path::{Path, PathBuf};

pub(crate) const NO_READS: [(&str, &str); 2] = [
    ("fasterxml__jackson-databind-4487", "doubao-pro-128k"),
    ("googlecontainertools__jib-4035", "doubao-pro-128k"),
];

pub(crate) fn real_multi() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real-multi")
}

/// The runs imported (`reads.jsonl`) and consensus gold from them (`gold.jsonl`), in `dir`.
pub(crate) fn inputs(dir: &Path) -> (String, String, String) {
    let rm = real_multi();
    let reads = dir.join("reads.jsonl").display().to_string();
    let gold = dir.join("gold.jsonl").display().to_string();
    let outcomes = rm.join("outcomes.jsonl").display().to_string();
    let o = readcov_in(
        &rm,
        &[
            "import",
            "--layout",
            "task/run",
            "swe-agent-java",
            "-o",
            &reads,
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = readcov_in(
        &rm,
        &[
            "gold",
            "--from-runs",
            &reads,
            "--outcomes",
            &outcomes,
            "-o",
            &gold,
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    (gold, reads, outcomes)
}

fn jsonl(o: &std::process::Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn pairs(rows: &[Value]) -> Vec<(String, String)> {
    rows.iter()
        .map(|r| {
            (
                r["task"].as_str().unwrap().into(),
                r["run"].as_str().unwrap().into(),
            )
        })
        .collect()
}

#[test]
fn score_report_explain_and_sheet_count_a_labelled_run_with_no_reads_as_zero() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads, outcomes) = inputs(dir.path());
    let rm = real_multi();
    // The reads hold 23 runs; the labels name 25.
    let base = [
        "score", "--gold", &gold, "--reads", &reads, "--format", "jsonl",
    ];
    let plain = jsonl(&readcov_in(&rm, &base));
    assert_eq!(plain.len(), 23);
    for (task, run) in NO_READS {
        assert!(!pairs(&plain).contains(&(task.into(), run.into())));
    }
    let with = [&base[..], &["--outcomes", &outcomes]].concat();
    let lean = readcov_in(&rm, &with);
    let general = readcov_in(&rm, &[&with[..], &["--general-path"]].concat());
    assert_eq!(
        stdout(&lean),
        stdout(&general),
        "lean and general paths differ"
    );
    let rows = jsonl(&lean);
    assert_eq!(rows.len(), 25);
    for (task, run) in NO_READS {
        let r = rows
            .iter()
            .find(|r| r["task"] == task && r["run"] == run)
            .unwrap_or_else(|| panic!("no row for {task} / {run}"));
        assert_eq!(r["status"], "scored", "{r}");
        assert_eq!(r["line_coverage"], 0.0, "{r}");
        assert_eq!(r["read_lines"], 0, "{r}");
        assert_eq!(r["passes_threshold"], false, "{r}");
        assert!(r["gold_lines"].as_u64().unwrap() > 0, "{r}");
    }
    // The other 23 rows are the plain ones, unchanged.
    let others: Vec<&Value> = rows
        .iter()
        .filter(|r| {
            !NO_READS
                .iter()
                .any(|(t, u)| r["task"] == *t && r["run"] == *u)
        })
        .collect();
    assert_eq!(others, plain.iter().collect::<Vec<_>>());

    // The totals count them: 25 scored, 23 at or above, no "no run".
    let json = readcov_in(
        &rm,
        &[
            "score",
            "--gold",
            &gold,
            "--reads",
            &reads,
            "--outcomes",
            &outcomes,
            "--format",
            "json",
        ],
    );
    let doc: Value = serde_json::from_str(&stdout(&json)).unwrap();
    let t = &doc["totals"];
    assert_eq!(
        (t["rows"].as_u64(), t["scored"].as_u64()),
        (Some(25), Some(25))
    );
    assert_eq!(
        (t["passing"].as_u64(), t["no_run"].as_u64()),
        (Some(23), Some(0))
    );
    let sum: f64 = rows
        .iter()
        .map(|r| r["line_coverage"].as_f64().unwrap())
        .sum();
    let mean = t["mean_line_coverage"].as_f64().unwrap();
    assert!((mean - sum / 25.0).abs() < 1e-9, "{mean} vs {}", sum / 25.0);

    // report: the same rows and the resolve-rate table over all 25 labelled runs.
    let html = dir.path().join("r.html").display().to_string();
    let o = readcov_in(
        &rm,
        &[
            "report",
            "--gold",
            &gold,
            "--reads",
            &reads,
            "--outcomes",
            &outcomes,
            "--html",
            &html,
        ],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(out.contains("25 row(s) (25 scored)"), "{out}");
    assert!(out.contains("23/25 at or above 50%"), "{out}");
    assert!(out.contains("(25 labelled scored row(s))"), "{out}");

    // explain: the run is known (not "no such run"), coverage 0, nothing read.
    for (task, run) in NO_READS {
        let o = readcov_in(
            &rm,
            &[
                "explain",
                "--task",
                task,
                "--run",
                run,
                "--gold",
                &gold,
                "--reads",
                &reads,
                "--outcomes",
                &outcomes,
                "--format",
                "json",
            ],
        );
        let doc: Value =
            serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o)));
        assert_eq!(doc["line_coverage"], 0.0, "{doc}");
        assert_eq!(
            (doc["status"].as_str(), doc["read_lines"].as_u64()),
            (Some("scored"), Some(0))
        );
    }

    // sheet: a run record with no reads has coverage 0 (exploration false), as in score.
    let runs = dir.path().join("runs.jsonl");
    let records: String = std::fs::read_to_string(rm.join("outcomes.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let o: Value = serde_json::from_str(l).unwrap();
            serde_json::json!({"run": o["run"], "task": o["task"], "condition": "c",
                "environment": "valid", "simulator": "valid", "scenario_oracle": "valid",
                "target": o["resolved"]})
            .to_string()
                + "\n"
        })
        .collect();
    std::fs::write(&runs, records).unwrap();
    let o = readcov_in(
        &rm,
        &[
            "sheet",
            "--runs",
            runs.to_str().unwrap(),
            "--gold",
            &gold,
            "--reads",
            &reads,
            "--format",
            "json",
        ],
    );
    let sheet: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let by_pair: Vec<(String, String, f64)> = sheet["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["task"].as_str().unwrap().into(),
                r["run"].as_str().unwrap().into(),
                r["line_coverage"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(by_pair.len(), 25);
    for r in &rows {
        let (task, run) = (r["task"].as_str().unwrap(), r["run"].as_str().unwrap());
        let s = by_pair
            .iter()
            .find(|(t, u, _)| t == task && u == run)
            .unwrap();
        assert!(
            (s.2 - r["line_coverage"].as_f64().unwrap()).abs() < 1e-12,
            "{task} / {run}: sheet {} vs score {}",
            s.2,
            r["line_coverage"]
        );
    }
}

#[test]
fn several_gold_sets_and_leave_one_out_score_the_labelled_runs_with_no_reads() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads, outcomes) = inputs(dir.path());
    let g = format!("c={gold}");
    let o = readcov_in(
        &real_multi(),
        &[
            "score",
            "--gold",
            &g,
            "--reads",
            &reads,
            "--outcomes",
            &outcomes,
            "--consensus",
            "--format",
            "jsonl",
        ],
    );
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    let rows = jsonl(&o);
    // Each labelled run with no reads is a row under both sets: coverage 0 against the file's
    // gold.
    for (task, run) in NO_READS {
        let r = rows
            .iter()
            .find(|r| r["task"] == task && r["run"] == run)
            .unwrap_or_else(|| panic!("no row for {task} / {run}: {rows:?}"));
        let s = &r["gold_sets"]["c"];
        assert_eq!(
            (s["line_coverage"].as_f64(), s["status"].as_str()),
            (Some(0.0), Some("scored")),
            "{r}"
        );
    }
    // 4487 has enough resolved runs for a leave-one-out consensus: its run with no reads faces
    // it (jib-4035 has too few, so none of its runs does, read or not).
    let loo = |task: &str| {
        let r = rows
            .iter()
            .find(|r| r["task"] == task && r["run"] == "doubao-pro-128k");
        r.unwrap()["gold_sets"]["consensus-loo"].clone()
    };
    assert_eq!(loo(NO_READS[0].0)["line_coverage"], 0.0);
    assert_eq!(loo(NO_READS[1].0), Value::Null);
}

/// The other half of the rule: a gold task that no run names is `no run`, not scored. `score`
/// gives it a `-` row; the sheet, whose run records name its runs, lists it (found by the same
/// walk, `readcov_core::no_run_tasks`) in JSON and after the table, shard by shard.
#[test]
fn the_sheet_and_score_agree_on_which_gold_tasks_have_no_run() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads, _) = inputs(dir.path());
    let rm = real_multi();
    let dropped = "fasterxml__jackson-core-1142";
    // Reads and run records without that task's five runs.
    let kept: String = (std::fs::read_to_string(&reads).unwrap().lines())
        .filter(|l| serde_json::from_str::<Value>(l).unwrap()["task"] != dropped)
        .map(|l| format!("{l}\n"))
        .collect();
    let part = dir.path().join("part.jsonl");
    std::fs::write(&part, kept).unwrap();
    let records: String = (std::fs::read_to_string(rm.join("outcomes.jsonl"))
        .unwrap()
        .lines())
    .map(|l| serde_json::from_str::<Value>(l).unwrap())
    .filter(|o| o["task"] != dropped)
    .map(|o| {
        serde_json::json!({"run": o["run"], "task": o["task"], "condition": "c",
                "environment": "valid", "simulator": "valid", "scenario_oracle": "valid"})
        .to_string()
            + "\n"
    })
    .collect();
    let runs = dir.path().join("runs.jsonl");
    std::fs::write(&runs, records).unwrap();
    let (part, runs) = (part.to_str().unwrap(), runs.to_str().unwrap());

    let o = readcov_in(
        &rm,
        &[
            "score", "--gold", &gold, "--reads", part, "--format", "json",
        ],
    );
    let doc: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let no_run: Vec<&str> = (doc["rows"].as_array().unwrap().iter())
        .filter(|r| r["status"] == "no_run")
        .map(|r| r["task"].as_str().unwrap())
        .collect();
    assert_eq!(no_run, [dropped]);
    assert_eq!(doc["totals"]["no_run"], 1);

    let sheet = |extra: &[&str]| {
        let args = [
            &["sheet", "--runs", runs, "--gold", &gold, "--reads", part][..],
            extra,
        ]
        .concat();
        let o = readcov_in(&rm, &args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let doc: Value = serde_json::from_str(&sheet(&["--format", "json"])).unwrap();
    assert_eq!(doc["no_run_tasks"], serde_json::json!([dropped]));
    assert_eq!(
        doc["overall"]["planned"], 20,
        "no run is not a planned trial"
    );
    let table = sheet(&[]);
    assert!(
        table.contains(&format!(
            "gold · 1 task(s) with no run, not scored (no run record names them): {dropped}"
        )),
        "{table}"
    );
    // Shards: each lists the tasks of its own shard only; together, the task once.
    let mut all = Vec::new();
    for s in ["0/2", "1/2"] {
        let doc: Value = serde_json::from_str(&sheet(&["--format", "json", "--shard", s])).unwrap();
        all.extend(doc["no_run_tasks"].as_array().unwrap().clone());
    }
    assert_eq!(all, [Value::from(dropped)]);
    // With every record, no task lacks a run: nothing is listed, the table says nothing.
    let full = dir.path().join("all.jsonl");
    std::fs::write(
        &full,
        (std::fs::read_to_string(rm.join("outcomes.jsonl"))
            .unwrap()
            .lines())
        .map(|l| {
            let o: Value = serde_json::from_str(l).unwrap();
            serde_json::json!({"run": o["run"], "task": o["task"], "condition": "c"}).to_string()
                + "\n"
        })
        .collect::<String>(),
    )
    .unwrap();
    let o = readcov_in(
        &rm,
        &[
            "sheet",
            "--runs",
            full.to_str().unwrap(),
            "--gold",
            &gold,
            "--reads",
            &reads,
        ],
    );
    assert!(!stdout(&o).contains("with no run"), "{}", stdout(&o));
}

/// With `--workspaces` (one folder per task, scored task by task) the labelled runs with no
/// reads are rows too, with the line figures of the run without workspaces.
#[test]
fn per_task_workspaces_keep_the_labelled_runs_with_no_reads() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads, outcomes) = inputs(dir.path());
    let ws = dir.path().join("ws");
    std::fs::create_dir(&ws).unwrap();
    let rm = real_multi();
    let base = [
        "score",
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--outcomes",
        &outcomes,
    ];
    let per_task = readcov_in(
        &rm,
        &[
            &base[..],
            &["--workspaces", ws.to_str().unwrap(), "--format", "jsonl"],
        ]
        .concat(),
    );
    let plain = jsonl(&readcov_in(
        &rm,
        &[&base[..], &["--format", "jsonl"]].concat(),
    ));
    let rows = jsonl(&per_task);
    assert_eq!(pairs(&rows), pairs(&plain));
    assert_eq!(rows.len(), 25);
    for (a, b) in rows.iter().zip(&plain) {
        assert_eq!(a["line_coverage"], b["line_coverage"], "{a} vs {b}");
    }
    for (task, run) in NO_READS {
        let r = rows
            .iter()
            .find(|r| r["task"] == task && r["run"] == run)
            .unwrap();
        assert_eq!(
            (r["status"].as_str(), r["line_coverage"].as_f64()),
            (Some("scored"), Some(0.0))
        );
    }
}

/// Run records, one per outcomes.jsonl row (docs/evaluation.md's recipe): valid, `target` the
/// label, unless `change` rewrites the record of a run with no reads.
pub(crate) fn records(dir: &Path, name: &str, change: &dyn Fn(&mut Value)) -> String {
    let text: String = std::fs::read_to_string(real_multi().join("outcomes.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let o: Value = serde_json::from_str(l).unwrap();
            let mut r = serde_json::json!({"run": o["run"], "task": o["task"],
                "environment": "valid", "simulator": "valid", "scenario_oracle": "valid",
                "target": o["resolved"]});
            if NO_READS
                .iter()
                .any(|(t, u)| o["task"] == *t && o["run"] == *u)
            {
                change(&mut r);
            }
            r.to_string() + "\n"
        })
        .collect();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// `report --runs`: the page counts the sheet's trials. The two records whose runs read nothing
/// are rows with line coverage 0, as `--outcomes` makes them (the same summary, LCOV and SARIF:
/// one path, `readcov_core::named`), so the summary says 25 rows and mean line coverage 0.89 as
/// the sheet section says 25 planned — before session 33, 23 rows and 0.96. A record left
/// unjudged (`target: null`, unscored in the sheet) is a row too; one marked invalid is not (an
/// invalid trial says nothing about the agent), and the page and stderr say so.
#[test]
fn report_runs_count_a_record_with_no_reads_as_labels_do() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, reads, outcomes) = inputs(dir.path());
    let rm = real_multi();
    let p = |n: &str| dir.path().join(n).display().to_string();
    let report = |extra: &[&str], tag: &str| {
        let (html, lcov, sarif) = (
            p(&format!("{tag}.html")),
            p(&format!("{tag}.lcov")),
            p(&format!("{tag}.sarif")),
        );
        let args = [
            &["report", "--gold", &gold, "--reads", &reads, "--no-stages"][..],
            &[
                "--lcov",
                &lcov,
                "--lcov-gold-unread",
                "--sarif",
                &sarif,
                "--html",
                &html,
            ],
            extra,
        ]
        .concat();
        let o = readcov_in(&rm, &args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let read = |f: &str| std::fs::read_to_string(f).unwrap();
        (
            stdout(&o),
            stderr(&o),
            read(&html),
            read(&lcov),
            read(&sarif),
        )
    };
    let first = |s: &str| s.lines().next().unwrap().to_string();

    let labelled = report(&["--outcomes", &outcomes], "labelled");
    let runs = records(dir.path(), "runs.jsonl", &|_| {});
    let recorded = report(&["--runs", &runs], "recorded");
    assert_eq!(
        first(&recorded.0),
        "report: 5 task(s), 5 run(s), 25 row(s) (25 scored) · mean file_hit 0.92 · mean line_coverage 0.89 · 23/25 at or above 50%"
    );
    assert_eq!(first(&recorded.0), first(&labelled.0));
    // The same LCOV; the same SARIF but for the labels' `resolved` (the records carry none).
    assert!(recorded.3 == labelled.3, "LCOV differs");
    let unlabelled = |s: &str| {
        (s.lines())
            .filter(|l| !l.trim_start().starts_with("\"resolved\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        unlabelled(&recorded.4) == unlabelled(&labelled.4) && recorded.4 != labelled.4,
        "SARIF differs"
    );
    let page = &recorded.2;
    assert!(page.contains("25 row(s): 25 scored, 0 unscored"), "{page}");
    for (task, run) in NO_READS {
        assert!(
            page.contains(&format!(
                "{task} / {run}: file hit 0.00, line coverage 0.00"
            )),
            "{task} / {run}"
        );
    }
    assert!(!recorded.1.contains("invalid run record"), "{}", recorded.1);

    // Unjudged (unscored in the sheet): still runs the agents ran, rows at 0.
    let unjudged = records(dir.path(), "null.jsonl", &|r| r["target"] = Value::Null);
    let out = report(&["--runs", &unjudged], "null");
    assert_eq!(first(&out.0), first(&labelled.0));

    // Invalid: no row, said on stderr and on the page; the page is the plain one's 23 rows.
    let invalid = records(dir.path(), "invalid.jsonl", &|r| {
        r["environment"] = "invalid".into()
    });
    let out = report(&["--runs", &invalid], "invalid");
    assert_eq!(
        first(&out.0),
        "report: 5 task(s), 5 run(s), 23 row(s) (23 scored) · mean file_hit 1.00 · mean line_coverage 0.96 · 23/23 at or above 50%"
    );
    let named = "fasterxml__jackson-databind-4487 / doubao-pro-128k, googlecontainertools__jib-4035 / doubao-pro-128k";
    assert!(
        out.1.contains(&format!("note: --runs: 2 invalid run record(s) read nothing: planned trials of the sheet, no row of the page's summary, table and means (an invalid trial says nothing about the agent): {named}")),
        "{}",
        out.1
    );
    assert!(out.2.contains(&format!("2 invalid record(s) read nothing and have no row (an invalid trial says nothing about the agent): {named}.")), "{}", out.2);
}
