//! The frame parser on byte streams: each case is the whole stream and the frames expected,
//! bodies as text and bad stretches as `!` plus a word of their reason. Every stream is also
//! fed one byte at a time, which must give the same frames.

use super::{Frame, FrameReader, MAX_HEADER};

fn frames(stream: &[u8], chunk: usize) -> Vec<String> {
    let mut r = FrameReader::new();
    let mut out = Vec::new();
    for piece in stream.chunks(chunk.max(1)) {
        r.push(piece);
        while let Some(f) = r.next_frame() {
            out.push(match f {
                Frame::Body(b) => {
                    let text = String::from_utf8_lossy(&b).into_owned();
                    // What the transport does with a body that is not JSON.
                    if serde_json::from_slice::<serde_json::Value>(&b).is_err() {
                        r.reject_body();
                    }
                    text
                }
                Frame::Bad(why) => format!("!{why}"),
            });
        }
    }
    out
}

fn check(stream: &str, expected: &[&str]) {
    let stream_shown: String = stream.chars().take(200).collect();
    for chunk in [usize::MAX, 1, 7] {
        let got = frames(stream.as_bytes(), chunk);
        assert_eq!(
            got.len(),
            expected.len(),
            "chunk {chunk}: {stream_shown:?} gave {got:?}"
        );
        for (g, e) in got.iter().zip(expected) {
            match e.strip_prefix('!') {
                Some(word) => assert!(
                    g.starts_with('!') && g.contains(word),
                    "chunk {chunk}: {stream_shown:?}: expected a bad stretch about {word:?}, got {g:?}"
                ),
                None => assert_eq!(g, e, "chunk {chunk}: {stream_shown:?}"),
            }
        }
    }
}

fn frame(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

const OK: &str = r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover"}"#;

#[test]
fn well_formed_frames_come_out_whole() {
    check(&frame(OK), &[OK]);
    check(&(frame("{}") + &frame(OK)), &["{}", OK]);
    // Other headers, any case, and stray blank lines between frames.
    check(
        &format!(
            "\r\n{}content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[]",
            frame(OK)
        ),
        &[OK, "[]"],
    );
    // Bare `\n` line ends.
    check("Content-Length: 2\n\n{}", &["{}"]);
}

#[test]
fn bad_headers_are_reported_once_and_the_next_frame_is_read() {
    check(
        &format!("Content-Length: abc\r\n\r\n{OK}{}", frame(OK)),
        &["!not a number", OK],
    );
    check(
        &format!("Content-Type: x\r\n\r\n{OK}{}", frame(OK)),
        &["!missing", OK],
    );
    check(&format!("{OK}\r\n\r\n{}", frame(OK)), &["!malformed", OK]);
    check(
        &format!("Content-Length: 99999999999999999999\r\n\r\n{}", frame(OK)),
        &["!not a number", OK],
    );
    check(
        &format!("Content-Length: 999999999999\r\n\r\n{}", frame(OK)),
        &["!limit", OK],
    );
    // The second header is trusted for a moment: its 2-byte body is where the next header
    // begins.
    check(
        &format!(
            "Content-Length: 1\r\nContent-Length: 2\r\n\r\n{}",
            frame(OK)
        ),
        &["!two different", "!cut short", OK],
    );
    // Garbage glued to the front of a header.
    check(&format!("xyz{}", frame(OK)), &["!", OK]);
}

#[test]
fn a_body_shorter_or_longer_than_announced_does_not_swallow_the_next_frame() {
    // Announced 10 bytes too many: the next header ends the body early.
    let long = format!(
        "Content-Length: {}\r\n\r\n{OK}\r\n{}",
        OK.len() + 10,
        frame(OK)
    );
    check(&long, &["!cut short", OK]);
    // Announced too many, the surplus landing inside the next header's name.
    let straddle = format!("Content-Length: {}\r\n\r\n{OK}{}", OK.len() + 4, frame(OK));
    let got = frames(straddle.as_bytes(), usize::MAX);
    assert_eq!(got.last().map(String::as_str), Some(OK), "{got:?}");
    // Announced too few: the body is cut, the rest is garbage before the next header.
    let short = format!("Content-Length: 5\r\n\r\n{OK}{}", frame(OK));
    let got = frames(short.as_bytes(), usize::MAX);
    assert_eq!(got.last().map(String::as_str), Some(OK), "{got:?}");
    assert_eq!(got.len(), 2, "the cut body, then the next frame: {got:?}");
}

#[test]
fn a_waiting_body_gives_way_to_a_new_header_without_more_bytes() {
    let mut r = FrameReader::new();
    r.push(b"Content-Length: 100000\r\n\r\n{\"jsonrpc\":");
    assert_eq!(r.next_frame(), None, "still waiting for the body");
    // Only at a line start: `Content-Length:` inside a JSON string (a didOpen of a source
    // file that mentions it) must not cut a body.
    r.push(b"\"Content-Length: 3\"");
    assert_eq!(r.next_frame(), None, "still waiting for the body");
    r.push(format!("\r\n{}", frame(OK)).as_bytes());
    assert!(matches!(r.next_frame(), Some(Frame::Bad(_))));
    assert_eq!(r.next_frame(), Some(Frame::Body(OK.as_bytes().to_vec())));
    assert_eq!(r.next_frame(), None);
}

#[test]
fn endless_header_garbage_is_bounded() {
    let junk = "x".repeat(MAX_HEADER + 10);
    // Fed whole, the junk is one header name (no `Content-Length`); in pieces, too long.
    check(&format!("{junk}{}", frame(OK)), &["!", OK]);
    // Skipping never keeps more than a header's name of junk.
    let mut r = FrameReader::new();
    r.push(b"Content-Type: x\r\n\r\n");
    assert!(matches!(r.next_frame(), Some(Frame::Bad(_))));
    for _ in 0..100 {
        r.push(&[b'y'; 10_000]);
        assert_eq!(r.next_frame(), None);
    }
    assert!(
        r.pending() < 64,
        "{} bytes held while skipping",
        r.pending()
    );
}

#[test]
fn empty_and_binary_bodies_are_bodies() {
    check("Content-Length: 0\r\n\r\n", &[""]);
    let mut s = b"Content-Length: 3\r\n\r\n".to_vec();
    s.extend([0xff, 0xfe, 0x00]);
    s.extend(frame(OK).as_bytes());
    let got = frames(&s, usize::MAX);
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[1], OK);
}
