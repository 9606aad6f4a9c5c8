//! Where runs failed, in the HTML report, on `tests/fixtures/stages/` (three run labels over three
//! tasks, one of them unscored, one gold task no run read; a run label and a run's patch carrying
//! markup): the fixture goes through the one input layer (`readcov-files`) and the one diagnosis
//! (`readcov_gold::diagnose`), as `readcov report` does (outcome labels beside, one of them naming a
//! run that read nothing: a row of the report, not diagnosed), and `expected.json` says what the page
//! must show — each run's verdict, each bar's segments, the stage table's counts — and which
//! untrusted strings must appear escaped and never as markup.

use crate::common::fixtures;
use readcov_core::stages::ChangeSource;
use readcov_core::{ScoreOptions, UnknownLengths};
use readcov_files::gold_files::Workspaces;
use readcov_files::input::{self, GoldOptions, ReadsOptions};
use readcov_gold::diagnose::{diagnose, AgentChange, DiagnoseInput};
use readcov_report::{build, html, Diagnosis, ReportInput};
use serde_json::Value;
use std::collections::BTreeMap;

/// The fixture's report with its diagnosis, and the expectations; `harness`: with the harness
/// report `report.json` (t2's FAIL_TO_PASS test failing) for every run of its task.
fn fixture_with(harness: bool) -> (readcov_report::Report, Value) {
    let dir = fixtures().join("stages");
    let gold = input::load_gold(&dir.join("gold.jsonl"), &GoldOptions::default()).unwrap();
    let reads = input::load_reads(&dir.join("reads.jsonl"), &ReadsOptions::default()).unwrap();
    let (bytes, _) = input::read_rows(&dir.join("gold.jsonl")).unwrap();
    let gold_change = input::gold_changes("gold.jsonl", &bytes, None);
    let preds = input::load_predictions(&dir.join("patches.jsonl")).unwrap();
    assert!(gold.parsed.errors.is_empty() && reads.parsed.errors.is_empty());
    assert!(preds.parsed.errors.is_empty());
    let changes: BTreeMap<(String, String), AgentChange> = (preds.parsed.items.into_iter())
        .map(|p| {
            let change = AgentChange {
                source: ChangeSource::Patches,
                patch: p.patch.unwrap_or_default(),
                lost: p.partial,
            };
            ((p.task, p.run.expect("named")), change)
        })
        .collect();
    let change = |t: &str, r: &str| changes.get(&(t.to_string(), r.to_string())).cloned();
    let tests = match harness {
        true => {
            let bytes = std::fs::read(dir.join("report.json")).unwrap();
            readcov_core::stages::parse_reports(&bytes, "report.json").unwrap()
        }
        false => readcov_core::stages::ReportFile::default(),
    };
    let reports = |t: &str, _: &str| tests.instances.get(t).cloned();
    let files = Workspaces {
        one: None,
        per_task: Some(dir.join("ws").canonicalize().unwrap()),
    };
    let opts = ScoreOptions::default();
    let labels = std::fs::read(dir.join("outcomes.jsonl")).unwrap();
    let labels = readcov_report::parse_outcomes(&labels, "outcomes.jsonl");
    assert!(labels.errors.is_empty());
    let outcomes: readcov_report::Outcomes = labels.items.into_iter().collect();
    let no_edit_lines = BTreeMap::new();
    let mut runs = Vec::new();
    diagnose(
        &DiagnoseInput {
            gold: &gold.parsed.items,
            reads: &reads.parsed.items,
            gold_patches: &gold_change.patches,
            gold_edit_lines: &no_edit_lines,
            change: &change,
            reports: &reports,
            outcomes: Some(&outcomes),
            files: &files,
            opts: &opts,
            threads: 1,
        },
        &mut |s| runs.push(s),
    );
    let gold_patches = (gold_change.patches.iter())
        .map(|p| (p.task.clone(), p.patch.clone()))
        .collect();
    let run_patches = (changes.iter())
        .map(|(k, c)| (k.clone(), c.patch.clone()))
        .collect();
    let mut report = build(&ReportInput {
        title: "stages".into(),
        gold: &gold.parsed.items,
        reads: &reads.parsed.items,
        lengths: &UnknownLengths,
        opts: &opts,
        outcomes: Some(&outcomes),
        named: &readcov_core::NamedRuns::default(),
        units: None,
        skipped_input_errors: 0,
    });
    report.diagnosis = Some(Diagnosis::new(
        runs,
        opts.threshold,
        gold_patches,
        run_patches,
    ));
    let want = std::fs::read_to_string(dir.join("expected.json")).unwrap();
    (report, serde_json::from_str(&want).unwrap())
}

