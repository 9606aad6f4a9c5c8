//! Widening rules on hand-made sources: nested functions, decorators and doc comments,
//! class-level lines, big classes, module-level lines.

use readcov_core::LineSet;
use readcov_gold::{expand_file, ExpandOptions};
use readcov_units::Lang;

pub const PY: &str = "\
import os
\n\
X = 1

# helper doc
@decorator
def outer(a):
    def inner(b):
        return b
    return inner(a)

class Small:
    \"\"\"Doc.\"\"\"
    y = 2

    def m(self):
        return 1
";

/// Widens `edit` and returns (edit, unit, window) as `a-b` lists.
fn check(lang: Lang, src: &str, edit: &[(u32, u32)], opts: ExpandOptions, want: [&str; 3]) {
    let mut set = LineSet::new();
    for &(s, e) in edit {
        set.insert(s, e);
    }
    let g = expand_file(lang, src, &set, &opts).unwrap();
    let got = [g.edit, g.unit, g.window].map(|s| s.to_string());
    assert_eq!(got, want.map(String::from), "edit {edit:?}");
}

const OPTS: ExpandOptions = ExpandOptions {
    max_unit: 200,
    window: 2,
};

#[test]
fn the_source_is_laid_out_as_the_tests_assume() {
    let lines: Vec<&str> = PY.lines().collect();
    assert_eq!(lines[6], "def outer(a):");
    assert_eq!(lines[11], "class Small:");
    assert_eq!(lines.len(), 17);
}

#[test]
fn nested_function_line_takes_the_innermost_function() {
    check(Lang::Python, PY, &[(9, 9)], OPTS, ["9", "8", ""]);
}

#[test]
fn outer_function_line_takes_decorator_and_comment() {
    // Line 10 is in `outer` only: outer runs 7-10, its decorator is line 6, its comment line 5.
    check(Lang::Python, PY, &[(10, 10)], OPTS, ["10", "5-9", ""]);
    // A changed decorator line belongs to the decorated function too.
    check(Lang::Python, PY, &[(6, 6)], OPTS, ["6", "5,7-10", ""]);
}

#[test]
fn class_level_line_takes_a_small_class_and_a_window_in_a_big_one() {
    check(
        Lang::Python,
        PY,
        &[(14, 14)],
        OPTS,
        ["14", "12-13,15-17", ""],
    );
    let small_max = ExpandOptions {
        max_unit: 5,
        window: 2,
    };
    check(
        Lang::Python,
        PY,
        &[(14, 14)],
        small_max,
        ["14", "", "12-13,15-16"],
    );
    // A method line inside the big class is still its method.
    check(Lang::Python, PY, &[(17, 17)], small_max, ["17", "16", ""]);
}

#[test]
fn module_level_line_takes_a_window_clipped_to_the_file() {
    check(Lang::Python, PY, &[(3, 3)], OPTS, ["3", "", "1-2,4-5"]);
    check(Lang::Python, PY, &[(1, 1)], OPTS, ["1", "", "2-3"]);
}

#[test]
fn unit_lines_win_over_window_lines() {
    // Line 4 (blank, module level) widens to 2-6; line 9 to `inner` 8-9. Line 5 is window.
    check(
        Lang::Python,
        PY,
        &[(4, 4), (9, 9)],
        OPTS,
        ["4,9", "8", "2-3,5-6"],
    );
}

#[test]
fn java_javadoc_and_annotation_are_part_of_the_method() {
    let src = "class A {\n    int f;\n    /**\n     * Doc.\n     */\n    @Override\n    public String toString() {\n        return \"a\";\n    }\n}\n";
    check(Lang::Java, src, &[(8, 8)], OPTS, ["8", "3-7,9", ""]);
    // A field line: class-level, the class (10 lines) is small.
    check(Lang::Java, src, &[(2, 2)], OPTS, ["2", "1,3-10", ""]);
}

#[test]
fn rust_doc_comment_and_attribute_are_part_of_the_function() {
    let src = "use x;\n\n/// Doc.\n#[inline]\nfn f() {\n    g();\n}\n";
    check(Lang::Rust, src, &[(6, 6)], OPTS, ["6", "3-5,7", ""]);
}

#[test]
fn a_previous_methods_trailing_comment_is_not_the_next_methods() {
    // Line 4 is `f`'s trailing comment (8 columns deep); `g` (5-6) sits at 4 columns and keeps
    // only its own comment block (lines 5-6 in the second source), as inspect.getcomments does.
    let src = "class A:\n    def f(self):\n        return 1\n        # trailing, f's\n    def g(self):\n        return 2\n";
    check(Lang::Python, src, &[(6, 6)], OPTS, ["6", "5", ""]);
    let src = "class A:\n    def f(self):\n        return 1\n        # trailing, f's\n    # about g\n    def g(self):\n        return 2\n";
    check(Lang::Python, src, &[(7, 7)], OPTS, ["7", "5-6", ""]);
}
