//! Builds and renders a report of 2,000 (task, run) rows, each with ~5 gold spans (~1,600 gold
//! lines) and 20 read spans with turns, plus an outcome label per task.
//! Run: `cargo bench -p readcov-report --bench render`.

use criterion::{criterion_group, criterion_main, Criterion};
use readcov_core::{GoldSpan, ReadSpan, ScoreOptions, UnknownLengths};
use readcov_report::lcov::LcovOptions;
use readcov_report::outcomes::Label;
use readcov_report::{build, html, lcov, sarif, Outcomes, Report, ReportInput};
use std::hint::black_box;

/// A tiny deterministic generator (xorshift), so the bench is repeatable without extra crates.
struct Rng(u64);
impl Rng {
    fn next(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(n)) as u32
    }
}

const TASKS: usize = 2_000;

fn corpus() -> (Vec<GoldSpan>, Vec<ReadSpan>, Outcomes) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut gold, mut reads, mut labels) = (Vec::new(), Vec::new(), Vec::new());
    for t in 0..TASKS {
        let task = format!("task-{t}");
        for k in 0..5 {
            let start = 1 + rng.next(2_000);
            gold.push(GoldSpan {
                task: task.clone(),
                ..GoldSpan::simple(&format!("src/file{}.py", k % 4), start, start + 319)
            });
        }
        for turn in 0..20 {
            let start = 1 + rng.next(2_500);
            let len = [0, 30, 60, 300][rng.next(4) as usize];
            let file = format!("src/file{}.py", rng.next(6));
            reads.push(ReadSpan {
                task: task.clone(),
                run: "run-1".into(),
                turn: Some(turn),
                ..ReadSpan::simple(&file, start, start + len)
            });
        }
        labels.push(Label {
            task,
            run: None,
            resolved: rng.next(2) == 0,
            line: t + 1,
        });
    }
    (gold, reads, labels.into_iter().collect())
}

fn report(gold: &[GoldSpan], reads: &[ReadSpan], outcomes: &Outcomes) -> Report {
    build(&ReportInput {
        title: "bench".into(),
        gold,
        reads,
        lengths: &UnknownLengths,
        opts: &ScoreOptions::default(),
        outcomes: Some(outcomes),
        units: None,
        skipped_input_errors: 0,
    })
}

fn bench(c: &mut Criterion) {
    let (gold, reads, outcomes) = corpus();
    let r = report(&gold, &reads, &outcomes);
    let mut g = c.benchmark_group("report_2000_rows");
    g.sample_size(10);
    g.bench_function("build", |b| {
        b.iter(|| black_box(report(&gold, &reads, &outcomes)))
    });
    g.bench_function("html", |b| b.iter(|| black_box(html::render(&r).len())));
    g.bench_function("lcov_gold_unread", |b| {
        b.iter(|| {
            black_box(
                lcov::render(&r, LcovOptions { gold_unread: true })
                    .text
                    .len(),
            )
        })
    });
    g.bench_function("sarif", |b| {
        b.iter(|| black_box(sarif::render(&r, Some("/ws")).len()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
