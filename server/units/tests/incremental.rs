//! Incremental re-parse must give exactly the units of a fresh parse, after any edit: chained
//! insertions, deletions and syntax-breaking keystrokes at every line of every fixture, and at
//! spread-out lines of a large real Python file.

use readcov_units::{edit_for_replace, lang_for_path, units, Lang, UnitTree};
use std::path::Path;

/// Byte offset of the start of every line.
fn line_starts(s: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(s.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < s.len())
        .collect()
}

/// Applies a chain of edits at `at`, comparing with a fresh parse after each one.
fn edit_chain(tree: &mut UnitTree, lang: Lang, at: usize, label: &str) {
    let steps: [(&str, usize); 4] = [
        ("    zz = 1\n", 0), // insert a line
        ("", 11),            // delete it again
        ("(", 0),            // a keystroke that breaks the syntax
        ("", 1),             // and its undo
    ];
    for (i, (insert, delete)) in steps.iter().enumerate() {
        let old = tree.source().to_string();
        let end = (at + delete).min(old.len());
        let new = format!("{}{}{}", &old[..at], insert, &old[end..]);
        tree.edit(&edit_for_replace(&old, at, end, insert), &new);
        let fresh = units(lang, &new).expect("parses");
        assert_eq!(
            tree.units(),
            fresh.units.as_slice(),
            "{label}: step {i} at byte {at}"
        );
        assert_eq!(tree.parse_errors(), fresh.parse_errors, "{label}: step {i}");
    }
}

#[test]
fn every_line_of_every_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/units");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures dir") {
        let path = entry.expect("entry").path();
        let name = path.display().to_string();
        let Some(lang) = lang_for_path(&name) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("fixture");
        let mut tree = UnitTree::new(lang, &text).expect("parses");
        for at in line_starts(&text) {
            edit_chain(&mut tree, lang, at, &name);
        }
        assert_eq!(tree.source(), text, "{name}: the chain restores the text");
        files += 1;
    }
    assert_eq!(files, 11, "one fixture per language");
}

#[test]
fn spread_lines_of_a_real_python_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/real/sources/astropy__astropy-14365/astropy/io/ascii/qdp.py");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} — the real data must sit beside the repo (tests/data/real)",
            path.display()
        )
    });
    let mut tree = UnitTree::new(Lang::Python, &text).expect("parses");
    let starts = line_starts(&text);
    for at in starts.iter().step_by(starts.len() / 40 + 1) {
        edit_chain(&mut tree, Lang::Python, *at, "qdp.py");
    }
}
