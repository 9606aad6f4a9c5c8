//! The widening what-if on every instance of the real data (`tests/data/real/`): gold lines
//! from each SWE-bench gold patch's hunks, units from the real `sources/` files, and reads
//! written here by rule (the first gold line only — a grep hit; a 20-line window ending 3 lines
//! before the first gold line — a near miss; nothing). Checks the invariants that must hold on
//! any data and prints the table (`cargo test -p readcov-units --test real_data -- --nocapture`).

use readcov_core::{FileLines, LineSet};
use readcov_units::{innermost, lang_for_path, run_unit_score, units, FileSyntax, UnitScore};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn real() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    assert!(
        p.join("gold.jsonl").is_file(),
        "real data missing at {}: it ships in the repository: tests/data/real",
        p.display()
    );
    p
}

/// Old-side gold lines per file of a unified diff: removed lines, and for pure insertions the
/// old lines on both sides of the insertion point (what the fix had to read to place them).
fn gold_from_patch(patch: &str) -> BTreeMap<String, LineSet> {
    let mut out: BTreeMap<String, LineSet> = BTreeMap::new();
    let (mut file, mut old) = (String::new(), 0u32);
    for l in patch.lines() {
        if let Some(p) = l.strip_prefix("--- a/") {
            file = p.to_string();
        } else if l.starts_with("+++ ") || l.starts_with("diff ") || l.starts_with("--- ") {
        } else if let Some(h) = l.strip_prefix("@@ -") {
            let start = h.split([',', ' ']).next().and_then(|s| s.parse().ok());
            old = start.expect("hunk header has an old start");
        } else if l.starts_with('-') {
            out.entry(file.clone()).or_default().insert(old, old);
            old += 1;
        } else if l.starts_with('+') {
            out.entry(file.clone())
                .or_default()
                .insert(old.saturating_sub(1).max(1), old);
        } else if !l.starts_with('\\') {
            old += 1;
        }
    }
    out
}

struct Case {
    instance: String,
    agent: String,
    gold: FileLines,
    syntax: BTreeMap<String, FileSyntax>,
    lengths: BTreeMap<String, u32>,
}

fn cases() -> Vec<Case> {
    let root = real();
    let text = std::fs::read_to_string(root.join("gold.jsonl")).expect("gold.jsonl");
    let mut out = Vec::new();
    for row in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(row).expect("gold row is JSON");
        let instance = v["instance_id"].as_str().expect("instance_id").to_string();
        let mut gold = gold_from_patch(v["patch"].as_str().expect("patch"));
        let (mut syntax, mut lengths) = (BTreeMap::new(), BTreeMap::new());
        for (path, lines) in gold.iter_mut() {
            let file = root.join("sources").join(&instance).join(path);
            let src = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let n = u32::try_from(src.lines().count()).expect("line count");
            *lines = lines.clip(n);
            lengths.insert(path.clone(), n);
            let lang = lang_for_path(path).unwrap_or_else(|| panic!("{path}: no language"));
            let r = units(lang, &src).expect("parses");
            syntax.insert(
                path.clone(),
                FileSyntax::Units {
                    units: r.units,
                    parse_errors: r.parse_errors,
                },
            );
        }
        let agent = v["agent"].as_str().unwrap_or("?").to_string();
        out.push(Case {
            instance,
            agent,
            gold,
            syntax,
            lengths,
        });
    }
    out
}

/// Reads by rule over the gold files: `first` = the first gold line of each file; `near` =
/// 20 lines ending 3 lines above it.
fn reads(gold: &FileLines, rule: &str) -> FileLines {
    gold.iter()
        .filter_map(|(p, g)| {
            let first = g.first()?;
            let set = match rule {
                "first" => LineSet::span(first, first),
                "near" => LineSet::span(first.saturating_sub(22).max(1), first.saturating_sub(3)),
                _ => LineSet::new(),
            };
            Some((p.clone(), set))
        })
        .collect()
}

fn coverage(gold: &FileLines, read: &FileLines) -> f64 {
    let g: u64 = gold.values().map(LineSet::len).sum();
    let c: u64 = gold
        .iter()
        .map(|(p, s)| read.get(p).map_or(0, |r| s.intersection_len(r)))
        .sum();
    c as f64 / g as f64
}

#[test]
fn widening_what_if_on_every_real_instance() {
    let cases = cases();
    assert_eq!(cases.len(), 15, "gold.jsonl has 15 (agent, instance) rows");
    println!(
        "{:<28} {:<14} {:<6} {:>5} {:>7} {:>9} {:>7} {:>9} {:>7}",
        "instance", "agent", "reads", "units", "as_read", "to_units", "+lines", "±10", "+lines"
    );
    for c in &cases {
        assert!(
            c.gold.values().any(|g| !g.is_empty()),
            "{}: no gold lines",
            c.instance
        );
        for rule in ["first", "near", "none"] {
            let r = reads(&c.gold, rule);
            let s: UnitScore = run_unit_score(&c.gold, &r, &c.syntax, &c.lengths, 10);
            let as_read = coverage(&c.gold, &r);
            let (to_units, by_lines) = (
                s.coverage_widened_to_units.expect("scored"),
                s.coverage_widened_by_lines.expect("scored"),
            );
            let label = format!("{} / {rule}", c.instance);
            assert!(
                s.gold_units > 0,
                "{label}: every gold patch here edits inside a function or class"
            );
            assert_eq!(s.parse_errors, 0, "{label}: real sources parse cleanly");
            assert!(
                to_units >= as_read && by_lines >= as_read,
                "{label}: widening never loses coverage"
            );
            let read_len: u64 = r.values().map(LineSet::len).sum();
            match rule {
                "first" => {
                    // The first gold line's innermost unit, when it has one, is a touched gold unit.
                    let in_unit = c.gold.iter().any(|(p, g)| match (&c.syntax[p], g.first()) {
                        (FileSyntax::Units { units, .. }, Some(l)) => innermost(units, l).is_some(),
                        _ => false,
                    });
                    assert_eq!(s.gold_units_hit >= 1, in_unit, "{label}");
                    assert!(
                        s.extra_lines_units > 0 || !in_unit,
                        "{label}: a unit costs lines"
                    );
                }
                "near" => assert!(by_lines >= as_read, "{label}"),
                _ => {
                    assert_eq!(
                        (
                            read_len,
                            s.gold_units_hit,
                            s.extra_lines_units,
                            s.extra_lines_by_lines
                        ),
                        (0, 0, 0, 0),
                        "{label}"
                    );
                    assert_eq!((to_units, by_lines), (0.0, 0.0), "{label}");
                }
            }
            println!(
                "{:<28} {:<14} {:<6} {:>2}/{:<2} {:>7.2} {:>9.2} {:>7} {:>9.2} {:>7}",
                c.instance,
                c.agent,
                rule,
                s.gold_units_hit,
                s.gold_units,
                as_read,
                to_units,
                s.extra_lines_units,
                by_lines,
                s.extra_lines_by_lines
            );
        }
    }
}

#[test]
fn gold_from_patch_reads_hunks() {
    let patch = "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -10,4 +10,5 @@ def f():\n a\n-b\n+B\n c\n+new\n d\n";
    let g = gold_from_patch(patch);
    // context a=10, removed b=11 (replaced), c=12, insertion before d=13 → 12 and 13.
    assert_eq!(g["x.py"], LineSet::span(11, 13));
}
