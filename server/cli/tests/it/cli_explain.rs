//! `readcov explain` through the binary: the shipped real run pylint-dev__pylint-4604 (imported
//! and given gold as scripts/real-data-flow does), synthetic multi-file tasks, the JSON Schema,
//! the 100-column text, the next command (run as printed) and the exit codes.

use crate::common;

use common::{fits_100_columns, next_command, readcov, readcov_ok, real_data, stderr, stdout};
use serde_json::Value;
use std::path::{Path, PathBuf};

const TASK: &str = "pylint-dev__pylint-4604";

/// The 4604 run imported and the real gold converted, in a fresh folder.
fn real_4604() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let data = real_data();
    let dir = tempfile::tempdir().unwrap();
    let (reads, gold) = (
        dir.path().join("reads.jsonl"),
        dir.path().join("gold.jsonl"),
    );
    let s = |p: &Path| p.display().to_string();
    readcov_ok(&[
        "import",
        "--workspaces",
        &s(&data.join("sources")),
        &s(&data.join(format!("openhands/{TASK}.json"))),
        "-o",
        &s(&reads),
    ]);
    readcov_ok(&[
        "gold",
        "--from-swebench",
        &s(&data.join("gold.jsonl")),
        "-o",
        &s(&gold),
    ]);
    (dir, gold, reads)
}

fn explain_real(extra: &[&str]) -> std::process::Output {
    let (_dir, gold, reads) = real_4604();
    let data = real_data();
    let (g, r, w) = (
        gold.display().to_string(),
        reads.display().to_string(),
        data.join("sources").display().to_string(),
    );
    let mut args = vec![
        "explain",
        "--gold",
        &g,
        "--reads",
        &r,
        "--workspaces",
        &w,
        "--task",
        TASK,
    ];
    args.extend_from_slice(extra);
    readcov_ok(&args)
}

fn validator() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas/explain.schema.json");
    let text = std::fs::read_to_string(&path).unwrap();
    jsonschema::options()
        .build(&serde_json::from_str(&text).unwrap())
        .expect("schema compiles")
}

fn valid(doc: &Value) {
    let errors: Vec<String> = validator()
        .iter_errors(doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
}

fn fits(text: &str) {
    fits_100_columns(text);
}

#[test]
fn real_4604_text_names_the_never_opened_file_and_the_reads_around_the_miss() {
    let data = real_data().join("gold.jsonl").display().to_string();
    let out = stdout(&explain_real(&["--outcomes", &data]));
    fits(&out);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "pylint-dev__pylint-4604 · run openhands · unresolved"
    );
    assert!(
        lines[1].starts_with("below 50%: line coverage 0% (0/6 gold lines) · file hit 0.50 (1/2"),
        "{out}"
    );
    // Worst file first: constants.py, never opened, before variables.py (the stages above
    // name the files too: looked for under the gold files' heading).
    let files = (lines.iter())
        .position(|l| *l == "gold files, worst first")
        .unwrap();
    let after = |path: &str| {
        files
            + (lines[files..].iter())
                .position(|l| l.contains(path))
                .unwrap()
    };
    let constants = after("pylint/constants.py");
    let variables = after("pylint/checkers/variables.py");
    assert!(constants < variables, "{out}");
    assert!(
        lines[constants].contains("0/4 gold lines") && lines[constants].ends_with("never opened"),
        "{out}"
    );
    assert!(lines[variables].contains("opened turn 5"), "{out}");
    assert!(
        out.contains("    1828-1829 in method _store_type_annotation_node"),
        "{out}"
    );
    assert!(
        // Its `grep -r "_type_annotation_names"` (turn 39) showed 1826 and 1837: a grep without `-n`
        // placed by text since session 34 (before, the views 1670-1700 and 1950-2000).
        out.contains("read 1826-1826 (turn 39) and 1837-1837 (turn 39), never 1827-1836"),
        "{out}"
    );
    assert!(
        out.contains("tests/functional/u/unused/unused_typing_imports.py"),
        "{out}"
    );
    assert!(out.contains("never reached 50%"), "{out}");
}

