//! `readcov explain`'s edits on the shipped real data (issue 34): a run the import saw only
//! through edits it could not place (a real Aider history, no workspace) is explained, not
//! unknown; lost edits keep their whole path; "none inside gold lines" is said in words.

use crate::common::{readcov_ok, real_data, stdout};
use serde_json::Value;

fn formats() -> std::path::PathBuf {
    real_data().join("../formats")
}

/// The first line equal to `want`, or a panic showing the text.
fn has(text: &str, want: &str) {
    assert!(
        text.lines().any(|l| l == want),
        "missing {want:?} in\n{text}"
    );
}

/// tests/data/formats/aider: every one of run `aider`'s 27 edits is lost without a workspace
/// (17 with no base file, 4 whole-file edits whose text the log does not record, 6 after those), so the
/// run has no row. explain said "run -" and "edits: none"; `--run aider` was refused.
#[test]
fn a_run_known_only_by_the_edits_its_import_lost_is_explained() {
    let task = "AndrewJacop-Simple-Calulator_.aider.chat.history.md";
    let log = formats().join("aider").join(task).display().to_string();
    let dir = tempfile::tempdir().unwrap();
    let gold = dir.path().join("gold.jsonl");
    std::fs::write(
        &gold,
        format!("{{\"task\":\"{task}\",\"path\":\"src/App.js\",\"start\":1,\"end\":5}}\n"),
    )
    .unwrap();
    let g = gold.display().to_string();
    for run in [None, Some("aider")] {
        let mut args = vec!["explain", "--gold", &g, "--reads", &log, "--task", task];
        args.extend(run.map(|r| ["--run", r]).iter().flatten());
        let text = stdout(&readcov_ok(&args));
        has(&text, &format!("{task} · run aider"));
        has(&text, "edits: 0 (none inside gold lines)");
        has(
            &text,
            "  + 27 edit(s) not shown: the import could not place their lines on the base file",
        );
        has(&text, "    turn   17  src/components/EmojiBubble.js  `src/components/EmojiBubble.js: whole file`");
        // An Aider whole-file edit does not say what it wrote: `unrecorded`, its reason in
        // words, wrapped (before session 28: `did_not_apply`, "does not apply to the file as
        // replayed").
        has(&text, "        a whole-file edit whose new text the log does not record, so how it changed the file is");
        has(&text, "          unknown");
        args.extend(["--format", "json"]);
        let doc: Value = serde_json::from_str(&stdout(&readcov_ok(&args))).unwrap();
        assert_eq!(doc["run"], "aider");
        assert_eq!(doc["runs"], serde_json::json!(["aider"]));
        let reasons: Vec<&str> = (doc["lost_edits"].as_array().unwrap().iter())
            .map(|l| l["reason"].as_str().unwrap())
            .collect();
        let count = |r: &str| reasons.iter().filter(|x| **x == r).count();
        assert_eq!(
            (
                count("no_base"),
                count("did_not_apply"),
                count("unrecorded"),
                count("after_lost_write")
            ),
            (17, 0, 4, 6)
        );
    }
}

/// pallets__flask-5014's OpenHands trajectory without a workspace: its three `str_replace` edits
/// have no base to replay on. Each is listed under its whole path (it was cut to
/// "src/fla…rints.py" to leave room for the command, which is cut instead).
#[test]
fn lost_edits_keep_their_path_and_cut_the_command() {
    let data = real_data();
    let s = |p: std::path::PathBuf| p.display().to_string();
    let (gold, log) = (
        s(data.join("gold.jsonl")),
        s(data.join("openhands/pallets__flask-5014.json")),
    );
    let text = stdout(&readcov_ok(&[
        "explain",
        "--gold",
        &gold,
        "--reads",
        &log,
        "--task",
        "pallets__flask-5014",
    ]));
    has(&text, "edits: 0 (none inside gold lines)");
    has(
        &text,
        "  + 3 edit(s) not shown: the import could not place their lines on the base file",
    );
    let listed: Vec<&str> = (text.lines())
        .filter(|l| l.starts_with("    turn "))
        .collect();
    assert_eq!(listed.len(), 3, "{text}");
    for l in listed {
        assert!(
            l.contains("  src/flask/blueprints.py  `{\"command\": \"str_replace\""),
            "{l}"
        );
        assert!(l.chars().count() <= 100 && l.ends_with('…'), "{l}");
    }
}

/// psf__requests-1724 (OpenHands, with its workspace): four edits of requests/models.py, none on
/// a gold line. "(0 inside gold lines not read yet)" read like "no edits in gold" whatever the
/// case; the count of edits inside gold is now said on its own.
#[test]
fn edits_outside_gold_are_said_in_words_on_real_data() {
    let data = real_data();
    let s = |p: std::path::PathBuf| p.display().to_string();
    let text = stdout(&readcov_ok(&[
        "explain",
        "--gold",
        &s(data.join("gold.jsonl")),
        "--reads",
        &s(data.join("openhands/psf__requests-1724.json")),
        "--workspaces",
        &s(data.join("sources")),
        "--task",
        "psf__requests-1724",
    ]));
    has(&text, "edits: 4 (none inside gold lines)");
    has(&text, "  turn   12  requests/models.py:310-310");
}
