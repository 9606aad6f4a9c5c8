use super::*;

#[test]
fn counts_lines() {
    assert_eq!(count_lines(b""), 0);
    assert_eq!(count_lines(b"a"), 1);
    assert_eq!(count_lines(b"a\n"), 1);
    assert_eq!(count_lines(b"a\nb"), 2);
    assert_eq!(count_lines(b"a\r\nb\r\n"), 2);
}

#[test]
fn task_folders_say_why_they_are_not_used() {
    let d = tempfile::tempdir().unwrap();
    let root = d.path().canonicalize().unwrap();
    let outside = tempfile::tempdir().unwrap();
    std::fs::create_dir(root.join("t1")).unwrap();
    std::fs::write(root.join("file"), "x").unwrap();
    std::os::unix::fs::symlink(outside.path(), root.join("out")).unwrap();
    std::os::unix::fs::symlink("t1", root.join("alias")).unwrap();
    assert_eq!(task_folder(&root, "t1"), Ok(Some(root.join("t1"))));
    assert_eq!(task_folder(&root, "alias"), Ok(Some(root.join("t1"))));
    assert_eq!(task_folder(&root, "missing"), Ok(None));
    let why = |t| task_folder(&root, t).unwrap_err();
    assert!(why("out").contains("outside"), "{}", why("out"));
    assert_eq!(why("file"), "not a directory");
    assert_eq!(why("t1/.."), "not one plain folder name");
    assert_eq!(why("/etc"), "not one plain folder name");
}

#[test]
fn task_dirs_stay_inside() {
    let d = tempfile::tempdir().unwrap();
    let root = d.path().canonicalize().unwrap();
    std::fs::create_dir(root.join("t1")).unwrap();
    assert_eq!(task_dir(&root, "t1"), Some(root.join("t1")));
    for bad in ["..", "/etc", "t1/..", "missing"] {
        assert_eq!(task_dir(&root, bad), None, "{bad}");
    }
}
