//! Bash's pathname expansion, each answer checked with `bash -c 'echo PATTERN'` (GNU bash 5.2,
//! LC_ALL=C) on the same tree.

use super::*;
use std::collections::BTreeMap;

#[test]
fn components_match_as_bash_does() {
    assert!(matches("*.py", "a.py"));
    assert!(
        !matches("*.py", ".h.py"),
        "a leading dot is matched only by a dot"
    );
    assert!(matches(".*", ".h.py"));
    assert!(matches("?.py", "a.py"));
    assert!(!matches("?.py", "ab.py"));
    assert!(matches("[ab].py", "b.py"));
    assert!(matches("[!ab].py", "c.py"));
    assert!(matches("[^ab].py", "c.py"));
    assert!(!matches("[!ab].py", "a.py"));
    assert!(matches("[a-c]x", "bx"));
    assert!(matches("[]a]x", "]x"), "a `]` first is a member");
    assert!(matches("[[:upper:]]*", "Z.py"));
    assert!(!matches("[[:upper:]]*", "z.py"));
    assert!(matches("a[b", "a[b"), "an unclosed `[` is a literal");
    assert!(matches("*", "*"));
    assert!(matches("t*_*.py", "test_x_y.py"));
    assert!(!matches("t*_*.py", "test.py"));
    assert!(matches("**", "x.py"), "`**` is `*` without globstar");
}

/// A tree of files in memory (folders are the prefixes of their paths).
struct Mem(BTreeMap<String, String>);

impl Tree for Mem {
    fn names(&mut self, dir: &str) -> Option<Vec<String>> {
        crate::FileProvider::list_dir(&self.0, dir).or(Some(Vec::new()))
    }
    fn is_dir(&mut self, path: &str) -> bool {
        crate::FileProvider::is_dir(&self.0, path) == Some(true)
    }
    fn exists(&mut self, path: &str) -> bool {
        self.0.contains_key(path) || self.is_dir(path)
    }
}

#[test]
fn expansion_is_sorted_as_bytes_and_keeps_only_what_is_there() {
    let files = [
        "pkg/b.py",
        "pkg/B.py",
        "pkg/_c.py",
        "pkg/a.py",
        "pkg/Z.py",
        "pkg/.h.py",
        "pkg/sub/x.py",
        "pkg/sub/y.txt",
        "pkg/two/x.py",
        "pkg/w.txt",
        "top.py",
    ];
    let mut t = Mem(files
        .iter()
        .map(|f| (f.to_string(), String::new()))
        .collect());
    let e = |t: &mut Mem, p: &str| expand(p, t).unwrap();
    // bash -c 'echo pkg/*.py' in C: B Z _c a b (upper case, `_`, lower case), no .h.py
    assert_eq!(
        e(&mut t, "pkg/*.py"),
        ["pkg/B.py", "pkg/Z.py", "pkg/_c.py", "pkg/a.py", "pkg/b.py"]
    );
    assert_eq!(e(&mut t, "pkg/*/x.py"), ["pkg/sub/x.py", "pkg/two/x.py"]);
    assert_eq!(e(&mut t, "pkg/**/x.py"), ["pkg/sub/x.py", "pkg/two/x.py"]);
    assert_eq!(e(&mut t, "*.py"), ["top.py"]);
    assert_eq!(e(&mut t, "pkg/*/*.txt"), ["pkg/sub/y.txt"]);
    assert!(
        e(&mut t, "pkg/*.zz").is_empty(),
        "no match: bash keeps the word"
    );
    assert!(e(&mut t, "nodir/*.py").is_empty());
    assert_eq!(e(&mut t, "pkg/[ab].py"), ["pkg/a.py", "pkg/b.py"]);
    // `pkg/*` takes folders too (sed then stops at one)
    assert_eq!(
        e(&mut t, "pkg/*"),
        [
            "pkg/B.py",
            "pkg/Z.py",
            "pkg/_c.py",
            "pkg/a.py",
            "pkg/b.py",
            "pkg/sub",
            "pkg/two",
            "pkg/w.txt"
        ]
    );
}

/// A quoted glob character is literal, an unquoted one bash's (`bash -c "printf '%s\\n' WORD"`
/// on a tree with `q/a.py`, `src/a.py` and `a1.py`: `'q/*.py'` prints `q/*.py`, `"src"/*.py`
/// prints `src/a.py`). Before session 38 any word with quotes was unsure.
#[test]
fn a_quoted_glob_character_is_literal() {
    let p = crate::shell::parse(
        r#"sed -i 's/a/b/' pkg/*.py 'q/*.py' x.py "src"/*.py 'a*'*.py q/\*.py"#,
    );
    let st = &p[0].stages[0];
    let of = |i: usize| {
        let pat = st
            .literal
            .iter()
            .find(|(j, _)| *j == i)
            .map(|(_, p)| p.as_str());
        classify(&st.words[i], pat)
    };
    assert_eq!(of(3), Word::Glob("pkg/*.py"));
    assert_eq!(of(4), Word::Plain("q/*.py"));
    assert_eq!(of(5), Word::Plain("x.py"));
    assert_eq!(of(6), Word::Glob("src/*.py"));
    assert_eq!(of(7), Word::Unsure("a**.py"));
    assert_eq!(of(8), Word::Plain("q/*.py"));
    // A redirection's target keeps no pattern: with quotes it is unsure.
    assert_eq!(word(&st.words[4]), Word::Unsure("q/*.py"));
    assert_eq!(unescape(r"a\*b\\c"), r"a*b\c");
    assert_eq!(escape("a*{b}"), r"a\*\{b\}");
}
