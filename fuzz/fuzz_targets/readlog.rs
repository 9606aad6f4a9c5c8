//! Fuzz target: the read-log path (issue 35). A configured `readLog` (untrusted: it comes with a
//! repository's `readcov.toml`) against a workspace laid out by the input — `.readcov` missing, a
//! real folder, a symlink to a folder of the user's inside the workspace, or a file; the log
//! missing, a regular file holding the input's bytes (a torn tail included), a symlink or a hard
//! link to a user file, a folder or a FIFO — then an append and a rewrite through `ReadLog`.
//!
//! Invariants: `check_log_path` writes nothing; `confine_log_path` accepts only
//! `<root>/.readcov/NAME.jsonl` (NAME plain, not hidden) and at most creates `.readcov/`; a refused
//! path changes nothing; the user's files (inside and outside the workspace) never change,
//! whatever happens; an accepted log after `append_lines` holds its old complete lines unchanged,
//! then its torn tail (terminated, if it was a JSON value) or nothing (the fragment moved to
//! `NAME.jsonl.torn`), then the appended lines, and ends with a line break; `rewrite` keeps exactly
//! the complete lines it is told to keep, and the log's mode.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_readlog::{check_log_path, confine_log_path, torn_path, ReadLog, OWN_DIR};
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};

const USER: &[u8] = b"#!/bin/sh\necho user data\nexit 0";

/// Every file and folder under `dir` (symlinks not followed) with its bytes (files) and mode.
fn listing(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>, u32)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let Ok(m) = std::fs::symlink_metadata(&p) else {
                continue;
            };
            if m.is_dir() {
                stack.push(p.clone());
            }
            let bytes = m.is_file().then(|| std::fs::read(&p).unwrap_or_default());
            out.push((p, bytes, m.permissions().mode()));
        }
    }
    out.sort();
    out
}

fn mkfifo(p: &Path) {
    let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
}

/// A scratch folder in memory when there is one (fsync on disk would dominate).
fn scratch() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        if let Ok(d) = tempfile::tempdir_in(shm) {
            return d;
        }
    }
    tempfile::tempdir().expect("tempdir")
}

