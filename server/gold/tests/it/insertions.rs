//! A pure insertion touches the one unit of its gap (docs/diagnose.md, *Change lines*): the
//! innermost unit spanning the base lines on both sides, else the `<module>` stretch beside it,
//! else its neighbours' units. Its change lines (what the editors draw) stay the lines around it.

use readcov_core::base::count_lines;
use readcov_core::stages::{BaseSyntax, FileUnits};
use readcov_core::LineSet;
use readcov_gold::diagnose::{change_of, Texts};
use std::sync::Arc;

/// Units: `A` 4-10 with `f` 5-7 and `g` 9-10, `h` 13-14, `k` 17-18; `<module>` 1-3, 11-12, 15-16.
const BASE: &str = "import os


class A:
    def f(self):
        x = 1
        return x

    def g(self):
        return 2


def h():
    return 3


def k():
    return 4
";

/// The patch inserting `added` after base line `after` (0: before the first), with one line of
/// context each side where there is one.
fn insertion(after: u32, added: &str) -> String {
    insertion_in("m.py", BASE, after, added)
}

/// [`insertion`] into `path` of text `base`.
fn insertion_in(path: &str, base: &str, after: u32, added: &str) -> String {
    let base: Vec<&str> = base.lines().collect();
    let (first, last) = (after.max(1), (after + 1).min(base.len() as u32));
    let context: Vec<&str> = (first..=last).map(|l| base[l as usize - 1]).collect();
    let added: Vec<String> = added.lines().map(|l| format!("+{l}")).collect();
    let mut body: Vec<String> = Vec::new();
    let before = (after >= 1) as usize;
    body.extend(context[..before].iter().map(|l| format!(" {l}")));
    body.extend(added.iter().cloned());
    body.extend(context[before..].iter().map(|l| format!(" {l}")));
    format!(
        "--- a/{path}\n+++ b/{path}\n@@ -{first},{} +{first},{} @@\n{}\n",
        context.len(),
        context.len() + added.len(),
        body.join("\n")
    )
}

/// The units a patch touches in `m.py`, as `name:start-end`, and its change lines.
fn touched(patch: &str) -> (Vec<String>, LineSet) {
    touched_in("m.py", BASE, patch)
}

/// [`touched`] in `path` of text `base`.
fn touched_in(path: &str, base: &str, patch: &str) -> (Vec<String>, LineSet) {
    let texts: Texts = [(path.to_string(), Arc::from(base))].into();
    let change = change_of(patch, "p", &texts);
    let syntax = readcov_units::units_of_paths([path], &texts).remove(path);
    let syntax = BaseSyntax {
        syntax: syntax.unwrap(),
        len: count_lines(base.as_bytes()),
    };
    let units = FileUnits::new(path, &syntax);
    let f = &change.files[path];
    let names = (units.changed(f).into_iter())
        .map(|i| &units.units[i])
        .map(|u| format!("{}:{}-{}", u.name, u.start, u.end))
        .collect();
    (names, f.lines.clone())
}

#[test]
fn an_insertion_touches_the_unit_of_its_gap() {
    let method = "\n    def new(self):\n        return 0\n";
    let function = "\n\ndef new():\n    return 0\n";
    // (after base line, inserted text, units touched; before session 32 in the comment)
    let cases: [(u32, &str, &[&str]); 8] = [
        // A method added between two methods: the class (was `A` and `g`; `f` and `A`).
        (8, "    def new(self):\n        return 0\n\n", &["A:4-10"]),
        (7, method, &["A:4-10"]),
        // A method added as the class's first: the class (was `A` and `f`).
        (4, "    def new(self):\n        return 0\n\n", &["A:4-10"]),
        // Inside a function body: that function (unchanged).
        (6, "        y = 2\n", &["f:5-7"]),
        // Between two top-level functions: the `<module>` stretch between them (was `h` and
        // the stretch; the stretch and `k`).
        (14, function, &["<module>:15-16"]),
        (16, "def new():\n    return 0\n\n\n", &["<module>:15-16"]),
        // The file's start: the `<module>` stretch there (unchanged).
        (0, "import sys\n", &["<module>:1-3"]),
        // The file's end, inside `k`: no unit spans the gap and no stretch is there: the
        // neighbour's unit (unchanged).
        (18, function, &["k:17-18"]),
    ];
    for (after, added, want) in cases {
        let (names, _) = touched(&insertion(after, added));
        assert_eq!(names, want, "insertion after line {after}");
    }
}

/// The change lines stay the base lines around the insertion: the editors draw them.
#[test]
fn an_insertions_change_lines_are_its_neighbours() {
    let (names, lines) = touched(&insertion(8, "    def new(self):\n        return 0\n\n"));
    assert_eq!(
        (names, lines),
        (vec!["A:4-10".to_string()], LineSet::span(8, 9))
    );
}

/// A block that deletes a line and inserts others is no pure insertion: its deleted line's unit.
#[test]
fn a_replacing_block_touches_its_deleted_lines_unit() {
    let patch = "--- a/m.py\n+++ b/m.py\n@@ -6,2 +6,3 @@\n-        x = 1\n+        x = 2\n+        y = 3\n         return x\n";
    assert_eq!(touched(patch).0, ["f:5-7"]);
}

