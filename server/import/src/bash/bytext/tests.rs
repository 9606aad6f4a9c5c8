//! The placement rules alone, on texts made up to hit each edge.

use super::{groups, is_message, place_groups, place_lines, Edges};
use crate::summary::Reason;

/// A file's lines as the placement takes them ([`crate::display::normalize`]d).
fn file(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|l| crate::display::normalize(l)).collect()
}

const WHOLE: Edges = Edges {
    start_cut: false,
    end_cut: false,
};

#[test]
fn the_lines_shown_must_be_every_line_of_their_texts() {
    let f = file(&["a", "x", "b", "x", "c"]);
    assert_eq!(place_lines(&f, &["x", "x"], WHOLE, false), Ok(vec![2, 4]));
    // `x` and `c` shown: the file has `x` twice, so two lines of it are missing.
    assert_eq!(
        place_lines(&f, &["x", "c"], WHOLE, false),
        Err(Reason::TextMismatch)
    );
    // `x` twice in the file, once shown: unless a later stage cut the output, not this file.
    assert_eq!(
        place_lines(&f, &["x"], WHOLE, false),
        Err(Reason::TextMismatch)
    );
    // Cut at its end (`| head -1`): the first; at its start (`| tail -1`): the last.
    let head = Edges {
        start_cut: false,
        end_cut: true,
    };
    let tail = Edges {
        start_cut: true,
        end_cut: false,
    };
    assert_eq!(place_lines(&f, &["x"], head, false), Ok(vec![2]));
    assert_eq!(place_lines(&f, &["x"], tail, false), Ok(vec![4]));
    // Cut at both ends: `x` could be either.
    let both = Edges {
        start_cut: true,
        end_cut: true,
    };
    assert_eq!(
        place_lines(&f, &["x"], both, false),
        Err(Reason::AmbiguousOutput)
    );
    // Order counts: `b` then `a` is no run of the file's lines.
    assert_eq!(
        place_lines(&f, &["b", "a"], WHOLE, false),
        Err(Reason::TextMismatch)
    );
    assert_eq!(
        place_lines(&f, &[], WHOLE, false),
        Err(Reason::NothingShown)
    );
}

#[test]
fn texts_compare_as_tools_show_them() {
    // Trailing blanks and tabs (expanded to 8 columns) aside, as every shown text.
    let f = file(&["\tx = 1  ", "y"]);
    assert_eq!(
        place_lines(&f, &["        x = 1"], WHOLE, false),
        Ok(vec![1])
    );
    // A stripped first line fits one indented line; two that strip alike are not guessed.
    let f = file(&["    x", "y", "        x"]);
    assert_eq!(place_lines(&f, &["y"], WHOLE, true), Ok(vec![2]));
    assert_eq!(
        place_lines(&f, &["x", "        x"], WHOLE, true),
        Ok(vec![1, 3])
    );
    assert_eq!(
        place_lines(&f, &["x"], WHOLE, true),
        Err(Reason::AmbiguousOutput)
    );
    assert_eq!(
        place_lines(&f, &["x"], WHOLE, false),
        Err(Reason::TextMismatch)
    );
}

#[test]
fn groups_are_placed_where_their_order_leaves_one_place() {
    let f = file(&["a", "x", "y", "b", "x", "y", "c", "x", "y"]);
    // Three equal groups over three places: each has one.
    let g = groups(&["x", "y", "--", "x", "y", "--", "x", "y"]);
    assert_eq!(place_groups(&f, &g, false), Ok(vec![2, 3, 5, 6, 8, 9]));
    // Two equal groups over three places: the first is 2 or 5, the second 5 or 8: neither is
    // known, nothing is credited.
    let g = groups(&["x", "y", "--", "x", "y"]);
    assert_eq!(place_groups(&f, &g, false), Err(Reason::AmbiguousOutput));
    // A telling group: `b x y` is at 7–9, the `x y` before it at 1–2 or 4–5 (not guessed).
    let f3 = file(&["x", "y", "a", "x", "y", "q", "b", "x", "y"]);
    let g = groups(&["x", "y", "--", "b", "x", "y"]);
    assert_eq!(place_groups(&f3, &g, false), Ok(vec![7, 8, 9]));
    // Adjacent groups would have been one: `x y` then `b x y` cannot start right at 4.
    let f2 = file(&["x", "y", "b", "x", "y"]);
    let g = groups(&["x", "y", "--", "b", "x", "y"]);
    assert_eq!(place_groups(&f2, &g, false), Err(Reason::TextMismatch));
    // A group found nowhere.
    assert_eq!(
        place_groups(&f, &groups(&["q"]), false),
        Err(Reason::TextMismatch)
    );
}

#[test]
fn grep_messages_are_no_lines() {
    assert!(is_message("grep: a.pyc: binary file matches"));
    assert!(is_message("Binary file a.pyc matches"));
    assert!(is_message("rg: d: No such file or directory (os error 2)"));
    assert!(!is_message("    grep: x"));
}
