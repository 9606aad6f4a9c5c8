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
