//! The guided walk (the default path of `units`) must give exactly what the plain query cursor
//! gives: on every real source file, on every fixture, on every fixture broken at each line (error
//! recovery puts nodes where the grammar does not), and on real Python read as every language.

use readcov_units::{lang_for_path, units, units_with_query_cursor, Lang};
use std::path::{Path, PathBuf};

fn same(lang: Lang, text: &str, label: &str) {
    let guided = units(lang, text).unwrap_or_else(|e| panic!("{label}: {e}"));
    let reference = units_with_query_cursor(lang, text).unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(guided, reference, "{label} ({})", lang.name());
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn real_sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real/sources");
    assert!(
        root.is_dir(),
        "{}: the real data must sit beside the repo (tests/data/real)",
        root.display()
    );
    let files: Vec<_> = files_under(&root)
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
        .collect();
    assert!(files.len() >= 40, "expected the 47 real source files");
    files
}

fn fixtures() -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/units");
    let files: Vec<_> = files_under(&dir)
        .into_iter()
        .map(|p| {
            let t = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, t)
        })
        .collect();
    assert_eq!(files.len(), 11, "one fixture per language");
    files
}

#[test]
fn real_sources_match_the_query_cursor() {
    let mut units_seen = 0;
    for (path, text) in real_sources() {
        let label = path.display().to_string();
        let lang = lang_for_path(&label).unwrap_or_else(|| panic!("{label}: no language"));
        same(lang, &text, &label);
        units_seen += units(lang, &text).expect("parses").units.len();
    }
    assert!(units_seen > 1000, "the real sources have many units");
}

#[test]
fn fixtures_match_the_query_cursor_whole_and_broken_at_every_line() {
    for (path, text) in fixtures() {
        let label = path.display().to_string();
        let lang = lang_for_path(&label).unwrap_or_else(|| panic!("{label}: no language"));
        same(lang, &text, &label);
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1));
        for at in starts.filter(|&i| i < text.len()) {
            // An unclosed bracket, and a line cut in half: both leave ERROR nodes.
            let opened = format!("{}(\n{}", &text[..at], &text[at..]);
            same(lang, &opened, &format!("{label} + '(' at byte {at}"));
            same(
                lang,
                &text[..at + (text.len() - at) / 2],
                &format!("{label} cut"),
            );
        }
    }
}

#[test]
fn real_python_read_as_every_language_matches_the_query_cursor() {
    // Python through a C or Ruby grammar is almost all error recovery: the walk must still
    // find whatever the cursor finds.
    for (path, text) in real_sources().iter().step_by(6) {
        for lang in Lang::ALL {
            same(lang, text, &path.display().to_string());
        }
    }
}

#[test]
fn every_fixture_read_as_every_language_matches_the_query_cursor() {
    for (path, text) in fixtures() {
        for lang in Lang::ALL {
            same(lang, &text, &path.display().to_string());
        }
    }
}
