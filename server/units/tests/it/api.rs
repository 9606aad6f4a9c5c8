//! The API the language server relies on: innermost unit, nesting chain, parse errors, and
//! incremental edits giving the same units as a fresh parse.

use readcov_units::{chain, edit_for_replace, innermost, units, Lang, UnitTree};

const PY: &str =
    "class A:\n    def f(self):\n        def g():\n            pass\n        return g\n\nx = 1\n";

fn names(us: &[&readcov_units::Unit]) -> Vec<String> {
    us.iter().map(|u| u.name.clone()).collect()
}

#[test]
fn innermost_and_chain() {
    let r = units(Lang::Python, PY).expect("parses");
    let check = |line: u32, inner: Option<&str>, ch: &[&str]| {
        assert_eq!(
            innermost(&r.units, line).map(|u| u.name.as_str()),
            inner,
            "line {line}"
        );
        assert_eq!(names(&chain(&r.units, line)), ch, "line {line}");
    };
    check(1, Some("A"), &["A"]);
    check(2, Some("f"), &["A", "f"]);
    check(4, Some("g"), &["A", "f", "g"]);
    check(5, Some("f"), &["A", "f"]);
    check(6, None, &[]);
    check(7, None, &[]);
    check(0, None, &[]);
}

#[test]
fn units_sorted_by_start_then_depth() {
    let r = units(Lang::Python, PY).expect("parses");
    let keys: Vec<(u32, u32)> = r.units.iter().map(|u| (u.start, u.depth)).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert_eq!(keys, vec![(1, 0), (2, 1), (3, 2)]);
}

#[test]
fn broken_source_keeps_units_and_counts_errors() {
    let src = "def ok():\n    return 1\n\ndef broken(:\n    return (\n\nclass C:\n    def m(self):\n        pass\n";
    let r = units(Lang::Python, src).expect("parses");
    assert!(r.parse_errors > 0, "errors should be counted");
    let ok = r
        .units
        .iter()
        .find(|u| u.name == "ok")
        .expect("unit before the error survives");
    assert_eq!((ok.start, ok.end), (1, 2));
    assert!(
        r.units.iter().any(|u| u.name == "C"),
        "unit after the error survives: {:?}",
        r.units
    );
}

#[test]
fn clean_source_has_no_errors() {
    assert_eq!(units(Lang::Python, PY).expect("parses").parse_errors, 0);
    assert_eq!(
        units(Lang::Rust, "fn main() {}\n")
            .expect("parses")
            .parse_errors,
        0
    );
}

#[test]
fn empty_and_unit_free_sources() {
    for lang in Lang::ALL {
        let r = units(lang, "").expect("parses");
        assert!(r.units.is_empty(), "{}", lang.name());
    }
    assert!(units(Lang::Python, "x = 1\nprint(x)\n")
        .expect("parses")
        .units
        .is_empty());
}

#[test]
fn php_namespaces_without_braces_run_to_the_next_one() {
    let src = "<?php\nnamespace A;\nfunction f() {}\n\nnamespace B;\nclass C {}\n";
    let r = units(Lang::Php, src).expect("parses");
    let got: Vec<(String, u32, u32, u32)> = r
        .units
        .iter()
        .map(|u| (u.name.clone(), u.start, u.end, u.depth))
        .collect();
    assert_eq!(
        got,
        vec![
            ("A".into(), 2, 4, 0),
            ("f".into(), 3, 3, 1),
            ("B".into(), 5, 6, 0),
            ("C".into(), 6, 6, 1)
        ]
    );
}

/// Applies `old[start..end] := new` both incrementally and from scratch; units must agree.
fn check_edit(lang: Lang, old: &str, start: usize, end: usize, new: &str) -> UnitTree {
    let mut tree = UnitTree::new(lang, old).expect("parses");
    let text = format!("{}{}{}", &old[..start], new, &old[end..]);
    tree.edit(&edit_for_replace(old, start, end, new), &text);
    let fresh = units(lang, &text).expect("parses");
    assert_eq!(
        tree.units(),
        fresh.units.as_slice(),
        "edit {start}..{end} -> {new:?}"
    );
    assert_eq!(tree.parse_errors(), fresh.parse_errors);
    assert_eq!(tree.source(), text);
    tree
}

#[test]
fn incremental_edits_match_a_fresh_parse() {
    // Insert a line inside g: every unit enclosing it grows, later units shift.
    let at = PY.find("pass").expect("fixture");
    let t = check_edit(Lang::Python, PY, at, at, "y = 2\n            ");
    let f = t.units().iter().find(|u| u.name == "f").expect("f");
    assert_eq!((f.start, f.end), (2, 6));
    // Delete the nested function entirely.
    let (s, e) = (
        PY.find("        def g").expect("g"),
        PY.find("        return").expect("ret"),
    );
    let t = check_edit(Lang::Python, PY, s, e, "");
    assert!(t.units().iter().all(|u| u.name != "g"));
    // Rename a unit.
    let at = PY.find("def f").expect("f") + 4;
    let t = check_edit(Lang::Python, PY, at, at + 1, "renamed");
    assert!(t.units().iter().any(|u| u.name == "renamed"));
    // Break the syntax, then the edit count follows.
    let at = PY.find("(self)").expect("self");
    let t = check_edit(Lang::Python, PY, at, at + 1, "");
    assert!(t.parse_errors() > 0);
}

