//! Scores 10,000 (task, run) pairs, each with ~5 gold spans (~1,600 gold lines) and ~20 read spans.
//! Run: `cargo bench -p readcov-core --bench score`.

use criterion::{criterion_group, criterion_main, Criterion};
use readcov_core::{score_batch, GoldSpan, ReadSpan, ScoreOptions, UnknownLengths};
use std::hint::black_box;

/// A tiny deterministic generator (xorshift), so the bench needs no extra crates and is repeatable.
struct Rng(u64);
impl Rng {
    fn next(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(n)) as u32
    }
}

fn corpus() -> (Vec<GoldSpan>, Vec<ReadSpan>) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut gold, mut reads) = (Vec::new(), Vec::new());
    for t in 0..10_000 {
        let task = format!("task-{t}");
        for k in 0..5 {
            let start = 1 + rng.next(2_000);
            gold.push(GoldSpan {
                task: task.clone(),
                ..GoldSpan::simple(&format!("src/file{}.py", k % 4), start, start + 319)
            });
        }
        for _ in 0..20 {
            let start = 1 + rng.next(2_500);
            let len = [0, 30, 60, 300][rng.next(4) as usize];
            let file = format!("src/file{}.py", rng.next(6));
            reads.push(ReadSpan {
                task: task.clone(),
                run: "run-1".into(),
                ..ReadSpan::simple(&file, start, start + len)
            });
        }
    }
    (gold, reads)
}

fn bench(c: &mut Criterion) {
    let (gold, reads) = corpus();
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
