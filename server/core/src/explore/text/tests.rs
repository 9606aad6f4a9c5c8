use super::*;

fn check(line: &str, expected: Option<Result<(&str, i64, i64), ()>>) {
    let got = parse_region_line(line);
    match expected {
        None => assert!(got.is_none(), "{line:?} should be skipped, got {got:?}"),
        Some(Ok((p, s, e))) => assert_eq!(got, Some(Ok(Region::new(p, s, e))), "{line:?}"),
        Some(Err(())) => assert!(
            matches!(got, Some(Err(_))),
            "{line:?} should fail, got {got:?}"
        ),
    }
}

#[test]
fn text_forms() {
    check("src/a.py:10-20", Some(Ok(("src/a.py", 10, 20))));
    check("src/a.py:7", Some(Ok(("src/a.py", 7, 7))));
    check("src/a.py", Some(Ok(("src/a.py", 1, -1))));
    check("src/a.py:-8--1", Some(Ok(("src/a.py", -8, -1))));
    check("src/a.py:5--1", Some(Ok(("src/a.py", 5, -1))));
    check("  - `src/a.py:3-4`  ", Some(Ok(("src/a.py", 3, 4))));
    check("* src/a.py", Some(Ok(("src/a.py", 1, -1))));
    check("C:\\repo\\a.py", Some(Ok(("C:\\repo\\a.py", 1, -1))));
    check("a.py:10-x", Some(Ok(("a.py:10-x", 1, -1))));
    check(":10-20", Some(Err(())));
    check("", None);
    check("   ", None);
    check("# ranked regions", None);
}