#[test]
fn edit_sequence_stays_in_sync() {
    let mut tree = UnitTree::new(Lang::Rust, "fn a() {}\n").expect("parses");
    let mut text = String::from("fn a() {}\n");
    for (i, add) in [
        "struct S;\n",
        "impl S {\n    fn m(&self) {}\n}\n",
        "mod k {\n    fn z() {}\n}\n",
    ]
    .iter()
    .enumerate()
    {
        let at = text.len();
        let edit = edit_for_replace(&text, at, at, add);
        text.push_str(add);
        tree.edit(&edit, &text);
        assert_eq!(
            tree.units(),
            units(Lang::Rust, &text).expect("parses").units.as_slice(),
            "step {i}"
        );
    }
    let got: Vec<&str> = tree.units().iter().map(|u| u.name.as_str()).collect();
    assert_eq!(got, ["a", "S", "S", "m", "k", "z"]);
    tree.replace("fn only() {}\n");
    assert_eq!(tree.units().len(), 1);
    assert_eq!(tree.lang(), Lang::Rust);
}

#[test]
fn edit_for_replace_points() {
    let e = edit_for_replace("ab\ncd\n", 4, 5, "X\nYZ");
    assert_eq!((e.start_byte, e.old_end_byte, e.new_end_byte), (4, 5, 8));
    assert_eq!((e.start_position.row, e.start_position.column), (1, 1));
    assert_eq!((e.old_end_position.row, e.old_end_position.column), (1, 2));
    assert_eq!((e.new_end_position.row, e.new_end_position.column), (2, 2));
    // Out-of-range and mid-character offsets are clamped, never a panic.
    let e = edit_for_replace("é", 1, 99, "");
    assert_eq!((e.start_byte, e.old_end_byte), (0, 2));
}

/// 20,000 JavaScript functions each inside the last (issue 35: unit coverage was quadratic on
/// such code; the bench `deep_nesting` measures the time): every unit found at its depth, and a
/// gold line in the middle belongs to the innermost function alone.
#[test]
fn deeply_nested_functions_each_at_their_depth_and_gold_in_the_innermost() {
    let n = 20_000u32;
    let mut src: String = (0..n).map(|i| format!("function f{i}() {{\n")).collect();
    src += &"}\n".repeat(n as usize);
    let found = units(Lang::JavaScript, &src).expect("parses").units;
    assert_eq!(found.len(), n as usize);
    for (i, u) in found.iter().enumerate() {
        let i = i as u32;
        assert_eq!((u.start, u.end, u.depth), (i + 1, 2 * n - i, i), "{u:?}");
    }
    let gold = readcov_core::LineSet::span(n, n + 1);
    let gold_units = readcov_units::gold_units(&found, &gold);
    assert_eq!(
        gold_units
            .iter()
            .map(|u| u.name.as_str())
            .collect::<Vec<_>>(),
        [format!("f{}", n - 1)]
    );
    // The outermost function's own lines are its first and last: gold there is its own.
    let edge = readcov_core::LineSet::span(1, 1);
    assert_eq!(readcov_units::gold_units(&found, &edge)[0].name, "f0");
}

/// A source past `MAX_PARSE_BYTES` is refused before tree-sitter sees it: a dense file costs
/// tree-sitter about 160 bytes of memory per byte (5 MB of `x = 1` lines: 791 MB, 10 s), so the
/// 64 MiB a workspace file may be read at took ~10 GB. At the limit it still parses.
#[test]
fn a_source_past_the_parse_limit_is_refused_unparsed() {
    let limit = readcov_units::MAX_PARSE_BYTES;
    let line = "def f():\n    pass\n";
    let mut src = line.repeat(limit / line.len() + 1);
    src.truncate(limit + 1);
    for lang in [Lang::Python, Lang::JavaScript, Lang::C] {
        let e = units(lang, &src).expect_err("past the limit");
        let said = e.to_string();
        assert!(
            said.contains(&format!("{} bytes", limit + 1)) && said.contains("not parsed"),
            "{said}"
        );
        assert!(UnitTree::new(lang, &src).is_err(), "{lang:?}: a tree too");
    }
    // A kept tree edited past the limit holds no units, and parses again once back under it.
    let small = line.repeat(2);
    let mut tree = UnitTree::new(Lang::Python, &small).unwrap();
    assert_eq!(tree.units().len(), 2);
    tree.edit(
        &edit_for_replace(&small, small.len(), small.len(), &src[small.len()..]),
        &src,
    );
    assert!(tree.units().is_empty(), "edited past the limit");
    tree.replace(&small);
    assert_eq!(tree.units().len(), 2, "back under the limit");
    src.truncate(2 * line.len());
    assert_eq!(units(Lang::Python, &src).unwrap().units.len(), 2);
}
