//! LCOV and SARIF exports on the small fixture: LCOV against committed snapshots, SARIF against
//! the official SARIF 2.1.0 JSON schema (vendored in `tests/fixtures/`, see its README).

use crate::common;

use readcov_report::lcov::{self, LcovOptions};
use readcov_report::sarif;
use serde_json::Value;

#[test]
fn lcov_read_lines_snapshot() {
    let r = common::small_report(false, false);
    common::snapshot(
        "expected.info",
        &lcov::render(&r, LcovOptions { gold_unread: false }).text,
    );
}

#[test]
fn lcov_with_gold_unread_lines_snapshot() {
    let r = common::small_report(false, false);
    let out = lcov::render(&r, LcovOptions { gold_unread: true }).text;
    common::snapshot("expected-gold-unread.info", &out);
    // The no-run task t3 appears only because of its unread gold lines (clipped to the file's 30).
    assert!(out.contains("TN:t3___\nSF:lib/db.py\nDA:20,0\n"), "{out}");
    assert!(out.contains("DA:30,0\nLF:11\nLH:0\n"), "{out}");
}

fn schema() -> jsonschema::Validator {
    let path = common::fixtures().join("sarif-schema-2.1.0.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("schema compiles")
}

fn errors(v: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    v.iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn sarif_is_valid_against_the_official_schema() {
    let v = schema();
    for workspace in [None, Some("/tmp/some ws")] {
        let text = sarif::render(&common::small_report(true, false), workspace);
        let doc: Value = serde_json::from_str(&text).expect("SARIF is JSON");
        assert_eq!(errors(&v, &doc), Vec::<String>::new(), "{text}");
    }
}

#[test]
fn the_schema_check_can_fail() {
    // Guards the test above: a log the schema must reject is rejected.
    let v = schema();
    let mut doc: Value =
        serde_json::from_str(&sarif::render(&common::small_report(false, false), None))
            .expect("JSON");
    doc["runs"][0]["results"][0]["level"] = Value::from("catastrophic");
    assert!(!errors(&v, &doc).is_empty());
    doc["version"] = Value::from("2.0.0");
    assert!(errors(&v, &doc).len() >= 2);
}

#[test]
fn sarif_reports_each_gold_span_under_threshold() {
    let text = sarif::render(&common::small_report(true, false), Some("/ws"));
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    let run = &doc["runs"][0];
    assert_eq!(run["originalUriBaseIds"]["SRCROOT"]["uri"], "file:///ws/");
    let got: Vec<(String, String, u64, u64, String, Option<bool>)> = run["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            let loc = &r["locations"][0]["physicalLocation"];
            (
                format!(
                    "{}/{}",
                    r["properties"]["task"].as_str().unwrap_or(""),
                    r["properties"]["run"].as_str().unwrap_or("")
                ),
                loc["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                loc["region"]["startLine"].as_u64().unwrap_or(0),
                loc["region"]["endLine"].as_u64().unwrap_or(0),
                r["relatedLocations"][0]["message"]["text"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                r["properties"]["resolved"].as_bool(),
            )
        })
        .collect();
    let row = |t: &str, uri: &str, s, e, unread: &str, res| {
        (
            t.to_string(),
            uri.to_string(),
            s,
            e,
            unread.to_string(),
            res,
        )
    };
    assert_eq!(
        got,
        vec![
            row(
                "t1/r-a",
                "src/auth.py",
                80,
                95,
                "unread lines 84-95",
                Some(false)
            ),
            row(
                "t2/r-a",
                "lib/db.py",
                5,
                14,
                "unread lines 8-14",
                Some(true)
            ),
            row(
                "t2/r-b",
                "src/utils.py",
                1,
                10,
                "unread lines 1-10",
                Some(true)
            ),
            row(
                "t3/-",
                "lib/db.py",
                20,
                29,
                "unread lines 20-29",
                Some(false)
            ),
            // Gold 25-40 in a 30-line file: the region stops at the last line that exists.
            row(
                "t3/-",
                "lib/db.py",
                25,
                30,
                "unread lines 25-30",
                Some(false)
            ),
        ]
    );
    let msg = run["results"][0]["message"]["text"].as_str().unwrap_or("");
    assert_eq!(
        msg,
        "t1 / r-a: 4 of 16 gold lines read (25%, under the 50% threshold); unread lines 84-95"
    );
}

#[test]
fn sarif_threshold_zero_reports_nothing() {
    let mut r = common::small_report(false, false);
    r.threshold = 0.0;
    let doc: Value = serde_json::from_str(&sarif::render(&r, None)).expect("JSON");
    assert_eq!(doc["runs"][0]["results"].as_array().map(Vec::len), Some(0));
}

/// Session 29 red-team pass: task and run names went into a result's plain text message as they
/// were, so a task named `[Fix here](https://…)` was an embedded link a SARIF viewer renders as
/// one, and a `{0}` a placeholder it fills (or fails on: no `arguments`). Now `{`/`}` are
/// doubled and `\`, `[`, `]` escaped (SARIF 2.1.0 §3.11.5–6); the properties keep the names.
#[test]
fn names_in_messages_are_no_links_and_no_placeholders() {
    let mut r = common::small_report(true, false);
    let (task, run) = ("[Fix here](https://attacker.invalid/){0}", r"run\]{1}");
    for row in &mut r.rows {
        row.task = task.into();
        row.run = run.into();
    }
    let text = sarif::render(&r, Some("/ws"));
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(errors(&schema(), &doc), Vec::<String>::new(), "{text}");
    let results = doc["runs"][0]["results"].as_array().expect("results");
    assert!(!results.is_empty());
    for res in results {
        let msg = res["message"]["text"].as_str().expect("text");
        assert!(
            msg.starts_with(r"\[Fix here\](https://attacker.invalid/){{0}} / run\\\]{{1}}: "),
            "{msg}"
        );
        // No embedded link: every `[` escaped; every brace doubled.
        let unescaped = msg
            .char_indices()
            .filter(|&(i, c)| c == '[' && !msg[..i].ends_with('\\'))
            .count();
        assert_eq!(unescaped, 0, "{msg}");
        assert!(
            !msg.replace("{{", "").replace("}}", "").contains(['{', '}']),
            "{msg}"
        );
        assert_eq!(res["properties"]["task"], task);
        assert_eq!(res["properties"]["run"], run);
    }
}
