use super::*;

/// The rows of `text` as strings with their lines, fed in pieces of `piece` bytes.
fn cut_in_pieces(text: &str, piece: usize) -> Vec<(String, usize)> {
    let bytes = text.as_bytes();
    let mut cutter = Cutter::new();
    let mut pending: Vec<u8> = Vec::new();
    let mut got = Vec::new();
    let mut fed = 0;
    loop {
        let end = (fed + piece).min(bytes.len());
        pending.extend_from_slice(&bytes[fed..end]);
        fed = end;
        let eof = fed == bytes.len();
        let mut rows = Vec::new();
        let used = cutter.cut(&pending, eof, &mut rows);
        for r in rows {
            got.push((
                String::from_utf8(pending[r.range].to_vec()).unwrap(),
                r.line,
            ));
        }
        pending.drain(..used);
        if eof {
            return got;
        }
    }
}

fn check(text: &str, expected: &[(&str, usize)]) {
    let want: Vec<(String, usize)> = expected.iter().map(|(s, l)| (s.to_string(), *l)).collect();
    for piece in [1, 2, 3, 7, 64, text.len().max(1)] {
        assert_eq!(
            cut_in_pieces(text, piece),
            want,
            "{text:?} in pieces of {piece}"
        );
    }
}

/// A line much longer than the pieces it comes in (its scan resumes where the last piece's
/// ended), then short lines and a blank one: every row and line number as in one piece.
#[test]
fn a_long_line_fed_in_many_pieces_is_one_row() {
    let long = format!("{{\"pad\":\"{}\"}}", "x".repeat(500));
    let text = format!("{long}\n{{\"a\":1}}\n\n{long}");
    check(&text, &[(&long, 1), ("{\"a\":1}", 2), (&long, 4)]);
}

#[test]
fn jsonl_rows_are_lines() {
    check(
        "{\"a\":1}\n\n{\"b\":\"x\\ny\"}\n{\"c\":3}",
        &[("{\"a\":1}", 1), ("{\"b\":\"x\\ny\"}", 3), ("{\"c\":3}", 4)],
    );
    check("{\"a\":1}\r\n", &[("{\"a\":1}\r", 1)]);
}

#[test]
fn array_rows_are_elements_wherever_lines_break() {
    let text =
        "[\n  {\n    \"a\": \"]},[\\\"\\\\\",\n    \"b\": [1, {\"c\": 2}]\n  },\n  {\"d\": 4}\n]\n";
    check(
        text,
        &[
            (
                "{\n    \"a\": \"]},[\\\"\\\\\",\n    \"b\": [1, {\"c\": 2}]\n  }",
                2,
            ),
            ("{\"d\": 4}", 6),
        ],
    );
    check(
        "[1, \"x,y\" , [2]]",
        &[("1", 1), ("\"x,y\"", 1), ("[2]", 1)],
    );
    check("[]", &[]);
    check("  \n ", &[]);
}

#[test]
fn a_truncated_array_hands_out_its_last_piece() {
    check("[{\"a\":1},{\"b\":", &[("{\"a\":1}", 1), ("{\"b\":", 1)]);
}

#[test]
fn layout_is_known_from_the_first_byte() {
    let mut c = Cutter::new();
    let mut out = Vec::new();
    c.cut(b"  \n", false, &mut out);
    assert_eq!(c.layout(), None);
    c.cut(b"[", false, &mut out);
    assert_eq!(c.layout(), Some(Layout::Array));
    assert_eq!(rows(b"{}\n{}").len(), 2);
}
