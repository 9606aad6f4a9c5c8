//! Behaviour of the read log: whole lines, batches, torn-tail recovery (both kinds), reading
//! without repairing, the lock, atomic rewrite, and refusing symlinks and directories.

use readcov_readlog::{read_log, torn_path, LogError, ReadLog, TornAction};
use std::io::Write;
use std::path::Path;

fn raw_append(path: &Path, bytes: &[u8]) {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .unwrap();
    f.write_all(bytes).unwrap();
}

fn read(path: &Path) -> String {
    String::from_utf8(std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn appends_whole_lines_that_parse_as_reads() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    let (log, rec) = ReadLog::open(&path).unwrap();
    assert_eq!((rec.lines, rec.torn), (0, None));
    let a = log
        .append_json(&serde_json::json!({"path": "a.py", "start": 1, "end": 2}))
        .unwrap();
    let batch = [
        r#"{"path":"b.py","start":3,"end":4}"#,
        r#"{"path":"c.py","start":5,"end":5}"#,
    ];
    let b = log.append_lines(&batch).unwrap();
    assert_eq!(a.offset, 0);
    assert_eq!(b.offset, a.bytes as u64);
    assert_eq!(b.bytes, batch[0].len() + batch[1].len() + 2);
    let parsed = readcov_core::parse_reads(&std::fs::read(&path).unwrap(), "r", None);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let paths: Vec<_> = parsed.items.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(paths, ["a.py", "b.py", "c.py"]);
    assert_eq!(ReadLog::open(&path).unwrap().1.lines, 3);
}

#[test]
fn a_record_with_a_newline_is_refused_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    let (log, _) = ReadLog::open(&path).unwrap();
    let err = log.append_lines(&["{}", "{\n}"]).unwrap_err();
    assert!(matches!(err, LogError::Newline), "{err}");
    assert_eq!(read(&path), "");
}

#[test]
fn a_torn_fragment_is_moved_aside_and_complete_lines_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    raw_append(&path, b"{\"a\":1}\n{\"b\":2}\n{\"path\":\"x.py\",\"sta");
    let (log, rec) = ReadLog::open(&path).unwrap();
    let torn = rec.torn.expect("torn line reported");
    assert_eq!((torn.line, torn.offset, torn.len), (3, 16, 19));
    assert_eq!(torn.preview, "{\"path\":\"x.py\",\"sta");
    assert_eq!(torn.action, TornAction::MovedAside(torn_path(&path)));
    assert_eq!(rec.lines, 2);
    assert_eq!(read(&path), "{\"a\":1}\n{\"b\":2}\n");
    assert_eq!(read(&torn_path(&path)), "{\"path\":\"x.py\",\"sta\n");
    log.append_json(&serde_json::json!({"c": 3})).unwrap();
    assert_eq!(read(&path), "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n");
}

#[test]
fn a_complete_record_without_newline_is_kept_and_terminated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    raw_append(&path, b"{\"a\":1}\n{\"b\":2}");
    let (log, rec) = ReadLog::open(&path).unwrap();
    assert_eq!(rec.torn.map(|t| t.action), Some(TornAction::Terminated));
    assert_eq!(rec.lines, 2);
    log.append_json(&serde_json::json!({"c": 3})).unwrap();
    assert_eq!(read(&path), "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n");
    assert!(!torn_path(&path).exists());
}

#[test]
fn an_append_repairs_a_tail_torn_after_open() {
    // Another writer crashed mid-line after we opened: our record must not glue onto it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    let (log, _) = ReadLog::open(&path).unwrap();
    log.append_json(&serde_json::json!({"a": 1})).unwrap();
    raw_append(&path, b"{\"half");
    let done = log.append_json(&serde_json::json!({"b": 2})).unwrap();
    let torn = done.repaired.expect("repair reported");
    assert_eq!((torn.line, torn.offset), (2, 8));
    assert_eq!(done.offset, 8);
    assert_eq!(read(&path), "{\"a\":1}\n{\"b\":2}\n");
    assert_eq!(read(&torn_path(&path)), "{\"half\n");
}

