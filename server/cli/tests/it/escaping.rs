//! Names from the inputs in text outputs (issue 35, items 10 and 12): a line break in a gold path
//! forges no LCOV record and no output line, terminal escape codes in task, run and path names
//! are shown escaped on stdout and stderr, and a huge name is cut, never echoed whole.

use crate::common::{readcov_in, stderr, stdout};
use serde_json::json;

const FORGED: &str = "a.py\nSF:/etc/passwd";
const TASK: &str = "t\u{1b}[31mRED\u{1b}]0;title\u{7}";
const RUN: &str = "r\u{1b}[2J";

/// Gold and reads whose names carry a line break, escape codes and a 200 KB path.
fn folder() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    let big = format!("{}.py", "p".repeat(200_000));
    let lines =
        |rows: &[serde_json::Value]| -> String { rows.iter().map(|r| format!("{r}\n")).collect() };
    let gold = lines(&[
        json!({"task": TASK, "path": FORGED, "start": 1, "end": 2}),
        json!({"task": TASK, "path": "ok.py", "start": 1, "end": 2}),
        json!({"task": "t2", "path": big, "start": 1, "end": 2}),
    ]);
    let reads = lines(&[
        json!({"task": TASK, "run": RUN, "path": FORGED, "start": 1, "end": 2}),
        json!({"task": TASK, "run": RUN, "path": "ok.py", "start": 1, "end": 1}),
        json!({"task": "t2", "run": "r", "path": big, "start": 1, "end": 2}),
    ]);
    // An error quoting a 200 KB name: a key given twice.
    let reads = reads
        + &format!(
            r#"{{"task":"t2","run":"r","path":"ok.py","start":1,"end":1,"{big}":1,"{big}":2}}"#
        )
        + "\n";
    std::fs::write(d.path().join("gold.jsonl"), gold).unwrap();
    std::fs::write(d.path().join("reads.jsonl"), reads).unwrap();
    d
}

/// No escape byte, no forged line, no line longer than a cut name allows.
fn assert_safe(what: &str, text: &str) {
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{what}: raw escape codes"
    );
    for line in text.lines() {
        assert!(
            !line.starts_with("SF:/etc/passwd"),
            "{what}: forged line: {line}"
        );
        assert!(line.len() < 2_000, "{what}: a line of {} bytes", line.len());
    }
}

#[test]
fn score_table_detail_and_errors_show_names_escaped_and_cut() {
    let d = folder();
    let args = [
        "score",
        "--gold",
        "gold.jsonl",
        "--reads",
        "reads.jsonl",
        "--detail",
    ];
    let o = readcov_in(d.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let (out, err) = (stdout(&o), stderr(&o));
    assert_safe("stdout", &out);
    assert_safe("stderr", &err);
    assert!(
        out.contains(r"t\x1b[31mRED\x1b]0;title\x07  r\x1b[2J"),
        "{out}"
    );
    assert!(
        out.contains(r"  a.py\nSF:/etc/passwd: 2/2 gold lines read"),
        "{out}"
    );
    assert!(out.contains("bytes not shown]…"), "{out}");
    assert!(err.contains("reads.jsonl:4: field `pppp"), "{err}");
    assert!(err.contains("bytes not shown]…"), "{err}");
    // The JSON output keeps every name as it was (serde escapes control characters).
    let o = readcov_in(d.path(), &[&args[..5], &["--format", "jsonl"]].concat());
    let rows: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        rows.iter().any(|r| r["task"] == TASK && r["run"] == RUN),
        "{rows:?}"
    );
}

