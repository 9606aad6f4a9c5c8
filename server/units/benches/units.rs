//! Units benchmarks: a generated 20,000-line Python file parsed and mapped to units (budget
//! ≤ 20 ms), re-parse after a one-line edit (budget ≤ 2 ms), and every file of the real data's
//! `sources/`. Run: `cargo bench -p readcov-units --bench units`.

use criterion::{criterion_group, criterion_main, Criterion};
use readcov_units::{edit_for_replace, lang_for_path, units, Lang, UnitTree};
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
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/real/sources");
    assert!(
        root.is_dir(),
        "real data missing at {} (clone the repo beside shared/)",
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

fn bench(c: &mut Criterion) {
    let src = python_20k();
    let n = src.lines().count();
    c.bench_function(&format!("python_{n}_lines_parse_and_map"), |b| {
        b.iter(|| units(Lang::Python, black_box(&src)).expect("parses"))
    });

    // One-line edit in the middle: change a literal (`* 2` -> `* 3`) and re-parse.
    let at = src.len() / 2 + src[src.len() / 2..].find("* 2").expect("literal") + 2;
    let edited = format!("{}3{}", &src[..at], &src[at + 1..]);
    let edit = edit_for_replace(&src, at, at + 1, "3");
    let back = edit_for_replace(&edited, at, at + 1, "2");
    let mut tree = UnitTree::new(Lang::Python, &src).expect("parses");
    let mut flip = false;
    c.bench_function(
        &format!("python_{n}_lines_reparse_after_one_line_edit"),
        |b| {
            b.iter(|| {
                // Alternate edit and undo so every iteration is a real one-line change.
                if flip {
                    tree.edit(&back, &src);
                } else {
                    tree.edit(&edit, &edited);
                }
                flip = !flip;
                black_box(tree.units().len())
            })
        },
    );

    let files = sources();
    let total_lines: usize = files.iter().map(|(_, t)| t.lines().count()).sum();
    c.bench_function(
        &format!("real_sources_{}_files_{total_lines}_lines", files.len()),
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

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
