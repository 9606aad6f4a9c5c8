//! ContextBench evaluation on 1,136 synthetic instances (the benchmark's size), checkouts in
//! memory: each instance has three ~200-line Python files, gold regions in two of them and a
//! trajectory of eight steps. Budget: ≤ 1 s with blocks (tree-sitter), ≤ 0.2 s without.
//! Run: `cargo bench -p readcov-units --bench contextbench`.
//!
//! Each case runs twice: `wall/...` (elapsed time) and `cpu/...` (the process's CPU time,
//! `CLOCK_PROCESS_CPUTIME_ID`, summed over threads): on a shared, overloaded machine wall time
//! mostly measures the queue for a core, CPU time the work itself. Instances are scored on every
//! available core (`CbOptions::threads = 0`); `with_blocks_1_thread` is the serial run.

use criterion::{criterion_group, criterion_main, Criterion};
use readcov_core::contextbench::{
    parse_gold_rows, parse_preds, score_contextbench, CbOptions, Checkout, GoldRow, PredRow,
    Workspaces,
};
use readcov_units::blocks::TreeSitterBlocks;
use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;

const INSTANCES: usize = 1_136;

struct Mem(HashMap<String, HashMap<String, Vec<u8>>>);
struct One<'a>(&'a HashMap<String, Vec<u8>>);

impl Checkout for One<'_> {
    fn is_file(&self, p: &str) -> bool {
        self.0.contains_key(p)
    }
    fn read(&self, p: &str) -> Result<Option<Vec<u8>>, String> {
        Ok(self.0.get(p).cloned())
    }
}

impl Workspaces for Mem {
    fn checkout<'a>(&'a self, ids: &[&str]) -> Option<Box<dyn Checkout + 'a>> {
        ids.iter()
            .find_map(|id| self.0.get(*id))
            .map(|m| Box::new(One(m)) as Box<dyn Checkout + 'a>)
    }
}

/// A ~200-line Python module: classes with methods and top-level functions.
fn module(seed: usize) -> Vec<u8> {
    let mut s = String::from("import os\n\n");
    for k in 0..10 {
        s += &format!(
            "class C{seed}_{k}:\n    def __init__(self, x):\n        self.x = x\n\n    def run(self, items):\n        out = 0\n        for it in items:\n            out += it * self.x\n        return out\n\n\ndef helper_{k}(a, b):\n    # add them\n    return a + b\n\n\n"
        );
    }
    s.into_bytes()
}

fn corpus() -> (Vec<GoldRow>, Vec<PredRow>, Mem) {
    let (mut gold, mut preds, mut ws) = (String::new(), String::new(), HashMap::new());
    for i in 0..INSTANCES {
        let id = format!("owner__repo-{i}");
        let files: HashMap<String, Vec<u8>> = (0..3)
            .map(|f| (format!("pkg/sub/mod{f}.py"), module(i * 3 + f)))
            .collect();
        ws.insert(id.clone(), files);
        let at = |k: usize| 1 + (i * 7 + k * 31) % 150;
        let ctx = format!(
            "[{{\"file\":\"pkg/sub/mod0.py\",\"start_line\":{},\"end_line\":{}}},{{\"file\":\"pkg/sub/mod1.py\",\"start_line\":{},\"end_line\":{}}}]",
            at(0), at(0) + 12, at(1), at(1) + 20
        );
        gold += &serde_json::json!({"instance_id": id, "gold_context": ctx, "patch": format!(
            "--- a/pkg/sub/mod0.py\n+++ b/pkg/sub/mod0.py\n@@ -{0},3 +{0},3 @@\n ctx\n-old\n+new\n ctx\n", at(0))})
        .to_string();
        gold.push('\n');
        let steps: Vec<serde_json::Value> = (0..8)
            .map(|s| {
                let f = format!("/testbed/pkg/sub/mod{}.py", s % 3);
                serde_json::json!({"files": [f], "spans": {f.clone(): [{"start": at(s), "end": at(s) + 25}]}})
            })
            .collect();
        preds += &serde_json::json!({"instance_id": id, "model_patch": "", "traj_data": {
            "pred_steps": steps,
            "pred_files": ["pkg/sub/mod0.py", "pkg/sub/mod2.py"],
            "pred_spans": {"pkg/sub/mod0.py": [{"start": at(0), "end": at(0) + 30}],
                           "pkg/sub/mod2.py": [{"start": 1, "end": 40}]}}})
        .to_string();
        preds.push('\n');
    }
    let g = parse_gold_rows(gold.as_bytes(), "gold.jsonl");
    let p = parse_preds(preds.as_bytes(), "preds.jsonl");
    assert!(g.errors.is_empty() && p.errors.is_empty());
    (g.items, p.items, Mem(ws))
}

fn bench(c: &mut Criterion) {
    let (gold, preds, ws) = corpus();
    let blocks = TreeSitterBlocks;
    let with = CbOptions {
        workspaces: Some(&ws),
        defs: Some(&blocks),
        threads: 0,
    };
    let with_1 = CbOptions { threads: 1, ..with };
    let without = CbOptions {
        workspaces: Some(&ws),
        defs: None,
        threads: 0,
    };
    let r = score_contextbench(&gold, &preds, &with);
    assert_eq!(r.compat.micro.num_valid, INSTANCES);
    assert!(r.compat.micro.final_[1].is_some(), "blocks on");
    let mut g = c.benchmark_group("contextbench_1136");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let cases = [
        ("with_blocks", &with),
        ("with_blocks_1_thread", &with_1),
        ("without_blocks", &without),
    ];
    for (name, opts) in cases {
        g.bench_function(format!("wall/{name}"), |b| {
            b.iter(|| black_box(score_contextbench(&gold, &preds, opts)))
        });
        g.bench_function(format!("cpu/{name}"), |b| {
            b.iter_custom(|iters| {
                let start = cpu_time();
                for _ in 0..iters {
                    black_box(score_contextbench(&gold, &preds, opts));
                }
                cpu_time() - start
            })
        });
    }
    g.finish();
}

/// The process's CPU time so far.
fn cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant the kernel knows.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

criterion_group!(benches, bench);
criterion_main!(benches);
