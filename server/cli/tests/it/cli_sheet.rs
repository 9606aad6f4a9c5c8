//! End-to-end tests of `readcov sheet` through the real binary, including every command shown in
//! docs/evaluation.md against the output shown there.

use crate::doc_examples::examples as doc_examples;
use crate::sheet_common;

use serde_json::Value;
use sheet_common::{close, readcov, root, run, sheet_json, text};

#[test]
fn docs_commands_print_what_the_docs_show() {
    let path = root().join("docs/evaluation.md");
    let doc = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let examples = doc_examples(&doc);
    assert!(
        examples.len() >= 2,
        "expected the sheet and score examples, found {}",
        examples.len()
    );
    for (cmd, expected) in examples {
        let args: Vec<&str> = cmd.split_whitespace().skip(1).collect();
        let o = readcov(&args);
        assert!(o.status.success(), "`{cmd}` failed: {}", text(&o.stderr));
        assert_eq!(
            text(&o.stdout),
            expected,
            "`{cmd}`: docs/evaluation.md is out of date"
        );
    }
}

#[test]
fn json_sheet_carries_the_figures() {
    let doc = sheet_json(&[]);
    assert_eq!(doc["units"], "window");
    assert_eq!(doc["input_errors"], 0);
    let vague = doc["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["condition"] == "A/vague")
        .unwrap();
    assert!(close(&vague["pass_k"][0]["pass_hat_k"], 0.8), "{vague}");
    assert!(close(&vague["pass_k"][1]["pass_hat_k"], 0.6), "{vague}");
    assert!(close(&vague["pass_k"][1]["pass_at_k"], 1.0), "{vague}");
    assert_eq!(vague["denominators"]["invalid_by_cause"]["simulator"], 1);
    let all = &doc["overall"];
    assert_eq!(
        (all["planned"].as_u64(), all["scorable"].as_u64()),
        (Some(10), Some(6))
    );
    assert!(close(&all["success_rate_planned"], 0.5));
    assert_eq!(
        run(&doc, "r10")["axes"]["requirement_tracking"],
        "not_applicable"
    );
    assert_eq!(run(&doc, "r10")["status"], "unscored");
    let r2 = run(&doc, "r2");
    assert_eq!(r2["proposed"]["first_decisive_event_id"], "e2");
    assert_eq!(r2["timeline"]["edited_before_reading"][0]["read_before"], 0);
    assert_eq!(r2["read_before_edit"]["worst"]["event_id"], "e2");
    let turns = run(&doc, "r1")["timeline"]["turns"].as_array().unwrap();
    let expected = [16.0 / 28.0, 28.0 / 40.0, 1.0];
    assert_eq!(turns.len(), expected.len());
    for (t, e) in turns.iter().zip(expected) {
        assert!(close(&t["coverage"], e), "{t}");
    }
}

#[test]
fn required_axes_change_the_verdict_not_the_evidence() {
    // Without --tasks and with only `target` required, r2 (regression, no exploration) succeeds:
    // its failed axes are still reported, in parentheses.
    let o = readcov(&[
        "sheet",
        "--runs",
        "tests/fixtures/sheet/runs.jsonl",
        "--require",
        "target",
    ]);
    let out = text(&o.stdout);
    let r2: Vec<&str> = out
        .lines()
        .find(|l| l.starts_with("r2 "))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(r2[3..7], ["scored", "yes", "yes", "(NO)"], "{out}");
    // Exploration required but no gold given: null, so every valid run is unscored.
    let doc: Value = serde_json::from_slice(
        &readcov(&[
            "sheet",
            "--runs",
            "tests/fixtures/sheet/runs.jsonl",
            "--require",
            "exploration",
            "--format",
            "json",
        ])
        .stdout,
    )
    .unwrap();
    assert_eq!(doc["overall"]["scorable"], 0);
    assert_eq!(
        run(&doc, "r1")["unscored_reasons"][0],
        "exploration: no evidence"
    );
}

#[test]
fn bad_lines_are_located_and_the_rest_is_graded() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs.jsonl");
    let good = r#"{"run":"a","environment":"valid","simulator":"valid","scenario_oracle":"valid","target":true}"#;
    std::fs::write(
        &runs,
        format!("{good}\n{{\"run\":\"b\",\"target\":\"yes\"}}\nnot json\n"),
    )
    .unwrap();
    let runs = runs.to_string_lossy().into_owned();
    let ledger = dir.path().join("ledger.jsonl");
    let ghost = r#"{"run":"ghost","turn":1,"event":"revoke","requirement":"x"}"#;
    std::fs::write(&ledger, format!("{ghost}\n")).unwrap();
    let ledger = ledger.to_string_lossy().into_owned();
    let o = readcov(&[
        "sheet",
        "--runs",
        &runs,
        "--ledger",
        &ledger,
        "--require",
        "target",
        "--format",
        "json",
    ]);
    assert!(o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("warning: run `ghost` has no run record: 1 ledger event(s)"),
        "{err}"
    );
    assert!(
        err.contains("runs.jsonl:2: field `target`: expected true, false or null"),
        "{err}"
    );
    assert!(err.contains("runs.jsonl:3: invalid JSON"), "{err}");
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["input_errors"], 2);
    assert_eq!(doc["overall"]["planned"], 3);
    assert_eq!(doc["overall"]["unreadable"], 2);
    assert_eq!(doc["overall"]["strict_successes"], 1);
}

