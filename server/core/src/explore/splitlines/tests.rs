//! `splitlines()` counts against the values python3 3.11 printed for the same bytes, with
//! `len(pathlib.Path(f).read_text(errors="ignore").splitlines())` in a UTF-8 locale (the
//! reference runner's expression; `bytes.decode("utf-8", errors="ignore").splitlines()` agreed
//! on every case). Each case is also fed in two pieces at every cut, and byte by byte.

use super::{runner_line_count, SplitLines};

const CASES: &[(&[u8], u32)] = &[
    (b"", 0),
    (b"a", 1),
    (b"a\n", 1),
    (b"a\nb", 2),
    (b"\n", 1),
    (b"\n\n", 2),
    (b"a\r", 1),
    (b"a\rb", 2),
    (b"a\r\nb", 2),
    (b"a\r\r\nb", 3),
    (b"a\n\rb", 3),
    (b"\r\n\r\n", 2),
    (b"a\x0bb", 2),
    (b"a\x0cb\n", 2),
    (b"a\x1c\x1d\x1ez", 4),
    (b"a\xc2\x85b", 2),
    (b"a\xe2\x80\xa8b\xe2\x80\xa9", 2),
    // A lone 0x85 byte is invalid UTF-8, dropped: no boundary.
    (b"a\x85b", 1),
    (b"a\r\xffb\nc", 3),
    (b"a\n\xff", 1),
    (b"a\n\xe2\x80", 1),
    (b"\xef\xbb\xbfa\n", 1),
    (b"a\x0cb\rc\n", 3),
    (b"x\r\xe2\x80\xa8", 2),
    (b"\xed\xa0\x80\n", 1),
    (b"a\tb\x1fc\x1b", 1),
    (b"a\xe2\x80\n", 1),
    (b"\x00\n\x00", 2),
    // The invalid byte between `\r` and `\n` is dropped, so they are one boundary.
    (b"a\r\xff\nb", 2),
    (b"a\r\xe2\x80\nb", 2),
    (b"\xf4\x90\x80\x80\n", 1),
    (b"\xc0\x8a\n", 1),
    (b"a\xc2\r\nb", 2),
];

fn check(bytes: &[u8], expected: u32) {
    assert_eq!(runner_line_count(bytes), expected, "{bytes:?} whole");
    for cut in 0..=bytes.len() {
        let mut s = SplitLines::new();
        s.feed(&bytes[..cut]);
        s.feed(&bytes[cut..]);
        assert_eq!(s.lines(), expected, "{bytes:?} cut at {cut}");
    }
    let mut s = SplitLines::new();
    bytes.chunks(1).for_each(|b| s.feed(b));
    assert_eq!(s.lines(), expected, "{bytes:?} byte by byte");
}

#[test]
fn counts_as_pythons_splitlines_after_decoding_with_errors_ignored() {
    for (bytes, expected) in CASES {
        check(bytes, *expected);
    }
}

#[test]
fn differs_from_the_newline_rule_where_the_docs_say() {
    // readcov's own rule counts these as one line each; the runner as two.
    for bytes in [&b"a\x0cb\n"[..], b"a\rb\n", b"a\xe2\x80\xa8b"] {
        assert_eq!(runner_line_count(bytes), 2, "{bytes:?}");
    }
}
