use super::*;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

/// Makes a FIFO (no writer ever opens it: reading it would wait forever).
pub(crate) fn fifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo");
}

/// Runs `f` on its own thread and fails if it has not returned within 5 s (a hang is a
/// failure, not a stuck test run).
pub(crate) fn within_5s<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(5))
        .expect("did not return within 5 s: it hangs")
}

fn check(path: PathBuf, expected: &str) {
    let p = path.clone();
    let got = within_5s(move || read_input(&p).map(|b| b.len()));
    match got {
        Ok(n) => assert_eq!(expected, format!("{n} bytes"), "{}", path.display()),
        Err(e) => {
            let msg = e.to_string();
            assert!(
                msg.starts_with(&path.display().to_string()) && msg.contains(expected),
                "{}: {msg}",
                path.display()
            );
        }
    }
    // The streaming reader refuses the same files.
    let got = within_5s(move || for_each_chunk(&path, |_| {}));
    match got {
        Ok(n) => assert_eq!(expected, format!("{n} bytes")),
        Err(e) => assert!(e.to_string().contains(expected), "{e}"),
    }
}

#[test]
fn only_regular_files_are_read_and_nothing_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("ok.jsonl"), "{}\n").unwrap();
    fifo(&d.join("pipe.jsonl"));
    std::os::unix::fs::symlink(d.join("pipe.jsonl"), d.join("link-to-pipe.jsonl")).unwrap();
    check(d.join("ok.jsonl"), "3 bytes");
    check(d.join("pipe.jsonl"), "not a regular file");
    check(d.join("link-to-pipe.jsonl"), "not a regular file");
    check(d.to_path_buf(), "not a regular file");
    check(d.join("missing.jsonl"), "cannot open");
    check(PathBuf::from("/dev/zero"), "not a regular file");
}

#[test]
fn a_file_over_the_limit_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.jsonl");
    std::fs::write(&p, vec![b'x'; 1000]).unwrap();
    assert_eq!(read_input_max(&p, 1000).unwrap().len(), 1000);
    let e = read_input_max(&p, 999).unwrap_err().to_string();
    assert!(e.contains("1000 bytes, over the limit of 999 bytes"), "{e}");
}

#[test]
fn hashes_and_line_counts_stream_and_agree_with_the_whole_file_ones() {
    let dir = tempfile::tempdir().unwrap();
    for text in [&b""[..], b"a", b"a\n", b"a\nb", b"a\r\nb\r\n"] {
        let p = dir.path().join("f");
        std::fs::write(&p, text).unwrap();
        assert_eq!(
            sha256_of_file(&p).unwrap(),
            readcov_core::base::sha256_hex(text)
        );
        assert_eq!(count_lines_of_file(&p).unwrap(), crate::count_lines(text));
    }
    // Larger than one piece, lines across piece boundaries.
    let big: Vec<u8> = (0..200_000u32)
        .flat_map(|i| format!("{i}\n").into_bytes())
        .collect();
    let p = dir.path().join("big");
    std::fs::write(&p, &big).unwrap();
    assert_eq!(
        sha256_of_file(&p).unwrap(),
        readcov_core::base::sha256_hex(&big)
    );
    assert_eq!(count_lines_of_file(&p).unwrap(), 200_000);
    let fifo_path = dir.path().join("pipe");
    fifo(&fifo_path);
    let e = within_5s(move || sha256_of_file(&fifo_path)).unwrap_err();
    assert!(e.to_string().contains("not a regular file"), "{e}");
}

/// The streamed fingerprint is the one `Base::of_file` takes of the whole text, and a copy is
/// checked by the hash of what was written, at most `max` bytes of it.
#[test]
fn fingerprints_and_copies_are_taken_in_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Over one 64 KiB piece, without a final newline (counted as a line, as count_lines does).
    let text: Vec<u8> = (0..20_000)
        .flat_map(|i| format!("l{i}\n").into_bytes())
        .chain(*b"end")
        .collect();
    std::fs::write(d.join("a.py"), &text).unwrap();
    let whole = readcov_core::base::Base::of_file(&text);
    let (sha, lines) = fingerprint_of_file(&d.join("a.py")).unwrap();
    assert_eq!(
        (sha.as_str(), Some(lines)),
        (whole.sha256.as_str(), whole.lines)
    );
    assert_eq!(lines, 20_001);
    std::fs::write(d.join("empty.py"), b"").unwrap();
    assert_eq!(fingerprint_of_file(&d.join("empty.py")).unwrap().1, 0);
    assert_eq!(
        copy_input(&d.join("a.py"), &d.join("b.py"), 1 << 30).unwrap(),
        sha
    );
    assert_eq!(std::fs::read(d.join("b.py")).unwrap(), text);
    // Never over an existing file; at most `max` bytes.
    assert!(copy_input(&d.join("a.py"), &d.join("b.py"), 1 << 30).is_err());
    let cut = copy_input(&d.join("a.py"), &d.join("c.py"), 10).unwrap();
    assert_eq!(cut, readcov_core::base::sha256_hex(&text[..10]));
    // A FIFO is refused, not waited on.
    fifo(&d.join("pipe.py"));
    let p = d.join("pipe.py");
    assert!(within_5s(move || fingerprint_of_file(&p)).is_err());
}
