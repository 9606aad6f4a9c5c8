//! `sed -i` scripts run as GNU sed runs them (every expected text checked with GNU sed 4.9).

use super::*;
use crate::shell::parse;

fn sed(cmd: &str, text: &str) -> Option<String> {
    let p = parse(cmd);
    let InPlace::Replay(s) = in_place(&p[0], cmd) else {
        return None;
    };
    let eol = text.ends_with('\n');
    let lines: Vec<&str> = match text.strip_suffix('\n').unwrap_or(text) {
        "" if text.is_empty() => Vec::new(),
        t => t.split('\n').collect(),
    };
    let out = s.run(&lines, eol).ok()?;
    let all: Vec<String> = out.groups.into_iter().flatten().collect();
    let mut t = all.join("\n");
    if out.eol && !all.is_empty() {
        t.push('\n');
    }
    Some(t)
}

#[test]
fn substitutions_as_gnu_sed() {
    assert_eq!(
        sed("sed -i 's/a*/x/g' f", "baaac\n").as_deref(),
        Some("xbxcx\n")
    );
    assert_eq!(
        sed("sed -i 's/x*/-/g' f", "abc\n").as_deref(),
        Some("-a-b-c-\n")
    );
    assert_eq!(
        sed("sed -i 's/b*/X/g' f", "abc\n").as_deref(),
        Some("XaXcX\n")
    );
    assert_eq!(
        sed("sed -i 's|a\\|b|X|g' f", "a|b ab\n").as_deref(),
        Some("X ab\n")
    );
    assert_eq!(
        sed("sed -E -i 's/a*(ab)?/[&]/' f", "aab\n").as_deref(),
        Some("[aab]\n")
    );
    assert_eq!(
        sed("sed -i 's/a*\\(a*\\)/[\\1]/' f", "aa\n").as_deref(),
        Some("[]\n")
    );
    assert_eq!(
        sed("sed -i 's/a/b/2g' f", "aaaaa\n").as_deref(),
        Some("abbbb\n")
    );
    assert_eq!(
        sed("sed -i '5,2d' f", "1\n2\n3\n4\n5\n6\n").as_deref(),
        Some("1\n2\n3\n4\n6\n")
    );
    assert_eq!(
        sed("sed -i '2,~4d' f", "1\n2\n3\n4\n5\n6\n").as_deref(),
        Some("1\n5\n6\n")
    );
    assert_eq!(
        sed("sed -i '0,/x/d' f", "x\ny\nx\n").as_deref(),
        Some("y\nx\n")
    );
    assert_eq!(sed("sed -i p f", "a\nb").as_deref(), Some("a\na\nb\nb"));
    assert_eq!(sed("sed -i '$d' f", "a\nb").as_deref(), Some("a\n"));
    assert_eq!(
        sed("sed -i '317s/^/\\t      /' f", "x\n").as_deref(),
        Some("x\n")
    );
}

#[test]
fn refused_forms_are_not_replayed() {
    for cmd in [
        "sed -i 's/\\(a\\|ab\\)\\(c\\|bcd\\)/\\1/' f",
        "sed -i 's/a/\\U&/' f",
        "sed -i 's/a/b/w out' f",
        "sed -i 'y/ab/cd/' f",
        "sed -i '/x/{d}' f",
        "sed -n -i 's/a/b/p' f",
        "sed -i \"s/$x/y/\" f",
        "sed -i $'s/a/b\\\\tc/' f",
        "sed -i 's/a/b/' ~/f.py",
        "sed -i 's/\\(a\\)\\1/b/' f",
        "sed -i 's/\\bx/y/' f",
    ] {
        let p = parse(cmd);
        assert!(matches!(in_place(&p[0], cmd), InPlace::Refused), "{cmd}");
    }
    // A glob operand is run on the files bash passed (session 37: `bash::operands`).
    let cmd = "sed -i 's/a/b/' *.py";
    assert!(matches!(in_place(&parse(cmd)[0], cmd), InPlace::Replay(_)));
    // So is a brace operand (session 38; before, refused).
    let cmd = "sed -i 's/a/b/' f.{py,txt}";
    assert!(matches!(in_place(&parse(cmd)[0], cmd), InPlace::Replay(_)));
}
