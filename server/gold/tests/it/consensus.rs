//! Consensus gold: intersection vs K-of-N, the optional tier, modified/main files, bad input
//! (no label, too few runs, reads outside the workspace), leave-one-out; hand-computed.

use readcov_core::outcomes::Outcomes;
use readcov_core::span::{EventKind, ReadSpan, Source};
use readcov_gold::{
    consensus, leave_one_out, Agree, ConsensusOptions, NoteKind, Others, RunsInput,
};

fn read(run: &str, path: &str, start: u32, end: u32) -> ReadSpan {
    ReadSpan {
        task: "t".into(),
        run: run.into(),
        ..ReadSpan::simple(path, start, end)
    }
}

fn edit(run: &str, path: &str) -> ReadSpan {
    ReadSpan {
        kind: EventKind::Edit,
        ..read(run, path, 1, 1)
    }
}

/// r1, r2, r3 resolved; r4 failed; r5 unlabelled.
fn input() -> RunsInput {
    let mut manual = read("r1", "d.py", 1, 50);
    manual.source = Source::Manual;
    let reads = vec![
        read("r1", "a.py", 1, 10),
        read("r1", "a.py", 20, 30),
        read("r1", "b.py", 1, 5),
        manual,
        edit("r1", "a.py"),
        read("r2", "a.py", 5, 25),
        read("r2", "/etc/passwd", 1, 3),
        edit("r2", "a.py"),
        edit("r2", "b.py"),
        read("r3", "a.py", 8, 12),
        read("r3", "c.py", 1, 3),
        edit("r3", "a.py"),
        read("r4", "a.py", 1, 100),
        read("r5", "a.py", 1, 2),
    ];
    let outcomes = labels(&[("r1", true), ("r2", true), ("r3", true), ("r4", false)]);
    RunsInput { reads, outcomes }
}

/// Task `t`'s outcome labels, one per (run, resolved).
fn labels(runs: &[(&str, bool)]) -> Outcomes {
    runs.iter()
        .map(|(run, ok)| readcov_core::outcomes::Label {
            task: "t".into(),
            run: Some(run.to_string()),
            resolved: *ok,
            line: 1,
        })
        .collect()
}

fn opts(agree: Agree, min_runs: u32) -> ConsensusOptions {
    ConsensusOptions { agree, min_runs }
}

fn core(c: &readcov_gold::TaskConsensus) -> Vec<String> {
    c.core.iter().map(|(p, s)| format!("{p}:{s}")).collect()
}

#[test]
fn agree_all_is_the_per_file_intersection() {
    let c = consensus(&input(), &opts(Agree::All, 2));
    assert_eq!(c.tasks.len(), 1);
    let t = &c.tasks[0];
    assert_eq!(t.runs, ["r1", "r2", "r3"]);
    // a.py: 1-10,20-30 ∩ 5-25 ∩ 8-12 = 8-10. b.py and c.py: not read by every run.
    assert_eq!(core(t), ["a.py:8-10"]);
    assert_eq!(t.optional["r1"]["a.py"].to_string(), "1-7,20-30");
    assert_eq!(t.optional["r1"]["b.py"].to_string(), "1-5");
    assert_eq!(t.optional["r3"]["c.py"].to_string(), "1-3");
    assert!(
        !t.optional["r1"].contains_key("d.py"),
        "manual reads are not agent reads"
    );
    assert_eq!(t.modified_core_files, ["a.py"]);
    assert_eq!(t.main_files, ["a.py"]);
    let kinds: Vec<NoteKind> = c.notes.0.iter().map(|n| n.kind).collect();
    assert_eq!(
        kinds,
        [NoteKind::ReadOutsideWorkspace, NoteKind::NoOutcome],
        "{:?}",
        c.notes
    );
    assert_eq!(c.notes.0[1].subject, "r5");
}

#[test]
fn agree_k_counts_runs_per_line() {
    // Per line of a.py: 1-4 one run, 5-7 two, 8-10 three, 11-12 two, 13-19 one, 20-25 two.
    let c = consensus(&input(), &opts(Agree::AtLeast(2), 2));
    assert_eq!(core(&c.tasks[0]), ["a.py:5-12,20-25"]);
    let c = consensus(&input(), &opts(Agree::AtLeast(1), 1));
    assert_eq!(core(&c.tasks[0]), ["a.py:1-30", "b.py:1-5", "c.py:1-3"]);
    // K = 3 of 3 is the intersection.
    let c = consensus(&input(), &opts(Agree::AtLeast(3), 2));
    assert_eq!(core(&c.tasks[0]), ["a.py:8-10"]);
}

