//! Each body from the issue's list of bad frames, and the well-formed ones, with what the
//! transport does with it.

use super::{check, Checked, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR};
use serde_json::{json, Value};

/// `expected`: `Some((id, code))` for an answer, `None` for forwarding.
fn case(body: &[u8], expected: Option<(Value, i64)>) {
    let got = check(body);
    let shown = String::from_utf8_lossy(body);
    match (expected, got) {
        (None, Checked::Forward(b)) => {
            let a: Value = serde_json::from_slice(body).unwrap();
            let b: Value = serde_json::from_slice(&b).unwrap();
            assert_eq!(a, b, "{shown}: forwarded as is");
        }
        (Some((id, code)), Checked::Answer { id: i, code: c, .. }) => {
            assert_eq!((i, c), (id, code), "{shown}");
        }
        (e, g) => panic!("{shown}: expected {e:?}, got {g:?}"),
    }
}

#[test]
fn bodies_that_are_not_json_are_parse_errors() {
    let null = Value::Null;
    for body in [
        &br#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"#[..],
        b"hello",
        b"",
        b"\xff\xfe{}",
        b"{\"jsonrpc\":\"2.0\",\"method\":\"\xc3\x28\"}",
    ] {
        case(body, Some((null.clone(), PARSE_ERROR)));
        assert!(
            matches!(check(body), Checked::Answer { not_json: true, .. }),
            "the frame reader is told to resynchronise"
        );
    }
}

#[test]
fn json_that_is_no_request_is_an_invalid_request() {
    let null = Value::Null;
    for body in [
        "[]",
        "[{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}]",
        "42",
        "\"x\"",
        "null",
        "{}",
        r#"{"jsonrpc":"2.0","id":{"a":1},"method":"textDocument/hover"}"#,
        r#"{"jsonrpc":"2.0","id":1.5,"method":"textDocument/hover"}"#,
        r#"{"jsonrpc":"2.0","id":18446744073709551615,"method":"textDocument/hover"}"#,
        r#"{"jsonrpc":"2.0","method":7}"#,
        r#"{"jsonrpc":"2.0","method":"initialized","params":3}"#,
    ] {
        case(body.as_bytes(), Some((null.clone(), INVALID_REQUEST)));
    }
    // A readable id is echoed so the client's request does not hang.
    for body in [
        r#"{"jsonrpc":"1.0","id":3,"method":"textDocument/hover"}"#,
        r#"{"id":3,"method":"textDocument/hover"}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":7}"#,
        r#"{"jsonrpc":"2.0","id":3}"#,
    ] {
        case(body.as_bytes(), Some((json!(3), INVALID_REQUEST)));
    }
}

#[test]
fn dollar_requests_are_method_not_found_and_dollar_notifications_pass() {
    case(
        br#"{"jsonrpc":"2.0","id":"a","method":"$/unknown"}"#,
        Some((json!("a"), METHOD_NOT_FOUND)),
    );
    case(
        br#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#,
        None,
    );
}

#[test]
fn well_formed_messages_are_forwarded() {
    for body in [
        r#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"x":1}}"#,
        r#"{"jsonrpc":"2.0","id":"s","method":"shutdown","params":null}"#,
        r#"{"jsonrpc":"2.0","id":-4,"method":"unknown/thing"}"#,
        r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":null}"#,
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"no"}}"#,
    ] {
        case(body.as_bytes(), None);
    }
    // Duplicate keys are legal JSON but tower-lsp-server's types refuse them: re-encoded.
    let dup = br#"{"jsonrpc":"2.0","jsonrpc":"2.0","method":"initialized"}"#;
    let Checked::Forward(b) = check(dup) else {
        panic!("duplicate keys forwarded")
    };
    assert!(serde_json::from_slice::<tower_lsp_server::jsonrpc::Request>(&b).is_ok());
}

#[test]
fn malformed_responses_are_dropped_not_answered() {
    for body in [
        r#"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"error":"x"}"#,
    ] {
        assert!(matches!(check(body.as_bytes()), Checked::Drop(_)), "{body}");
    }
}

/// `[[…1…]]` nested `n` deep.
fn nested(n: usize) -> String {
    "[".repeat(n) + "1" + &"]".repeat(n)
}

#[test]
fn a_message_nested_past_the_parsers_depth_is_answered_with_its_own_id() {
    // Before: a parse error with id null, so the client's request 7 was never answered.
    let deep = nested(200);
    for (body, id) in [
        (
            format!(r#"{{"jsonrpc":"2.0","id":7,"method":"readcov/overview","params":{deep}}}"#),
            json!(7),
        ),
        (
            format!(
                r#"{{"params":{{"a":{deep},"s":"]}}\"["}},"id":"x\"]","jsonrpc":"2.0","method":"m"}}"#
            ),
            json!("x\"]"),
        ),
        // No readable id: null, as for any message whose id cannot be echoed.
        (
            format!(r#"{{"jsonrpc":"2.0","id":1.5,"method":"m","params":{deep}}}"#),
            Value::Null,
        ),
    ] {
        case(body.as_bytes(), Some((id, INVALID_REQUEST)));
    }
    // Cut short as well as deep: still a parse error, and the reader resynchronises.
    let cut = format!(r#"{{"jsonrpc":"2.0","id":7,"params":{}"#, "[".repeat(200));
    case(cut.as_bytes(), Some((Value::Null, PARSE_ERROR)));
    assert!(matches!(
        check(cut.as_bytes()),
        Checked::Answer { not_json: true, .. }
    ));
    // Within the depth: forwarded as before.
    let ok = format!(
        r#"{{"jsonrpc":"2.0","id":7,"method":"m","params":{}}}"#,
        nested(100)
    );
    case(ok.as_bytes(), None);
}
