//! Units benchmarks: a generated 20,000-line Python file parsed and mapped to units (budget
//! ≤ 20 ms), re-parse after a one-line edit (budget ≤ 2 ms), and every file of the real data's
//! `sources/`; and 100,000 nested JavaScript functions (1.9 MB, issue 35: units, gold units and
//! the server's own lines were quadratic there, 45 s in `score`). Run: `cargo bench -p
//! readcov-units --bench units` (`-- deep_nesting` for the last alone).
//!
//! Each benchmark runs twice: `wall/...` (elapsed time) and `cpu/...` (the process's CPU time,
//! `CLOCK_PROCESS_CPUTIME_ID`: large Python files are parsed as chunks on several threads, and
//! their CPU counts too). On a shared, overloaded machine wall time mostly measures the
//! queue for a core; CPU time is the cost of the work itself.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, Criterion};
use readcov_units::{
    edit_for_replace, gold_units, lang_for_path, map_tree, nest, units, units_with_query_cursor,
    Lang, UnitTree,
};
use std::hint::black_box;
use std::path::{Path, PathBuf};

/// ~20,000 lines of classes with methods, decorators and nested functions.
fn python_20k() -> String {
    let mut s = String::from("import os\n\n");
    let mut i = 0;
    while s.lines().count() < 20_000 {
        s += &format!(
            "class C{i}:\n    \"\"\"Doc.\"\"\"\n\n    def __init__(self, x):\n        self.x = x\n\n    @property\n    def value(self):\n        def inner(y):\n            return y * 2\n        return inner(self.x)\n\n    def total(self, items):\n        out = 0\n        for it in items:\n            if it > 0:\n                out += it\n        return out\n\n\ndef helper_{i}(a, b):\n    return a + b\n\n\n"
        );
        i += 1;
    }
    s
}

fn sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real/sources");
    assert!(
        root.is_dir(),
        "real data missing at {} (it ships in the repository: tests/data/real)",
        root.display()
    );
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("readable dir").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(text) = std::fs::read_to_string(&p) {
                out.push((p, text));
            }
        }
    }
    out.sort();
    out
}

/// The process's CPU time (all threads) in nanoseconds.
struct ProcessCpu;

fn process_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed");
    u64::try_from(ts.tv_sec).unwrap_or(0) * 1_000_000_000 + u64::try_from(ts.tv_nsec).unwrap_or(0)
}

static WALL: WallTime = WallTime;

impl Measurement for ProcessCpu {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        process_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        process_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    /// Nanoseconds, formatted like wall time.
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}

fn bench_wall(c: &mut Criterion) {
    bench(c, "wall");
}

fn bench_cpu(c: &mut Criterion<ProcessCpu>) {
    bench(c, "cpu");
}

/// ~20,000 lines of real Python: the `.py` files of `sources/`, whole, in path order, until the
/// total reaches 20,000 lines.
fn real_python_20k(files: &[(PathBuf, String)]) -> String {
    let mut s = String::new();
    for (p, text) in files
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "py"))
    {
        if s.lines().count() >= 20_000 {
            break;
        }
        s += &format!("# --- {}\n", p.display());
        s += text;
        if !s.ends_with('\n') {
            s.push('\n');
        }
    }
    assert!(
        s.lines().count() >= 20_000,
        "sources/ has fewer than 20,000 Python lines"
    );
    s
}

