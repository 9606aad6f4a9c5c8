//! Scores 10,000 (task, run) pairs, each with ~5 gold spans (~1,600 gold lines) and ~20 read spans.
//! Run: `cargo bench -p readcov-core --bench score`.

use criterion::{criterion_group, criterion_main, Criterion};
use readcov_core::synth::{gold_and_reads, XorShift, DEFAULT_SEED};
use readcov_core::{score_batch, ScoreOptions, UnknownLengths};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let (gold, reads) = gold_and_reads(&mut XorShift(DEFAULT_SEED), 10_000, false);
    let opts = ScoreOptions::default();
    let mut group = c.benchmark_group("score");
    group.sample_size(10);
    group.bench_function("10k_task_run_pairs", |b| {
        b.iter(|| black_box(score_batch(&gold, &reads, &UnknownLengths, &opts)).len())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
