//! Benchmark baseline: parses with readcov-core, then scores by expanding every span into a
//! `BTreeSet<(file, line)>` — the straightforward Rust implementation that readcov's interval
//! sets are measured against (`bench/run`). Prints one JSON row per (task, run), like
//! `readcov score --format jsonl` (without breakdowns), and phase timings on stderr.
//!
//! Usage: `readcov-naive GOLD READS`

use anyhow::{Context, Result};
use readcov_core::{parse_gold, parse_reads, EventKind, Source, Tier};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::time::Instant;

type Lines = BTreeSet<(u32, u32)>;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (gold_path, reads_path) = match &args[..] {
        [_, g, r] => (g, r),
        _ => anyhow::bail!("usage: readcov-naive GOLD READS"),
    };
    let t0 = Instant::now();
    let gold = parse_gold(&std::fs::read(gold_path).context("gold")?, gold_path, None);
    let reads = parse_reads(
        &std::fs::read(reads_path).context("reads")?,
        reads_path,
        None,
    );
    let parsed = t0.elapsed();

    let t1 = Instant::now();
    let mut file_ids: BTreeMap<&'static str, u32> = BTreeMap::new();
    let mut id = |p: &str| -> u32 {
        if let Some(&n) = file_ids.get(p) {
            return n;
        }
        let n = file_ids.len() as u32;
        file_ids.insert(leak(p), n);
        n
    };
    let mut gold_sets: BTreeMap<&str, Lines> = BTreeMap::new();
    for g in gold.items.iter().filter(|g| g.tier == Tier::Core) {
        let f = id(&g.path);
        gold_sets
            .entry(&g.task)
            .or_default()
            .extend((g.start..=g.end).map(|l| (f, l)));
    }
    let mut read_sets: BTreeMap<(&str, &str), Lines> = BTreeMap::new();
    for r in &reads.items {
        let set = read_sets.entry((&r.task, &r.run)).or_default();
        if r.kind == EventKind::Read && r.source != Source::Manual {
            let f = id(&r.path);
            set.extend((r.start..=r.end).map(|l| (f, l)));
        }
    }
    let empty = Lines::new();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut rows = 0usize;
    for ((task, run), rd) in &read_sets {
        let g = gold_sets.get(task).unwrap_or(&empty);
        let covered = g.intersection(rd).count();
        let gold_files: BTreeSet<u32> = g.iter().map(|x| x.0).collect();
        let read_files: BTreeSet<u32> = rd.iter().map(|x| x.0).collect();
        let ratio = |n: usize, d: usize| {
            if d == 0 {
                None
            } else {
                Some(n as f64 / d as f64)
            }
        };
        let row = serde_json::json!({
            "task": task, "run": run,
            "file_hit": ratio(gold_files.intersection(&read_files).count(), gold_files.len()),
            "line_coverage": ratio(covered, g.len()),
            "precision": if g.is_empty() { None } else { Some(ratio(covered, rd.len()).unwrap_or(0.0)) },
            "gold_lines": g.len(), "read_lines": rd.len(), "covered_lines": covered,
        });
        writeln!(out, "{row}")?;
        rows += 1;
    }
    out.flush()?;
    eprintln!(
        "naive: {rows} rows; parse {:.1} ms, metrics {:.1} ms",
        parsed.as_secs_f64() * 1e3,
        t1.elapsed().as_secs_f64() * 1e3
    );
    Ok(())
}

/// File names live as long as the process; leaking them keeps this baseline simple.
fn leak(p: &str) -> &'static str {
    Box::leak(p.to_string().into_boxed_str())
}