#[test]
fn too_few_resolved_runs_give_no_gold_and_a_note_naming_the_option() {
    let c = consensus(&input(), &opts(Agree::All, 4));
    assert!(c.tasks.is_empty());
    assert_eq!(c.notes.count(NoteKind::TooFewRuns), 1);
    let msg = &c.notes.0.last().unwrap().message;
    assert_eq!(msg, "3 resolved run(s) with reads, --min-runs 4 needs 4");
    // --agree 4 over --min-runs 2: the agreement is what the three runs fall short of.
    let c = consensus(&input(), &opts(Agree::AtLeast(4), 2));
    assert!(c.tasks.is_empty());
    assert_eq!(c.notes.count(NoteKind::TooFewRuns), 0);
    assert_eq!(c.notes.count(NoteKind::FewerThanAgree), 1);
    let msg = &c.notes.0.last().unwrap().message;
    assert_eq!(msg, "3 resolved run(s) with reads, --agree 4 needs 4");
    // --agree 4 with --min-runs 5: --min-runs is the one that binds.
    let c = consensus(&input(), &opts(Agree::AtLeast(4), 5));
    assert_eq!(c.notes.count(NoteKind::TooFewRuns), 1);
    assert_eq!(c.notes.count(NoteKind::FewerThanAgree), 0);
    // --min-runs 0 still needs one run: a task with only a failed run gets no gold (no panic).
    let mut i = input();
    i.reads.retain(|r| r.run == "r4");
    let c = consensus(&i, &opts(Agree::All, 0));
    assert!(c.tasks.is_empty());
    let msg = &c.notes.0.last().unwrap().message;
    assert_eq!(msg, "0 resolved run(s) with reads, --min-runs 0 needs 1");
}

/// (run, left out, each build's core).
fn builds(loo: &[readcov_gold::LeaveOneOut]) -> Vec<(String, bool, Vec<Vec<String>>)> {
    loo.iter()
        .map(|l| {
            (
                l.run.clone(),
                l.left_out,
                l.golds.iter().map(core).collect(),
            )
        })
        .collect()
}

fn row(r: &str, out: bool, builds: &[&[&str]]) -> (String, bool, Vec<Vec<String>>) {
    let builds = builds
        .iter()
        .map(|b| b.iter().map(|s| s.to_string()).collect())
        .collect();
    (r.to_string(), out, builds)
}

#[test]
fn leave_one_out_builds_each_resolved_runs_gold_without_it() {
    // r1 out: 5-25 ∩ 8-12; r2 out: (1-10,20-30) ∩ 8-12; r3 out: (1-10,20-30) ∩ 5-25.
    let (r1, r2, r3): (&[&str], &[&str], &[&str]) =
        (&["a.py:8-12"], &["a.py:8-10"], &["a.py:5-10,20-25"]);
    let (loo, notes) = leave_one_out(&input(), &opts(Agree::All, 2), Others::Full);
    assert_eq!(
        builds(&loo),
        [
            row("r1", true, &[r1]),
            row("r2", true, &[r2]),
            row("r3", true, &[r3]),
            // --loo-failed full: the failed run was never in the consensus, it faces all three.
            row("r4", false, &[&["a.py:8-10"]]),
        ]
    );
    // r5 has no label: not scored, and said so.
    assert_eq!(notes.count(NoteKind::NoOutcome), 1);
    // Matched (the default): the failed run faces the three golds of two runs the resolved runs
    // face, one by one.
    let (loo, _) = leave_one_out(&input(), &opts(Agree::All, 2), Others::default());
    assert_eq!(builds(&loo)[3], row("r4", false, &[r1, r2, r3]));
}

#[test]
fn too_few_runs_are_counted_once_per_task_and_once_per_left_out_run() {
    // --min-runs 3: the full consensus (3 runs) stands, each build of 2 does not. Three resolved
    // runs and, matched, the failed run get no gold: four runs, not a task, each said once.
    let (loo, notes) = leave_one_out(&input(), &opts(Agree::All, 3), Others::Matched);
    assert!(loo.iter().all(|l| l.golds.is_empty()));
    assert_eq!(notes.count(NoteKind::LeaveOneOutTooFew), 4);
    assert_eq!(notes.count(NoteKind::TooFewRuns), 0);
    assert_eq!(
        notes.0.last().unwrap().message,
        "2 resolved run(s) left in each build of all but one, --min-runs 3 needs 3"
    );
    // --loo-failed full: the failed run keeps the full consensus.
    let (loo, notes) = leave_one_out(&input(), &opts(Agree::All, 3), Others::Full);
    assert_eq!(loo.iter().filter(|l| !l.golds.is_empty()).count(), 1);
    assert_eq!(notes.count(NoteKind::LeaveOneOutTooFew), 3);
    // --agree 3 --min-runs 1: what leaves the left-out builds short is the agreement.
    let (_, notes) = leave_one_out(&input(), &opts(Agree::AtLeast(3), 1), Others::Full);
    assert_eq!(notes.count(NoteKind::LeaveOneOutFewerThanAgree), 3);
    assert_eq!(notes.count(NoteKind::LeaveOneOutTooFew), 0);
    assert!(notes
        .0
        .iter()
        .any(|n| n.message.contains("--agree 3 needs 3")));
    // --min-runs 4: the task's full consensus already fails: one task note, no per-run ones.
    let (loo, notes) = leave_one_out(&input(), &opts(Agree::All, 4), Others::Matched);
    assert!(loo.iter().all(|l| l.golds.is_empty()));
    assert_eq!(notes.count(NoteKind::TooFewRuns), 1);
    assert_eq!(notes.count(NoteKind::LeaveOneOutTooFew), 0);
    assert_eq!(
        notes.0.last().unwrap().message,
        "3 resolved run(s) with reads, --min-runs 4 needs 4 (4 run(s) not scored)"
    );
}

