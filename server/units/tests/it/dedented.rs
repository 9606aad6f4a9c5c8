//! Python lines continued inside brackets at less indentation than their block (valid: CPython
//! joins them; tree-sitter-python 0.25.0 alone took the short line as a dedent). Through the
//! public API: `units` and `UnitTree` list the units CPython sees.

use readcov_units::{units, Lang, UnitTree};

const SRC: &str = "class A:\n    def f(self):\n        x = (a +\n    b)\n        return x\n\n    def g(self):\n        pass\n";

fn rows(us: &[readcov_units::Unit]) -> Vec<(String, String, u32, u32, u32)> {
    us.iter()
        .map(|u| (u.kind.clone(), u.name.clone(), u.start, u.end, u.depth))
        .collect()
}

#[test]
fn units_of_a_dedented_continuation_are_cpythons() {
    let want = vec![
        ("class".to_string(), "A".to_string(), 1, 8, 0),
        ("method".to_string(), "f".to_string(), 2, 5, 1),
        ("method".to_string(), "g".to_string(), 7, 8, 1),
    ];
    let r = units(Lang::Python, SRC).unwrap();
    assert_eq!((rows(&r.units), r.parse_errors), (want.clone(), 0));
    let t = UnitTree::new(Lang::Python, SRC).unwrap();
    assert_eq!((rows(t.units()), t.parse_errors()), (want, 0));
}