fuzz_target!(|data: &[u8]| {
    let Some((&layout, rest)) = data.split_first() else {
        return;
    };
    let mut parts = rest.splitn(4, |&b| b == 0);
    let configured = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let existing = parts.next().unwrap_or_default().to_vec();
    let appended: Vec<&[u8]> = parts
        .next()
        .unwrap_or_default()
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .take(8)
        .collect();
    let keep_bits = parts.next().unwrap_or_default().to_vec();

    let tmp = scratch();
    let ws = tmp.path().join("ws");
    let outside = tmp.path().join("outside");
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(ws.join("src/main.py"), USER).unwrap();
    std::fs::set_permissions(ws.join("src/main.py"), std::fs::Permissions::from_mode(0o755))
        .unwrap();
    std::fs::write(ws.join("gold.jsonl"), b"{\"path\":\"src/main.py\"}\n").unwrap();
    std::fs::write(outside.join("victim.jsonl"), USER).unwrap();
    symlink(&outside, ws.join("out")).unwrap();
    let own = ws.join(OWN_DIR);
    match layout & 3 {
        0 => {}
        1 => std::fs::create_dir(&own).unwrap(),
        2 => symlink(ws.join("src"), &own).unwrap(),
        _ => std::fs::write(&own, b"").unwrap(),
    }
    // The log named by `.readcov/reads.jsonl` (the default) or `src/reads.jsonl` through a
    // symlinked `.readcov`: laid out by the next bits.
    let log_at = match layout & 3 {
        1 => Some(own.join("reads.jsonl")),
        2 => Some(ws.join("src/reads.jsonl")),
        _ => None,
    };
    if let Some(log) = &log_at {
        match (layout >> 2) & 7 {
            0 => {}
            1 | 2 => std::fs::write(log, &existing).unwrap(),
            3 => symlink(ws.join("src/main.py"), log).unwrap(),
            4 => std::fs::hard_link(ws.join("src/main.py"), log).unwrap(),
            5 => std::fs::create_dir(log).unwrap(),
            6 => mkfifo(log),
            _ => symlink(outside.join("victim.jsonl"), log).unwrap(),
        }
    }
    let users = [ws.join("src/main.py"), ws.join("gold.jsonl"), outside.join("victim.jsonl")];
    let user_state = |p: &PathBuf| (std::fs::read(p).ok(), std::fs::metadata(p).ok().map(|m| m.permissions().mode()));
    let users_before: Vec<_> = users.iter().map(user_state).collect();
    let root = ws.canonicalize().unwrap();

    // Checking writes nothing.
    let before = listing(tmp.path());
    let checked = check_log_path(&ws, &configured);
    assert_eq!(listing(tmp.path()), before, "check_log_path wrote something");

    let confined = confine_log_path(&ws, &configured);
    match &confined {
        Ok(log) => {
            assert!(checked.is_ok(), "confine accepted what check refused: {configured:?}");
            assert_eq!(log.parent(), Some(root.join(OWN_DIR).as_path()), "{configured:?}");
            let name = log.file_name().unwrap().to_string_lossy();
            assert!(
                name.ends_with(".jsonl") && name.len() > 6 && !name.starts_with('.'),
                "{configured:?} -> {log:?}"
            );
            let m = std::fs::symlink_metadata(root.join(OWN_DIR)).unwrap();
            assert!(m.is_dir(), ".readcov is a real folder");
        }
        Err(_) => assert_eq!(listing(tmp.path()), before, "a refusal wrote something"),
    }

    if let Ok(log) = confined {
        let old = std::fs::read(&log).ok();
        let cut = old
            .as_deref()
            .map(|b| b.iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1));
        let torn_before = std::fs::read(torn_path(&log)).unwrap_or_default();
        match ReadLog::new(&log).append_lines(&appended) {
            Ok(done) => {
                let now = std::fs::read(&log).unwrap();
                let old = old.unwrap_or_default();
                let cut = cut.unwrap_or(0);
                assert!(now.starts_with(&old[..cut]), "complete lines changed");
                let mut tail_kept = 0;
                if cut < old.len() {
                    let tail = &old[cut..];
                    let torn_now = std::fs::read(torn_path(&log)).unwrap_or_default();
                    if torn_now.len() > torn_before.len() {
                        let mut moved = tail.to_vec();
                        moved.push(b'\n');
                        assert_eq!(&torn_now[torn_before.len()..], &moved[..], "fragment lost");
                    } else {
                        assert_eq!(&now[cut..cut + tail.len()], tail, "tail changed");
                        assert_eq!(now[cut + tail.len()], b'\n');
                        tail_kept = tail.len() + 1;
                    }
                }
                let mut expect: Vec<u8> = Vec::new();
                for l in &appended {
                    expect.extend_from_slice(l);
                    expect.push(b'\n');
                }
                assert_eq!(&now[cut + tail_kept..], &expect[..], "appended lines");
                assert_eq!(done.bytes, expect.len());
                assert!(now.is_empty() || now.ends_with(b"\n"));
                // Rewrite: exactly the complete lines kept, the mode unchanged.
                let mode = std::fs::metadata(&log).unwrap().permissions().mode();
                let lines: Vec<&[u8]> = now.split_inclusive(|&b| b == b'\n').collect();
                let keep = |i: usize| keep_bits.get(i % keep_bits.len().max(1)).is_none_or(|b| b & 1 == 0);
                let mut i = 0;
                let dropped = ReadLog::new(&log)
                    .rewrite(|_| {
                        let k = keep(i);
                        i += 1;
                        k
                    })
                    .expect("rewrite of an accepted log");
                let want: Vec<u8> = (lines.iter().enumerate())
                    .filter(|(i, _)| keep(*i))
                    .flat_map(|(_, l)| l.iter().copied())
                    .collect();
                assert_eq!(std::fs::read(&log).unwrap(), want, "rewrite kept other lines");
                assert_eq!(dropped, lines.len() - (0..lines.len()).filter(|&i| keep(i)).count());
                assert_eq!(std::fs::metadata(&log).unwrap().permissions().mode(), mode);
            }
            // Refused (a FIFO, a folder or a link at the log's place): nothing appended.
            Err(_) => assert_eq!(std::fs::read(&log).ok(), old, "a refused append wrote"),
        }
    }
    let users_after: Vec<_> = users.iter().map(user_state).collect();
    assert_eq!(users_before, users_after, "a user's file changed: {configured:?} layout {layout}");
});