#[test]
fn real_4604_json_is_valid_and_complete() {
    let doc: Value = serde_json::from_str(&stdout(&explain_real(&["--format", "json"]))).unwrap();
    valid(&doc);
    assert_eq!(
        (doc["task"].as_str(), doc["run"].as_str()),
        (Some(TASK), Some("openhands"))
    );
    assert_eq!(
        (doc["file_hit"].as_f64(), doc["line_coverage"].as_f64()),
        (Some(0.5), Some(0.0))
    );
    assert_eq!(doc["verdict"], "below");
    let f0 = &doc["files"][0];
    assert_eq!(
        (f0["path"].as_str(), f0["gold_lines"].as_u64()),
        (Some("pylint/constants.py"), Some(4))
    );
    assert_eq!(
        (f0["opened"].as_bool(), f0["first_read_turn"].is_null()),
        (Some(false), true)
    );
    let span = &doc["files"][1]["spans"][0];
    assert_eq!(
        (span["start"].as_u64(), span["end"].as_u64()),
        (Some(1828), Some(1829))
    );
    assert_eq!(span["unit"]["kind"], "method");
    let near = |k: &str| {
        let n = &span[k];
        (
            n["start"].as_u64().unwrap(),
            n["end"].as_u64().unwrap(),
            n["turn"].as_u64().unwrap(),
        )
    };
    assert_eq!(
        (near("nearest_before"), near("nearest_after")),
        ((1826, 1826, 39), (1837, 1837, 39))
    );
    assert_eq!(span["nearest_before"]["tool"], "execute_bash");
    assert!(span["nearest_before"]["command"]
        .as_str()
        .unwrap()
        .ends_with("_names\" pylint/checkers/variables.py"));
    // Coverage stays 0 at every turn; the first read turn is 5.
    let t = doc["timeline"].as_array().unwrap();
    assert_eq!(t[0]["turn"], 5);
    assert!(t.iter().all(|p| p["coverage"] == 0.0));
    assert!(doc["first_turn_at_threshold"].is_null());
}

/// Two gold files and a file without gold; run r1 misses b.py, edits a.py before reading it,
/// r2 reads what r1 did not; `nogold` has reads only; `edits` has an edit and no reads.
const GOLD: &str = r#"{"task":"t","path":"a.py","start":10,"end":19}
{"task":"t","path":"b.py","start":1,"end":4}
"#;
const READS: &str = r#"{"task":"t","run":"r1","path":"a.py","start":1,"end":12,"turn":1,"tool":"view","command":"view a.py"}
{"task":"t","run":"r1","path":"c.py","start":1,"end":30,"turn":2,"tool":"bash","command":"cat c.py"}
{"task":"t","run":"r1","path":"a.py","start":18,"end":18,"turn":3,"kind":"edit"}
{"task":"t","run":"r1","path":"a.py","start":30,"end":40,"turn":4,"tool":"bash","command":"sed -n 30,40p a.py"}
{"task":"t","run":"r2","path":"a.py","start":10,"end":19,"turn":1}
{"task":"t","run":"r2","path":"b.py","start":1,"end":4,"turn":2}
{"task":"nogold","run":"r","path":"x.py","start":1,"end":5,"turn":1}
{"task":"t","run":"edits","path":"a.py","start":12,"end":12,"turn":1,"kind":"edit"}
"#;

fn synthetic() -> (tempfile::TempDir, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let (g, r) = (
        dir.path().join("gold.jsonl"),
        dir.path().join("reads.jsonl"),
    );
    std::fs::write(&g, GOLD).unwrap();
    std::fs::write(&r, READS).unwrap();
    let s = |p: PathBuf| p.display().to_string();
    (dir, s(g), s(r))
}

fn json_of(args: &[&str]) -> Value {
    let doc: Value = serde_json::from_str(&stdout(&readcov_ok(args))).unwrap();
    valid(&doc);
    doc
}

#[test]
fn synthetic_multi_file_run_in_text_and_json() {
    let (_d, g, r) = synthetic();
    let base = [
        "explain", "--gold", &g, "--reads", &r, "--task", "t", "--run", "r1",
    ];
    let text = stdout(&readcov_ok(&base));
    fits(&text);
    let want = [
        "  b.py                                               0/4 gold lines   0%  never opened",
        "    10-19: 3/10 read (under 50%), unread 13-19",
        "      read 1-12 (turn 1) and 30-40 (turn 4), never 13-29",
        "        before view: view a.py",
        "        after  bash: sed -n 30,40p a.py",
        "  c.py                                                   30 line(s), 1 read(s), from turn 2",
        "edits: 1 (1 inside gold lines, 1 of them before the run had read those lines)",
        "  turn    3  a.py:18-18  ! 1/1 gold line(s) not read before",
        "  never reached 50%; 1 edit(s) made without it",
        "next (set another run of the task beside this one):",
    ];
    for w in want {
        assert!(text.lines().any(|l| l == w), "missing {w:?} in\n{text}");
    }
    let doc = json_of(&[&base[..], &["--format", "json"]].concat());
    let files: Vec<(&str, bool)> = (doc["files"].as_array().unwrap().iter())
        .map(|f| (f["path"].as_str().unwrap(), f["opened"].as_bool().unwrap()))
        .collect();
    assert_eq!(files, [("b.py", false), ("a.py", true)]);
    assert_eq!(doc["read_elsewhere"][0]["path"], "c.py");
    assert_eq!(doc["edits"][0]["before_reading"], true);
    assert_eq!(doc["runs"], serde_json::json!(["edits", "r1", "r2"]));
}

