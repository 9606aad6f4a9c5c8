//! C and C++ function names behind any declarator nesting the grammar allows in practice:
//! pointer return types of any depth, references, and methods returning pointers.

use crate::common::listed;
use readcov_units::Lang;

const C_POINTERS: &str = "\
int *one(void) { return 0; }
char **two(void) { return 0; }
char ***three(void) {
    return 0;
}
const char ****four(int x) { return 0; }
static int *****five(void) { return 0; }
";

#[test]
fn c_names_behind_any_number_of_stars() {
    assert_eq!(
        listed(Lang::C, C_POINTERS),
        [
            "function one 1-1 0",
            "function two 2-2 0",
            "function three 3-5 0",
            "function four 6-6 0",
            "function five 7-7 0",
        ]
    );
}

#[test]
fn cpp_names_behind_stars_and_references() {
    let src = "\
int *one() { return 0; }
char ***three() { return 0; }
int &ref() { static int x; return x; }
int **&mixed() { static int **p; return p; }
class K {
    int **m() { return 0; }
    const char ***n() const { return 0; }
};
";
    assert_eq!(
        listed(Lang::Cpp, src),
        [
            "function one 1-1 0",
            "function three 2-2 0",
            "function ref 3-3 0",
            "function mixed 4-4 0",
            "class K 5-8 0",
            "method m 6-6 1",
            "method n 7-7 1",
        ]
    );
}

#[test]
fn function_typed_parameters_are_not_units() {
    // A parameter's declarator is not on the definition's declarator spine: only `f` is a unit.
    let c = "int *f(int g(int), int (*cb)(void), char **h) { return 0; }\n";
    assert_eq!(listed(Lang::C, c), ["function f 1-1 0"]);
    let cpp = "int &f(int g(int), int (*cb)(void), char *&h) { static int x; return x; }\n";
    assert_eq!(listed(Lang::Cpp, cpp), ["function f 1-1 0"]);
}
