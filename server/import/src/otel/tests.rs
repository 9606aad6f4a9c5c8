use super::*;

#[test]
fn ids_and_otlp_attributes() {
    assert_eq!(id_hex(Some(&json!(255)), 4), "00ff");
    // Past 64 bits: every digit kept (a float would end in …20000000000000000000).
    let cases = [
        (
            r#"{"trace_id": 273475590164507581703505203264503192396, "span_id": 17348474965005769013}"#,
            r#"{"trace_id": "cdbd7b99cef221c28dd6d03c27d09b4c", "span_id": "0000000000000000f0c22a1083ed1935"}"#,
        ),
        // Narrow ids stay numbers; a mention inside a string is not a member.
        (r#"{"trace_id":255}"#, r#"{"trace_id":255}"#),
        (
            r#"{"x":"\"trace_id\": 273475590164507581703505203264503192396"}"#,
            r#"{"x":"\"trace_id\": 273475590164507581703505203264503192396"}"#,
        ),
        // Wider than 128 bits: the digits, as a string.
        (
            r#"{"trace_id":999999999999999999999999999999999999999999}"#,
            r#"{"trace_id":"999999999999999999999999999999999999999999"}"#,
        ),
    ];
    for (text, want) in cases {
        assert_eq!(exact_ids(text), want);
    }
    let a = otlp_attrs(Some(
        &json!([{"key": "gen_ai.tool.name", "value": {"stringValue": "read"}},
                                         {"key": "n", "value": {"intValue": "7"}}]),
    ));
    assert_eq!(a["gen_ai.tool.name"], "read");
    assert_eq!(a["n"], 7);
}
