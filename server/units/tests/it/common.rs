//! What the units tests share: a unit written as one `kind name start-end depth` line, the
//! units of a source that must parse cleanly, and expected lines as a test writes them.

use readcov_units::{units, Lang, Unit};

/// A unit as the tests write it: `kind name start-end depth`.
pub fn render(u: &Unit) -> String {
    format!("{} {} {}-{} {}", u.kind, u.name, u.start, u.end, u.depth)
}

/// The units of `src`, one rendered line each; the source must parse without errors.
pub fn listed(lang: Lang, src: &str) -> Vec<String> {
    let r = units(lang, src).unwrap_or_else(|e| panic!("{e}"));
    let what = lang.name();
    assert_eq!(r.parse_errors, 0, "{what}: test source should parse");
    r.units.iter().map(render).collect()
}

/// Expected units written in a test, one per line: trimmed, blank lines dropped, each line
/// ending in `\n`.
pub fn expected_lines(expected: &str) -> String {
    (expected.lines().map(str::trim))
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}
