//! One fixture per language (`tests/fixtures/units/`) with nested units, checked against the
//! expected units written by hand: `kind name start-end depth`, one per line, in (start, depth) order.

use readcov_units::{lang_for_path, units};
use std::path::Path;

fn fixture(name: &str) -> (String, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/units")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (path.display().to_string(), text)
}

fn render(file: &str) -> String {
    let (path, text) = fixture(file);
    let lang = lang_for_path(&path).unwrap_or_else(|| panic!("{path}: no language"));
    let r = units(lang, &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.parse_errors, 0, "{path}: fixture should parse cleanly");
    r.units
        .iter()
        .map(|u| crate::common::render(u) + "\n")
        .collect()
}

fn check(file: &str, expected: &str) {
    let want = crate::common::expected_lines(expected);
    assert_eq!(render(file), want, "{file}");
}

#[test]
fn python_class_methods_decorators_nested_function() {
    check(
        "python.py",
        "
        function top 5-8 0
        function inner 6-7 1
        class Shape 11-22 0
        method __init__ 14-15 1
        method label 17-19 1
        class Meta 21-22 1
        class Point 25-27 0
        ",
    );
}

#[test]
fn javascript_class_methods_nested_and_arrow_functions() {
    check(
        "javascript.js",
        "
        class Counter 2-10 0
        method constructor 3-5 1
        method increment 7-9 1
        function outer 12-17 0
        function nested 13-15 1
        function add 19-21 0
        function helper 23-25 0
        ",
    );
}

#[test]
fn typescript_interface_class_enum_namespace() {
    check(
        "typescript.ts",
        "
        interface Named 1-3 0
        class Greeter 5-11 0
        method constructor 6-6 1
        method greet 8-10 1
        function shout 13-15 0
        enum Color 17-20 0
        namespace Util 22-24 0
        function twice 23-23 1
        ",
    );
}

#[test]
fn tsx_components_and_nested_handler() {
    check(
        "tsx.tsx",
        "
        type Props 3-3 0
        function Header 5-7 0
        function App 9-18 0
        function onClick 10-12 1
        ",
    );
}

#[test]
fn go_method_with_receiver_struct_interface_closure() {
    check(
        "go.go",
        "
        struct Circle 5-7 0
        interface Shape 9-11 0
        method Area 13-15 0
        function Total 17-26 0
        function add 19-21 1
        ",
    );
}

#[test]
fn rust_impl_trait_impl_nested_fn_module() {
    check(
        "rust.rs",
        "
        struct Point 3-6 0
        impl Point 8-19 0
        method new 9-11 1
        method norm 13-18 1
        function square 14-16 2
        impl fmt::Display for Point 21-25 0
        method fmt 22-24 1
        module tests 27-30 0
        function works 29-29 1
        ",
    );
}

#[test]
fn java_class_constructor_annotated_method_nested_class() {
    check(
        "java.java",
        "
        class Account 3-20 0
        constructor Account 6-8 1
        method toString 10-13 1
        class Ledger 15-19 1
        method record 16-18 2
        interface Audited 22-24 0
        method audit 23-23 1
        ",
    );
}

#[test]
fn c_whole_function_bodies_structs_typedef() {
    check(
        "c.c",
        "
        struct point 3-6 0
        struct size 8-10 0
        function add 12-15 0
        function name_of 17-19 0
        function main 21-24 0
        ",
    );
}

#[test]
fn cpp_namespace_class_inline_methods_template() {
    check(
        "cpp.cpp",
        "
        namespace geo 3-18 0
        class Shape 5-11 1
        method Shape 7-7 2
        method ~Shape 8-8 2
        method sides 9-9 2
        function twice 13-16 1
        function geo_area 20-22 0
        ",
    );
}

#[test]
fn ruby_module_class_def_self_def() {
    check(
        "ruby.rb",
        "
        module Billing 1-15 0
        class Invoice 2-14 1
        method initialize 3-5 2
        method empty 7-9 2
        method to_s 11-13 2
        method helper 17-19 0
        ",
    );
}

#[test]
fn php_class_in_namespace() {
    check(
        "php.php",
        "
        namespace App\\Models 3-25 0
        class User 7-20 1
        method __construct 11-14 2
        method getName 16-19 2
        function helper 22-25 1
        ",
    );
}
