//! Large Python files are parsed as top-level chunks (one tree each, in parallel; an edit
//! re-parses its chunk only). Chunked units must equal a whole-file parse by the plain query
//! cursor: on a synthetic file, on all real Python sources joined into one file, and after
//! edits anywhere — inside chunks, at the cuts, across them, and edits that break the syntax
//! (which fall back to a whole parse).

use readcov_units::{edit_for_replace, units, units_with_query_cursor, Lang, UnitTree};
use std::path::Path;

fn synthetic(lines: usize) -> String {
    let mut s = String::from(
        "\"\"\"Module doc.\n\nUsage: at column 0 inside a string.\n\"\"\"\nimport os\n\n",
    );
    let mut i = 0;
    while s.lines().count() < lines {
        s += &format!(
            "class C{i}:\n    \"\"\"Doc.\n\nnot a statement\n\"\"\"\n\n    @property\n    def value(self):\n        def inner(y):\n            return y * 2\n        return inner(self.x)\n\n\n@decorator\ndef helper_{i}(a, b):\n    if a:\n        return a + b\n\n    else:\n        return (\n\nb)\n\n\n"
        );
        i += 1;
    }
    s
}

/// Real Python sources, joined into one file of 6,000+ lines.
fn real_python() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real/sources");
    let mut stack = vec![root.clone()];
    let mut files = Vec::new();
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d)
            .unwrap_or_else(|e| panic!("{}: {e} — real data beside the repo?", d.display()))
        {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "py") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut s = String::new();
    // The first files past 6,000 lines: enough for several chunks, small enough for a debug build.
    for p in files {
        s += &std::fs::read_to_string(&p).expect("source");
        s += "\n\n";
        if s.lines().count() > 6_000 {
            return s;
        }
    }
    panic!("real Python sources too small");
}

fn whole(text: &str) -> (Vec<readcov_units::Unit>, usize) {
    let r = units_with_query_cursor(Lang::Python, text).expect("parses");
    (r.units, r.parse_errors)
}

#[test]
fn chunked_units_equal_a_whole_parse() {
    for (label, text) in [("synthetic", synthetic(6_000)), ("real", real_python())] {
        let tree = UnitTree::new(Lang::Python, &text).expect("parses");
        assert!(
            tree.is_chunked(),
            "{label}: a large clean file is kept as chunks"
        );
        let (want, errors) = whole(&text);
        assert_eq!(tree.units(), want.as_slice(), "{label}: UnitTree");
        assert_eq!(tree.parse_errors(), errors, "{label}");
        let r = units(Lang::Python, &text).expect("parses");
        assert_eq!(r.units, want, "{label}: units()");
        assert_eq!(r.parse_errors, errors, "{label}");
    }
}

#[test]
fn small_files_and_files_with_errors_are_parsed_whole() {
    let small = synthetic(1_000);
    assert!(!UnitTree::new(Lang::Python, &small).unwrap().is_chunked());
    let broken = format!("{}\ndef broken(:\n", synthetic(6_000));
    let tree = UnitTree::new(Lang::Python, &broken).unwrap();
    assert!(!tree.is_chunked(), "a syntax error anywhere: one tree");
    let (want, errors) = whole(&broken);
    assert_eq!(tree.units(), want.as_slice());
    assert!(errors > 0);
    assert_eq!(tree.parse_errors(), errors);
}

/// Line starts that follow a blank line and begin a statement: where cuts may fall.
fn cut_candidates(s: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut prev_blank = false;
    for line in s.split_inclusive('\n') {
        if prev_blank
            && line
                .as_bytes()
                .first()
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'@')
        {
            out.push(offset);
        }
        prev_blank = line.trim().is_empty();
        offset += line.len();
    }
    out
}

#[test]
fn edits_anywhere_match_a_whole_parse() {
    for (label, text) in [("synthetic", synthetic(6_000)), ("real", real_python())] {
        let mut tree = UnitTree::new(Lang::Python, &text).expect("parses");
        let cuts = cut_candidates(&text);
        // Every actual cut (inside a chunk, at its first byte, across it), and a few candidates.
        let mut spots = tree.chunk_starts();
        assert!(spots.len() > 3, "{label}: several chunks");
        spots.extend(cuts.iter().step_by(cuts.len() / 4 + 1));
        spots.sort_unstable();
        spots.dedup();
        // At each spot: insert a line, delete it, break the syntax at a cut (an open
        // triple-quoted string swallows what follows), undo, delete across the cut, re-insert.
        for &at in spots.iter().filter(|&&at| at > 0) {
            let cut_bytes = &text[at.saturating_sub(1)..at + 1];
            let steps: [(usize, usize, &str); 6] = [
                (at, at, "x = 1\n"),
                (at, at + 6, ""),
                (at, at, "\"\"\"\n"),
                (at, at + 4, ""),
                (at.saturating_sub(1), at + 1, ""),
                (at.saturating_sub(1), at.saturating_sub(1), cut_bytes),
            ];
            for (i, (start, end, insert)) in steps.into_iter().enumerate() {
                let old = tree.source().to_string();
                let (start, end) = (start.min(old.len()), end.min(old.len()));
                let new = format!("{}{}{}", &old[..start], insert, &old[end..]);
                tree.edit(&edit_for_replace(&old, start, end, insert), &new);
                let (want, errors) = whole(&new);
                assert_eq!(
                    tree.units(),
                    want.as_slice(),
                    "{label}: step {i} at byte {at}"
                );
                assert_eq!(
                    tree.parse_errors(),
                    errors,
                    "{label}: step {i} at byte {at}"
                );
            }
        }
        assert!(
            tree.is_chunked(),
            "{label}: back to chunks once the text is clean again"
        );
    }
}
