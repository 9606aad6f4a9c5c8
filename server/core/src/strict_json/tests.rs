use super::Record;

fn check(text: &str, expected: Result<(&str, Option<&str>), ()>) {
    let got = serde_json::from_str::<Record>(text);
    match (got, expected) {
        (Ok(Record::Object { duplicate, .. }), Ok(("object", dup))) => {
            assert_eq!(duplicate.as_deref(), dup, "{text}")
        }
        (Ok(Record::Other(kind)), Ok((k, None))) => assert_eq!(kind, k, "{text}"),
        (Err(_), Err(())) => {}
        (got, want) => panic!(
            "{text}: got {:?}, want {want:?}",
            got.map(|r| matches!(r, Record::Object { .. }))
        ),
    }
}

#[test]
fn records() {
    check(r#"{"a":1,"b":2}"#, Ok(("object", None)));
    check(r#"{"a":1,"b":2,"a":3}"#, Ok(("object", Some("a"))));
    check(r#"{"a":{"x":1,"x":2}}"#, Ok(("object", None)));
    check("[1,[2]]", Ok(("an array", None)));
    check("null", Ok(("null", None)));
    check("-3", Ok(("a number", None)));
    check("1.5", Ok(("a number", None)));
    check(r#""s""#, Ok(("a string", None)));
    check("true", Ok(("a boolean", None)));
    check("{} {}", Err(()));
    check("NaN", Err(()));
    // A deep array is skipped without recursion (IgnoredAny): no stack overflow, not an object.
    check(
        &("[".repeat(10_000) + &"]".repeat(10_000)),
        Ok(("an array", None)),
    );
    check(
        &("{\"a\":".repeat(10_000) + "1" + &"}".repeat(10_000)),
        Err(()),
    );
}