fn fixture() -> (readcov_report::Report, Value) {
    fixture_with(false)
}

/// The value of attribute `attr` in the tag that holds `anchor` (an attribute list before it).
fn attr_after(page: &str, anchor: &str, attr: &str) -> Option<u64> {
    let at = page.find(anchor)?;
    let tag_end = at + page[at..].find('>')?;
    let tag = &page[at..tag_end];
    let v = tag
        .split(&format!(r#"{attr}=""#))
        .nth(1)?
        .split('"')
        .next()?;
    v.parse().ok()
}

fn esc(s: &str) -> String {
    html::esc(s)
}

#[test]
fn verdicts_bars_and_stage_table_are_as_expected() {
    let (report, want) = fixture();
    let d = report.diagnosis.as_ref().unwrap();
    let got: BTreeMap<String, String> = (d.runs.values())
        .map(|s| {
            (
                format!("{} / {}", s.task, s.run),
                s.verdict.as_str().to_string(),
            )
        })
        .collect();
    let verdicts: BTreeMap<String, String> = (want["verdicts"].as_object().unwrap().iter())
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect();
    assert_eq!(got, verdicts);
    let page = html::render(&report);
    for (group, g) in want["groups"].as_object().unwrap() {
        let row = d.stage_table.iter().find(|c| &c.group == group).unwrap();
        assert_eq!(row.runs, g["runs"].as_u64().unwrap(), "{group}");
        assert_eq!(row.unscored, g["unscored"].as_u64().unwrap(), "{group}");
        for (stage, m) in row.stages() {
            let pj = &g["stages"][stage];
            let want = (pj[0].as_u64().unwrap(), pj[1].as_u64().unwrap());
            assert_eq!((m.passed, m.judged()), want, "{group} {stage}");
            assert_eq!(
                m.judged() + m.not_judged,
                row.runs,
                "{group} {stage}: every run counted"
            );
        }
        let summary = d.summary.iter().find(|s| &s.group == group).unwrap();
        let bar: BTreeMap<String, u64> = (summary.verdicts.iter())
            .filter(|(_, n)| **n > 0)
            .map(|(v, n)| (v.clone(), *n))
            .collect();
        let want_bar: BTreeMap<String, u64> = (g["bar"].as_object().unwrap().iter())
            .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
            .collect();
        assert_eq!(bar, want_bar, "{group}");
        // In the page: the group's bar (not `*`: one bar per run label) has these segments.
        let anchor = format!(r#"<g class="verdict-bar" data-group="{}""#, esc(group));
        if group == "*" {
            assert!(!page.contains(&anchor));
            continue;
        }
        let at = page
            .find(&anchor)
            .unwrap_or_else(|| panic!("bar of {group}"));
        let bar_html = &page[at..at + page[at..].find("</g>").unwrap()];
        for (v, n) in &want_bar {
            let seg = format!(r#"data-verdict="{v}" data-count="{n}""#);
            assert!(bar_html.contains(&seg), "{group}: {seg} in {bar_html}");
        }
        assert_eq!(
            bar_html.matches("<rect class=\"seg").count(),
            want_bar.len()
        );
    }
    // The stage table, cell by cell, from the page itself.
    let table = &page[page.find(r#"id="stage-table""#).unwrap()..];
    for (group, g) in want["groups"].as_object().unwrap() {
        let row = &table[table
            .find(&format!(r#"<tr data-group="{}">"#, esc(group)))
            .unwrap()..];
        for stage in ["search", "read", "edit", "change"] {
            let anchor = format!(r#"data-stage="{stage}""#);
            let pj = &g["stages"][stage];
            assert_eq!(
                attr_after(row, &anchor, "data-passed"),
                pj[0].as_u64(),
                "{group} {stage}"
            );
            assert_eq!(
                attr_after(row, &anchor, "data-judged"),
                pj[1].as_u64(),
                "{group} {stage}"
            );
        }
    }
    // No harness report: no tests column.
    assert!(!table[..table.find("</table>").unwrap()].contains(r#"data-stage="tests""#));
    assert!(page.contains(want["no_run_note"].as_str().unwrap()));
    assert!(page.contains(want["not_diagnosed_note"].as_str().unwrap()));
    // Resolved beside the verdicts, from the labels (never an input to them).
    let verdict_rows = &page[page.find(r#"id="verdicts""#).unwrap()..];
    let agent_a = &verdict_rows[verdict_rows.find(r#"<tr data-group="agent-a">"#).unwrap()..];
    assert!(agent_a[..agent_a.find("</tr>").unwrap()].ends_with(r#"<td class="n">1 / 2</td>"#));
}

#[test]
fn drill_down_shows_verdict_reason_and_both_changes_escaped() {
    let (report, want) = fixture();
    let page = html::render(&report);
    // One stages block per diagnosed run, inside its drill-down; none for the gold task no run
    // read (t4).
    assert_eq!(page.matches(r#"<div class="stages-run""#).count(), 6);
    assert!(page.contains(r#"<div class="stages-run" data-verdict="change"><p><b>Failed at:</b> <span class="tag v-change">change</span> — <span class="reason">changed all 1 gold change units; `parse` (lib.py:1-3) differs from the gold&#39;s (token similarity 0.92)</span>"#));
    // t2 / agent-a: the unit side by side — the gold's line left, the run's right.
    assert!(page.contains(r#"<td class="del"><code>    return [p.strip() for p in parts]</code></td><td class="add"><code>    return [p for p in parts]  # &lt;img"#));
    // Both patches shown, the gold's and the run's.
    assert!(page.contains(r#"<span class="add">+    return [p.strip() for p in parts]</span>"#));
    assert!(page.contains(r#"<span class="add">+    message = &quot;hello, &quot; + name</span>"#));
    assert!(page.contains("the run changed no file (its predictions entry is empty)"));
    for s in want["escaped"].as_array().unwrap() {
        assert!(page.contains(s.as_str().unwrap()), "escaped: {s}");
    }
    for s in want["absent"].as_array().unwrap() {
        assert!(!page.contains(s.as_str().unwrap()), "raw markup: {s}");
    }
}

#[test]
fn without_a_diagnosis_the_section_is_left_out() {
    let (mut report, _) = fixture();
    report.diagnosis = None;
    let page = html::render(&report);
    for part in [
        r#"id="h-stages""#,
        r#"<div class="stages-run""#,
        "failed at",
    ] {
        assert!(!page.contains(part), "{part}");
    }
}

#[test]
fn a_harness_report_adds_the_tests_column() {
    let (report, _) = fixture_with(true);
    let d = report.diagnosis.as_ref().unwrap();
    assert!(d.has_tests);
    // t2's report says its FAIL_TO_PASS test still fails: both runs of t2 fail `tests` (their
    // verdicts stay the earlier failures, change and no_change); no other task has a report.
    let tests: Vec<(String, u64, u64)> = (d.stage_table.iter())
        .map(|c| (c.group.clone(), c.tests.failed, c.tests.judged()))
        .collect();
    let hostile = r#"<b onmouseover="window.__pwned=3">agent-c</b>"#.to_string();
    assert_eq!(
        tests,
        [
            (hostile, 0, 0),
            ("agent-a".into(), 1, 1),
            ("agent-b".into(), 1, 1),
            ("*".into(), 2, 2)
        ]
    );
    assert_eq!(d.of("t2", "agent-a").unwrap().verdict.as_str(), "change");
    let page = html::render(&report);
    let table = &page[page.find(r#"id="stage-table""#).unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    assert!(table.contains(r#"<th scope="col">tests</th>"#));
    assert_eq!(
        page.matches(r#"<p class="figs">tests: 1 FAIL_TO_PASS still failing, 0 PASS_TO_PASS broken: <code>tests/test_lib.py::test_parse_strips</code></p>"#).count(),
        2
    );
    assert!(table.contains(r#"data-stage="tests" data-passed="0" data-judged="1">0 / 1 (0%) <span class="muted">· 2 not judged</span>"#));
}
