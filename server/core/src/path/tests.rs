use super::*;

fn check(raw: &str, ws: Option<&str>, expected: Result<&str, ()>) {
    let got = normalize_path(raw, ws);
    match expected {
        Ok(e) => assert_eq!(got.as_deref(), Ok(e), "{raw}"),
        Err(()) => assert!(got.is_err(), "{raw} should fail, got {got:?}"),
    }
}

#[test]
fn cases() {
    check("./a/b.py", None, Ok("a/b.py"));
    check("a\\b.py", None, Ok("a/b.py"));
    check("a//b/./c.py", None, Ok("a/b/c.py"));
    check("a/x/../b.py", None, Ok("a/b.py"));
    check("../b.py", None, Err(()));
    check("a/../../b.py", None, Err(()));
    check("", None, Err(()));
    check(".", None, Err(()));
    check("/repo/a/b.py", Some("/repo"), Ok("a/b.py"));
    check("/repo/a/b.py", Some("/repo/"), Ok("a/b.py"));
    check("/repository/a.py", Some("/repo"), Err(()));
    check("/etc/passwd", Some("/repo"), Err(()));
    check("/repo/../etc/passwd", Some("/repo"), Err(()));
    check("/abs/x.py", None, Ok("/abs/x.py"));
    check("C:\\repo\\a.py", Some("C:/repo"), Ok("a.py"));
    check("  a.py ", None, Ok("a.py"));
    // fuzz regressions (path target): a drive path is not under `/`; an empty workspace is none
    check("C:\\swd", Some("/"), Err(()));
    check("/etc/x", Some("C:/repo"), Err(()));
    check("C:\\swd", Some(""), Ok("/C:/swd"));
    check("/repo/a.py", Some("/"), Ok("repo/a.py"));
    // fuzz regression (path target, input `/\0`): the root directory is not a file path
    check("/", None, Err(()));
    check("//./", None, Err(()));
    check("\\", Some(""), Err(()));
    check("/x/..", None, Err(()));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
    /// The shortcut for paths already normal agrees with the full normalisation.
    #[test]
    fn a_normal_path_normalises_to_itself(
        parts in proptest::collection::vec(
            proptest::sample::select(&["a", ".", "..", "", "C:", " a", "a ", "\u{e9}", "a\\b", "a.b", "\u{2003}"][..]),
            0..5,
        ),
        lead in proptest::sample::select(&["", "/", "C:/", "\\", " "][..]),
        ws in proptest::option::of(proptest::sample::select(&["", "/", "/a", "C:/", "a"][..])),
    ) {
        let raw = format!("{lead}{}", parts.join("/"));
        if is_normal(&raw) || is_normal_absolute(&raw, ws) {
            proptest::prop_assert_eq!(normalize_in_full(&raw, ws), Ok(raw.clone()));
        }
    }
}

#[test]
fn normal_absolute_paths_are_told_apart() {
    for (p, ws) in [
        ("/testbed/a.py", None),
        ("/a", Some("")),
        ("/a/b", Some(" ")),
    ] {
        assert!(is_normal_absolute(p, ws), "{p} {ws:?}");
        assert_eq!(normalize_in_full(p, ws).as_deref(), Ok(p), "{p}");
    }
    for (p, ws) in [
        ("/testbed/a.py", Some("/testbed")),
        ("/", None),
        ("//a", None),
        ("/a/", None),
        ("/./a", None),
        ("/a/../b", None),
        ("/C:/a", None),
        ("/a\\b", None),
        ("/a ", None),
        (" /a", None),
        ("a", None),
    ] {
        assert!(!is_normal_absolute(p, ws), "{p} {ws:?}");
    }
}

#[test]
fn normal_paths_are_told_apart() {
    for p in ["a.py", "src/a/b.py", "C:x", "a..b/.c", "\u{e9}/x"] {
        assert!(is_normal(p), "{p}");
    }
    for p in [
        "",
        " a.py",
        "a.py\u{2003}",
        "/a",
        "C:/a",
        "a\\b",
        "a//b",
        "a/",
        "./a",
        "a/../b",
        "..",
    ] {
        assert!(!is_normal(p), "{p}");
    }
}
