use super::*;

fn change(l0: u32, c0: u32, l1: u32, c1: u32, text: &str) -> TextDocumentContentChangeEvent {
    TextDocumentContentChangeEvent {
        range: Some(Range::new(Position::new(l0, c0), Position::new(l1, c1))),
        range_length: None,
        text: text.into(),
    }
}

#[test]
fn utf16_columns_with_surrogate_pairs() {
    // 😀 is one char, two UTF-16 code units.
    let mut d = Document::new(None, "a😀b\nx\n", 1);
    assert_eq!(d.line_len_utf16(0), 4);
    assert_eq!(d.char_at(Position::new(0, 3)), 2, "after the emoji");
    assert_eq!(d.char_at(Position::new(0, 99)), 3, "clamped to line end");
    assert_eq!(
        d.char_at(Position::new(7, 0)),
        d.rope.len_chars(),
        "clamped to text end"
    );
    d.apply(&change(0, 3, 0, 4, "c"));
    assert_eq!(d.text(), "a😀c\nx\n");
    assert_eq!(d.lines(), 2);
}

#[test]
fn shared_whole_lines_are_found_at_both_ends() {
    fn check(old: &str, new: &str, expected: (&str, &str)) {
        let (p, k) = common_lines(old, new);
        assert_eq!((&old[..p], &old[k..]), expected, "{old:?} -> {new:?}");
        assert!(new.starts_with(&old[..p]) && new.ends_with(&old[k..]));
        assert!(p <= k && p + (old.len() - k) <= new.len());
    }
    check("a\nb\nc\n", "a\nb\nc\n", ("a\nb\nc\n", ""));
    check("a\nb\nc\n", "a\nX\nc\n", ("a\n", "c\n"));
    check("a\nb\nc\n", "a\nbb\nc\n", ("a\n", "c\n"));
    check("a\nb\n", "a\nb\nb\n", ("a\nb\n", ""));
    check("ab", "ac", ("", ""));
    check("x\n", "", ("", ""));
    check("", "x\n", ("", ""));
    check("a\nb", "a\nb", ("a\n", "b"));
    check("1\n2\n", "0\n1\n2\n", ("", "1\n2\n"));
    check("héllo\nwörld\n", "héllo\nwörld\n", ("héllo\nwörld\n", ""));
}

/// Every pair of short texts over `a`, `b` and a line break: what is kept is shared, cut at
/// line starts in both, and never overlaps.
#[test]
fn shared_lines_hold_for_every_short_pair() {
    let texts: Vec<String> = (0..=4u32)
        .flat_map(|len| {
            (0..3usize.pow(len)).map(move |mut i| {
                (0..len)
                    .map(|_| {
                        let c = ["a", "b", "\n"][i % 3];
                        i /= 3;
                        c
                    })
                    .collect()
            })
        })
        .collect();
    let line_start = |t: &str, at: usize| at == 0 || t.as_bytes()[at - 1] == b'\n';
    for old in &texts {
        for new in &texts {
            let (p, k) = common_lines(old, new);
            let s = old.len() - k;
            assert!(p <= k && p + s <= new.len(), "{old:?} {new:?}");
            assert!(new.starts_with(&old[..p]) && new.ends_with(&old[k..]));
            assert!(line_start(old, p) && line_start(new, p), "{old:?} {new:?}");
            let end_ok = s == 0 || (line_start(old, k) && line_start(new, new.len() - s));
            assert!(end_ok, "{old:?} {new:?}");
            if old == new {
                assert_eq!(p + s, old.len(), "the same text is kept whole: {old:?}");
            }
        }
    }
}

/// A whole-document replace with the document's own text is no edit (the gold once
/// vanished: every line counted as replaced); nor is a full-text change back to the text
/// as opened, whatever came in between.
#[test]
fn resending_the_same_text_keeps_every_line() {
    let text = "a\nb\nc\n";
    let mut d = Document::new(None, text, 1);
    d.apply(&change(0, 0, 3, 0, text));
    assert_eq!(d.map, LineMap::identity(3));
    assert_eq!(d.text(), text);
    d.apply(&change(0, 0, 3, 0, "a\nX\nc\n"));
    assert_eq!(d.map.line_to_disk(0), Some(0));
    assert_eq!(d.map.line_to_disk(1), None, "the changed line");
    assert_eq!(d.map.line_to_disk(2), Some(2));
    let full = |t: &str| TextDocumentContentChangeEvent {
        range: None,
        range_length: None,
        text: t.into(),
    };
    d.apply(&full("something else entirely\n"));
    assert_eq!(d.map.line_to_disk(0), None);
    d.apply(&full(text));
    assert_eq!(d.map, LineMap::identity(3), "back to the opened text");
    assert_eq!(
        (0..3).map(|l| d.map.line_to_disk(l)).collect::<Vec<_>>(),
        [Some(0), Some(1), Some(2)]
    );
}

#[test]
fn edits_move_the_line_map() {
    let mut d = Document::new(None, "1\n2\n3\n4\n", 1);
    d.apply(&change(1, 0, 1, 0, "new\nnew\n"));
    assert_eq!(d.text(), "1\nnew\nnew\n2\n3\n4\n");
    assert_eq!(d.map.line_to_disk(3), Some(1), "old line 2 moved down two");
    d.apply(&change(0, 1, 0, 1, " edited"));
    assert_eq!(
        d.map.line_to_disk(0),
        Some(0),
        "an in-line edit keeps identity"
    );
    let mut full = Document::new(None, "a\nb\nc\n", 1);
    full.apply(&TextDocumentContentChangeEvent {
        range: None,
        range_length: None,
        text: "a\nX\nY\nc\n".into(),
    });
    assert_eq!(full.map.line_to_disk(3), Some(2));
    assert_eq!(full.map.line_to_disk(1), None);
}
