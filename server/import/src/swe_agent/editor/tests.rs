use super::*;

#[test]
fn words_as_shlex_splits_them() {
    let w = |s: &str| words(s).unwrap();
    assert_eq!(w("a  b\n'c d'"), ["a", "b", "c d"]);
    // `shlex.quote("it's")` is `'it'"'"'s'`.
    assert_eq!(w(r#"x 'it'"'"'s'"#), ["x", "it's"]);
    assert_eq!(w(r#""a\"b\\c\d""#), [r#"a"b\c\d"#]);
    assert_eq!(w(r"a\ b ''"), ["a b", ""]);
    assert_eq!(words("'open"), None);
}

/// The actions of the two shipped 1.1.0 runs, as SWE-agent wrote them.
#[test]
fn arguments_of_real_actions() {
    let a = args("str_replace_editor view /testbed/dask/array/creation.py  --view_range 508 564")
        .unwrap();
    assert_eq!(a.command.as_deref(), Some("view"));
    assert_eq!(a.path.as_deref(), Some("/testbed/dask/array/creation.py"));
    assert_eq!(a.view_end, Some(564));
    let a = args("str_replace_editor str_replace /testbed/dask/array/creation.py   --old_str 'eye = {}\n    if M is None:\n        M = N' --new_str 'eye = {}\n    if M is None:\n        M = N\n    if dtype is None:\n        dtype = float'").unwrap();
    assert_eq!(a.command.as_deref(), Some("str_replace"));
    assert_eq!(
        a.old_str.as_deref(),
        Some("eye = {}\n    if M is None:\n        M = N")
    );
    assert!(a.new_str.unwrap().ends_with("dtype = float"));
    let a = args("str_replace_editor insert /t/a.py --new_str 'x' --insert_line 4").unwrap();
    assert_eq!((a.insert_line, a.new_str.as_deref()), (Some(4), Some("x")));
    assert_eq!(args("str_replace_editor view /t/a.py --view_range 5"), None);
    assert_eq!(args("bash ls"), None);
}
