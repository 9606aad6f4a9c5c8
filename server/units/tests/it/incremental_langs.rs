//! Incremental re-parse in every language: random edit sequences on each language's fixture
//! (tests/fixtures/units) through `UnitTree::edit` must leave, after every edit, the units and
//! parse errors of a fresh `units()` parse. The edits are typed keystrokes, pasted definitions,
//! deleted ranges and the language's decorators / attributes / templates added and removed.

use proptest::prelude::*;
use readcov_units::{edit_for_replace, units, Lang, UnitTree};
use std::path::Path;

/// Pieces every language gets: keystrokes, line breaks, brackets and quotes that break the
/// syntax, indentation, multi-byte characters and the empty insertion (a pure deletion).
const COMMON: [&str; 12] = [
    "z", "\n", "\n\n", "(", ")", "{", "}", "\"", "    ", "é😀", "", ";",
];

/// The language's fixture and its own pieces: a pasted definition (and a nested one), the
/// decorators / attributes / templates / preprocessor lines it writes above a definition, and
/// what opens a comment or string that runs on.
fn lang_case(lang: Lang) -> (&'static str, &'static [&'static str]) {
    match lang {
        Lang::Python => (
            "python.py",
            &[
                "def g(x):\n    return x\n",
                "class K:\n    def m(self):\n        pass\n",
                "@dec\n",
                "@property\n",
                "    pass\n",
                "else:\n",
                "\"\"\"",
                "# c\n",
            ],
        ),
        Lang::JavaScript => (
            "javascript.js",
            &[
                "function g(x) {\n  return x;\n}\n",
                "class K {\n  m() {\n    return 1;\n  }\n}\n",
                "const f = (a) => {\n  return a;\n};\n",
                "@dec\n",
                "`",
                "/*",
                "// c\n",
            ],
        ),
        Lang::TypeScript => (
            "typescript.ts",
            &[
                "function g(x: number): number {\n  return x;\n}\n",
                "class K<T> {\n  m(): T {\n    return this.v;\n  }\n}\n",
                "interface I {\n  a: string;\n}\n",
                "@Component({})\n",
                "<T>",
                "`",
                "/*",
            ],
        ),
        Lang::Tsx => (
            "tsx.tsx",
            &[
                "export function G() {\n  return <div>{1}</div>;\n}\n",
                "const C = () => <span />;\n",
                "@dec\n",
                "<div>",
                "</div>",
                "<T,>",
                "/*",
            ],
        ),
        Lang::Go => (
            "go.go",
            &[
                "func g(x int) int {\n\treturn x\n}\n",
                "type T struct {\n\tA int\n}\n",
                "func (t *T) M() {\n\tf := func() {}\n\tf()\n}\n",
                "//go:noinline\n",
                "[T any]",
                "`",
                "/*",
            ],
        ),
        Lang::Rust => (
            "rust.rs",
            &[
                "fn g(x: i32) -> i32 {\n    x\n}\n",
                "impl K {\n    fn m(&self) {}\n}\n",
                "macro_rules! m {\n    () => {};\n}\n",
                "#[derive(Debug)]\n",
                "#[cfg(test)]\n",
                "<T: Clone>",
                "/*",
            ],
        ),
        Lang::Java => (
            "java.java",
            &[
                "void g(int x) {\n        return;\n    }\n",
                "class K {\n    int m() { return 1; }\n}\n",
                "enum E { A, B }\n",
                "@Override\n",
                "@SuppressWarnings(\"x\")\n",
                "<T>",
                "/*",
            ],
        ),
        Lang::C => (
            "c.c",
            &[
                "int g(int x) {\n    return x;\n}\n",
                "struct s {\n    int a;\n};\n",
                "typedef int t;\n",
                "#define M(x) (x)\n",
                "#ifdef X\n",
                "#endif\n",
                "__attribute__((unused))\n",
                "/*",
            ],
        ),
        Lang::Cpp => (
            "cpp.cpp",
            &[
                "int g(int x) {\n    return x;\n}\n",
                "class K {\npublic:\n    int m() { return 1; }\n};\n",
                "namespace n {\n",
                "}  // namespace n\n",
                "template <typename T>\n",
                "[[nodiscard]]\n",
                "#ifdef X\n",
                "/*",
            ],
        ),
        Lang::Ruby => (
            "ruby.rb",
            &[
                "def g(x)\n  x\nend\n",
                "class K\n  def m\n    1\n  end\nend\n",
                "module M\n",
                "end\n",
                "private\n",
                "do |x|\n",
                "<<~EOS\n",
                "=begin\n",
            ],
        ),
        Lang::Php => (
            "php.php",
            &[
                "function g($x)\n{\n    return $x;\n}\n",
                "class K\n{\n    public function m() { return 1; }\n}\n",
                "trait T {}\n",
                "#[Attr]\n",
                "/** @var int */\n",
                "?>",
                "<?php\n",
                "/*",
            ],
        ),
    }
}

/// One random edit. Positions are fractions of the current text (snapped to a line start or
/// not); pieces index the common pieces, then the language's own.
#[derive(Clone, Debug)]
enum Edit {
    /// Delete `delete` bytes at the position and paste the piece there, in one edit.
    Paste(f64, bool, usize, usize),
    /// Type the piece there one character per edit (an editor's keystrokes).
    Type(f64, bool, usize),
    /// Remove an occurrence of the piece (a decorator or template taken off again), the one
    /// nearest the position; nothing when the text has none.
    Remove(f64, usize),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    let piece = 0..32usize;
    prop_oneof![
        3 => (0.0..1.0f64, any::<bool>(), 0..40usize, piece.clone())
            .prop_map(|(f, l, d, p)| Edit::Paste(f, l, d, p)),
        2 => (0.0..1.0f64, any::<bool>(), piece.clone()).prop_map(|(f, l, p)| Edit::Type(f, l, p)),
        1 => (0.0..1.0f64, piece).prop_map(|(f, p)| Edit::Remove(f, p)),
    ]
}

fn piece(own: &[&'static str], i: usize) -> &'static str {
    let i = i % (COMMON.len() + own.len());
    COMMON
        .get(i)
        .copied()
        .unwrap_or_else(|| own[i - COMMON.len()])
}

/// The byte at fraction `frac` of `text`, on a character boundary, or at its line's start.
fn position(text: &str, frac: f64, at_line: bool) -> usize {
    let mut at = ((text.len() as f64) * frac) as usize;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    if at_line {
        at = text[..at].rfind('\n').map_or(0, |i| i + 1);
    }
    at
}

/// The fixture's text with edits applied one by one: every step through `UnitTree::edit`, and
/// after each the units and parse errors must be a fresh parse's.
struct Session {
    lang: Lang,
    tree: UnitTree,
    text: String,
    steps: usize,
}

impl Session {
    fn replace(&mut self, at: usize, end: usize, insert: &str, edits: &[Edit]) {
        let new = format!("{}{}{}", &self.text[..at], insert, &self.text[end..]);
        self.tree
            .edit(&edit_for_replace(&self.text, at, end, insert), &new);
        self.text = new;
        self.steps += 1;
        let fresh = units(self.lang, &self.text).expect("parses");
        let (lang, step) = (self.lang.name(), self.steps);
        assert_eq!(self.tree.source(), self.text);
        assert_eq!(
            self.tree.units(),
            fresh.units.as_slice(),
            "{lang}: step {step} of {edits:?}, text:\n{}",
            self.text
        );
        assert_eq!(
            self.tree.parse_errors(),
            fresh.parse_errors,
            "{lang}: parse errors, step {step} of {edits:?}"
        );
    }
}

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/units")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn check_sequence(lang: Lang, edits: &[Edit]) {
    let (name, own) = lang_case(lang);
    let text = fixture(name);
    let tree = UnitTree::new(lang, &text).expect("parses");
    let mut s = Session {
        lang,
        tree,
        text,
        steps: 0,
    };
    for edit in edits {
        match *edit {
            Edit::Paste(frac, at_line, delete, p) => {
                let at = position(&s.text, frac, at_line);
                let mut end = (at + delete).min(s.text.len());
                while !s.text.is_char_boundary(end) {
                    end -= 1;
                }
                s.replace(at, end, piece(own, p), edits);
            }
            Edit::Type(frac, at_line, p) => {
                let mut at = position(&s.text, frac, at_line);
                for c in piece(own, p).chars() {
                    s.replace(at, at, c.encode_utf8(&mut [0; 4]), edits);
                    at += c.len_utf8();
                }
            }
            Edit::Remove(frac, p) => {
                let p = piece(own, p);
                let near = position(&s.text, frac, false);
                let found = s
                    .text
                    .match_indices(p)
                    .map(|(i, _)| i)
                    .filter(|_| !p.is_empty())
                    .min_by_key(|&i| i.abs_diff(near));
                if let Some(at) = found {
                    s.replace(at, at + p.len(), "", edits);
                }
            }
        }
    }
}

/// One property per language, so a failure names it; 24 cases of up to 7 edits each (~3 s CPU in debug).
macro_rules! every_language {
    ($($test:ident: $lang:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
            $(
                #[test]
                fn $test(edits in prop::collection::vec(edit_strategy(), 1..8)) {
                    check_sequence($lang, &edits);
                }
            )*
        }
    };
}

every_language! {
    python: Lang::Python;
    javascript: Lang::JavaScript;
    typescript: Lang::TypeScript;
    tsx: Lang::Tsx;
    go: Lang::Go;
    rust: Lang::Rust;
    java: Lang::Java;
    c: Lang::C;
    cpp: Lang::Cpp;
    ruby: Lang::Ruby;
    php: Lang::Php;
}

/// Found by the C++ property (seed kept): `template <typename T>` taken off, then
/// `int g(int x) {…}` typed into `int geo_area(int w, int h)`. Once `)` closes `g(int x`, error
/// recovery makes two named function units over the same bytes; the units came out in hash
/// order, so the re-parse and a fresh parse nested them either way round.
#[test]
fn cpp_keystrokes_that_make_two_units_over_the_same_bytes() {
    check_sequence(
        Lang::Cpp,
        &[
            Edit::Remove(0.0, 16),
            Edit::Type(0.8724612764212536, false, 12),
            Edit::Paste(0.0038187731838999024, false, 19, 1),
        ],
    );
}

/// The same text parsed again and again nests those two units the same way (it was a coin toss
/// per parse), and the keystroke that made them agrees.
#[test]
fn two_units_over_the_same_bytes_nest_the_same_way_every_parse() {
    let text = fixture("cpp.cpp").replace("template <typename T>\n", "");
    let before = text.replace("geo_area(", "geo_areaint g(int x(");
    let after = text.replace("geo_area(", "geo_areaint g(int x)(");
    let first = units(Lang::Cpp, &after).expect("parses");
    let same: Vec<_> = first
        .units
        .windows(2)
        .filter(|w| (w[0].start, w[0].end) == (w[1].start, w[1].end))
        .collect();
    assert!(!same.is_empty(), "two units over the same lines");
    for _ in 0..16 {
        assert_eq!(units(Lang::Cpp, &after).expect("parses"), first);
    }
    let mut tree = UnitTree::new(Lang::Cpp, &before).expect("parses");
    let at = before.find("int x(").expect("typed") + "int x".len();
    tree.edit(&edit_for_replace(&before, at, at, ")"), &after);
    assert_eq!(tree.units(), first.units.as_slice());
}

/// Found by the JavaScript, TypeScript and TSX properties (seeds kept): one keystroke that breaks
/// a clean file (`"` typed after `const` in `const add = (a, b) => {…}`, or a `(`) — tree-sitter's
/// incremental re-parse recovered differently from a fresh parse and lost or kept units.
#[test]
fn a_keystroke_that_breaks_a_clean_file_is_parsed_afresh() {
    for lang in [Lang::JavaScript, Lang::TypeScript, Lang::Tsx] {
        check_sequence(lang, &[Edit::Type(0.7213065827212883, false, 3)]);
        check_sequence(lang, &[Edit::Type(0.7213065827212883, false, 7)]);
        check_sequence(lang, &[Edit::Type(0.9068565953745195, false, 11)]);
        check_sequence(
            lang,
            &[
                Edit::Paste(0.8921480443485323, false, 11, 19),
                Edit::Type(0.5063696493135004, false, 14),
            ],
        );
    }
}
