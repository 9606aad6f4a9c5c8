use super::*;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Id, Response};

/// An answer of `n` rows, in pieces like the summary's: `{"rows":[`, a row each, `]}`.
struct Rows(Vec<Value>);

impl Pieces for Rows {
    fn count(&self) -> usize {
        self.0.len() + 2
    }
    fn write(&self, i: usize, out: &mut dyn Write) -> serde_json::Result<()> {
        let raw = |out: &mut dyn Write, s: &[u8]| out.write_all(s).map_err(serde_json::Error::io);
        match i {
            0 => raw(out, br#"{"rows":["#),
            i if i <= self.0.len() => {
                if i > 1 {
                    raw(out, b",")?;
                }
                serde_json::to_writer(&mut *out, &self.0[i - 1])
            }
            _ => raw(out, b"]}"),
        }
    }
}

fn rows(n: usize) -> Rows {
    Rows(
        (0..n)
            .map(|i| json!({"task": format!("t{i}"), "cover": i as f64 / 7.0, "none": null}))
            .collect(),
    )
}

/// What tower-lsp-server writes for a handler's `Ok(value)`.
fn tower_frame(id: Id, value: Value) -> Vec<u8> {
    let body = serde_json::to_vec(&Response::from_ok(id, value)).unwrap();
    crate::transport::message::frame(&body)
}

fn body_of(frame: &[u8]) -> &[u8] {
    let at = frame.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    &frame[at + 4..]
}

async fn written(framed: Framed) -> Vec<u8> {
    let mut out = Vec::new();
    super::super::write_framed(&mut out, framed).await.unwrap();
    out
}

#[tokio::test]
async fn a_token_is_replaced_by_its_answer_byte_for_byte() {
    let s = Streamed::new();
    s.attach();
    for (n, id) in [
        (0, Id::Number(1)),
        (3, Id::String("a\"b".into())),
        (5_000, Id::Number(-9)),
    ] {
        let expected = tower_frame(
            id.clone(),
            serde_json::to_value(&rows(n).0)
                .map(|v| json!({"rows": v}))
                .unwrap(),
        );
        let token = s.defer(Box::new(rows(n)));
        let frame = tower_frame(id, Value::String(token));
        let (answer, tail) = s.take(body_of(&frame)).expect("the token is ours");
        let got = written(frame_answer(answer, tail)).await;
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&expected),
            "{n} rows"
        );
        assert!(
            n < 5_000 || got.len() > 4 * CHUNK,
            "the large answer spans several chunks"
        );
    }
    assert_eq!(s.pending(), 0, "every answer taken once");
}

fn frame_answer(answer: Box<dyn Pieces>, tail: &[u8]) -> Framed {
    super::frame(answer, tail)
}

#[test]
fn only_this_servers_exact_tokens_are_taken() {
    let (s, other) = (Streamed::new(), Streamed::new());
    let token = s.defer(Box::new(rows(1)));
    let theirs = other.defer(Box::new(rows(1)));
    let frame = |v: Value| tower_frame(Id::Number(1), v);
    for v in [
        json!(theirs),                 // another server's token
        json!(format!("{token}0")),    // a number it never gave
        json!(format!("{token} ")),    // more after the number
        json!(format!("x{token}")),    // not at the start
        json!([token.clone()]),        // inside the result
        json!({ "t": token.clone() }), // inside the result
    ] {
        assert!(s.take(body_of(&frame(v.clone()))).is_none(), "{v}");
    }
    let error = serde_json::to_vec(&Response::from_error(
        Id::Number(1),
        tower_lsp_server::jsonrpc::Error::invalid_params(token.clone()),
    ))
    .unwrap();
    assert!(s.take(&error).is_none(), "an error naming the token");
    assert_eq!(s.pending(), 1, "nothing taken so far");
    assert!(s.take(body_of(&frame(json!(token.clone())))).is_some());
    assert!(
        s.take(body_of(&frame(json!(token)))).is_none(),
        "taken once"
    );
}

/// An answer that does not serialise is answered as tower-lsp-server answers a `to_value`
/// failure: `InternalError` with serde_json's message, the request's id.
#[tokio::test]
async fn an_answer_that_does_not_serialise_is_an_internal_error() {
    struct Broken;
    impl Pieces for Broken {
        fn count(&self) -> usize {
            1
        }
        fn write(&self, _: usize, out: &mut dyn Write) -> serde_json::Result<()> {
            // A map with a key serde_json refuses.
            let m: std::collections::BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into();
            serde_json::to_writer(out, &m)
        }
    }
    let s = Streamed::new();
    let token = s.defer(Box::new(Broken));
    let frame = tower_frame(Id::Number(4), Value::String(token));
    let (answer, tail) = s.take(body_of(&frame)).unwrap();
    let got = written(super::frame(answer, tail)).await;
    let m: std::collections::BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into();
    let message = serde_json::to_value(&m).unwrap_err().to_string();
    let expected = crate::transport::message::frame(
        &serde_json::to_vec(&Response::from_error(
            Id::Number(4),
            tower_lsp_server::jsonrpc::Error {
                code: tower_lsp_server::jsonrpc::ErrorCode::InternalError,
                message: message.into(),
                data: None,
            },
        ))
        .unwrap(),
    );
    assert_eq!(
        String::from_utf8_lossy(&got),
        String::from_utf8_lossy(&expected)
    );
}
