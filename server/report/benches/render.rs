//! Builds and renders a report of 2,000 (task, run) rows, each with ~5 gold spans (~1,600 gold
//! lines) and 20 read spans with turns, plus an outcome label per task.
//! Run: `cargo bench -p readcov-report --bench render`.

use criterion::{criterion_group, criterion_main, Criterion};
use readcov_core::synth::{gold_and_reads, XorShift, DEFAULT_SEED};
use readcov_core::{GoldSpan, ReadSpan, ScoreOptions, UnknownLengths};
use readcov_report::lcov::LcovOptions;
use readcov_report::outcomes::Label;
use readcov_report::{build, html, lcov, sarif, Outcomes, Report, ReportInput};
use std::hint::black_box;

const TASKS: usize = 2_000;

/// The shared synthetic corpus (reads with turns) plus an outcome label per task.
fn corpus() -> (Vec<GoldSpan>, Vec<ReadSpan>, Outcomes) {
    let mut rng = XorShift(DEFAULT_SEED);
    let (gold, reads) = gold_and_reads(&mut rng, TASKS, true);
    let labels = (0..TASKS).map(|t| Label {
        task: format!("task-{t}"),
        run: None,
        resolved: rng.below(2) == 0,
        line: t + 1,
    });
    (gold, reads, labels.collect())
}

fn report(gold: &[GoldSpan], reads: &[ReadSpan], outcomes: &Outcomes) -> Report {
    build(&ReportInput {
        title: "bench".into(),
        gold,
        reads,
        lengths: &UnknownLengths,
        opts: &ScoreOptions::default(),
        outcomes: Some(outcomes),
        named: &readcov_core::NamedRuns::default(),
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
