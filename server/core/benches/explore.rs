//! SWE-Explore scoring at benchmark scale: 848 instances × 12 explorers, ~4.7 core regions and
//! ~1,578 core lines per instance, 5 ranked pred regions (top-5). Budget: ≤ 0.5 s per full run.
//!
//! Run: `cargo bench -p readcov-core --bench explore`. Two figures: scoring parsed rows, and the
//! whole path from JSONL bytes (parse + resolve + score), each measured twice: wall time
//! (`explore_848x12`) and this thread's CPU time (`explore_848x12_cpu`), which a machine shared
//! with other builds disturbs far less.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use readcov_core::explore::{
    parse_bench, parse_preds, score_explore, ExploreOptions, InstanceLengths,
};
use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

const INSTANCES: usize = 848;
const EXPLORERS: usize = 12;

/// A small deterministic generator (no dependency, same data every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n) as i64
    }
}

fn region(path: &str, start: i64, end: i64) -> String {
    format!(r#"{{"path":"{path}","start":{start},"end":{end}}}"#)
}

/// Benchmark rows, predictions (JSONL) and file lengths.
fn data() -> (String, String, InstanceLengths) {
    let mut rng = Lcg(42);
    let (mut bench, mut preds) = (String::new(), String::new());
    let mut lengths = InstanceLengths::new();
    for i in 0..INSTANCES {
        let id = format!("repo__proj-{i}");
        let files: Vec<String> = (0..3)
            .map(|f| format!("src/pkg{}/mod{f}.py", i % 17))
            .collect();
        lengths.insert(
            id.clone(),
            files.iter().map(|f| (f.clone(), 4000)).collect(),
        );
        // 7 in 10 instances have 5 core regions, the rest 4: 4.7 on average; ~336 lines each.
        let n_core = if i % 10 < 7 { 5 } else { 4 };
        let core: Vec<String> = (0..n_core)
            .map(|k| {
                let start = 1 + 700 * (k as i64 % 5) + rng.next(200);
                let end = if k == 4 {
                    -1
                } else {
                    start + 300 + rng.next(72)
                };
                let start = if k == 4 { -336 } else { start };
                region(&files[k % 3], start, end)
            })
            .collect();
        let optional: Vec<String> = (0..3)
            .map(|k| region(&files[k], 3500, 3560 + rng.next(40)))
            .collect();
        writeln!(
            bench,
            r#"{{"instance_id":"{id}","ground_truth":{{"read_core_files":["{}","{}","{}"],"read_core_regions":[{}],"read_optional_files_map":{{"m":["{}"]}},"read_optional_regions_map":{{"m":[{}],"n":[{}]}},"modified_core_files":["{}"],"main_files":["{}"]}},"meta":{{}}}}"#,
            files[0], files[1], files[2], core.join(","), files[2], optional[..2].join(","), optional[2], files[0], files[0]
        )
        .expect("write to string");
        for e in 0..EXPLORERS {
            let regions: Vec<String> = (0..5)
                .map(|k| {
                    let start = 1 + rng.next(3800);
                    region(&files[(k + e) % 3], start, start + 20 + rng.next(300))
                })
                .collect();
            writeln!(
                preds,
                r#"{{"instance_id":"{id}","explorer":"e{e}","regions":[{}]}}"#,
                regions.join(",")
            )
            .expect("write to string");
        }
    }
    (bench, preds, lengths)
}

/// CPU time of the calling thread (the benchmark runs single-threaded).
struct ThreadCpu;

fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_THREAD_CPUTIME_ID is supported on Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        thread_cpu()
    }
    fn end(&self, start: Duration) -> Duration {
        thread_cpu().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Shows CPU nanoseconds in ms (no throughput is measured here).
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1e6);
        "ms cpu"
    }
    fn scale_throughputs(
        &self,
        _typical: f64,
        _t: &Throughput,
        _values: &mut [f64],
    ) -> &'static str {
        "ns"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

fn wall(c: &mut Criterion) {
    bench(c, "explore_848x12");
}

fn cpu(c: &mut Criterion<ThreadCpu>) {
    bench(c, "explore_848x12_cpu");
}

fn bench<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let (bench_text, preds_text, lengths) = data();
    let bench = parse_bench(bench_text.as_bytes(), "bench.jsonl");
    let preds = parse_preds(preds_text.as_bytes(), "preds.jsonl", "default", None);
    assert!(
        bench.errors.is_empty() && preds.errors.is_empty(),
        "generated data must parse"
    );
    assert_eq!(
        (bench.items.len(), preds.items.len()),
        (INSTANCES, INSTANCES * EXPLORERS)
    );
    let opts = ExploreOptions::default();
    let report = score_explore(&bench.items, &preds.items, &lengths, &opts);
    let core: u64 = report
        .instances
        .iter()
        .take(INSTANCES)
        .map(|r| r.core_lines)
        .sum();
    let regions: usize = bench.items.iter().map(|b| b.core_regions.len()).sum();
    eprintln!(
        "data: {} rows; {:.2} core regions and {:.0} core lines per instance",
        report.instances.len(),
        regions as f64 / INSTANCES as f64,
        core as f64 / INSTANCES as f64
    );

    let mut g = c.benchmark_group(name);
    g.sample_size(20);
    g.bench_function("score", |b| {
        b.iter(|| {
            score_explore(
                black_box(&bench.items),
                black_box(&preds.items),
                &lengths,
                &opts,
            )
        })
    });
    g.bench_function("parse_and_score", |b| {
        b.iter(|| {
            let bench = parse_bench(black_box(bench_text.as_bytes()), "bench.jsonl");
            let preds = parse_preds(
                black_box(preds_text.as_bytes()),
                "preds.jsonl",
                "default",
                None,
            );
            score_explore(&bench.items, &preds.items, &lengths, &opts)
        })
    });
    g.finish();
}

criterion_group!(benches, wall);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = cpu
}
criterion_main!(benches, cpu_benches);
