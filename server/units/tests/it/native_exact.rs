//! docs/units.md "Rust, exactly", "Go, exactly", "C, exactly" and "C++, exactly" on small sources:
//! each case is a disagreement the native-parser oracles (scripts/units_oracle_native.py, suite
//! 44-units-native-oracle.sh) found, written as `kind name start-end depth` lines.

use crate::common::{expected_lines, render};
use readcov_units::{units, Lang};

fn check(lang: Lang, source: &str, expected: &str) {
    let r = units(lang, source).unwrap_or_else(|e| panic!("{e}"));
    let got: String = r.units.iter().map(|u| render(u) + "\n").collect();
    assert_eq!(got, expected_lines(expected), "{source}");
}

/// A `trait` item is a unit and holds its methods. Until session 28 the query's `@trait` kind
/// capture was taken for the trait-impl name prefix, so no trait (Rust or PHP) was ever listed
/// and its methods came out one level too shallow.
#[test]
fn rust_and_php_traits_are_units() {
    check(
        Lang::Rust,
        "pub trait Tr {\n    fn req(&self);\n    fn def(&self) {}\n}\nimpl Tr for u8 {\n    fn req(&self) {}\n}\n",
        "
        trait Tr 1-4 0
        method req 2-2 1
        method def 3-3 1
        impl Tr for u8 5-7 0
        method req 6-6 1
        ",
    );
    check(
        Lang::Php,
        "<?php\ntrait Greets {\n    function hi() {}\n}\n",
        "
        trait Greets 2-4 0
        method hi 3-3 1
        ",
    );
}

/// `var a, b = func() {}, 1` binds the literal to `a` alone, as `a, b := func() {}, 1` does. The
/// var pattern's name was not anchored, so every name of the spec became a unit with the same
/// range, each nested in the one before (`b` at depth 1 under `a`).
#[test]
fn go_var_with_several_names_is_one_unit() {
    check(
        Lang::Go,
        "package p\n\nvar a, b = func() {}, 1\n\nfunc f() {\n\tvar g, h = func() {}, func() {}\n\t_, _ = g, h\n}\n",
        "
        function a 3-3 0
        function f 5-8 0
        function g 6-6 1
        ",
    );
}

/// A C function returning a function pointer: its name's declarator sits in a
/// parenthesized_declarator, which the query's `declarator:` hops could not cross, so the
/// definition was not a unit.
#[test]
fn c_function_returning_a_function_pointer() {
    check(
        Lang::C,
        "int (*getfn(void))(int) {\n    return 0;\n}\nint after(void) { return 1; }\n",
        "
        function getfn 1-3 0
        function after 4-4 0
        ",
    );
}

/// C++ conversion operators (`operator bool() const`, in a class and out of line) have no
/// function_declarator, so they were not units; and a typedef'd anonymous union or enum is named
/// by the typedef in C++ as in C (only the struct was).
#[test]
fn cpp_conversion_operators_and_typedef_union_enum() {
    check(
        Lang::Cpp,
        "struct S {\n    explicit operator bool() const { return true; }\n};\nS::operator int() const { return 1; }\ntypedef union { int i; } U;\ntypedef enum { A, B } E;\n",
        "
        struct S 1-3 0
        method operator bool() const 2-2 1
        function S::operator int() const 4-4 0
        union U 5-5 0
        enum E 6-6 0
        ",
    );
}

/// `typedef struct {…} Box, BoxRec, *BoxPtr;` is one unit named by its first declarator. The
/// pattern's declarator was not anchored, so each plain name made a unit of the same range,
/// nested in the one before (`BoxRec` at depth 1 under `Box`), in C and C++.
#[test]
fn c_and_cpp_typedef_with_several_names_is_one_unit() {
    for lang in [Lang::C, Lang::Cpp] {
        check(
            lang,
            "typedef struct {\n    int x;\n} Box, BoxRec, *BoxPtr;\ntypedef enum { A } Ea, Eb;\n",
            "
            struct Box 1-3 0
            enum Ea 4-4 0
            ",
        );
    }
}

/// C++'s anonymous `enum : unsigned { … }`: tree-sitter-cpp 0.23.4 reads it as an enum whose name
/// is MISSING, and that made a unit named "" (anonymous enums are no units); the parse error is
/// still counted.
#[test]
fn cpp_anonymous_enum_with_a_base_type_is_no_unit() {
    let src = "struct A {\n  enum : unsigned {\n    X = 1\n  };\n};\nenum : int { Y };\n";
    check(Lang::Cpp, src, "struct A 1-5 0");
    assert!(units(Lang::Cpp, src).unwrap().parse_errors > 0);
}
