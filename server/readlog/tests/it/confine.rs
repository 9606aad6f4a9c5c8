//! The log path from configuration is only ever a `.jsonl` file in readcov's own `.readcov/`
//! folder under the workspace root (symlinks resolved, none followed into it), never a file of
//! the user's; nothing is created outside that folder, nothing is written to a refused file.

use readcov_readlog::{
    check_log_path, confine_log_path, torn_path, LogError, ReadLog, MAX_LOG_NAME,
};
use std::os::unix::fs::{symlink, PermissionsExt};

/// A workspace with symlinks out (a folder and a file), a folder inside and an alias of it, a
/// user file and a gold file; `prepare` may change it further.
fn check(configured: &str, prepare: impl FnOnce(&std::path::Path), expect_ok: Option<&str>) {
    let ws = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    symlink(outside.path(), ws.path().join("out")).unwrap();
    std::fs::write(outside.path().join("victim.jsonl"), "x\n").unwrap();
    symlink(
        outside.path().join("victim.jsonl"),
        ws.path().join("link.jsonl"),
    )
    .unwrap();
    std::fs::create_dir(ws.path().join("inside")).unwrap();
    symlink(ws.path().join("inside"), ws.path().join("alias")).unwrap();
    std::fs::write(ws.path().join("main.py"), "print(1)\nexit(0)").unwrap();
    std::fs::write(ws.path().join("gold.jsonl"), "{\"path\":\"a.py\"}\n").unwrap();
    prepare(ws.path());
    let root = ws.path().canonicalize().unwrap();
    let before = listing(ws.path());
    let got = confine_log_path(ws.path(), configured);
    match expect_ok {
        Some(rel) => assert_eq!(got.unwrap(), root.join(rel), "{configured}"),
        None => {
            assert!(
                matches!(
                    got,
                    Err(LogError::NotOwn(..)
                        | LogError::BadPath(..)
                        | LogError::Symlink { .. }
                        | LogError::OwnDir { .. }
                        | LogError::HardLinked { .. }
                        | LogError::NotAFile { .. })
                ),
                "{configured}: {got:?}"
            );
            // A refusal writes nothing, anywhere in the workspace.
            assert_eq!(listing(ws.path()), before, "{configured}");
        }
    }
    // Whatever happened, nothing was created outside the workspace.
    let names: Vec<_> = std::fs::read_dir(outside.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["victim.jsonl"], "{configured}");
}

/// Every path under `dir` (symlinks not followed) with its size.
fn listing(dir: &std::path::Path) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let m = std::fs::symlink_metadata(&p).unwrap();
            if m.is_dir() {
                stack.push(p.clone());
            }
            out.push((p.display().to_string(), m.len()));
        }
    }
    out.sort();
    out
}

fn nothing(_: &std::path::Path) {}

#[test]
fn log_paths_from_config() {
    check(
        ".readcov/reads.jsonl",
        nothing,
        Some(".readcov/reads.jsonl"),
    );
    check(
        "./.readcov/mine.jsonl",
        nothing,
        Some(".readcov/mine.jsonl"),
    );
    check(
        ".readcov/x/../reads.jsonl",
        nothing,
        Some(".readcov/reads.jsonl"),
    );
    // Outside readcov's own folder: refused, whatever the file.
    for user in [
        "main.py",
        "gold.jsonl",
        "new.jsonl",
        "a/b/c/reads.jsonl",
        "inside/reads.jsonl",
        "alias/reads.jsonl",
        "../reads.jsonl",
        "a/../../reads.jsonl",
        "/etc/readcov.jsonl",
        "out/reads.jsonl",
        "out/new/reads.jsonl",
        "link.jsonl",
        "",
    ] {
        check(user, nothing, None);
    }
    // In `.readcov/`, but not a log readcov writes: a subfolder, another suffix, a hidden name
    // (readcov's temporary files), the folder itself.
    for odd in [
        ".readcov/base/reads.jsonl",
        ".readcov/report.html",
        ".readcov/reads.jsonl.torn",
        ".readcov/.reads.jsonl",
        ".readcov/.jsonl",
        ".readcov",
    ] {
        check(odd, nothing, None);
    }
    // A name too long for readcov's own names beside it (`.NAME.rewrite.PID`, `NAME.torn`).
    let longest = format!(".readcov/{}.jsonl", "r".repeat(MAX_LOG_NAME - 6));
    check(&longest, nothing, Some(&longest));
    check(
        &format!(".readcov/{}.jsonl", "r".repeat(MAX_LOG_NAME - 5)),
        nothing,
        None,
    );
}

