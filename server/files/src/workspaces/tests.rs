//! The kept answers are the plain [`Workspace`]'s, and the budget bounds what is kept.

use super::*;
use crate::{task_dir, Workspace};

/// Two task folders (one with a file, a folder and a link out of the workspace), a plain file
/// where a task's folder would be, and a link to a task's folder.
fn tasks() -> (tempfile::TempDir, tempfile::TempDir, PathBuf) {
    let d = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let root = d.path().canonicalize().unwrap();
    std::fs::create_dir_all(root.join("t1/src/pkg")).unwrap();
    std::fs::write(root.join("t1/src/pkg/a.py"), "one\ntwo\n").unwrap();
    std::fs::write(root.join("t1/b.txt"), "no final break").unwrap();
    // Past the source limit (sparse): no bytes, so no file to place reads on.
    let big = std::fs::File::create(root.join("t1/big.py")).unwrap();
    big.set_len(crate::MAX_SOURCE_BYTES + 1).unwrap();
    std::fs::write(outside.path().join("secret"), "x").unwrap();
    std::os::unix::fs::symlink(outside.path().join("secret"), root.join("t1/link")).unwrap();
    std::os::unix::fs::symlink("pkg/a.py", root.join("t1/src/inner")).unwrap();
    std::os::unix::fs::symlink("gone", root.join("t1/dangling")).unwrap();
    std::fs::create_dir(root.join("t2")).unwrap();
    std::fs::write(root.join("t2/a.py"), "other\n").unwrap();
    std::fs::write(root.join("file"), "x").unwrap();
    std::os::unix::fs::symlink("t1", root.join("alias")).unwrap();
    (d, outside, root)
}

const TASKS: [&str; 7] = ["t1", "t2", "alias", "missing", "file", "..", "t1/src"];
const PATHS: [&str; 22] = [
    "big.py",
    "src/pkg/a.py",
    "src/./pkg/a.py",
    "src//pkg/a.py",
    "./b.txt",
    "b.txt/",
    "b.txt/x",
    "src/../b.txt",
    "link/x",
    "b.txt",
    "link",
    "src/inner",
    "src",
    "src/pkg",
    "",
    "a.py",
    "missing.py",
    "src/pkg/",
    "nope/a.py",
    "src/nope/x",
    "dangling",
    "dangling/x",
];

fn plain_for(per_task: Option<&Path>, one: Option<&Path>, task: &str) -> Workspace {
    match per_task {
        Some(dir) => Workspace(task_dir(dir, task)),
        None => Workspace(one.map(Path::to_path_buf)),
    }
}

/// Every answer (asked twice: found, then kept) is the plain provider's, with per-task
/// folders and with one workspace, whether a path's bytes or whether it is a directory is
/// asked first (the second answer takes the first's look-up).
#[test]
fn kept_answers_are_the_plain_ones() {
    let (_d, _o, root) = tasks();
    for (one, per_task) in [(None, Some(root.clone())), (Some(root.join("t1")), None)] {
        for first in ["read", "dir", "file"] {
            let all = Workspaces::new(one.clone(), per_task.clone());
            for _ in 0..2 {
                for task in TASKS {
                    let kept = all.provider(task);
                    let plain = plain_for(per_task.as_deref(), one.as_deref(), task);
                    assert_eq!(kept.has_workspace(), plain.has_workspace(), "{task}");
                    for p in PATHS {
                        match first {
                            "dir" => assert_eq!(kept.is_dir(p), plain.is_dir(p), "{task} {p}"),
                            "file" => assert_eq!(kept.is_file(p), plain.is_file(p), "{task} {p}"),
                            _ => {}
                        }
                        // Whether it is a file is whether it has bytes, asked without them.
                        assert_eq!(plain.is_file(p), plain.read(p).is_some(), "{task} {p}");
                        assert_eq!(kept.read(p), plain.read(p), "{task} {p}");
                        assert_eq!(kept.is_dir(p), plain.is_dir(p), "{task} {p}");
                        assert_eq!(kept.base(p), plain.base(p), "{task} {p}");
                        assert_eq!(kept.is_file(p), plain.is_file(p), "{task} {p}");
                    }
                }
            }
        }
    }
}

/// A file is read once: later answers are the bytes first read, and its `base` theirs.
#[test]
fn a_file_is_read_once() {
    let (_d, _o, root) = tasks();
    let all = Workspaces::new(None, Some(root.clone()));
    let first = all.provider("t2").read("a.py");
    std::fs::write(root.join("t2/a.py"), "changed\n").unwrap();
    assert_eq!(all.provider("t2").read("a.py"), first);
    assert_eq!(
        all.provider("t2").base("a.py"),
        Some(Base::of_file(b"other\n"))
    );
}

/// The bytes kept stay within the budget: the oldest file is dropped (and read again when
/// asked for again), the newest kept.
#[test]
fn the_budget_drops_the_oldest() {
    let (_d, _o, root) = tasks();
    let mut all = Workspaces::new(None, Some(root.clone()));
    Arc::get_mut(&mut all).unwrap().budget = (20, 100);
    let t1 = all.provider("t1");
    assert_eq!(t1.read("src/pkg/a.py").as_deref(), Some(&b"one\ntwo\n"[..]));
    assert_eq!(t1.read("b.txt").as_deref(), Some(&b"no final break"[..]));
    assert!(all.kept().bytes <= 20, "{}", all.kept().bytes);
    std::fs::write(root.join("t1/src/pkg/a.py"), "new\n").unwrap();
    std::fs::write(root.join("t1/b.txt"), "new\n").unwrap();
    assert_eq!(
        t1.read("src/pkg/a.py").as_deref(),
        Some(&b"new\n"[..]),
        "dropped: read again"
    );
    assert_eq!(
        t1.read("b.txt").as_deref(),
        Some(&b"no final break"[..]),
        "still kept"
    );
}

/// `--workspaces DIR` changed nothing when no task asked for had its folder there; one task
/// with a folder is enough, and a single `--workspace` is never said to be idle.
#[test]
fn no_task_folder_until_one_is_found() {
    let (_d, _outside, root) = tasks();
    let all = Workspaces::new(None, Some(root.clone()));
    assert!(all.no_task_folder(), "nothing asked yet");
    all.provider("missing");
    assert!(all.no_task_folder(), "a task without a folder");
    all.provider("t2");
    assert!(!all.no_task_folder(), "t2 has a folder");
    all.provider("missing");
    assert!(!all.no_task_folder(), "found once is found");
    assert!(!Workspaces::new(Some(root), None).no_task_folder());
}
