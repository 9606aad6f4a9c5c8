//! JavaScript, TypeScript, Ruby and PHP units where session 28's oracle
//! (`scripts/units_oracle_script.py`, against each language's own parser) found readcov wrong:
//! docs/units.md "<Lang>, exactly".

use crate::common::{listed, render};
use readcov_units::{edit_for_replace, units, Lang, UnitTree};

const DECORATED_TS: &str = "\
/** JSDoc stays out. */
@Component({
  selector: 'app',
})
export class App {
  @Input() name: string;
  @HostListener('click')
  // a comment between
  @Other()
  onClick() {
    return 1;
  }
  @Output() changed = () => 1;
}
";

#[test]
fn typescript_units_start_at_their_first_decorator() {
    // tree-sitter-typescript puts `@Component` in the export statement and a member's
    // decorators in the class body, beside the definition: before, both units started below them.
    assert_eq!(
        listed(Lang::TypeScript, DECORATED_TS),
        [
            "class App 2-14 0",
            "method onClick 7-12 1",
            "method changed 13-13 1"
        ]
    );
}

#[test]
fn javascript_class_starts_at_the_decorator_before_export() {
    let src = "@dec\nexport class Foo {\n  @m\n  run() {}\n}\n@dec export default class Bar {}\n";
    assert_eq!(
        listed(Lang::JavaScript, src),
        ["class Foo 1-5 0", "method run 3-4 1", "class Bar 6-6 0"]
    );
}

#[test]
fn each_declarator_of_a_multi_declarator_declaration_is_its_own_unit() {
    // Before, both took the whole declaration's lines, and `b` was nested in `a`.
    let src = "var a = function () {\n  return 1;\n},\n  b = 2,\n  c = () => {\n    return 3;\n  };\nconst d = () => 1;\n";
    for lang in [Lang::JavaScript, Lang::TypeScript] {
        assert_eq!(
            listed(lang, src),
            ["function a 1-3 0", "function c 5-7 0", "function d 8-8 0"]
        );
    }
}

#[test]
fn a_named_function_expression_is_one_unit_under_its_own_name() {
    // Before, each of these was two units with the same lines, one nested in the other.
    let src = "module.exports = function exported() {};\nconst f = function g() {};\nconst o = {\n  k: function named() {},\n};\nclass C {\n  h = function inner() {};\n}\n";
    for lang in [Lang::JavaScript, Lang::TypeScript] {
        assert_eq!(
            listed(lang, src),
            [
                "function exported 1-1 0",
                "function g 2-2 0",
                "function named 4-4 0",
                "class C 6-8 0",
                "function inner 7-7 1"
            ]
        );
    }
}

#[test]
fn typescript_takes_member_assignments_and_generators_like_javascript() {
    // `this.p.load = async () => …` (editors/vscode/src/nativeCoverage.ts) was no unit in
    // TypeScript, and `a.b = function* () {}` in neither language.
    let src = "this.profile.load = async (run) => [];\nexports.gen = function* () {};\nconst named = function* inner() {};\n";
    for lang in [Lang::JavaScript, Lang::TypeScript] {
        assert_eq!(
            listed(lang, src),
            [
                "function load 1-1 0",
                "function gen 2-2 0",
                "function inner 3-3 0"
            ]
        );
    }
}

#[test]
fn editing_a_member_decorator_keeps_the_units_of_a_fresh_parse() {
    // The decorator lies outside the method's node: an edit inside it alone must still re-query
    // the method (the guided walk tracks the decorators it passes).
    let mut tree = UnitTree::new(Lang::TypeScript, DECORATED_TS).expect("parses");
    let mut text = DECORATED_TS.to_string();
    let edits = [
        ("'click'", "'click',\n    ['$event']"),
        ("@Other()", "@Other(1)\n  @More()"),
        ("@HostListener", "@Listen"),
        ("@Listen('click',\n    ['$event'])\n", ""),
        ("  // a comment between\n  @Other(1)\n  @More()\n", ""),
        ("  onClick", "  @Back()\n  onClick"),
        ("@Back()", "@Back(\n  )"),
    ];
    for (needle, new) in edits {
        let at = text.find(needle).expect("needle");
        let edit = edit_for_replace(&text, at, at + needle.len(), new);
        text.replace_range(at..at + needle.len(), new);
        tree.edit(&edit, &text);
        let fresh = units(Lang::TypeScript, &text).expect("parses").units;
        assert_eq!(
            tree.units(),
            fresh.as_slice(),
            "after {needle:?} -> {new:?}"
        );
    }
    assert_eq!(
        tree.units().iter().map(render).collect::<Vec<_>>(),
        [
            "class App 2-13 0",
            "method onClick 7-11 1",
            "method changed 12-12 1"
        ]
    );
}