#[test]
fn read_log_skips_and_reports_a_torn_line_without_writing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    assert_eq!(read_log(&path).unwrap().lines, 0, "a missing log is empty");
    raw_append(&path, b"{\"a\":1}\r\n{\"b\":");
    let c = read_log(&path).unwrap();
    assert_eq!(c.complete, b"{\"a\":1}\r\n");
    assert_eq!(c.lines, 1);
    let t = c.torn.unwrap();
    assert_eq!(
        (t.line, t.offset, t.len, t.action),
        (2, 9, 5, TornAction::Skipped)
    );
    assert_eq!(read(&path), "{\"a\":1}\r\n{\"b\":");
}

#[test]
fn try_lock_fails_while_another_writer_holds_the_lock() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    let (a, _) = ReadLog::open(&path).unwrap();
    let b = ReadLog::open(&path).unwrap().0;
    let guard = a.lock().unwrap();
    assert!(matches!(b.try_lock(), Err(LogError::Locked { .. })));
    drop(guard);
    assert!(b.try_lock().is_ok());
}

#[test]
fn an_append_waits_for_the_lock_holder() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    let (log, _) = ReadLog::open(&path).unwrap();
    let guard = log.lock().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    // `open` itself takes the lock, so it runs in the thread too.
    let p = path.clone();
    let t = std::thread::spawn(move || {
        let (l, _) = ReadLog::open(&p).unwrap();
        l.append_json(&serde_json::json!({"late": true})).unwrap();
        tx.send(()).unwrap();
    });
    assert!(
        rx.recv_timeout(std::time::Duration::from_millis(300))
            .is_err(),
        "append went through while the lock was held"
    );
    assert_eq!(read(&path), "");
    drop(guard);
    rx.recv().unwrap();
    t.join().unwrap();
    assert_eq!(read(&path), "{\"late\":true}\n");
}

#[test]
fn rewrite_is_atomic_and_later_appends_land_in_the_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    let (log, _) = ReadLog::open(&path).unwrap();
    for (i, src) in ["agent", "manual", "agent", "manual"].iter().enumerate() {
        log.append_json(&serde_json::json!({"i": i, "source": src}))
            .unwrap();
    }
    let dropped = log
        .rewrite(|l| !String::from_utf8_lossy(l).contains("manual"))
        .unwrap();
    assert_eq!(dropped, 2);
    log.append_json(&serde_json::json!({"i": 4})).unwrap();
    assert_eq!(
        read(&path),
        "{\"i\":0,\"source\":\"agent\"}\n{\"i\":2,\"source\":\"agent\"}\n{\"i\":4}\n"
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(leftovers, ["reads.jsonl"], "no tmp file left behind");
}

#[test]
fn a_symlinked_log_is_refused_and_its_target_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("victim.txt");
    std::fs::write(&target, "keep me\n").unwrap();
    let path = dir.path().join("reads.jsonl");
    std::os::unix::fs::symlink(&target, &path).unwrap();
    let err = ReadLog::open(&path).unwrap_err();
    assert!(matches!(err, LogError::Symlink { .. }), "{err}");
    assert_eq!(read(&target), "keep me\n");
}

#[test]
fn a_directory_is_not_a_log() {
    let dir = tempfile::tempdir().unwrap();
    let err = ReadLog::open(dir.path()).unwrap_err();
    assert!(
        matches!(err, LogError::Io { .. } | LogError::NotAFile { .. }),
        "{err}"
    );
}

#[test]
fn new_touches_nothing_until_the_first_append() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    let log = ReadLog::new(&path);
    assert!(!path.exists());
    raw_append(&path, b"{\"a\":1}\n{\"b\"");
    let done = log.append_json(&serde_json::json!({"c": 3})).unwrap();
    assert_eq!(
        done.repaired.map(|t| t.action),
        Some(TornAction::MovedAside(torn_path(&path)))
    );
    assert_eq!(read(&path), "{\"a\":1}\n{\"c\":3}\n");
}
