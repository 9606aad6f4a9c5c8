//! Several unnumbered reads sharing one output (`share.rs`), on the real case of the shipped Codex
//! rollout and small variants.

use crate::paths::Roots;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use readcov_core::span::EventKind;
use std::collections::BTreeMap;

fn bash(script: &str, output: &str) -> Action {
    Action {
        turn: 0,
        step: 0,
        tool: "exec_command".into(),
        command: script.into(),
        op: Op::Bash {
            script: script.into(),
        },
        output: Some(output.to_string()),
    }
}

/// Read rows (path, start, end) and skip reasons of one command, with `files` as the workspace.
fn run(
    files: &dyn crate::FileProvider,
    script: &str,
    output: &str,
) -> (Vec<(String, u32, u32)>, Vec<Reason>) {
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = Session::new("t", "r", roots, "/repo", files);
    s.apply(&bash(script, output));
    let (rows, summary, _, _) = s.finish();
    let rows = rows
        .into_iter()
        .filter(|r| r.kind == EventKind::Read)
        .map(|r| (r.path, r.start, r.end))
        .collect();
    (rows, summary.skipped.into_keys().collect())
}

fn text(name: &str, n: u32) -> String {
    (1..=n).map(|i| format!("{name}{i}\n")).collect()
}

/// The shipped rollout's step 26 (tests/data/formats/codex-rollout, `exec_command` call 1J7Iyc):
/// two READMEs of 30 and 14 lines printed 44 lines for windows of 160 and 120.
const CMD: &str = "sed -n '1,160p' a/README.md && sed -n '1,120p' b/README.md";

#[test]
fn two_windows_short_of_their_files_prove_no_line_of_either_without_lengths() {
    let out = format!("{}{}", text("a", 30), text("b", 14));
    // Before session 38: a/README.md 1-44 (14 lines past its end) and b/README.md nothing.
    let (got, why) = run(&crate::NoFiles, CMD, &out);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::AmbiguousOutput]);
    // With the files' lengths each read takes its own lines.
    let mut ws = BTreeMap::new();
    ws.insert("a/README.md".to_string(), text("a", 30));
    ws.insert("b/README.md".to_string(), text("b", 14));
    assert_eq!(
        run(&ws, CMD, &out).0,
        vec![("a/README.md".into(), 1, 30), ("b/README.md".into(), 1, 14)]
    );
}

#[test]
fn full_windows_and_what_the_others_cannot_have_printed_are_credited() {
    // Both windows full (the rollout's step 23: 81 + 220 lines): each exactly its window.
    let cmd = "sed -n '1,5p' a.py && sed -n '3,4p' b.py";
    let (got, _) = run(
        &crate::NoFiles,
        cmd,
        &format!("{}{}", text("a", 5), text("b", 2)),
    );
    assert_eq!(got, vec![("a.py".into(), 1, 5), ("b.py".into(), 3, 4)]);
    // 6 lines for windows of 5 and 2: the first printed at least 4, the second at least 1.
    let (got, _) = run(
        &crate::NoFiles,
        cmd,
        &format!("{}{}", text("a", 4), text("b", 2)),
    );
    assert_eq!(got, vec![("a.py".into(), 1, 4), ("b.py".into(), 3, 3)]);
    // A read to the file's unknown end (`cat`) may have printed every line: the other proves none.
    let (got, _) = run(
        &crate::NoFiles,
        "cat a.py && sed -n '1,2p' b.py",
        &text("x", 9),
    );
    assert!(got.is_empty(), "{got:?}");
}
