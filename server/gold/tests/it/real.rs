//! Consensus on the shipped multi-model data (tests/data/real-multi: 5 Java tasks × 5 models with
//! resolved labels). Expected cores were computed independently (a per-line set intersection in
//! Python over the imported reads) and checked against the trajectories' 100-line windows.

use readcov_core::outcomes::{parse_outcomes, Outcomes};
use readcov_gold::{
    consensus, leave_one_out, parse_test_id, Agree, ConsensusOptions, NoteKind, Others, RunsInput,
};
use readcov_import::{import, ImportOptions, NoFiles};
use std::path::Path;

fn data() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real-multi")
}

fn runs() -> RunsInput {
    let mut reads = Vec::new();
    let root = data().join("swe-agent-java");
    let mut tasks: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    tasks.sort();
    for dir in tasks {
        let task = dir.file_name().unwrap().to_str().unwrap().to_string();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            let run = f.file_stem().unwrap().to_str().unwrap().to_string();
            let opts = ImportOptions {
                task: Some(task.clone()),
                run: Some(run),
                ..ImportOptions::default()
            };
            let got = import(
                &std::fs::read(&f).unwrap(),
                &f.display().to_string(),
                &opts,
                &NoFiles,
            );
            reads.extend(got.rows);
        }
    }
    let labels = std::fs::read(data().join("outcomes.jsonl")).unwrap();
    let parsed = parse_outcomes(&labels, "outcomes.jsonl");
    assert!(parsed.errors.is_empty());
    RunsInput {
        reads,
        outcomes: parsed.items.into_iter().collect::<Outcomes>(),
    }
}

#[test]
fn g_core_on_real_multi() {
    let input = runs();
    let c = consensus(&input, &ConsensusOptions::default());
    assert!(c.notes.0.is_empty(), "{:?}", c.notes);
    let got: Vec<String> = c
        .tasks
        .iter()
        .flat_map(|t| {
            t.core.iter().map(move |(p, s)| {
                format!(
                    "{} {} {}: {s}",
                    t.task,
                    t.runs.len(),
                    p.rsplit('/').next().unwrap()
                )
            })
        })
        .collect();
    assert_eq!(
        got,
        [
            "fasterxml__jackson-core-1142 2 Version.java: 1-170",
            "fasterxml__jackson-databind-3701 3 NodeCursor.java: 134-233",
            "fasterxml__jackson-databind-4486 4 EnumDeserializer.java: 400-499",
            "fasterxml__jackson-databind-4487 3 IterationType.java: 1-100",
            "fasterxml__jackson-databind-4487 3 TypeFactory.java: 1-100,1590-1723",
            "googlecontainertools__jib-4035 2 RegistryAuthenticator.java: 1-126",
        ]
    );
    // Every resolved run edited the file it read: it is the main file of each task.
    assert!(c.tasks.iter().all(|t| t.main_files.len() == 1));
}

#[test]
fn leave_one_out_on_real_multi() {
    let input = runs();
    let (loo, notes) = leave_one_out(&input, &ConsensusOptions::default(), Others::Full);
    // Every labelled run: the 23 with reads and the two doubao runs without an evaluation log,
    // whose trajectories hold no read (they ran: scored 0, issue 36).
    assert_eq!(loo.len(), 25);
    let no_reads: Vec<(&str, &str)> = (loo.iter())
        .filter(|l| {
            !input
                .reads
                .iter()
                .any(|r| r.task == l.task && r.run == l.run)
        })
        .map(|l| (l.task.as_str(), l.run.as_str()))
        .collect();
    assert_eq!(
        no_reads,
        [
            ("fasterxml__jackson-databind-4487", "doubao-pro-128k"),
            ("googlecontainertools__jib-4035", "doubao-pro-128k"),
        ]
    );
    // 14 resolved runs are left out of their own gold; the 11 others use the full consensus.
    assert_eq!(loo.iter().filter(|l| l.left_out).count(), 14);
    // Two tasks have exactly two resolved runs: leaving one out leaves one, below --min-runs 2.
    // Four runs, not four tasks: counted as runs, and no task is short of runs.
    assert_eq!(loo.iter().filter(|l| l.golds.is_empty()).count(), 4);
    assert_eq!(notes.count(NoteKind::LeaveOneOutTooFew), 4);
    assert_eq!(notes.count(NoteKind::TooFewRuns), 0);
    // Matched: the failed runs of those two tasks (jackson-core-1142: 3, jib-4035: 3 with the
    // one with no reads) face builds of one run too, and get no gold either.
    let (loo, notes) = leave_one_out(&input, &ConsensusOptions::default(), Others::Matched);
    assert_eq!(loo.iter().filter(|l| l.golds.is_empty()).count(), 10);
    assert_eq!(notes.count(NoteKind::LeaveOneOutTooFew), 10);
    let with_one = ConsensusOptions {
        agree: Agree::All,
        min_runs: 1,
    };
    let (loo, _) = leave_one_out(&input, &with_one, Others::Matched);
    assert!(loo.iter().all(|l| !l.golds.is_empty()));
}

