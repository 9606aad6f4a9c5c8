use super::*;
use std::io::Write;

fn row(start: u32) -> String {
    format!("{{\"path\":\"a.py\",\"start\":{start},\"end\":{start}}}\n")
}

#[test]
fn appends_partial_lines_truncation_and_rotation() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("reads.jsonl");
    let mut t = Tail::default();
    assert_eq!(
        poll(&p, "r", None, &mut t).reads.len(),
        0,
        "missing file is empty"
    );
    std::fs::write(&p, row(1) + &row(2)).unwrap();
    let got = poll(&p, "r", None, &mut t);
    assert_eq!((got.reset, got.reads.len()), (false, 2));
    // A half-written line waits for its newline.
    let mut f = std::fs::OpenOptions::new().append(true).open(&p).unwrap();
    f.write_all(b"{\"path\":\"a.py\",\"start\":3,").unwrap();
    assert_eq!(poll(&p, "r", None, &mut t).reads.len(), 0);
    f.write_all(b"\"end\":3}\nnot json\n").unwrap();
    let got = poll(&p, "r", None, &mut t);
    assert_eq!(got.reads.len(), 1);
    assert_eq!(got.reads[0].start, 3);
    assert_eq!(got.errors.len(), 1);
    assert_eq!(got.errors[0].line, 4, "line numbers count the whole file");
    // Truncated: everything is re-read.
    std::fs::write(&p, row(9)).unwrap();
    let got = poll(&p, "r", None, &mut t);
    assert!(got.reset);
    assert_eq!(got.reads.len(), 1);
    // Rotated (a new file under the same name, longer than before).
    std::fs::remove_file(&p).unwrap();
    std::fs::write(&p, row(7) + &row(8) + &row(9)).unwrap();
    let got = poll(&p, "r", None, &mut t);
    assert!(got.reset);
    assert_eq!(got.reads.len(), 3);
    // Deleted: earlier reads go.
    std::fs::remove_file(&p).unwrap();
    assert!(poll(&p, "r", None, &mut t).reset);
}

#[test]
fn each_read_keeps_its_rows_base() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("reads.jsonl");
    let sha = "ab".repeat(32);
    let based =
        format!("{{\"path\":\"a.py\",\"start\":2,\"end\":2,\"base\":{{\"sha256\":\"{sha}\"}}}}\n");
    std::fs::write(&p, row(1) + &based + &row(2)).unwrap();
    let got = poll(&p, "r", None, &mut Tail::default());
    assert_eq!(got.reads.len(), 3);
    let shas: Vec<Option<&str>> = got.bases.iter().map(|b| b.as_deref()).collect();
    assert_eq!(shas, vec![None, Some(sha.as_str()), None]);
    std::fs::write(&p, row(1)).unwrap();
    assert!(poll(&p, "r", None, &mut Tail::default()).bases.is_empty());
    // An escaped key is the same key; `"base"` as a value is no base.
    let escaped = based.replace("\"base\"", "\"\\u0062ase\"");
    let valued = "{\"path\":\"a.py\",\"start\":1,\"end\":1,\"tool\":\"base\"}\n";
    std::fs::write(&p, format!("{valued}{escaped}")).unwrap();
    let got = poll(&p, "r", None, &mut Tail::default());
    let shas: Vec<Option<&str>> = got.bases.iter().map(|b| b.as_deref()).collect();
    assert_eq!(shas, vec![None, Some(sha.as_str())], "{escaped}");
    std::fs::write(&p, valued).unwrap();
    assert!(poll(&p, "r", None, &mut Tail::default()).bases.is_empty());
}

/// A log read in pieces of whole lines gives the reads, bases, errors (with their line numbers)
/// and end offset of the log read whole; a line longer than a piece is read whole, a half-written
/// last line still waits.
#[test]
fn pieces_read_as_the_whole_log() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("reads.jsonl");
    let sha = "cd".repeat(32);
    let mut log = String::new();
    for i in 1..40 {
        log += &match i % 7 {
            0 => "not json\n".to_string(),
            3 => format!("{{\"path\":\"a.py\",\"start\":{i},\"end\":{i},\"base\":{{\"sha256\":\"{sha}\"}}}}\n"),
            5 => format!("{{\"path\":\"b.py\",\"start\":{i},\"end\":{i},\"command\":\"{}\"}}\n", "x".repeat(300)),
            _ => row(i),
        };
    }
    log += "{\"path\":\"a.py\",\"start\":1,";
    std::fs::write(&p, &log).unwrap();
    type Seen = (Vec<ReadSpan>, Vec<Option<String>>, Vec<String>, Tail);
    let read = |piece: u64| -> Seen {
        let mut t = Tail::default();
        let (mut reads, mut bases, mut errors) = (Vec::new(), Vec::new(), Vec::new());
        let mut polls = 0;
        loop {
            let got = poll_piece(&p, "r", None, &mut t, piece);
            polls += 1;
            assert!(polls < 10_000, "no end at piece {piece}");
            let n = got.reads.len();
            bases
                .extend((0..n).map(|i| got.bases.get(i).cloned().flatten().map(|b| b.to_string())));
            reads.extend(got.reads);
            errors.extend(got.errors.iter().map(|e| e.to_string()));
            if !got.more {
                break;
            }
        }
        (reads, bases, errors, t)
    };
    let whole = read(u64::MAX);
    assert_eq!(whole.0.len(), 34);
    assert_eq!(whole.2.len(), 5);
    assert!(whole.1.iter().any(Option::is_some));
    for piece in [1, 2, 50, 120, 333, 4096] {
        assert_eq!(read(piece), whole, "pieces of {piece} bytes");
    }
    // The half-written line was left for later in every case.
    assert_eq!(whole.3.offset as usize, log.rfind('\n').unwrap() + 1);
}
