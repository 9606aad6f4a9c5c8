//! Consensus gold: intersection vs K-of-N, the optional tier, modified/main files, bad input
//! (no label, too few runs, reads outside the workspace), leave-one-out; hand-computed.

use readcov_core::outcomes::Outcomes;
use readcov_core::span::{EventKind, ReadSpan, Source};
use readcov_gold::{consensus, leave_one_out, Agree, ConsensusOptions, NoteKind, RunsInput};

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
    let labels = [("r1", true), ("r2", true), ("r3", true), ("r4", false)];
    let outcomes: Outcomes = labels
        .iter()
        .map(|(run, ok)| readcov_core::outcomes::Label {
            task: "t".into(),
            run: Some(run.to_string()),
            resolved: *ok,
            line: 1,
        })
        .collect();
    RunsInput { reads, outcomes }
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
fn too_few_resolved_runs_give_no_gold_and_a_note() {
    let c = consensus(&input(), &opts(Agree::All, 4));
    assert!(c.tasks.is_empty());
    assert_eq!(c.notes.count(NoteKind::TooFewRuns), 1);
    let c = consensus(&input(), &opts(Agree::AtLeast(4), 2));
    assert!(c.tasks.is_empty());
    assert_eq!(c.notes.count(NoteKind::TooFewRuns), 1);
}

#[test]
fn leave_one_out_builds_each_resolved_runs_gold_without_it() {
    let (loo, notes) = leave_one_out(&input(), &opts(Agree::All, 2));
    let got: Vec<(String, bool, Vec<String>)> = loo
        .iter()
        .map(|l| {
            (
                l.run.clone(),
                l.left_out,
                l.gold.as_ref().map(core).unwrap_or_default(),
            )
        })
        .collect();
    let row = |r: &str, out: bool, core: &[&str]| {
        (
            r.to_string(),
            out,
            core.iter().map(|s| s.to_string()).collect(),
        )
    };
    assert_eq!(
        got,
        [
            // r1 out: 5-25 ∩ 8-12; r2 out: (1-10,20-30) ∩ 8-12; r3 out: (1-10,20-30) ∩ 5-25.
            row("r1", true, &["a.py:8-12"]),
            row("r2", true, &["a.py:8-10"]),
            row("r3", true, &["a.py:5-10,20-25"]),
            // The failed run was never in the consensus: scored against all three.
            row("r4", false, &["a.py:8-10"]),
        ]
    );
    // r5 has no label: not scored, and said so.
    assert_eq!(notes.count(NoteKind::NoOutcome), 1);
    // With --min-runs 3 a left-out run leaves two: no gold for r1..r3, noted each time.
    let (loo, notes) = leave_one_out(&input(), &opts(Agree::All, 3));
    assert_eq!(loo.iter().filter(|l| l.gold.is_none()).count(), 3);
    assert_eq!(notes.count(NoteKind::TooFewRuns), 3);
    assert!(loo[3].gold.is_some());
}

#[test]
fn resolved_run_without_reads_is_noted() {
    let mut i = input();
    i.outcomes = [("r1", true), ("r9", true)]
        .iter()
        .map(|(run, ok)| readcov_core::outcomes::Label {
            task: "t".into(),
            run: Some(run.to_string()),
            resolved: *ok,
            line: 1,
        })
        .collect();
    let c = consensus(&i, &opts(Agree::All, 1));
    assert_eq!(c.notes.count(NoteKind::NoReads), 1);
    assert_eq!(c.tasks[0].runs, ["r1"]);
}

#[test]
fn leave_one_out_scores_each_run_against_the_others() {
    use readcov_core::metrics::UnknownLengths;
    use readcov_core::ScoreOptions;
    let (rows, _) = readcov_gold::score_leave_one_out(
        &input(),
        &opts(Agree::All, 2),
        &UnknownLengths,
        &ScoreOptions::default(),
    );
    let got: Vec<(String, bool, Option<f64>)> = rows
        .iter()
        .map(|s| (s.row.run.clone(), s.left_out, s.row.score.line_coverage))
        .collect();
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
}
