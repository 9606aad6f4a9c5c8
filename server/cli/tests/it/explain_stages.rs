//! `readcov explain`'s stages (issue 37): the verdict, its reason and a line per stage before
//! the gold the run missed, each gold change unit the run changed as a compact diff of the
//! gold's text against the run's, edits outside the gold flagged — on the shipped runs, their
//! trajectories imported on the fly with their sources, the gold from the SWE-bench rows.

use crate::common;

use common::{fits_100_columns, readcov_ok, real_data, stdout};
use std::path::Path;

/// `explain` on one shipped OpenHands run (its trajectory as --reads), and `extra`.
fn explain(task: &str, extra: &[&str]) -> String {
    let data = real_data();
    let s = |p: &Path| p.display().to_string();
    let (gold, traj, ws) = (
        s(&data.join("gold.jsonl")),
        s(&data.join(format!("openhands/{task}.json"))),
        s(&data.join("sources")),
    );
    let mut args = vec![
        "explain",
        "--gold",
        &gold,
        "--reads",
        &traj,
        "--workspaces",
        &ws,
        "--task",
        task,
    ];
    args.extend_from_slice(extra);
    let out = stdout(&readcov_ok(&args));
    // The text fits 100 columns (JSON carries whole texts).
    let text = !extra.contains(&"json");
    if text {
        fits_100_columns(&out);
    }
    out
}

fn index_of(out: &str, start: &str) -> usize {
    (out.lines().position(|l| l.starts_with(start)))
        .unwrap_or_else(|| panic!("no line starting {start:?} in\n{out}"))
}

#[test]
fn pytest_10356_stages_first_then_the_golds_text_against_the_runs() {
    let out = explain("pytest-dev__pytest-10356", &[]);
    let lines: Vec<&str> = out.lines().collect();
    // The headline stays first; the stages come right after it, before any other section.
    assert_eq!(lines[0], "pytest-dev__pytest-10356 · run openhands");
    assert!(
        lines[3]
            .starts_with("stages: change — changed all 2 gold change units; `get_unpacked_marks`"),
        "{out}"
    );
    assert!(
        out.contains("  source  the run's change from replay\n"),
        "{out}"
    );
    assert!(out.contains("  search  1 of 1 gold files opened;"), "{out}");
    assert!(
        out.contains("  edit    changed 2 of 2 gold change units (recall 100%, precision 67%)"),
        "{out}"
    );
    // The third unit the run changed is flagged.
    assert!(out.contains("          ! 1 of 3 changed unit(s) are not gold change units\n"));
    let unit = index_of(
        &out,
        "  change  `get_unpacked_marks` (src/_pytest/mark/structures.py:358-363)",
    );
    // The gold's signature removed against the run's kept one, under the unit's line.
    let gold_sig = index_of(&out, "          - def get_unpacked_marks(");
    let run_sig = index_of(
        &out,
        "          + def get_unpacked_marks(obj: object) -> Iterable[Mark]:",
    );
    assert!(unit < gold_sig && gold_sig < run_sig, "{out}");
    // store_mark: the gold's one line against the run's class branch.
    let store = index_of(&out, "  change  `store_mark`");
    let gold_line = index_of(
        &out,
        "          -     obj.pytestmark = [*get_unpacked_marks(obj, consider_mro=False), mark]",
    );
    assert!(store < gold_line, "{out}");
    assert!(
        out.contains("          +         obj._pytest_marks.append(mark)\n"),
        "{out}"
    );
}

#[test]
fn pylint_4604_search_names_the_file_never_opened_and_keeps_new_files_apart() {
    let out = explain("pylint-dev__pylint-4604", &[]);
    let stages = index_of(
        &out,
        "stages: search — opened 1 of 2 gold files; never opened pylint/constants.py",
    );
    assert!(stages < index_of(&out, "gold files, worst first"), "{out}");
    assert!(out.contains("          not changed: `<module>` (pylint/constants.py:1-42)\n"));
    assert!(
        out.contains("          new files (apart): reproduce_issue.py\n"),
        "{out}"
    );
}

#[test]
fn patches_given_are_the_runs_change_and_no_stages_leaves_them_out() {
    let dir = tempfile::tempdir().unwrap();
    let preds = dir.path().join("preds.jsonl");
    let row = r#"{"instance_id": "pytest-dev__pytest-10356", "model_name_or_path": "openhands", "model_patch": ""}"#;
    std::fs::write(&preds, format!("{row}\n")).unwrap();
    let p = preds.display().to_string();
    let out = explain("pytest-dev__pytest-10356", &["--patches", &p]);
    assert!(out.contains("\nstages: no_change — "), "{out}");
    assert!(
        out.contains("  source  the run's change from patches\n"),
        "{out}"
    );
    // JSON carries the same stages: one run of docs/schemas/diagnose.schema.json.
    let json = |extra: &[&str]| -> serde_json::Value {
        let args = [&["--format", "json"][..], extra].concat();
        serde_json::from_str(&explain("pytest-dev__pytest-10356", &args)).unwrap()
    };
    let doc = json(&["--patches", &p]);
    let stages = &doc["stages"];
    assert_eq!(stages["verdict"], "no_change");
    assert_eq!(stages["change_source"], "patches");
    assert_eq!(stages["stages"]["search"]["opened_gold_files"], 1);
    let schema =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas/diagnose.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema).unwrap()).unwrap();
    let v = jsonschema::options()
        .build(&schema)
        .expect("schema compiles");
    let errors: Vec<String> = v.iter_errors(stages).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // Without --patches the replayed edits, as in text: the gold's `change` verdict.
    assert_eq!(json(&[])["stages"]["verdict"], "change");
    // --no-stages: none in text, `null` in JSON.
    let out = explain("pytest-dev__pytest-10356", &["--no-stages"]);
    assert!(!out.contains("stages:"), "{out}");
    assert!(json(&["--no-stages"])["stages"].is_null());
}