#[test]
fn lcov_leaves_out_a_path_with_a_line_break_and_says_so() {
    let d = folder();
    let o = readcov_in(
        d.path(),
        &[
            "report",
            "--gold",
            "gold.jsonl",
            "--reads",
            "reads.jsonl",
            "--lcov",
            "out.lcov",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lcov = std::fs::read_to_string(d.path().join("out.lcov")).unwrap();
    let sf: Vec<&str> = lcov.lines().filter(|l| l.starts_with("SF:")).collect();
    assert_eq!(sf.len(), 2, "{sf:?}");
    assert_eq!(sf[0], "SF:ok.py");
    assert!(!lcov.contains("/etc/passwd"), "{lcov}");
    let err = stderr(&o);
    assert_safe("stderr", &err);
    assert!(
        err.contains(r"warning: a.py\nSF:/etc/passwd: t\x1b[31mRED\x1b]0;title\x07 / r\x1b[2J: the path holds a line break"),
        "{err}"
    );
}

#[test]
fn a_path_argument_is_escaped_and_cut_in_errors() {
    let d = folder();
    let long = vec!["d".repeat(200); 15].join("/");
    for (reads, shown) in [
        (
            "x\u{1b}[2J.jsonl".to_string(),
            r"x\x1b[2J.jsonl".to_string(),
        ),
        (long.clone(), "bytes not shown]…".to_string()),
    ] {
        let o = readcov_in(
            d.path(),
            &["score", "--gold", "gold.jsonl", "--reads", &reads],
        );
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let err = stderr(&o);
        assert_safe("stderr", &err);
        assert!(err.contains(&shown), "{err}");
    }
}

/// Warnings and notes on stderr (every `eprintln!` of the CLI goes through `say!`): a gold file
/// named with escape codes and a line break, in a workspace, is noted with its name escaped.
#[test]
fn notes_and_warnings_on_stderr_show_names_escaped() {
    let d = tempfile::tempdir().unwrap();
    let name = "w\u{1b}[31m\nnote: forged.txt";
    std::fs::create_dir(d.path().join("ws")).unwrap();
    std::fs::write(d.path().join("ws").join(name), "a\nb\nc\n").unwrap();
    let gold = json!({"task": TASK, "path": name, "start": 1, "end": 2});
    let reads = json!({"task": TASK, "run": "r", "path": name, "start": 1, "end": 3});
    std::fs::write(d.path().join("gold.jsonl"), format!("{gold}\n")).unwrap();
    std::fs::write(d.path().join("reads.jsonl"), format!("{reads}\n")).unwrap();
    let args = [
        "score",
        "--gold",
        "gold.jsonl",
        "--reads",
        "reads.jsonl",
        "--workspace",
        "ws",
    ];
    let o = readcov_in(d.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert_safe("stderr", &err);
    assert!(
        err.contains(r"w\x1b[31m\nnote: forged.txt: no grammar"),
        "the note names the file escaped: {err}"
    );
    assert!(
        !err.lines().any(|l| l.starts_with("note: forged.txt")),
        "a line forged on stderr: {err}"
    );
}

/// Every other text output over the same names (item 10: "escape both in every text output"):
/// `explain` of the run with escape codes and of the run with the 200 KB path, `diagnose`'s
/// table and summary, and `report`'s summary on stdout — each shows the names escaped (the task
/// and run as `\x1b…`, the gold path with `\n`), forges no line and echoes no huge name.
#[test]
fn explain_diagnose_and_report_show_names_escaped_and_cut() {
    let d = folder();
    let inputs = ["--gold", "gold.jsonl", "--reads", "reads.jsonl"];
    let task = r"t\x1b[31mRED\x1b]0;title\x07";
    let cases: [(&str, Vec<&str>, Vec<String>); 4] = [
        (
            "explain",
            vec!["explain", "--task", TASK, "--run", RUN],
            vec![
                format!(r"{task} · run r\x1b[2J"),
                r"  a.py\nSF:/etc/passwd ".into(),
            ],
        ),
        (
            "explain of the 200 KB path",
            vec!["explain", "--task", "t2", "--run", "r"],
            vec!["ppp…ppp".into(), "1/1 gold files".into()],
        ),
        (
            "diagnose",
            vec!["diagnose"],
            vec![
                format!(r"{task}  r\x1b[2J"),
                "\n".to_string() + r"r\x1b[2J ",
            ],
        ),
        (
            "report",
            vec!["report", "--html", "r.html"],
            vec![
                r"2 task(s), 2 run(s)".into(),
                "\n".to_string() + r"r\x1b[2J ",
            ],
        ),
    ];
    for (what, args, want) in cases {
        let args = [&args[..1], &inputs[..], &args[1..]].concat();
        let o = readcov_in(d.path(), &args);
        assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
        let (out, err) = (stdout(&o), stderr(&o));
        assert_safe(&format!("{what}: stdout"), &out);
        assert_safe(&format!("{what}: stderr"), &err);
        for w in want {
            assert!(out.contains(&w), "{what}: no {w:?} in\n{out}");
        }
    }
}

/// Session 29 red-team pass: two text outputs printed names unescaped. `diagnose`'s and
/// `report`'s "resolved by verdict (RUN)" lines (with `--outcomes`) and every table's header,
/// which `explore` (and `merge` of its partials) fill with explorer names: a run label or an
/// explorer named with escape codes retitled or cleared the user's terminal.
#[test]
fn verdict_lines_and_table_headers_show_names_escaped() {
    let d = folder();
    let outcomes = json!({"task": TASK, "run": RUN, "resolved": true}).to_string() + "\n";
    std::fs::write(d.path().join("outcomes.jsonl"), outcomes).unwrap();
    let explorer = "e\u{1b}]0;title\u{7}\u{202e}";
    let bench = json!({"instance_id": "i1", "ground_truth": {"read_core_files": ["a.py"],
        "read_core_regions": [{"path": "a.py", "start": 10, "end": 19}],
        "modified_core_files": ["a.py"], "main_files": ["a.py"]}});
    let preds = json!({"instance_id": "i1", "explorer": explorer,
        "regions": [{"path": "a.py", "start": 10, "end": 14}]});
    std::fs::write(d.path().join("bench.jsonl"), format!("{bench}\n")).unwrap();
    std::fs::write(d.path().join("preds.jsonl"), format!("{preds}\n")).unwrap();
    let labelled = [
        "--gold",
        "gold.jsonl",
        "--reads",
        "reads.jsonl",
        "--outcomes",
        "outcomes.jsonl",
    ];
    let explore = ["--bench", "bench.jsonl", "--preds", "preds.jsonl"];
    let cases: [(&str, Vec<&str>, &str); 4] = [
        (
            "diagnose",
            [&["diagnose"][..], &labelled].concat(),
            r"resolved by verdict (r\x1b[2J): ",
        ),
        (
            "report",
            [&["report", "--html", "r.html"][..], &labelled].concat(),
            r"resolved by verdict (r\x1b[2J): ",
        ),
        (
            "explore",
            [&["explore"][..], &explore].concat(),
            r"e\x1b]0;title\x07\u{202e}",
        ),
        (
            "explore partial, merged",
            [&["explore", "--emit-partial", "p.json"][..], &explore].concat(),
            r"e\x1b]0;title\x07\u{202e}",
        ),
    ];
    for (what, args, want) in cases {
        let o = readcov_in(d.path(), &args);
        assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
        let (out, err) = (stdout(&o), stderr(&o));
        assert_safe(&format!("{what}: stdout"), &out);
        assert_safe(&format!("{what}: stderr"), &err);
        assert!(!out.contains('\u{202e}'), "{what}: a raw bidi override");
        assert!(out.contains(want), "{what}: no {want:?} in\n{out}");
    }
    let o = readcov_in(d.path(), &["merge", "p.json"]);
    assert_eq!(o.status.code(), Some(0), "merge: {}", stderr(&o));
    assert_safe("merge: stdout", &stdout(&o));
    assert!(
        stdout(&o).contains(r"e\x1b]0;title\x07\u{202e}"),
        "{}",
        stdout(&o)
    );
}
