use super::*;
use crate::formats::InputError;
use crate::LineSet;

fn text(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// `base` and `cur` as one word per line; `set` of base lines → the current lines.
fn check_diff(base: &str, cur: &str, set: (u32, u32), expected: &str) {
    let (b, c) = (
        text(&base.split(' ').collect::<Vec<_>>()),
        text(&cur.split(' ').collect::<Vec<_>>()),
    );
    let runs = diff_lines(b.as_bytes(), c.as_bytes()).expect("within the edit bound");
    assert_eq!(
        runs.map(&LineSet::span(set.0, set.1)).to_string(),
        expected,
        "{base} → {cur}"
    );
}

#[test]
fn a_line_diff_maps_base_lines_to_current_ones() {
    check_diff("a b c d e", "a b c d e", (2, 4), "2-4");
    // Lines inserted above move the span down.
    check_diff("a b c d e", "x y a b c d e", (2, 4), "4-6");
    // A line inserted inside the span is not base; the rest keeps its place.
    check_diff("a b c d e", "a b X c d e", (2, 4), "2,4-5");
    // A deleted base line vanishes.
    check_diff("a b c d e", "a c d e", (2, 4), "2-3");
    // A changed line has no current line.
    check_diff("a b c d e", "a b C d e", (2, 4), "2,4");
    // Edits at both ends and repeated lines.
    check_diff("x a x b x", "y x a x b x y", (1, 5), "2-6");
    check_diff("a a a", "a", (1, 3), "1");
    check_diff("a b", "", (1, 2), "");
}

#[test]
fn the_diff_maps_back_and_has_a_bound() {
    let runs = diff_lines(b"a\nb\nc\n", b"new\na\nb\nc\n").unwrap();
    assert_eq!(runs.to_base(1), None, "an inserted line has no base line");
    assert_eq!(runs.to_base(2), Some(1));
    assert_eq!(runs.kept(), 3);
    // CRLF and LF texts are the same lines.
    let crlf = diff_lines(b"a\r\nb\r\n", b"a\nb\n").unwrap();
    assert_eq!(crlf.kept(), 2);
    // Completely different texts beyond the bound: no diff rather than a slow or huge one.
    let a: String = (0..3000).map(|i| format!("a{i}\n")).collect();
    let b: String = (0..3000).map(|i| format!("b{i}\n")).collect();
    assert!(diff_lines(a.as_bytes(), b.as_bytes()).is_none());
}

/// A span of `base` anchored by its recorded first and last line in `cur`.
fn check_anchor(base: &[&str], cur: &[&str], span: (u32, u32), expected: Option<(u32, u32)>) {
    let b = text(base);
    let recorded = Base::of_span(b.as_bytes(), span.0, span.1);
    let got = anchor_span(
        recorded.first.as_deref(),
        recorded.last.as_deref(),
        span.0,
        span.1,
        text(cur).as_bytes(),
    );
    assert_eq!(got, expected, "{base:?} → {cur:?} {span:?}");
}

#[test]
fn a_span_is_found_by_its_first_and_last_line() {
    let base = [
        "def f():",
        "    x = 1",
        "    return x",
        "",
        "def g():",
        "    pass",
    ];
    check_anchor(&base, &base, (1, 3), Some((1, 3)));
    let mut moved = vec!["import os", "import sys", ""];
    moved.extend(base);
    check_anchor(&base, &moved, (1, 3), Some((4, 6)));
    check_anchor(&base, &moved, (5, 6), Some((8, 9)));
    // Lines inserted inside the span widen it.
    let inside = [
        "def f():",
        "    y = 0",
        "    x = 1",
        "    return x",
        "",
        "def g():",
    ];
    check_anchor(&base, &inside, (1, 3), Some((1, 4)));
    // A first line that is gone: not found.
    let gone = ["def h():", "    return x"];
    check_anchor(&base, &gone, (1, 3), None);
    // Of several places with the same text, the nearest wins.
    let twice = ["", "x", "", "", "x", ""];
    check_anchor(&["", "", "", "", "x", ""], &twice, (5, 5), Some((5, 5)));
}

#[test]
fn fingerprints() {
    let b = Base::of_span(b"one\r\ntwo\nthree", 2, 3);
    assert_eq!(b.lines, Some(3));
    assert_eq!(
        (b.first.as_deref(), b.last.as_deref()),
        (Some("two"), Some("three"))
    );
    assert_eq!(
        sha256_hex(b""),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    assert_eq!(count_lines(b""), 0);
    assert_eq!(count_lines(b"a\nb"), 2);
    assert!(Base::of_file(b"x").is(&sha256_hex(b"x").to_uppercase()));
    assert_eq!(Base::of_span(b"a\n", 5, 6).first, None);
}

fn bases(rows: &str) -> (Vec<Option<Base>>, Vec<InputError>) {
    let p = parse_row_bases(rows.as_bytes(), "gold.jsonl", None);
    (p.items.into_iter().map(|r| r.base).collect(), p.errors)
}

#[test]
fn base_fields_are_optional_and_checked() {
    let sha = "ab".repeat(32);
    let rows = format!(
        concat!(
            r#"{{"path":"a.py","start":1,"end":2}}"#,
            "\n",
            r#"{{"path":"a.py","start":1,"end":2,"base":{{"sha256":"{s}","lines":9,"first":"x","last":"y"}}}}"#,
            "\n",
            r#"{{"path":"a.py","start":1,"end":2,"sha256":"{S}"}}"#,
            "\n",
            r#"{{"path":"a.py","start":1,"end":2,"base":{{"sha256":"xyz"}}}}"#,
            "\n",
            r#"{{"path":"a.py","start":1,"end":2,"base":{{"sha256":"{s}","lines":-1}}}}"#,
            "\n",
            r#"{{"path":"a.py","start":1,"end":2,"base":"{s}"}}"#,
            "\n",
        ),
        s = sha,
        S = sha.to_uppercase()
    );
    let (items, errors) = bases(&rows);
    assert_eq!(items.len(), 3);
    assert_eq!(items[0], None);
    assert_eq!(
        items[1],
        Some(Base {
            sha256: sha.clone(),
            lines: Some(9),
            first: Some("x".into()),
            last: Some("y".into())
        })
    );
    assert_eq!(
        items[2].as_ref().map(|b| b.sha256.as_str()),
        Some(sha.as_str())
    );
    let located: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(located.len(), 3, "{located:?}");
    assert!(
        located[0].starts_with("gold.jsonl:4: field `base.sha256`"),
        "{located:?}"
    );
    assert!(
        located[1].starts_with("gold.jsonl:5: field `base.lines`"),
        "{located:?}"
    );
    assert!(
        located[2].starts_with("gold.jsonl:6: field `base`"),
        "{located:?}"
    );
}

#[test]
fn rows_with_a_base_still_parse_as_plain_gold_and_reads() {
    let sha = "0f".repeat(32);
    let row = format!(
        r#"{{"task":"t","path":"a.py","start":3,"end":4,"base":{{"sha256":"{sha}","lines":10,"first":"a","last":"b"}}}}"#
    );
    let g = crate::parse_gold(row.as_bytes(), "g", None);
    assert_eq!((g.items.len(), g.errors.len()), (1, 0));
    let r = crate::parse_reads(row.as_bytes(), "r", None);
    assert_eq!((r.items.len(), r.errors.len()), (1, 0), "{:?}", r.errors);
}
