use super::gaps;
use crate::{edit_for_replace, units, Lang, Unit, UnitTree};

fn unit(kind: &str, name: &str, start: u32, end: u32, depth: u32) -> Unit {
    Unit {
        kind: kind.into(),
        name: name.into(),
        start,
        end,
        depth,
    }
}

/// `x = (a +` continued by `b)` at the `def`'s column: valid Python (CPython joins the lines).
const OPERATOR: &str = "class A:\n    def f(self):\n        x = (a +\n    b)\n        return x\n\n    def g(self):\n        pass\n";

#[test]
fn a_continuation_dedented_below_its_block_keeps_the_units_cpython_sees() {
    // Before: 4 parse errors, `A` ended at line 3 and `g` was lost.
    let r = units(Lang::Python, OPERATOR).unwrap();
    assert_eq!(r.parse_errors, 0);
    assert_eq!(
        r.units,
        vec![
            unit("class", "A", 1, 8, 0),
            unit("method", "f", 2, 5, 1),
            unit("method", "g", 7, 8, 1),
        ]
    );
}

#[test]
fn attribute_continuations_at_column_0_as_in_cpythons_test_compile() {
    let src = "class T:\n    def t(self):\n        def f():\n            (bar.\n        baz)\n            (bar.\nbaz(\n))\n        return f\n\n    def u(self):\n        pass\n";
    let r = units(Lang::Python, src).unwrap();
    assert_eq!(r.parse_errors, 0);
    assert_eq!(
        r.units,
        vec![
            unit("class", "T", 1, 12, 0),
            unit("method", "t", 2, 9, 1),
            unit("function", "f", 3, 8, 2),
            unit("method", "u", 11, 12, 1),
        ]
    );
}

#[test]
fn another_syntax_error_keeps_the_plain_parse() {
    // Hiding the breaks does not make this file clean (`def broken(:`), so nothing changes.
    let src = format!("{OPERATOR}\n\ndef broken(:\n    pass\n");
    let mut parser = crate::parser_for(Lang::Python).unwrap();
    let plain = parser.parse(&src, None).unwrap();
    let (tree, ranged) = super::reparse_if_better(Lang::Python, &mut parser, &src, plain.clone());
    assert!(!ranged);
    assert_eq!(tree.root_node().to_sexp(), plain.root_node().to_sexp());
}

#[test]
fn gaps_run_from_the_last_token_to_the_dedented_line() {
    // The trailing comment and the blank line are hidden with the break.
    let src = "def f():\n    x = (a +  # why\n\n  b)\n";
    let lo = src.find('+').unwrap() + 1;
    let hi = src.find("b)").unwrap();
    assert_eq!(gaps(src), vec![(lo, hi)]);
    // Indented at least as deep as the statement: no gap.
    assert!(gaps("def f():\n    x = (a +\n    b)\n").is_empty());
    // Brackets in strings and comments do not open anything.
    assert!(gaps("def f():\n    s = '(' # [\nx = 1\n").is_empty());
    assert!(gaps("def f():\n    s = \"\"\"(\n\"\"\"\nx = 1\n").is_empty());
    // A backslash continuation does not start a logical line: its bracket's lines compare
    // with the statement's first line.
    let src = "def f():\n    x = 1 + \\\n  (a +\n  b)\n";
    assert_eq!(gaps(src).len(), 1);
}

#[test]
fn the_tree_follows_edits_as_a_fresh_parse_does() {
    let mut t = UnitTree::new(Lang::Python, OPERATOR).unwrap();
    assert_eq!(t.units(), units(Lang::Python, OPERATOR).unwrap().units);
    // Edits elsewhere, then one that indents the continuation (no gap needed any more), then one
    // that breaks the file for real: after each, the units and errors of a fresh parse.
    let steps = [
        ("pass", "return 1"),
        ("    b)", "        b)"),
        ("return x", "return ("),
    ];
    let mut text = OPERATOR.to_string();
    for (from, to) in steps {
        let at = text.find(from).unwrap();
        let edit = edit_for_replace(&text, at, at + from.len(), to);
        text.replace_range(at..at + from.len(), to);
        t.edit(&edit, &text);
        let fresh = units(Lang::Python, &text).unwrap();
        assert_eq!(
            (t.units(), t.parse_errors()),
            (&fresh.units[..], fresh.parse_errors),
            "{text}"
        );
    }
}

#[test]
fn included_ranges_carry_the_points_of_the_file() {
    let src = "a = (1 +\n2)\nb = [x.\ny]\n";
    let gaps = vec![(8, 9), (19, 20)];
    let got: Vec<_> = super::included(src, &gaps)
        .iter()
        .map(|r| (r.start_byte, r.end_byte, r.start_point, r.end_point))
        .collect();
    use tree_sitter::Point;
    assert_eq!(
        got,
        vec![
            (0, 8, Point::new(0, 0), Point::new(0, 8)),
            (9, 19, Point::new(1, 0), Point::new(2, 7)),
            (20, src.len(), Point::new(3, 0), Point::new(4, 0)),
        ]
    );
}

#[test]
fn a_long_list_continued_at_column_0_stays_linear() {
    // 20,000 dedented lines and another syntax error: the re-parse is tried, and is quick.
    let mut src = String::from("def f():\n    return [\n");
    for i in 0..20_000 {
        src.push_str(&format!("{i},\n"));
    }
    src.push_str("]\ndef broken(:\n");
    assert_eq!(gaps(&src).len(), 20_001);
    let t = std::time::Instant::now();
    let r = units(Lang::Python, &src).unwrap();
    assert!(r.parse_errors > 0);
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
}
