use super::*;

#[test]
fn a_file_is_replaced_whole_keeping_its_mode_and_a_failed_write_keeps_the_old_one() {
    use std::os::unix::fs::PermissionsExt;
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("out.jsonl");
    std::fs::write(&p, "old\n").unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
    write_file(&p, b"new\n").unwrap();
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "new\n");
    let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    // Through a symlink: the target is replaced, the link stays a link.
    let link = d.path().join("link.jsonl");
    std::os::unix::fs::symlink(&p, &link).unwrap();
    write_file(&link, b"via link\n").unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "via link\n");
    // A write that cannot finish (the folder is gone) leaves nothing behind.
    let gone = d.path().join("no/such/dir/out.jsonl");
    assert!(write_file(&gone, b"x").is_err());
    let left: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
    assert_eq!(left.len(), 2, "no temp file left: {left:?}");
    // A file that is no regular file is written in place, never replaced.
    write_file(Path::new("/dev/null"), b"x").unwrap();
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(!null.is_file(), "/dev/null is still a device");
}

#[test]
fn outputs_that_are_inputs_or_collide_are_refused() {
    let d = tempfile::tempdir().unwrap();
    let a = d.path().join("a.json");
    std::fs::write(&a, "{}").unwrap();
    let dot = d.path().join(".").join("a.json");
    let b = d.path().join("b.json");
    let dash = Path::new("-");
    let err = |o: &[(&str, &Path)], i: &[&Path], busy| check(o, i, busy).unwrap_err().to_string();
    assert!(err(&[("-o", &dot)], &[&a], false).contains("this is also an input"));
    assert!(err(&[("--html", &b), ("--sarif", &b)], &[], false).contains("both name"));
    assert!(err(&[("--html", dash), ("--lcov", dash)], &[], false)
        .contains("--lcov -: standard output already carries --html"));
    assert!(err(&[("--emit-partial", dash)], &[], true).contains("the command's own output"));
    assert!(check(&[("-o", &b), ("--html", dash)], &[&a], false).is_ok());
    let null = Path::new("/dev/null");
    assert!(check(&[("--html", null), ("--sarif", null)], &[&a], false).is_ok());
}