/// The longest accepted name is appended to, torn-repaired and rewritten: the names readcov
/// makes beside it fit (found by the `readlog` fuzz target: a 240-byte name was accepted, and
/// every rewrite then failed with "File name too long").
#[test]
fn the_longest_log_name_is_appended_repaired_and_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let configured = format!(
        ".readcov/{}.jsonl",
        "\u{fffd}".repeat((MAX_LOG_NAME - 6) / 3)
    );
    let log = confine_log_path(dir.path(), &configured).expect("accepted");
    assert!(log.file_name().unwrap().len() <= MAX_LOG_NAME);
    std::fs::write(&log, "{\"a\":1}\n{\"b\":").unwrap();
    ReadLog::new(&log).append_lines(&[b"{\"c\":3}"]).unwrap();
    assert!(
        torn_path(&log).is_file(),
        "the torn fragment moved beside it"
    );
    let dropped = ReadLog::new(&log).rewrite(|l| l != b"{\"c\":3}").unwrap();
    assert_eq!(dropped, 1);
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "{\"a\":1}\n");
}

#[test]
fn a_readcov_folder_that_is_not_a_real_directory_is_refused() {
    // A symlink to a folder inside the workspace: `.readcov/main.py` would be the user's file.
    check(
        ".readcov/main.jsonl",
        |ws| {
            std::fs::write(ws.join("inside/main.jsonl"), "user data\n").unwrap();
            symlink(ws.join("inside"), ws.join(".readcov")).unwrap();
        },
        None,
    );
    // A symlink out of the workspace, and a plain file.
    check(
        ".readcov/reads.jsonl",
        |ws| symlink(ws.join("out"), ws.join(".readcov")).unwrap(),
        None,
    );
    check(
        ".readcov/reads.jsonl",
        |ws| std::fs::write(ws.join(".readcov"), "").unwrap(),
        None,
    );
}

#[test]
fn a_log_that_is_a_symlink_a_fifo_or_a_hard_link_is_refused() {
    check(
        ".readcov/reads.jsonl",
        |ws| {
            std::fs::create_dir(ws.join(".readcov")).unwrap();
            symlink(ws.join("gold.jsonl"), ws.join(".readcov/reads.jsonl")).unwrap();
        },
        None,
    );
    check(
        ".readcov/reads.jsonl",
        |ws| {
            std::fs::create_dir(ws.join(".readcov")).unwrap();
            std::fs::hard_link(ws.join("main.py"), ws.join(".readcov/reads.jsonl")).unwrap();
        },
        None,
    );
    check(
        ".readcov/reads.jsonl",
        |ws| {
            std::fs::create_dir_all(ws.join(".readcov/reads.jsonl")).unwrap();
        },
        None,
    );
}

#[test]
fn an_absolute_path_inside_the_root_is_accepted_and_the_folder_made_on_use() {
    let ws = tempfile::tempdir().unwrap();
    let root = ws.path().canonicalize().unwrap();
    let abs = root.join(".readcov/reads.jsonl");
    // Checking creates nothing; confining makes the folder.
    assert_eq!(
        check_log_path(ws.path(), abs.to_str().unwrap()).unwrap(),
        abs
    );
    assert!(!root.join(".readcov").exists());
    assert_eq!(
        confine_log_path(ws.path(), abs.to_str().unwrap()).unwrap(),
        abs
    );
    assert!(root.join(".readcov").is_dir(), "directory created inside");
}

/// Clearing what-if rows rewrites the log (temp file + rename): the mode stays.
#[test]
fn a_rewrite_keeps_the_logs_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reads.jsonl");
    std::fs::write(&path, "{\"a\":1}\n{\"b\":2}\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let dropped = ReadLog::new(&path).rewrite(|l| l != b"{\"b\":2}").unwrap();
    assert_eq!(dropped, 1);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"a\":1}\n");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

/// A log with another hard link is never written: that other file would change too.
#[test]
fn appending_to_a_hard_linked_log_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let user = dir.path().join("user.txt");
    std::fs::write(&user, "mine").unwrap();
    let log = dir.path().join("reads.jsonl");
    std::fs::hard_link(&user, &log).unwrap();
    let err = ReadLog::new(&log)
        .append_json(&serde_json::json!({"path": "a.py", "start": 1, "end": 1}))
        .unwrap_err();
    assert!(
        matches!(err, LogError::HardLinked { links: 2, .. }),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&user).unwrap(), "mine");
}
