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
    assert_eq!(Obj::default().done(), "{}");
    let o = Obj::default()
        .put("b", "1".into())
        .put("a\"", "[2,{}]".into())
        .put("c", "null".into())
        .done();
    assert_eq!(o, r#"{"b":1,"a\"":[2,{}],"c":null}"#);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(v["a\""], serde_json::json!([2, {}]));
}
