//! Small synthetic trajectories, one per importer defect class (`tests/fixtures/import/<case>/`:
//! `log.json[l]`, the base files in `workspace/`, and the rows expected in `expected.jsonl`).
//! Each case reproduces what a tool really writes: tabs expanded by OpenHands `view`, a docstring
//! that says "files and directories", outputs cut by each tool's own truncation.

use readcov_import::{import, DirFiles, ImportOptions};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/import")
}

type Row = (String, u32, u32, String);

fn expected(dir: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(dir.join("expected.jsonl")).expect("expected.jsonl");
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("expected row");
            let n = |k: &str| u32::try_from(v[k].as_u64().expect(k)).expect(k);
            (
                v["path"].as_str().expect("path").to_string(),
                n("start"),
                n("end"),
                v["kind"].as_str().expect("kind").to_string(),
            )
        })
        .collect()
}

fn check(case: &str) -> readcov_import::Imported {
    let dir = cases().join(case);
    let log = ["log.json", "log.jsonl"]
        .iter()
        .map(|f| dir.join(f))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{case}: no log"));
    let bytes = std::fs::read(&log).expect("log");
    let got = import(
        &bytes,
        &log.display().to_string(),
        &ImportOptions::default(),
        &DirFiles(dir.join("workspace")),
    );
    let rows: Vec<Row> = got
        .rows
        .iter()
        .map(|r| {
            let kind = serde_json::to_value(r.kind).expect("kind");
            (
                r.path.clone(),
                r.start,
                r.end,
                kind.as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(rows, expected(&dir), "{case}: {:?}", got.outcomes);
    got
}

/// A tab-indented file: `view` shows it with tabs expanded, `grep -n` with tabs kept. Both are
/// reads of the base file.
#[test]
fn tab_indented_file() {
    check("openhands-tabs");
}

/// A view whose text disagrees with the file is not credited, and does not stop a later view or
/// `cat` of the same file from counting.
#[test]
fn a_mismatch_does_not_poison_later_reads() {
    check("openhands-mismatch");
}

/// "files and directories" in a docstring is file text; only the tool's listing header on the
/// first line (and a directory in the workspace) makes a directory view.
#[test]
fn docstring_is_not_a_directory_listing() {
    check("openhands-docstring");
}

/// `cat` and `cat -n` whose output OpenHands cut in the middle: the head and the tail only; the
/// numbered tail's first line starts inside its number and is not trusted.
#[test]
fn truncated_cat_credits_only_the_displayed_lines() {
    check("openhands-truncated");
}

/// mini-swe-agent's elided `grep -n`: the tail's first line starts inside a line number (`73:`
/// of `373:`), which must not become line 73. The head ends in `130:  `, two blanks of the line's
/// indentation and none of its text: not read (before session 33 it was).
#[test]
fn elided_grep_does_not_invent_lines() {
    check("mini-swe-agent-truncated");
}

/// Claude Code stores a long Bash output as `<persisted-output>`: the model saw the preview.
#[test]
fn persisted_output_credits_the_preview() {
    check("claude-code-persisted");
}

/// SWE-agent replaces a too long output with advice: nothing of the file was shown.
#[test]
fn swe_agent_too_long_output_shows_nothing() {
    check("swe-agent-too-long");
}

/// Classic SWE-agent `edit 8:8` on a 6-line file appends (the tool slices a bash array, so a
/// start past the end stops at it): the file stays aligned, so the edit after it and the
/// `search_file` after that are still credited on base lines (they were "unaligned after edit").
#[test]
fn swe_agent_edit_past_the_end_appends() {
    check("swe-agent-append-past-end");
}

/// Classic SWE-agent actions of several lines: `cd src` then `open Util.java 3` reads the window
/// it shows (it used to be one unknown bash command); two `create`s each take their own window;
/// a shell command before a window takes the text before it; `create` of a file that exists
/// opens it (a read, not an empty new file); an `edit` then `cat` takes the window, then the rest.
#[test]
fn swe_agent_actions_of_several_lines() {
    check("swe-agent-multiline");
}

/// Classic SWE-agent actions of several lines holding an `edit` the linter refused: the refusal
/// prints two windows (the edit as it would have looked, then "This is the original code before
/// your edit"), taken together as that edit's output, so the `open`, `goto` and `head` around it
/// keep their own windows and the original-code window is read, as when the edit is alone (they
/// were all *ambiguous output*). A usage error prints no window: that action stays ambiguous.
#[test]
fn swe_agent_refused_edit_among_several_commands() {
    check("swe-agent-multiline-refused");
}

/// The file is overwritten with `mv` (as sympy-19495's run does at turn 40): the two edits after
/// it cannot be placed on base lines. They give no edit row, and the summary lists them with the
/// write that lost the file (they used to vanish without a word).
#[test]
fn edits_after_an_overwrite_are_listed_as_lost() {
    let got = check("swe-agent-overwritten");
    let lost: Vec<(u32, &str, String)> = (got.summary.lost_edits.iter())
        .map(|l| {
            let why = match &l.why {
                readcov_import::LostWhy::After(w) => format!("after {w}"),
                other => format!("{other:?}"),
            };
            (l.turn, l.command.as_str(), why)
        })
        .collect();
    let after = "after written by `mv /tmp/Util.java src/Util.java` (turn 2)".to_string();
    assert_eq!(
        lost,
        [(3, "edit 5:5…", after.clone()), (4, "edit 2:2…", after)]
    );
}