/// The case: jackson-databind-3701 has three resolved runs. With `--agree 2` a resolved
/// run's gold (two runs, both must agree) is 100 lines of NodeCursor.java; the full consensus a
/// failed run faced under `--loo-failed full` is 200 (two of three agree on more lines). Matched,
/// a failed run faces the same three builds the resolved runs face: 100, 100 and 200 lines.
#[test]
fn a_failed_run_faces_the_resolved_runs_builds_when_matched() {
    let input = runs();
    let k2 = ConsensusOptions {
        agree: Agree::AtLeast(2),
        min_runs: 2,
    };
    let lines = |l: &readcov_gold::LeaveOneOut| -> Vec<u64> {
        l.golds
            .iter()
            .map(|g| g.core.values().map(|s| s.len()).sum())
            .collect()
    };
    let task = "fasterxml__jackson-databind-3701";
    let of = |loo: &[readcov_gold::LeaveOneOut], run: &str| {
        loo.iter()
            .find(|l| l.task == task && l.run == run)
            .map(lines)
            .unwrap()
    };
    let (full, _) = leave_one_out(&input, &k2, Others::Full);
    let (matched, _) = leave_one_out(&input, &k2, Others::Matched);
    // Resolved runs: one build of the other two, either way.
    assert_eq!(of(&full, "deepseek-coder-v2"), [100]);
    assert_eq!(of(&full, "doubao-pro-128k"), [200]);
    assert_eq!(of(&full, "gpt-4o-mini-2024-07-18"), [100]);
    // Failed runs: the full consensus of three, or the three builds of two.
    for failed in ["deepseek-chat-v2", "gpt-4o-2024-05-13"] {
        assert_eq!(of(&full, failed), [200]);
        assert_eq!(of(&matched, failed), [100, 200, 100]);
    }
}

/// A real JUnit case: the harness's FAIL_TO_PASS ids of the five real-multi tasks
/// (`fail_to_pass.jsonl`, whole classes with their module, `src:` / `jib-core:`) resolve to the
/// very test files the runs opened. Four runs of 25 opened a failing test class at all: the
/// test-tier file hit docs/gold.md reports (jib-4035 gpt-4o-mini opened it with `create` of the
/// existing file, a read since the importer takes it as the tool does: it opens the file).
#[test]
fn real_junit_fail_to_pass_ids_name_the_files_runs_read() {
    let rows = std::fs::read_to_string(data().join("fail_to_pass.jsonl")).unwrap();
    let mut candidates: Vec<(String, String)> = Vec::new();
    for line in rows.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let task = row["instance_id"].as_str().unwrap();
        for id in row["FAIL_TO_PASS"].as_array().unwrap() {
            let Some(readcov_gold::TestRef::At(at)) = parse_test_id(id.as_str().unwrap()) else {
                panic!("{id}: not resolved");
            };
            candidates.extend(at.into_iter().map(|(p, _)| (task.to_string(), p)));
        }
    }
    let input = runs();
    let mut opened: Vec<String> = input
        .reads
        .iter()
        .filter(|r| r.kind == readcov_core::EventKind::Read)
        .filter(|r| candidates.contains(&(r.task.clone(), r.path.clone())))
        .map(|r| {
            let resolved = input.outcomes.get(&r.task, &r.run);
            format!(
                "{} {} {} {resolved:?}",
                r.task,
                r.run,
                r.path.rsplit('/').next().unwrap()
            )
        })
        .collect();
    opened.dedup();
    assert_eq!(
        opened,
        [
            "fasterxml__jackson-databind-4487 gpt-4o-2024-05-13 TypeFactoryTest.java Some(true)",
            "fasterxml__jackson-databind-4487 gpt-4o-mini-2024-07-18 TypeFactoryTest.java Some(false)",
            "googlecontainertools__jib-4035 gpt-4o-2024-05-13 RegistryAuthenticatorTest.java Some(true)",
            "googlecontainertools__jib-4035 gpt-4o-mini-2024-07-18 RegistryAuthenticatorTest.java Some(false)",
        ]
    );
}
