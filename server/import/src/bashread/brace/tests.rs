//! Each expansion as GNU bash 5.2 prints it: `eval "printf ' [%s]' WORD"` (the words after quote
//! removal; here unescaped the same way).

use super::expand;

fn words(w: &str) -> Vec<String> {
    let out = expand(w).expect("known");
    out.iter()
        .map(|p| crate::bashread::glob::unescape(p))
        .collect()
}

#[test]
fn lists_sequences_and_nesting_expand_as_bash_does() {
    let cases: &[(&str, &[&str])] = &[
        ("f.{py,txt}", &["f.py", "f.txt"]),
        ("src/{a,b}.py", &["src/a.py", "src/b.py"]),
        ("x{1..3}", &["x1", "x2", "x3"]),
        ("{a..e..2}", &["a", "c", "e"]),
        ("{e..a..2}", &["e", "c", "a"]),
        ("{01..10..4}", &["01", "05", "09"]),
        ("{-01..2}", &["-01", "000", "001", "002"]),
        ("{3..-01}", &["003", "002", "001", "000", "-01"]),
        ("{+01..3}", &["1", "2", "3"]),
        ("{1..3..0}", &["1", "2", "3"]),
        ("a{b,{c,d}}e", &["abe", "ace", "ade"]),
        ("{a,b}{1,2}", &["a1", "a2", "b1", "b2"]),
        ("f{,.bak}", &["f", "f.bak"]),
        ("{,}x", &["x", "x"]),
        (r"a{b\,c,d}e", &["ab,ce", "ade"]),
    ];
    for (w, want) in cases {
        assert_eq!(words(w), *want, "{w}");
    }
}

#[test]
fn a_brace_with_no_list_or_sequence_is_literal() {
    let cases: &[(&str, &[&str])] = &[
        ("{a}{b,c}", &["{a}b", "{a}c"]),
        ("{a{b,c}}", &["{ab}", "{ac}"]),
        ("x{a,b}}", &["xa}", "xb}"]),
        ("{{a,b}", &["{a", "{b"]),
        ("{a,{b}", &["{a,{b}"]),
        ("{1..b}", &["{1..b}"]),
        ("{ab..c}", &["{ab..c}"]),
        ("{}", &["{}"]),
        // quoted (`"{a,b}"`) or escaped (`\{a,b}`): the pattern's `\`
        (r"\{a\,b\}", &["{a,b}"]),
        (r"\{a,b}", &["{a,b}"]),
        ("${x}", &["${x}"]),
    ];
    for (w, want) in cases {
        assert_eq!(words(w), *want, "{w}");
    }
}

#[test]
fn too_many_words_or_a_backslash_term_are_unknown() {
    assert_eq!(expand("{1..100000}"), None);
    assert_eq!(expand("{a..z}{a..z}{a..z}"), None);
    // `{Z..a}` makes a `\` (bash then removes it as a quote)
    assert_eq!(expand("{Z..a}"), None);
}
