//! Import + gold + score of the 15 shipped SWE-bench runs (12 OpenHands, 3 mini-swe-agent), all
//! in memory: logs, gold.jsonl and the base files are loaded once, outside the timed loop.
//! Run: `cargo bench -p readcov-import --bench import`.
//!
//! Also: the new-format samples of `tests/data/formats` (Claude Code 2.0/2.1 with a subagent,
//! OpenHands eval output and a V1 conversation, mini-swe-agent v1, Codex, ATIF), each imported
//! with no workspace, beside the floor: the same bytes parsed into `serde_json::Value` (whole
//! file, or line by line for JSONL) and nothing else.

use criterion::{criterion_group, criterion_main, Criterion};
use readcov_core::{score_spans, EventKind, GoldSpan, ReadSpan, UnknownLengths};
use readcov_import::{gold_from_swebench, import, DiffOptions, ImportOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn real() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    assert!(
        p.join("MANIFEST.md").is_file(),
        "real agent data not found at {}",
        p.display()
    );
    p
}

/// Every file under `dir`, by path relative to it.
fn load_tree(dir: &Path, prefix: &str, out: &mut BTreeMap<String, String>) {
    for e in std::fs::read_dir(dir).expect("sources dir").flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let rel = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}/{name}")
        };
        if e.path().is_dir() {
            load_tree(&e.path(), &rel, out);
        } else if let Ok(text) = std::fs::read_to_string(e.path()) {
            out.insert(rel, text);
        }
    }
}

struct Run {
    name: String,
    bytes: Vec<u8>,
    files: BTreeMap<String, String>,
}

fn load() -> (Vec<Run>, Vec<u8>) {
    let root = real();
    let mut runs = Vec::new();
    for folder in ["openhands", "mini-swe-agent"] {
        let mut names: Vec<PathBuf> = std::fs::read_dir(root.join(folder))
            .expect("folder")
            .flatten()
            .map(|e| e.path())
            .collect();
        names.sort();
        for p in names {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let task = name.split('.').next().unwrap_or("").to_string();
            let mut files = BTreeMap::new();
            load_tree(&root.join("sources").join(&task), "", &mut files);
            runs.push(Run {
                name,
                bytes: std::fs::read(&p).expect("log"),
                files,
            });
        }
    }
    (runs, std::fs::read(root.join("gold.jsonl")).expect("gold"))
}

fn all(runs: &[Run], gold_bytes: &[u8]) -> f64 {
    let gold = gold_from_swebench(gold_bytes, "gold.jsonl", &DiffOptions::default());
    let mut sum = 0.0;
    for r in runs {
        let imp = import(&r.bytes, &r.name, &ImportOptions::default(), &r.files);
        let Some(task) = imp.rows.first().map(|x| x.task.clone()) else {
            continue;
        };
        let g: Vec<&GoldSpan> = gold.spans.iter().filter(|s| s.task == task).collect();
        let reads: Vec<&ReadSpan> = imp
            .rows
            .iter()
            .filter(|x| x.kind == EventKind::Read)
            .collect();
        sum += score_spans(&g, &reads, &UnknownLengths, 0.5)
            .line_coverage
            .unwrap_or(0.0);
    }
    sum
}

fn bench(c: &mut Criterion) {
    let (runs, gold) = load();
    assert_eq!(runs.len(), 15);
    c.bench_function("import+gold+score 15 real runs", |b| {
        b.iter(|| all(&runs, &gold))
    });
}

/// Every sample of `tests/data/formats` as import input (the V1 conversation folder assembled as
/// the CLI does) and whether it is JSONL.
fn formats() -> Vec<(String, Vec<u8>, bool)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/formats");
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("formats dir")
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        if entries.iter().any(|p| p.ends_with("base_state.json")) {
            let mut v1 = Vec::new();
            let mut files = vec![dir.join("base_state.json")];
            let mut events: Vec<PathBuf> = std::fs::read_dir(dir.join("events"))
                .expect("events")
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "json"))
                .collect();
            events.sort();
            files.extend(events);
            for f in files {
                let v: serde_json::Value =
                    serde_json::from_slice(&std::fs::read(f).expect("event")).expect("json");
                v1.extend(serde_json::to_vec(&v).expect("json"));
                v1.push(b'\n');
            }
            out.push((dir.display().to_string(), v1, true));
            continue;
        }
        for p in entries {
            let name = p.display().to_string();
            if p.is_dir() {
                stack.push(p);
            } else if name.ends_with(".json") || name.ends_with(".jsonl") {
                let jsonl = name.ends_with(".jsonl");
                out.push((name, std::fs::read(&p).expect("sample"), jsonl));
            }
        }
    }
    out
}

fn floor(samples: &[(String, Vec<u8>, bool)]) -> usize {
    let mut n = 0;
    for (_, bytes, jsonl) in samples {
        if *jsonl {
            for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                n += serde_json::from_slice::<serde_json::Value>(line).map_or(0, |_| 1);
            }
        } else {
            n += serde_json::from_slice::<serde_json::Value>(bytes).map_or(0, |_| 1);
        }
    }
    n
}

fn bench_formats(c: &mut Criterion) {
    let samples = formats();
    let bytes: usize = samples.iter().map(|s| s.1.len()).sum();
    assert!(samples.len() >= 14, "{} samples", samples.len());
    eprintln!("formats: {} logs, {bytes} bytes", samples.len());
    c.bench_function("import new-format samples", |b| {
        b.iter(|| {
            samples
                .iter()
                .map(|(name, bytes, _)| {
                    import(
                        bytes,
                        name,
                        &ImportOptions::default(),
                        &readcov_import::NoFiles,
                    )
                    .rows
                    .len()
                })
                .sum::<usize>()
        })
    });
    c.bench_function("serde_json floor of the same samples", |b| {
        b.iter(|| floor(&samples))
    });
}

criterion_group!(benches, bench, bench_formats);
criterion_main!(benches);
