//! The evaluation sheet on 2,000 planned trials (200 tasks × 2 conditions × 5 runs), each run with
//! 60 turn-stamped events (1 in 5 an edit) and a 3-event requirement ledger; plus pass^k alone.
//! Run: `cargo bench -p readcov-core --bench sheet`.

use criterion::{criterion_group, criterion_main, Criterion};
use readcov_core::sheet::record::{Attribution, Axis, RunRecord, Validity};
use readcov_core::sheet::{
    evaluate, pass_at_k, pass_hat_k, LedgerEvent, LedgerKind, NoUnits, SheetInput,
};
use readcov_core::synth::{XorShift, DEFAULT_SEED};
use readcov_core::{EventKind, GoldSpan, ReadSpan, Source, UnknownLengths};
use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;

struct Corpus {
    runs: Vec<RunRecord>,
    gold: Vec<GoldSpan>,
    reads: Vec<ReadSpan>,
    ledger: Vec<LedgerEvent>,
}

fn corpus() -> Corpus {
    let mut rng = XorShift(DEFAULT_SEED);
    let mut c = Corpus {
        runs: Vec::new(),
        gold: Vec::new(),
        reads: Vec::new(),
        ledger: Vec::new(),
    };
    for t in 0..200 {
        let task = format!("task-{t}");
        for (k, req) in [None, Some("a"), Some("b@R0"), Some("b@R1")]
            .into_iter()
            .enumerate()
        {
            let start = 1 + rng.below(1_500);
            let mut g = GoldSpan::simple(
                &format!("src/f{}.py", k % 3),
                start,
                start + 40 + rng.below(200),
            );
            g.task = task.as_str().into();
            g.requirement = req.map(Into::into);
            c.gold.push(g);
        }
        for cond in ["A", "B"] {
            for n in 0..5 {
                let run = format!("{task}-{cond}-{n}");
                let mut evidence = BTreeMap::new();
                for axis in Axis::GIVEN {
                    evidence.insert(axis, Some(rng.below(10) > 1));
                }
                c.runs.push(RunRecord {
                    run: run.clone(),
                    task: task.clone(),
                    condition: cond.into(),
                    environment: Validity::Valid,
                    simulator: if rng.below(20) == 0 {
                        Validity::Invalid
                    } else {
                        Validity::Valid
                    },
                    scenario_oracle: Validity::Valid,
                    evidence,
                    attribution: Attribution::default(),
                    trial: Default::default(),
                });
                for (turn, kind, req) in [
                    (2, LedgerKind::Activate, "a"),
                    (4, LedgerKind::Replace, "b"),
                    (6, LedgerKind::Revoke, "a"),
                ] {
                    c.ledger.push(LedgerEvent {
                        run: run.clone(),
                        task: None,
                        turn: Some(turn),
                        event: kind,
                        requirement: req.into(),
                        version: if kind == LedgerKind::Replace {
                            "R1".into()
                        } else {
                            "R0".into()
                        },
                        message_id: None,
                        fired: true,
                    });
                }
                for step in 0..60 {
                    let start = 1 + rng.below(1_800);
                    let mut r = ReadSpan::simple(
                        &format!("src/f{}.py", rng.below(4)),
                        start,
                        start + [0, 20, 80][rng.below(3) as usize],
                    );
                    r.task = task.clone();
                    r.run = run.clone();
                    r.turn = Some(step / 8);
                    r.step = Some(step);
                    r.kind = if step % 5 == 4 {
                        EventKind::Edit
                    } else {
                        EventKind::Read
                    };
                    c.reads.push(r);
                }
            }
        }
    }
    c
}

fn bench(cr: &mut Criterion) {
    let c = corpus();
    let required: BTreeSet<Axis> = Axis::ALL.into_iter().collect();
    let sources: BTreeSet<Source> = [Source::Agent].into_iter().collect();
    let no_tasks = BTreeMap::new();
    let input = SheetInput {
        runs: &c.runs,
        unreadable: &[],
        gold: Some(&c.gold),
        reads: Some(&c.reads),
        ledger: &c.ledger,
        required: &no_tasks,
        default_required: &required,
        threshold: 0.5,
        sources: &sources,
        lengths: &UnknownLengths,
        units: &NoUnits,
        ks: &[1, 2, 4],
        regeneration_limit: None,
    };
    let mut group = cr.benchmark_group("sheet");
    group.sample_size(10);
    group.bench_function("2k_runs_120k_events", |b| {
        b.iter(|| black_box(evaluate(black_box(&input))))
    });
    group.finish();
    cr.bench_function("pass_k_n1000_k500", |b| {
        b.iter(|| {
            black_box(
                pass_hat_k(black_box(1000), 700, 500).unwrap() + pass_at_k(1000, 700, 500).unwrap(),
            )
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
