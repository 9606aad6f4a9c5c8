//! Members are written straight into the object's text: the same bytes as serde_json writes,
//! keys escaped as it escapes them.

use super::*;

#[test]
fn keys_are_written_as_serde_json_writes_them() {
    for k in [
        "coverage",
        "final_symbol",
        "",
        "a\"b",
        "back\\slash",
        "tab\there",
        "\u{1}\u{1f}",
        "\u{7f}",
        "é ünï 漢",
    ] {
        let mut out = String::new();
        key_into(&mut out, k);
        assert_eq!(out, serde_json::to_string(k).unwrap(), "{k:?}");
    }
}

#[test]
fn an_object_is_its_members_in_push_order() {
    let mut out = String::new();
    Obj::open(&mut out).close();
    assert_eq!(out, "{}");
    let mut out = String::new();
    let mut o = Obj::open(&mut out);
    o.put_str("b", "1");
    let mut inner = o.obj("a\"");
    inner.int("n", -3);
    inner.obj("e").close();
    inner.close();
    o.num("c", None);
    o.num("d", Some(f64::NAN));
    o.num("f", Some(0.1));
    o.int("g", i64::MIN);
    o.close();
    assert_eq!(
        out,
        r#"{"b":1,"a\"":{"n":-3,"e":{}},"c":null,"d":null,"f":0.1,"g":-9223372036854775808}"#
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["a\""], serde_json::json!({"n": -3, "e": {}}));
}

#[test]
fn numbers_are_written_as_serde_json_writes_them() {
    for x in [
        0.0,
        -0.0,
        1.0,
        0.5,
        1.0 / 3.0,
        2.0 / 3.0,
        1e-7,
        123456789.125,
        1e300,
    ] {
        let mut out = String::new();
        num_into(&mut out, Some(x));
        assert_eq!(out, serde_json::to_string(&x).unwrap(), "{x}");
    }
    for x in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
        let mut out = String::new();
        num_into(&mut out, Some(x));
        assert_eq!(out, "null");
    }
}