/// Parse + map, and re-parse after a one-line edit near the middle (the character after the
/// first `anchor` past the middle is replaced by `with`, then restored, alternately).
fn bench_file<M: Measurement + 'static>(
    c: &mut Criterion<M>,
    clock: &str,
    label: &str,
    src: &str,
    anchor: &str,
    with: &str,
) {
    let n = src.lines().count();
    c.bench_function(&format!("{clock}/{label}_{n}_lines/parse_and_map"), |b| {
        b.iter(|| units(Lang::Python, black_box(src)).expect("parses"))
    });
    // What the language server does on `didOpen`: parse and map into a `UnitTree` it keeps for
    // incremental edits (so freeing the trees is not part of the measured work).
    c.bench_function(&format!("{clock}/{label}_{n}_lines/unit_tree_new"), |b| {
        b.iter_with_large_drop(|| {
            let tree = UnitTree::new(Lang::Python, black_box(src)).expect("parses");
            black_box(tree.units().len());
            tree
        })
    });
    // The floor: tree-sitter's parse alone, with a reused parser.
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&Lang::Python.language())
        .expect("grammar loads");
    c.bench_function(&format!("{clock}/{label}_{n}_lines/parse_only"), |b| {
        b.iter(|| parser.parse(black_box(src), None).expect("parses"))
    });
    // Mapping alone on a parsed tree: the guided walk against the plain query cursor.
    let tree = parser.parse(src, None).expect("parses");
    for (name, cursor) in [("map_only", false), ("map_only_query_cursor", true)] {
        c.bench_function(&format!("{clock}/{label}_{n}_lines/{name}"), |b| {
            b.iter(|| map_tree(Lang::Python, &tree, black_box(src), cursor).expect("maps"))
        });
    }
    // The reference mapping (a query cursor over every node), to compare with the guided walk.
    c.bench_function(
        &format!("{clock}/{label}_{n}_lines/parse_and_map_query_cursor"),
        |b| b.iter(|| units_with_query_cursor(Lang::Python, black_box(src)).expect("parses")),
    );
    let mid = src.len() / 2;
    let at = mid + src[mid..].find(anchor).expect("anchor") + anchor.len();
    let old = &src[at..at + with.len()];
    let edited = format!("{}{with}{}", &src[..at], &src[at + with.len()..]);
    let edit = edit_for_replace(src, at, at + with.len(), with);
    let back = edit_for_replace(&edited, at, at + with.len(), old);
    let mut tree = UnitTree::new(Lang::Python, src).expect("parses");
    let mut flip = false;
    c.bench_function(
        &format!("{clock}/{label}_{n}_lines/reparse_after_one_line_edit"),
        |b| {
            b.iter(|| {
                // Alternate edit and undo so every iteration is a real one-line change.
                if flip {
                    tree.edit(&back, src);
                } else {
                    tree.edit(&edit, &edited);
                }
                flip = !flip;
                black_box(tree.units().len())
            })
        },
    );
}

fn bench<M: Measurement + 'static>(c: &mut Criterion<M>, clock: &str) {
    let files = sources();
    bench_file(c, clock, "synthetic_python", &python_20k(), "y * ", "3");
    bench_file(
        c,
        clock,
        "real_python",
        &real_python_20k(&files),
        "return ",
        "x",
    );

    let total_lines: usize = files.iter().map(|(_, t)| t.lines().count()).sum();
    c.bench_function(
        &format!(
            "{clock}/real_sources_{}_files_{total_lines}_lines",
            files.len()
        ),
        |b| {
            b.iter(|| {
                let mut count = 0;
                for (p, text) in &files {
                    if let Some(lang) = lang_for_path(&p.to_string_lossy()) {
                        count += units(lang, text).expect("parses").units.len();
                    }
                }
                black_box(count)
            })
        },
    );
}

/// `function f0() {` … 100,000 deep, then the closing braces: one unit per line, each inside the
/// last; the gold is the innermost function's two lines.
fn deep_js(n: usize) -> String {
    let mut s = String::with_capacity(n * 24);
    for i in 0..n {
        s += &format!("function f{i}() {{\n");
    }
    s += &"}\n".repeat(n);
    s
}

fn bench_deep(c: &mut Criterion) {
    let n = 100_000;
    let src = deep_js(n);
    let js = lang_for_path("deep.js").expect("JavaScript");
    let found = units(js, &src).expect("parses").units;
    assert_eq!(found.len(), n);
    let gold = readcov_core::LineSet::span(n as u32, n as u32 + 1);
    assert_eq!(
        gold_units(&found, &gold).len(),
        1,
        "the innermost unit only"
    );
    let spans: Vec<(u32, u32)> = found.iter().map(|u| (u.start, u.end)).collect();
    c.bench_function(
        &format!("deep_nesting/{n}_js_functions/parse_and_map"),
        |b| b.iter(|| units(js, black_box(&src)).expect("parses")),
    );
    c.bench_function(&format!("deep_nesting/{n}_js_functions/gold_units"), |b| {
        b.iter(|| gold_units(black_box(&found), &gold).len())
    });
    c.bench_function(
        &format!("deep_nesting/{n}_js_functions/own_lines_seen_through"),
        |b| b.iter(|| nest::own_lines_strict(black_box(&spans)).len()),
    );
}

criterion_group! {
    name = deep;
    config = Criterion::default().sample_size(10);
    targets = bench_deep
}
criterion_group! {
    name = wall;
    config = Criterion::default().sample_size(20);
    targets = bench_wall
}
criterion_group! {
    name = cpu;
    config = Criterion::default().sample_size(20).with_measurement(ProcessCpu);
    targets = bench_cpu
}
criterion_main!(wall, cpu, deep);
