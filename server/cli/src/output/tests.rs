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
    // Through a symlink: refused, naming the link; the file it points to is unchanged.
    let link = d.path().join("link.jsonl");
    std::os::unix::fs::symlink(&p, &link).unwrap();
    let err = write_file(&link, b"via link\n").unwrap_err().to_string();
    assert!(err.contains("link.jsonl: is a symbolic link"), "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "new\n");
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

/// The temp file an output is written to is made new (`O_EXCL`): a symbolic link planted at the
/// name readcov picks (`.NAME.readcov-PID.tmp`, its process id guessable) is never opened — the
/// old `File::create` followed it and truncated the file it pointed to. The next name is used,
/// the output is written, the planted link and its target are left as they were.
#[test]
fn a_link_planted_at_the_temp_name_is_not_followed() {
    let d = tempfile::tempdir().unwrap();
    let victim = d.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let planted = d
        .path()
        .join(format!(".out.jsonl.readcov-{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let out = d.path().join("out.jsonl");
    write_file(&out, b"rows\n").unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "rows\n");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(std::fs::symlink_metadata(&planted)
        .unwrap()
        .file_type()
        .is_symlink());
}

/// Files readcov names itself in a folder the user named (`demo --write DIR`): nothing through a
/// link (a file or a folder below DIR), no file of the user's replaced, and a refusal writes
/// nothing at all; the same files again (a rerun) are fine.
#[test]
fn files_named_by_readcov_in_a_users_folder() {
    let d = tempfile::tempdir().unwrap();
    let outside = d.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(outside.join("f.py"), "mine\n").unwrap();
    let files = |dir_file: &str| {
        vec![
            (PathBuf::from("a.jsonl"), b"a\n".to_vec()),
            (PathBuf::from("base").join(dir_file), b"code\n".to_vec()),
        ]
    };
    let dir = d.path().join("demo");
    let written = write_in(&dir, &files("f.py")).unwrap();
    assert_eq!(written, vec![dir.join("a.jsonl"), dir.join("base/f.py")]);
    assert!(write_in(&dir, &files("f.py")).is_ok(), "a rerun");
    // A folder below DIR that is a link out: refused, nothing written anywhere.
    let dir2 = d.path().join("demo2");
    std::fs::create_dir(&dir2).unwrap();
    std::os::unix::fs::symlink(&outside, dir2.join("base")).unwrap();
    let err = write_in(&dir2, &files("f.py")).unwrap_err().to_string();
    assert!(err.contains("base: is a symbolic link"), "{err}");
    assert_eq!(
        std::fs::read_to_string(outside.join("f.py")).unwrap(),
        "mine\n"
    );
    assert!(
        !dir2.join("a.jsonl").exists(),
        "nothing written before the refusal"
    );
    // A file of the user's at a name readcov picks: refused by name, left as it was.
    let dir3 = d.path().join("demo3");
    std::fs::create_dir(&dir3).unwrap();
    std::fs::write(dir3.join("a.jsonl"), "the user's\n").unwrap();
    let err = write_in(&dir3, &files("f.py")).unwrap_err().to_string();
    assert!(err.contains("a.jsonl: already exists"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir3.join("a.jsonl")).unwrap(),
        "the user's\n"
    );
    assert!(!dir3.join("base").exists());
}

/// Only the process's own stream names pass the link refusal: a link elsewhere under `/dev`
/// (`/dev/shm` is anyone's to write in) or `/proc`, or spelled with `..`, does not.
#[test]
fn only_the_processs_stream_names_are_links_written_through() {
    for yes in [
        "/dev/stdout",
        "/dev/stderr",
        "/dev/fd/1",
        "/dev/fd/63",
        "/proc/self/fd/2",
    ] {
        assert!(is_stream(Path::new(yes)), "{yes}");
    }
    for no in [
        "/dev/shm/out.jsonl",
        "/dev/null2",
        "/dev/fd/x",
        "/dev/fd/../shm/x",
        "/proc/self/cwd/out.jsonl",
        "/proc/1/root/etc/passwd",
        "out.jsonl",
        "dev/stdout",
    ] {
        assert!(!is_stream(Path::new(no)), "{no}");
    }
}

/// An output written in place (it was no regular file when looked at) is opened with
/// `O_NOFOLLOW`: a link swapped in between the look and the open is not written through (the
/// old open followed it and wrote into the file it pointed to).
#[test]
fn a_link_swapped_in_after_the_look_is_not_followed() {
    let d = tempfile::tempdir().unwrap();
    let (out, victim) = (d.path().join("out"), d.path().join("victim"));
    std::fs::write(&victim, "mine\n").unwrap();
    let fifo = std::ffi::CString::new(out.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    let mut dest = Dest::of(&out).unwrap();
    assert!(matches!(dest, Dest::InPlace(_)));
    std::fs::remove_file(&out).unwrap();
    std::os::unix::fs::symlink(&victim, &out).unwrap();
    let err = dest.open().unwrap_err();
    assert!(format!("{err:#}").contains("out: cannot write"), "{err:#}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine\n");
    // The process's own streams are links and still written in place.
    let mut stdout = Dest::of(Path::new("/dev/stdout")).unwrap();
    assert!(stdout.open().is_ok());
}