#[test]
fn resolved_run_without_reads_is_noted() {
    let mut i = input();
    i.outcomes = labels(&[("r1", true), ("r9", true)]);
    let c = consensus(&i, &opts(Agree::All, 1));
    assert_eq!(c.notes.count(NoteKind::NoReads), 1);
    assert_eq!(c.tasks[0].runs, ["r1"]);
}

/// Each run scored against the leave-one-out golds of `input` (agree all, at least 2 runs).
fn loo_scores(input: &RunsInput, others: Others) -> Vec<readcov_gold::LooScore> {
    let (rows, _) = readcov_gold::score_leave_one_out(
        input,
        &opts(Agree::All, 2),
        others,
        |_, _| readcov_core::metrics::UnknownLengths,
        &readcov_core::ScoreOptions::default(),
    );
    rows
}

#[test]
fn leave_one_out_scores_each_run_against_the_others() {
    let score = |others| {
        (loo_scores(&input(), others).iter())
            .map(|s| (s.row.run.clone(), s.left_out, s.row.score.line_coverage))
            .collect::<Vec<(String, bool, Option<f64>)>>()
    };
    let got = score(Others::Full);
    // r1 (reads a.py 1-10) against 8-12: 3 of 5. r2 (5-25) against 8-10: all. r3 (8-12)
    // against 5-10,20-25 (12 lines): 8-10 = 3 of 12. r4 (1-100) against 8-10: all.
    assert_eq!(
        got,
        [
            ("r1".to_string(), true, Some(0.6)),
            ("r2".to_string(), true, Some(1.0)),
            ("r3".to_string(), true, Some(0.25)),
            ("r4".to_string(), false, Some(1.0)),
        ]
    );
    // Matched: r4 (1-100) covers each of the three builds whole; its mean is 1.0 too.
    assert_eq!(
        score(Others::Matched)[3],
        ("r4".to_string(), false, Some(1.0))
    );
}

#[test]
fn a_matched_failed_run_gets_the_mean_of_its_scores() {
    // r4 reads a.py 8-10 only: against 8-12 3/5, against 8-10 3/3, against 5-10,20-25 3/12.
    let mut i = input();
    i.reads.retain(|r| r.run != "r4");
    i.reads.push(read("r4", "a.py", 8, 10));
    let rows = loo_scores(&i, Others::Matched);
    let r4 = rows.iter().find(|s| s.row.run == "r4").unwrap();
    assert_eq!(r4.builds, 3);
    let s = &r4.row.score;
    let want = (0.6 + 1.0 + 0.25) / 3.0;
    assert!((s.line_coverage.unwrap() - want).abs() < 1e-12, "{s:?}");
    // Counts are the rounded means: gold (5 + 3 + 12) / 3 ≈ 7, covered 3.
    assert_eq!((s.gold_lines, s.covered_lines), (7, 3));
    // The verdict is the mean's: 0.617 ≥ 0.5.
    assert_eq!(s.passes_threshold, Some(true));
}

/// A matched failed run whose builds are partly empty (no gold line: unscored): its counts are
/// the means over the scored builds, as its ratios are — an empty build is left out, never counted
/// as 0 (before session 24 `gold_lines`/`covered_lines` averaged every build: 10/3 ≈ 3 gold lines,
/// a gold no build had).
#[test]
fn a_matched_failed_runs_counts_leave_empty_builds_out() {
    // Builds: without r1 or r2 the intersection is empty (r3 read only b.py); without r3 it is
    // a.py 1-10. r4 reads a.py 1-5: 5 of 10.
    let reads = vec![
        read("r1", "a.py", 1, 10),
        read("r2", "a.py", 1, 10),
        read("r3", "b.py", 1, 5),
        read("r4", "a.py", 1, 5),
    ];
    let outcomes = labels(&[("r1", true), ("r2", true), ("r3", true), ("r4", false)]);
    let rows = loo_scores(&RunsInput { reads, outcomes }, Others::Matched);
    let r4 = rows.iter().find(|s| s.row.run == "r4").unwrap();
    assert_eq!(r4.builds, 3);
    let s = &r4.row.score;
    assert_eq!(s.line_coverage, Some(0.5));
    assert_eq!((s.gold_lines, s.covered_lines), (10, 5));
}