#[test]
fn against_sets_two_runs_side_by_side() {
    let (_d, g, r) = synthetic();
    let base = [
        "explain",
        "--gold",
        &g,
        "--reads",
        &r,
        "--task",
        "t",
        "--run",
        "r1",
        "--against",
        "r2",
    ];
    let text = stdout(&readcov_ok(&base));
    fits(&text);
    for w in [
        "against run r2: pass · line coverage 100% (14/14 gold lines) · file hit 1.00 · r1: 21% (3/14)",
        "  a.py:10-19                                                3/10     10/10",
        "    only r2: 13-19",
        "  b.py:1-4                                                   0/4       4/4",
    ] {
        assert!(text.lines().any(|l| l == w), "missing {w:?} in\n{text}");
    }
    let doc = json_of(&[&base[..], &["--format", "json"]].concat());
    assert_eq!(doc["against"]["run"], "r2");
    assert_eq!(doc["against"]["verdict"], "pass");
    assert_eq!(
        doc["against"]["spans"][1]["only_other"],
        serde_json::json!([{"start":1,"end":4}])
    );
}

#[test]
fn run_with_no_reads_and_task_with_no_gold() {
    let (_d, g, r) = synthetic();
    let doc = json_of(&[
        "explain", "--gold", &g, "--reads", &r, "--task", "t", "--run", "edits", "--format", "json",
    ]);
    assert_eq!(
        (doc["reads"].as_u64(), doc["line_coverage"].as_f64()),
        (Some(0), Some(0.0))
    );
    assert_eq!(doc["edits"][0]["before_reading"], true);
    let doc = json_of(&[
        "explain", "--gold", &g, "--reads", &r, "--task", "nogold", "--format", "json",
    ]);
    assert_eq!(
        (doc["status"].as_str(), doc["verdict"].as_str()),
        (Some("unscored"), Some("unscored"))
    );
    assert!(doc["line_coverage"].is_null() && doc["files"].as_array().unwrap().is_empty());
    let text = stdout(&readcov_ok(&[
        "explain", "--gold", &g, "--reads", &r, "--task", "nogold",
    ]));
    assert!(
        text.contains("unscored: task has no gold lines · 1 read(s)"),
        "{text}"
    );
}

#[test]
fn bad_requests_exit_2_naming_what_exists() {
    let (_d, g, r) = synthetic();
    for (extra, want) in [
        (
            vec!["--task", "zzz"],
            "error: task `zzz` has neither gold nor reads (tasks: nogold, t)",
        ),
        (
            vec!["--task", "t"],
            "error: task `t` has 3 runs (edits, r1, r2); pick one with --run",
        ),
        (
            vec!["--task", "t", "--run", "r9"],
            "error: task `t` has no run `r9` (runs: edits, r1, r2)",
        ),
    ] {
        let args = [&["explain", "--gold", &g, "--reads", &r][..], &extra].concat();
        let o = readcov(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(want), "{}", stderr(&o));
    }
}

#[test]
fn the_next_command_runs_as_printed() {
    let (_d, g, r) = synthetic();
    let text = stdout(&readcov_ok(&[
        "explain", "--gold", &g, "--reads", &r, "--task", "t", "--run", "r1",
    ]));
    // The lines after `next (...):`, continuation backslashes joined.
    let tail = text.split_once("\nnext (").unwrap().1;
    let cmd = tail.split_once("):\n").unwrap().1.replace(" \\\n", " ");
    let words: Vec<&str> = cmd.split_whitespace().collect();
    assert_eq!(words[0], "readcov");
    let again = stdout(&readcov_ok(&words[1..]));
    // The first other run in name order.
    assert!(again.contains("against run edits: below"), "{again}");
    // Its own next (a workspace for units) names the run and the one beside it: without
    // `--run` the task's two runs refused it ("pick one with --run").
    let dir = tempfile::tempdir().unwrap();
    let next = common::next_command(&again).replace("DIR", &dir.path().display().to_string());
    let words: Vec<&str> = next.split_whitespace().collect();
    assert!(
        next.contains("--run r1 --against edits --workspace"),
        "{next}"
    );
    let third = stdout(&readcov_ok(&words[1..]));
    assert!(third.contains("against run edits: below"), "{third}");
}