/// Python: a block after a unit's last line whose first non-blank line is indented deeper than
/// the unit's first line is inside it (docs/diagnose.md, *Change lines*), the deepest such unit.
#[test]
fn an_insertion_indented_past_a_units_last_line_is_inside_it() {
    let method = "\n    def new(self):\n        return 0\n";
    // (after base line, inserted text, units touched; before in the comment)
    let cases: [(u32, &str, &[&str]); 5] = [
        // A statement appended to `f`'s body (was the class `A`, spanning 7 and 8).
        (7, "        y = 2\n", &["f:5-7"]),
        // ... to `g`'s, the class's last line (was the `<module>` stretch after the class).
        (10, "        y = 2\n", &["g:9-10"]),
        // A method appended after a top-level class's last method (was the stretch).
        (10, method, &["A:4-10"]),
        // Blank lines first: the first non-blank line decides.
        (10, "\n\n        y = 2\n", &["g:9-10"]),
        // A new top-level function after a function: not indented, the stretch (unchanged).
        (14, "\n\ndef new():\n    return 0\n", &["<module>:15-16"]),
    ];
    for (after, added, want) in cases {
        let (names, _) = touched(&insertion(after, added));
        assert_eq!(names, want, "insertion after line {after}: {added:?}");
    }
}

/// A method appended after a nested class's last method: the nested class, not the method that
/// ends there too, nor the class around (was `Outer`, spanning both lines). Tabs count to the
/// next multiple of 8, as Python's tokenizer does.
#[test]
fn an_insertion_after_a_nested_class_is_inside_the_deepest_shallower_unit() {
    let base = "class Outer:\n    class Inner:\n        def m(self):\n            return 1\n\n    def after(self):\n        return 2\n";
    let new = "\n        def new(self):\n            return 0\n";
    let (names, _) = touched_in("n.py", base, &insertion_in("n.py", base, 4, new));
    assert_eq!(names, ["Inner:2-4"]);
    let tabbed = "class T:\n\tdef m(self):\n\t\treturn 1\n";
    let (names, _) = touched_in(
        "t.pyi",
        tabbed,
        &insertion_in("t.pyi", tabbed, 3, "\t\tx = 2\n"),
    );
    assert_eq!(names, ["m:2-3"]);
    // 8 spaces after a tab-indented def line (column 8): not deeper, the class.
    let (names, _) = touched_in(
        "t.py",
        tabbed,
        &insertion_in("t.py", tabbed, 3, "        x = 2\n"),
    );
    assert_eq!(names, ["T:1-3"]);
}

/// A brace language is left alone: a unit's last line is its closing `}`, so an indented line
/// written after it is outside it (here: in the class around).
#[test]
fn a_brace_language_insertion_keeps_the_unit_of_its_gap() {
    let base = "class A {\n  f() {\n    return 1;\n  }\n\n  g() {\n    return 2;\n  }\n}\n";
    let (names, _) = touched_in("a.js", base, &insertion_in("a.js", base, 4, "      h();\n"));
    assert_eq!(names, ["A:1-9"]);
    let (names, _) = touched_in("a.js", base, &insertion_in("a.js", base, 2, "    h();\n"));
    assert_eq!(names, ["f:2-4"]);
}

/// Python, base line `k` blank (git often places an insertion after the blank line that follows a
/// body): the rule reads the last non-blank base line before it (docs/diagnose.md, *Change
/// lines*). Was the gap rule alone: the `<module>` stretch, or the class spanning the blank line.
#[test]
fn an_insertion_after_the_blank_lines_ending_a_body_is_inside_it() {
    let method = "    def new(self):\n        return 0\n\n";
    // (after base line, inserted text, units touched; before in the comment)
    let cases: [(u32, &str, &[&str]); 8] = [
        // A method after the blank line ending the top-level class `A` (was `<module>:11-12`).
        (11, method, &["A:4-10"]),
        // ... after both blank lines (was `<module>:11-12`).
        (12, method, &["A:4-10"]),
        // A statement after the blank line ending `f`'s body (was the class `A`, spanning 8-9).
        (8, "        y = 2\n", &["f:5-7"]),
        // ... after the blank lines ending `h`'s body, blank lines first (was `<module>:15-16`).
        (16, "\n    y = 2\n", &["h:13-14"]),
        // ... ending `g`'s, the class's last method: `g`, the deepest (was `<module>:11-12`).
        (11, "        y = 2\n", &["g:9-10"]),
        // Guards, unchanged: a method between two methods changes the class around them ...
        (8, "    def new(self):\n        return 0\n\n", &["A:4-10"]),
        // ... a column-0 function after a blank line the `<module>` stretch ...
        (11, "def new():\n    return 0\n\n\n", &["<module>:11-12"]),
        (15, "def new():\n    return 0\n\n\n", &["<module>:15-16"]),
    ];
    for (after, added, want) in cases {
        let (names, _) = touched(&insertion(after, added));
        assert_eq!(names, want, "insertion after line {after}: {added:?}");
    }
    // ... and a nested class's method after the blank line ending it: the nested class.
    let base = "class Outer:\n    class Inner:\n        def m(self):\n            return 1\n\n    def after(self):\n        return 2\n";
    let new = "        def new(self):\n            return 0\n\n";
    let (names, _) = touched_in("n.py", base, &insertion_in("n.py", base, 5, new));
    assert_eq!(names, ["Inner:2-4"]);
}
