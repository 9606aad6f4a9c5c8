//! `readcov report` with `readcov diagnose`'s inputs, through the binary on the shipped real data
//! (15 runs, their changes from `import --emit-patches`): the page's verdict bars and each run's
//! "failed at" are `readcov diagnose`'s on the same inputs, its stdout carries diagnose's summary
//! table to the byte, and `--no-stages` leaves it all out.

use crate::common::{readcov, readcov_ok, real_data, stdout};
use crate::diagnose::imported;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// The attribute values `attr="…"` in `html`, in order.
fn attrs<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let key = format!(r#"{attr}=""#);
    html.split(key.as_str())
        .skip(1)
        .filter_map(|x| x.split('"').next())
        .collect()
}

#[test]
fn verdicts_in_the_report_equal_diagnose_on_the_same_inputs() {
    let (dir, reads, patches) = imported();
    let data = real_data();
    let (gold, sources) = (s(&data.join("gold.jsonl")), s(&data.join("sources")));
    let (reads, patches) = (s(&reads), s(&patches));
    let html = dir.path().join("r.html");
    let common = [
        "--gold",
        &gold,
        "--reads",
        &reads,
        "--workspaces",
        &sources,
        "--patches",
        &patches,
        "--outcomes",
        &gold,
    ];
    let mut args = vec!["diagnose", "--format", "json"];
    args.extend(common);
    let diag: Value = serde_json::from_str(&stdout(&readcov_ok(&args))).unwrap();
    let mut args = vec!["report", "--html", html.to_str().unwrap()];
    args.extend(common);
    let out = stdout(&readcov_ok(&args));
    let page = std::fs::read_to_string(&html).unwrap();

    // Per run label: the bar's segments are diagnose's verdict counts (and every run is in one).
    let mut want: BTreeMap<(String, String), u64> = BTreeMap::new();
    for g in diag["summary"].as_array().unwrap() {
        let group = g["group"].as_str().unwrap();
        if group == "*" {
            continue;
        }
        for (v, n) in g["verdicts"].as_object().unwrap() {
            if n.as_u64().unwrap() > 0 {
                want.insert((group.into(), v.clone()), n.as_u64().unwrap());
            }
        }
    }
    let mut got = BTreeMap::new();
    for bar in page.split(r#"<g class="verdict-bar" data-group=""#).skip(1) {
        let group = bar.split('"').next().unwrap().to_string();
        let bar = &bar[..bar.find("</g>").unwrap()];
        for (v, n) in attrs(bar, "data-verdict")
            .into_iter()
            .zip(attrs(bar, "data-count"))
        {
            got.insert((group.clone(), v.to_string()), n.parse::<u64>().unwrap());
        }
    }
    assert_eq!(got, want);
    assert_eq!(got.values().sum::<u64>(), 15);
    assert_eq!(want[&("openhands".into(), "change".into())], 4);

    // Per run: the drill-down's verdict is the run's row of `diagnose`.
    let runs = diag["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 15);
    let shown: Vec<&str> = page
        .split(r#"<div class="stages-run" data-verdict=""#)
        .skip(1)
        .map(|x| x.split('"').next().unwrap())
        .collect();
    let verdicts: Vec<&str> = runs
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        shown, verdicts,
        "drill-downs in task, run order, as diagnose's rows"
    );
    for r in runs {
        let reason = readcov_report::html::esc(r["reason"].as_str().unwrap());
        assert!(page.contains(&reason), "{reason}");
    }

    // stdout: diagnose's summary table, the same bytes.
    let mut args = vec!["diagnose", "--summary", "--no-legend"];
    args.extend(common);
    let table = stdout(&readcov_ok(&args));
    assert!(out.contains(table.trim_end()), "{out}\n---\n{table}");
}

#[test]
fn no_stages_leaves_the_diagnosis_out() {
    let (dir, reads, _) = imported();
    let data = real_data();
    let html = dir.path().join("r.html");
    let o = readcov_ok(&[
        "report",
        "--gold",
        &s(&data.join("gold.jsonl")),
        "--reads",
        &s(&reads),
        "--workspaces",
        &s(&data.join("sources")),
        "--no-stages",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert!(!stdout(&o).contains("where runs failed"));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(!page.contains(r#"id="h-stages""#));
    assert!(!page.contains(r#"<div class="stages-run""#));
    // `--no-stages` with an input only the stages read is a usage error.
    let o = readcov(&[
        "report",
        "--gold",
        &s(&data.join("gold.jsonl")),
        "--reads",
        &s(&reads),
        "--no-stages",
        "--patches",
        &s(&reads),
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
}

/// The report crate's stages fixture through the binary with `--test-report` and `--outcomes`:
/// the tests column, the failing test in the drill-downs of t2, and the labelled run that read
/// nothing counted outside the bars.
#[test]
fn test_report_and_outcomes_reach_the_page() {
    let fx = Path::new(env!("CARGO_MANIFEST_DIR")).join("../report/tests/fixtures/stages");
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    let f = |n: &str| s(&fx.join(n));
    let o = readcov_ok(&[
        "report",
        "--gold",
        &f("gold.jsonl"),
        "--reads",
        &f("reads.jsonl"),
        "--workspaces",
        &f("ws"),
        "--patches",
        &f("patches.jsonl"),
        "--test-report",
        &f("report.json"),
        "--outcomes",
        &f("outcomes.jsonl"),
        "--html",
        html.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert!(out.contains("where runs failed"), "{out}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains(r#"<th scope="col">tests</th>"#));
    assert_eq!(
        page.matches("tests: 1 FAIL_TO_PASS still failing").count(),
        2,
        "t2's two runs"
    );
    assert!(page.contains("1 run(s) of the runs table were not diagnosed"));
}
