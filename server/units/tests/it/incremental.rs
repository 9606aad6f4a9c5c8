//! Incremental re-parse must give exactly the units of a fresh parse, after any edit: chained
//! insertions, deletions and syntax-breaking keystrokes at every line of every fixture, at
//! spread-out lines of a large real Python file, and (property tests) after any sequence of
//! random edits — on a small file (one tree) and on large ones kept as chunks, with and without
//! blank lines between definitions.

use proptest::prelude::*;
use readcov_units::{
    edit_for_replace, lang_for_path, units, units_with_query_cursor, Lang, UnitTree,
};
use std::fmt::Write as _;
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

/// Text typed or pasted by the random edits: plain keystrokes, whole lines and definitions, and
/// pieces that break the syntax (an open bracket or string, a stray `else:`, a dangling
/// decorator) or change how lines nest.
const PIECES: [&str; 14] = [
    "z",
    "\n",
    "    pass\n",
    "def g(x):\n    return x\n",
    "class K:\n    def m(self):\n        pass\n",
    "(",
    ")",
    "\"\"\"",
    "else:\n",
    "@dec\n",
    "    ",
    "é😀",
    "",
    "\n\n",
];

/// One edit: where (a fraction of the text, snapped to a line start or not), how many bytes to
/// delete, and which piece to insert.
fn edit_strategy() -> impl Strategy<Value = (f64, bool, usize, usize)> {
    (0.0..1.0f64, any::<bool>(), 0..40usize, 0..PIECES.len())
}

/// Applies the edits one by one through `UnitTree::edit`; the units at the end must be those of
/// a whole-file parse by the plain query cursor (the reference, no chunks, no guided walk).
fn check_sequence(start: &str, edits: &[(f64, bool, usize, usize)]) {
    let mut tree = UnitTree::new(Lang::Python, start).expect("parses");
    let mut text = start.to_string();
    for &(frac, at_line, delete, piece) in edits {
        let mut at = ((text.len() as f64) * frac) as usize;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        if at_line {
            at = text[..at].rfind('\n').map_or(0, |i| i + 1);
        }
        let mut end = (at + delete).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let insert = PIECES[piece];
        let new = format!("{}{}{}", &text[..at], insert, &text[end..]);
        tree.edit(&edit_for_replace(&text, at, end, insert), &new);
        text = new;
    }
    assert_eq!(tree.source(), text);
    let fresh = units_with_query_cursor(Lang::Python, &text).expect("parses");
    assert_eq!(tree.units(), fresh.units.as_slice(), "edits {edits:?}");
    assert_eq!(tree.parse_errors(), fresh.parse_errors, "edits {edits:?}");
}

/// `functions` definitions of `lines` lines each, with or without a blank line between them
/// (the language server's bench file has none).
fn python_file(functions: usize, lines: usize, blank: bool) -> String {
    let mut s = String::new();
    for k in 0..functions {
        let _ = writeln!(s, "def f{k}(x):");
        for n in 1..lines {
            let _ = writeln!(s, "    y = x + {n}");
        }
        if blank {
            s.push('\n');
        }
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_edit_sequence_on_a_small_file(edits in prop::collection::vec(edit_strategy(), 1..8)) {
        check_sequence(&python_file(12, 6, true), &edits);
    }
}

/// Found by the property below: at the first line of a chunk (`def f40(x):`), 14 bytes deleted
/// (the `def` line and two spaces of the body's indent) and `    pass` typed. The whole file now
/// has f39 run on into f40's body; the chunk parsed alone took the indented line as its own
/// statement and kept f39 ending where it did.
#[test]
fn an_edit_that_leaves_a_chunk_starting_indented_is_parsed_whole() {
    check_sequence(
        &python_file(450, 10, false),
        &[(0.08829170273562914, true, 14, 2)],
    );
    check_sequence(
        &python_file(450, 10, false),
        &[(0.08829170273562914, true, 7, 2)],
    );
}

proptest! {
    // Large files: each case parses ~4,500 lines several times (a debug build's tree-sitter).
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn any_edit_sequence_on_a_chunked_file(
        blank in any::<bool>(),
        edits in prop::collection::vec(edit_strategy(), 1..6),
    ) {
        let text = python_file(450, 10, blank);
        prop_assert!(UnitTree::new(Lang::Python, &text).expect("parses").is_chunked());
        check_sequence(&text, &edits);
    }
}