/// Issue #27, defect 2: a broken record that still names its condition and task counts there
/// (planned and unreadable), not only in the overall line.
#[test]
fn unreadable_records_count_in_their_condition() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs.jsonl");
    std::fs::write(
        &runs,
        concat!(
            r#"{"run":"r1","task":"t","condition":"C","environment":"valid","simulator":"valid","scenario_oracle":"valid","target":true}"#,
            "\n",
            r#"{"run":"r2","task":"t","condition":"C","target":"yes"}"#,
            "\n",
        ),
    )
    .unwrap();
    let runs = runs.to_string_lossy().into_owned();
    let o = readcov(&[
        "sheet",
        "--runs",
        &runs,
        "--require",
        "target",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["overall"]["planned"], 2);
    let c = &doc["conditions"][0];
    assert_eq!(c["condition"], "C");
    assert_eq!(c["denominators"]["planned"], 2);
    assert_eq!(c["denominators"]["unreadable"], 1);
    assert!(close(&c["denominators"]["success_rate_planned"], 0.5));
    assert_eq!(c["tasks"][0]["planned"], 2);
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("runs.jsonl");
    std::fs::write(&empty, "{\"run\":1,\"target\":2}\n").unwrap();
    let empty = empty.to_string_lossy().into_owned();
    let o = readcov(&["sheet", "--runs", &empty]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("no valid run records"),
        "{}",
        text(&o.stderr)
    );
    let runs = "tests/fixtures/sheet/runs.jsonl";
    let o = readcov(&["sheet", "--runs", runs, "--require", "target,speed"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("`speed` is not an axis"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(
        readcov(&["sheet", "--runs", runs, "--k", "0"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        readcov(&["sheet", "--runs", "no/such/file.jsonl"])
            .status
            .code(),
        Some(2)
    );
}

/// `readcov report --runs` puts the sheet's per-condition aggregate in the HTML page; without
/// `--runs` there is no sheet section.
#[test]
fn html_report_shows_the_sheet_when_runs_are_given() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    let html_s = html.to_string_lossy().into_owned();
    let f = "tests/fixtures/sheet/";
    let base = [
        "report",
        "--gold",
        "tests/fixtures/sheet/gold.jsonl",
        "--reads",
        "tests/fixtures/sheet/reads.jsonl",
        "--html",
        &html_s,
    ];
    let o = readcov(&base);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!std::fs::read_to_string(&html)
        .unwrap()
        .contains("Evaluation sheet"));
    let (runs, ledger, tasks) = (
        format!("{f}runs.jsonl"),
        format!("{f}ledger.jsonl"),
        format!("{f}tasks.jsonl"),
    );
    let mut args = base.to_vec();
    args.extend([
        "--runs", &runs, "--ledger", &ledger, "--tasks", &tasks, "--k", "1,2",
    ]);
    let o = readcov(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("Evaluation sheet"));
    // The denominators as the text sheet gives them: the scorable rate and the invalid runs by
    // cause; the validator's counts, its second rate labelled "valid in all" (before session 25
    // the page showed `<td>5</td><td>2</td>` and "valid after regeneration 50%", which is the
    // valid-in-all rate: 0 of A/vague's 2 audited runs were valid after regeneration).
    assert!(
        page.contains(
            r#"<th scope="row">A/vague</th><td>8</td><td>5 (62% of planned)</td><td>2 (environment 1, simulator 1)</td>"#
        ),
        "{page}"
    );
    assert!(
        page.contains(
            "2 audited · first-pass valid 1 (50%) · valid after regeneration 0 (50% valid in all) · \
             failed at the regeneration limit 0 · 1 labelled"
        ),
        "{page}"
    );
    // pass^2 over n ≥ 2 in A/vague, then the planned-n variant (4 of 8 → 0.21).
    assert!(page.contains("k=2: 0.60 / 1.00 (1 task(s))"), "{page}");
    assert!(page.contains("k=2: 0.21 / 0.79 (1 task(s))"), "{page}");
    assert!(page.contains("agent:edited_before_reading 1+0"));
}

/// A grader's `first_decisive_event_id` alone names no component and no code: the table shows
/// readcov's proposal (marked `*`), the one the attribution breakdown counts, as
/// docs/evaluation.md says. Before session 25 the table showed `@e1` and no cause while the
/// breakdown under it counted `environment:environment_invalid`.
#[test]
fn an_event_id_alone_shows_the_proposal() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs.jsonl");
    std::fs::write(
        &runs,
        "{\"run\":\"r1\",\"task\":\"t\",\"environment\":\"invalid\",\"first_decisive_event_id\":\"e1\"}\n\
         {\"run\":\"r2\",\"task\":\"t\",\"environment\":\"invalid\",\"responsible_component\":\"agent\",\
         \"first_decisive_event_id\":\"e1\"}\n",
    )
    .unwrap();
    let o = readcov(&["sheet", "--runs", &runs.to_string_lossy()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let row = |run: &str| {
        (out.lines())
            .find(|l| l.starts_with(&format!("{run} ")))
            .unwrap_or_else(|| panic!("no row {run}: {out}"))
            .to_string()
    };
    assert!(
        row("r1").ends_with("  environment:environment_invalid*"),
        "{out}"
    );
    assert!(row("r2").ends_with("  agent@e1"), "{out}");
    assert!(
        out.contains(
            "attribution (primary+secondary): agent:? 1+0 · environment:environment_invalid 1+0"
        ),
        "{out}"
    );
}

/// Free text of the run records (a condition, the grader's code, a termination reason) is shown
/// escaped in every line of the text sheet, as every name is (docs/reliability.md): a line break
/// in a condition cannot print a forged `planned 99` line. Before session 25 the condition
/// header, the attribution codes and the trials line printed them raw.
#[test]
fn free_text_of_run_records_cannot_forge_sheet_lines() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs.jsonl");
    std::fs::write(
        &runs,
        "{\"run\":\"r1\",\"task\":\"t\",\"condition\":\"A\\nplanned 99\",\"environment\":\"valid\",\
         \"simulator\":\"valid\",\"scenario_oracle\":\"valid\",\"target\":false,\"primary_code\":\"x\\ny\",\
         \"responsible_component\":\"agent\",\"termination\":{\"reason\":\"done\\nplanned 98\"}}\n",
    )
    .unwrap();
    let o = readcov(&[
        "sheet",
        "--runs",
        &runs.to_string_lossy(),
        "--require",
        "target",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        !out.lines()
            .any(|l| l.starts_with("planned 9") || l.starts_with("y ")),
        "{out}"
    );
    assert!(out.contains("\ncondition A\\nplanned 99\n"), "{out}");
    assert!(out.contains("agent:x\\ny 1+0"), "{out}");
    assert!(out.contains("  r1: ended done\\nplanned 98\n"), "{out}");
}
