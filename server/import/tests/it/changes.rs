//! The final patch each log format carries, read into `Imported::changes` (`submitted`), on
//! the shipped logs: SWE-agent and mini-swe-agent (v1, v2) `info.submission`, OpenHands eval
//! output `test_result.git_patch`; formats without one carry none.

use crate::common::{real, run, run_bare, run_multi, run_with};
use readcov_import::{import, ImportOptions, NoFiles};

fn first_line(p: &str) -> &str {
    p.trim_start().lines().next().unwrap_or("")
}

#[test]
fn swe_agent_and_mini_swe_agent_submissions() {
    let imp = run_multi("swe-agent-java/fasterxml__jackson-core-1142/deepseek-chat-v2.traj");
    let c = &imp.changes[0];
    assert_eq!(
        first_line(c.submitted.as_deref().unwrap()),
        "diff --git a/src/main/java/com/fasterxml/jackson/core/Version.java b/src/main/java/com/fasterxml/jackson/core/Version.java"
    );
    // No workspace: nothing to replay on.
    assert_eq!(c.replayed, None);
    for rel in [
        "mini-swe-agent/astropy__astropy-12907.traj.json",
        "../formats/mini-swe-agent-v1/astropy__astropy-12907.traj.json",
    ] {
        let imp = run_bare(rel);
        assert_eq!(
            first_line(imp.changes[0].submitted.as_deref().unwrap()),
            "diff --git a/astropy/modeling/separable.py b/astropy/modeling/separable.py",
            "{rel}"
        );
    }
}

#[test]
fn openhands_eval_output_git_patch_per_instance() {
    let path = real().join(
        "../formats/openhands/eval-output/multi_swe_bench-ponyc-llama-4-maverick.output.jsonl",
    );
    let bytes = std::fs::read(&path).unwrap();
    let imp = import(&bytes, "output.jsonl", &ImportOptions::default(), &NoFiles);
    let got: Vec<(String, String)> = (imp.changes.iter())
        .map(|c| {
            (
                c.task.clone(),
                first_line(c.submitted.as_deref().unwrap()).to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "ponylang__ponyc-4595".into(),
                "diff --git a/src/libponyc/ast/parser.c b/src/libponyc/ast/parser.c".into()
            ),
            (
                "ponylang__ponyc-4593".into(),
                "diff --git a/packages/cli/command_parser.pony b/packages/cli/command_parser.pony"
                    .into()
            ),
            (
                "ponylang__ponyc-4588".into(),
                "diff --git a/src/libponyc/expr/match.c b/src/libponyc/expr/match.c".into()
            ),
        ]
    );
}

#[test]
fn openhands_trajectories_carry_none_and_are_replayed() {
    let imp = run("openhands/psf__requests-2317.json");
    let c = &imp.changes[0];
    assert_eq!(c.submitted, None);
    let r = c.replayed.as_ref().unwrap();
    assert!(r.partial.is_empty(), "{:?}", r.partial);
    assert!(
        r.patch.contains("+++ b/requests/sessions.py\n"),
        "{}",
        r.patch
    );
}

/// `no_replayed_changes` (import without --emit-patches) leaves the replayed change out and
/// nothing else: the same rows, summary, outcomes and submitted patches, on every shipped
/// OpenHands trajectory with its workspace.
#[test]
fn without_replayed_changes_only_the_replay_is_left_out() {
    let skip = ImportOptions {
        no_replayed_changes: true,
        ..ImportOptions::default()
    };
    let dir = real().join("openhands");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    let mut replayed = 0;
    for n in names {
        let rel = format!("openhands/{n}");
        let (all, lean) = (run(&rel), run_with(&rel, &skip));
        assert_eq!(all.rows, lean.rows, "{rel}");
        assert_eq!(
            format!("{:?}", all.summary),
            format!("{:?}", lean.summary),
            "{rel}"
        );
        assert_eq!(all.outcomes, lean.outcomes, "{rel}");
        assert_eq!(all.changes.len(), lean.changes.len(), "{rel}");
        for (a, l) in all.changes.iter().zip(&lean.changes) {
            assert_eq!(
                (&a.task, &a.run, &a.submitted),
                (&l.task, &l.run, &l.submitted)
            );
            assert_eq!(l.replayed, None, "{rel}");
            replayed += usize::from(a.replayed.is_some());
        }
    }
    assert!(replayed >= 5, "the workspaces replay: {replayed}");
}