#[test]
fn swebench_rows_and_a_trajectory_are_taken_as_they_are() {
    // The same explanation as after `import` + `gold --from-swebench`.
    let data = real_data();
    let s = |p: PathBuf| p.display().to_string();
    let direct = readcov_ok(&[
        "explain",
        "--gold",
        &s(data.join("gold.jsonl")),
        "--reads",
        &s(data.join(format!("openhands/{TASK}.json"))),
        "--workspaces",
        &s(data.join("sources")),
        "--task",
        TASK,
        "--format",
        "json",
    ]);
    let note = stderr(&direct);
    assert!(
        note.contains("an agent trajectory, not reads JSONL: imported on the fly"),
        "{note}"
    );
    let mut direct: Value = serde_json::from_str(&stdout(&direct)).unwrap();
    let mut imported: Value =
        serde_json::from_str(&stdout(&explain_real(&["--format", "json"]))).unwrap();
    // The stages differ in one input only: the trajectory carries the run's change (its edits
    // replayed on the sources), a reads JSONL does not. The verdict is search's either way.
    let (d, i) = (direct["stages"].take(), imported["stages"].take());
    assert_eq!(d["change_source"], "replay");
    assert_eq!(i["change_source"], "none");
    assert_eq!(
        (&d["verdict"], &i["verdict"]),
        (&"search".into(), &"search".into())
    );
    assert_eq!(d["stages"]["search"], i["stages"]["search"]);
    assert_eq!(d["stages"]["read"], i["stages"]["read"]);
    assert_eq!(direct, imported);
}

