use super::*;

/// The incremental re-parse gives the units a fresh parse of the same text gives.
#[test]
fn reparse_after_edits_equals_a_fresh_parse() {
    let lang = Lang::Python;
    let mut text = String::new();
    for k in 0..50 {
        text.push_str(&format!(
            "def f{k}(x):\n    y = x + 1\n    return y  # é😀\n\n"
        ));
    }
    let mut tree = None;
    assert_eq!(reparse(lang, &mut tree, &text), parse(lang, &text));
    let edits: [(&str, &str); 5] = [
        ("def f10(x):", "def f10(x, z):"),
        (
            "    return y  # é😀\n\ndef f20",
            "    return y  # è😀\n\nclass C:\n    pass\n\ndef f20",
        ),
        ("def f30(x):\n    y = x + 1\n", ""),
        ("def f0(", "def g0("),
        ("def f49(x):", "def f49(x):\n    if x:\n        pass"),
    ];
    for (from, to) in edits {
        text = text.replacen(from, to, 1);
        assert_eq!(
            reparse(lang, &mut tree, &text),
            parse(lang, &text),
            "after {to:?}"
        );
    }
    assert!(tree.is_some(), "the tree is kept");
}

use crate::document::Document;
use proptest::prelude::*;
use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

/// What the random LSP changes type or paste (keystrokes, lines, definitions, pieces that
/// break the syntax, characters outside the BMP: two UTF-16 units each).
const PIECES: [&str; 10] = [
    "z",
    "\n",
    "    pass\n",
    "def g(x):\n    return x\n",
    "(",
    "\"\"\"",
    "class K:\n",
    "😀",
    "",
    "\n\n",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// The server's path for edits: `didChange` ranges applied to the document (spans
    /// shifted), re-parses at random pauses (`reparse` of the latest text: one folded edit
    /// for every change since the last), and after the last pause the spans equal a fresh
    /// parse of the final text.
    #[test]
    fn units_after_lsp_changes_and_pauses_equal_a_fresh_parse(
        changes in prop::collection::vec(
            (0..60u32, 0..12u32, 0..3u32, 0..6u32, 0..PIECES.len(), any::<bool>()),
            1..12,
        ),
    ) {
        let mut text = String::new();
        for k in 0..12 {
            text.push_str(&format!("def f{k}(x):\n    y = x + 1  # é😀\n    return y\n\n"));
        }
        let mut doc = Document::new(Some("a.py".into()), &text, 1);
        let lang = Lang::Python;
        let mut tree = None;
        for (line, col, lines, end_col, piece, pause) in changes {
            let range = Range::new(
                Position::new(line, col),
                Position::new(line + lines, end_col),
            );
            doc.apply(&TextDocumentContentChangeEvent {
                range: Some(range),
                range_length: None,
                text: PIECES[piece].into(),
            });
            if pause {
                let spans = reparse(lang, &mut tree, &doc.text());
                doc.units.replace(spans);
            }
        }
        let spans = reparse(lang, &mut tree, &doc.text());
        doc.units.replace(spans);
        prop_assert_eq!(&doc.units.spans, &parse(lang, &doc.text()));
    }
}

#[test]
fn diff_edit_is_the_changed_middle_on_char_boundaries() {
    let e = diff_edit("ab é cd", "ab è cd");
    assert_eq!((e.start_byte, e.old_end_byte, e.new_end_byte), (3, 5, 5));
    let e = diff_edit("same", "same");
    assert_eq!((e.start_byte, e.old_end_byte, e.new_end_byte), (4, 4, 4));
    let e = diff_edit("aXa", "a");
    assert_eq!((e.start_byte, e.old_end_byte, e.new_end_byte), (1, 3, 1));
    let e = diff_edit("", "abc");
    assert_eq!((e.start_byte, e.old_end_byte, e.new_end_byte), (0, 0, 3));
    let e = diff_edit("abc", "");
    assert_eq!((e.start_byte, e.old_end_byte, e.new_end_byte), (0, 3, 0));
    // Past the 64-byte blocks on both sides: the one changed byte in the middle.
    let (old, new) = (
        format!("{}a{}", "x".repeat(200), "y".repeat(150)),
        format!("{}bb{}", "x".repeat(200), "y".repeat(150)),
    );
    let e = diff_edit(&old, &new);
    assert_eq!(
        (e.start_byte, e.old_end_byte, e.new_end_byte),
        (200, 201, 202)
    );
    // Repeats: the prefix is taken first, greedily.
    let e = diff_edit(&"ab".repeat(100), &"ab".repeat(101));
    assert_eq!(
        (e.start_byte, e.old_end_byte, e.new_end_byte),
        (200, 200, 202)
    );
}
