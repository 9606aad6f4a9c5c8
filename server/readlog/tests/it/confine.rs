//! The log path from configuration stays inside the workspace, symlinks resolved.

use readcov_readlog::{confine_log_path, LogError};
use std::os::unix::fs::symlink;

fn check(configured: &str, expect_ok: Option<&str>) {
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
    let root = ws.path().canonicalize().unwrap();
    let got = confine_log_path(ws.path(), configured);
    match expect_ok {
        Some(rel) => assert_eq!(got.unwrap(), root.join(rel), "{configured}"),
        None => assert!(
            matches!(
                got,
                Err(LogError::Outside { .. } | LogError::BadPath(..) | LogError::Symlink { .. })
            ),
            "{configured}: {got:?}"
        ),
    }
    // Whatever happened, nothing was created outside the workspace.
    let names: Vec<_> = std::fs::read_dir(outside.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["victim.jsonl"], "{configured}");
}

#[test]
fn log_paths_from_config() {
    check(".readcov/reads.jsonl", Some(".readcov/reads.jsonl"));
    check("a/b/c/reads.jsonl", Some("a/b/c/reads.jsonl"));
    check("./reads.jsonl", Some("reads.jsonl"));
    check("alias/reads.jsonl", Some("inside/reads.jsonl"));
    check("../reads.jsonl", None);
    check("a/../../reads.jsonl", None);
    check("/etc/readcov.jsonl", None);
    check("out/reads.jsonl", None);
    check("out/new/reads.jsonl", None);
    check("link.jsonl", None);
    check("", None);
}

#[test]
fn an_absolute_path_inside_the_root_is_accepted() {
    let ws = tempfile::tempdir().unwrap();
    let root = ws.path().canonicalize().unwrap();
    let abs = root.join("logs/reads.jsonl");
    let got = confine_log_path(ws.path(), abs.to_str().unwrap()).unwrap();
    assert_eq!(got, abs);
    assert!(root.join("logs").is_dir(), "directory created inside");
}