#[test]
fn several_named_gold_sets_explain_the_run_under_each() {
    let (d, g, r) = synthetic();
    // A second set: only b.py's gold.
    let only_b = d.path().join("b-only.jsonl");
    std::fs::write(
        &only_b,
        "{\"task\":\"t\",\"path\":\"b.py\",\"start\":1,\"end\":4}\n",
    )
    .unwrap();
    let (edit, b) = (format!("edit={g}"), format!("b={}", only_b.display()));
    let base = [
        "explain", "--gold", &edit, "--gold", &b, "--reads", &r, "--task", "t", "--run", "r1",
    ];
    let text = stdout(&readcov_ok(&base));
    fits(&text);
    let headers: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("== gold set"))
        .collect();
    assert_eq!(headers, ["== gold set edit ==", "== gold set b =="]);
    assert!(
        text.contains("below 50%: line coverage 0% (0/4 gold lines)"),
        "{text}"
    );
    let doc: Value = serde_json::from_str(&stdout(&readcov_ok(
        &[&base[..], &["--format", "json"]].concat(),
    )))
    .unwrap();
    let sets = doc.as_array().expect("an array for several sets");
    for s in sets {
        valid(s);
    }
    let got: Vec<(&str, u64)> = (sets.iter())
        .map(|s| {
            (
                s["gold_set"].as_str().unwrap(),
                s["gold_lines"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, [("edit", 14), ("b", 4)]);
}

/// A span exactly at the threshold that still has unread lines is listed, marked as such, with
/// the reads around it (it was left out as passing); an edit outside gold says so in words.
#[test]
fn at_threshold_spans_with_unread_lines_are_listed_and_marked() {
    let (_d, g, r) = synthetic();
    let base = [
        "explain",
        "--gold",
        &g,
        "--reads",
        &r,
        "--task",
        "t",
        "--run",
        "r1",
        "--threshold",
        "0.3",
    ];
    let text = stdout(&readcov_ok(&base));
    for w in [
        "    10-19: 3/10 read (at 30% exactly), unread 13-19",
        "      read 1-12 (turn 1) and 30-40 (turn 4), never 13-29",
        "    1-4: 0/4 read (under 30%), unread 1-4",
    ] {
        assert!(text.lines().any(|l| l == w), "missing {w:?} in\n{text}");
    }
    let doc = json_of(&[&base[..], &["--format", "json"]].concat());
    let a = &doc["files"][1]["spans"][0];
    assert_eq!(a["missed"], "at_threshold");
    assert_eq!(
        a["never_read"],
        serde_json::json!([{"start": 13, "end": 29}])
    );
    assert_eq!(doc["files"][0]["spans"][0]["missed"], "under");
    assert_eq!(doc["lost_edits"], serde_json::json!([]));
}

/// jackson-databind-4487 gpt-4o-mini under the consensus of the real-multi runs: the reads around
/// TypeFactory.java 1590-1723 are 1560 and 1731, and a `search_file` in turn 3 showed line 1614 —
/// "never 1561-1730" was false. Its Java paths are long: the figures after them stay whole.
#[test]
fn real_4487_never_leaves_out_the_line_a_search_showed_and_keeps_the_figures() {
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
        "gpt-4o-mini-2024-07-18",
        "--outcomes",
        &labels,
    ];
    let o = crate::import_gold::readcov(&args, p);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    fits(&text);
    let line = |needle: &str| {
        text.lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no {needle:?} in\n{text}"))
            .to_string()
    };
    assert_eq!(
        line("never"),
        "      read 1560-1560 (turn 3) and 1731-1731 (turn 3), never 1561-1613, 1615-1730"
    );
    assert!(
        line("TypeFactory.java ").ends_with("101/234 gold lines  43%  opened turn 2, 129 read(s)"),
        "{text}"
    );
    assert!(
        line("IterationType.java").ends_with("100/100 gold lines 100%  opened turn 1, 1 read(s)"),
        "{text}"
    );
    assert!(
        line("TypeFactoryTest.java").ends_with("191 line(s), 3 read(s), from turn 12"),
        "{text}"
    );
    // Every figure of the verdict, wrapped rather than cut.
    assert!(
        text.contains("· file hit 1.00 (2/2 gold files)\n  133 read(s)\n"),
        "{text}"
    );
    // The next command keeps --outcomes.
    let next = next_command(&text);
    assert!(next.contains(&format!("--outcomes {labels}")), "{next}");
}

/// SWE-bench rows as --gold (built on the fly) and the same file as --outcomes, with reads that
/// have edits: the note that gold was built is printed once.
#[test]
fn the_gold_built_on_the_fly_note_is_printed_once() {
    let (_dir, _gold, reads) = real_4604();
    let data = real_data().join("gold.jsonl").display().to_string();
    let r = reads.display().to_string();
    let o = readcov_ok(&[
        "explain",
        "--gold",
        &data,
        "--reads",
        &r,
        "--task",
        TASK,
        "--outcomes",
        &data,
    ]);
    let err = stderr(&o);
    assert_eq!(err.matches("gold built on the fly").count(), 1, "{err}");
}

/// A trajectory whose file is overwritten with `mv` (sympy-19495's shape, the shipped fixture
/// tests/fixtures/import/swe-agent-overwritten): the two edits after it have no edit row, and the
/// explanation says so in text and JSON instead of dropping them without a word.
#[test]
fn edits_the_import_could_not_place_are_said() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/import/swe-agent-overwritten");
    let dir = tempfile::tempdir().unwrap();
    let gold = dir.path().join("gold.jsonl");
    std::fs::write(
        &gold,
        "{\"task\":\"log\",\"path\":\"src/Util.java\",\"start\":2,\"end\":6}\n",
    )
    .unwrap();
    let s = |p: &Path| p.display().to_string();
    let (g, log, ws) = (
        s(&gold),
        s(&case.join("log.json")),
        s(&case.join("workspace")),
    );
    let base = [
        "explain",
        "--gold",
        &g,
        "--reads",
        &log,
        "--workspace",
        &ws,
        "--task",
        "log",
    ];
    let text = stdout(&readcov_ok(&base));
    fits(&text);
    for w in [
        "edits: 1 (1 inside gold lines, 0 of them before the run had read those lines)",
        "  + 2 edit(s) not shown: the import could not place their lines on the base file",
        "    turn    3  src/Util.java  `edit 5:5…`",
        "        after written by `mv /tmp/Util.java src/Util.java` (turn 2)",
        "    turn    4  src/Util.java  `edit 2:2…`",
    ] {
        assert!(text.lines().any(|l| l == w), "missing {w:?} in\n{text}");
    }
    let doc = json_of(&[&base[..], &["--format", "json"]].concat());
    let lost = doc["lost_edits"].as_array().unwrap();
    assert_eq!(lost.len(), 2);
    assert_eq!(
        lost[0],
        serde_json::json!({"path": "src/Util.java", "turn": 3, "step": 3, "command": "edit 5:5…",
            "reason": "after_lost_write", "after": "written by `mv /tmp/Util.java src/Util.java` (turn 2)"})
    );
}
