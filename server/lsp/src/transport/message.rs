//! What to do with one frame's body: hand it to tower-lsp-server, answer it here with a JSON-RPC
//! error, or drop it (a malformed response from the client, which JSON-RPC says never to
//! answer). Only bodies tower-lsp-server is sure to decode are forwarded — its reader stops for
//! good at the first body it cannot decode, which is what ended the server before.

use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Request, Response};

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;

#[derive(Debug, PartialEq)]
pub enum Checked {
    /// The message re-encoded (duplicate keys gone), for tower-lsp-server.
    Forward(Vec<u8>),
    /// Answer with this error. `not_json`: the body was not JSON at all, so its length may have
    /// been wrong too (the frame reader looks for the next header from its start).
    Answer {
        id: Value,
        code: i64,
        message: String,
        not_json: bool,
    },
    /// Log and drop: a client's response that is malformed.
    Drop(String),
}

fn answer(id: Value, code: i64, message: impl Into<String>) -> Checked {
    Checked::Answer {
        id,
        code,
        message: message.into(),
        not_json: false,
    }
}

/// Checks one body.
pub fn check(body: &[u8]) -> Checked {
    if let Err(e) = std::str::from_utf8(body) {
        return Checked::Answer {
            id: Value::Null,
            code: PARSE_ERROR,
            message: format!("body is not UTF-8 (byte {})", e.valid_up_to()),
            not_json: true,
        };
    }
    let v: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            // JSON, only deeper than serde_json's 128 levels (`params` of `[[[…]]]`): the id is
            // still readable, and an answer with a null id left the client's request waiting
            // forever (found session 21 by `lsp_malformed_params.rs`).
            let deep = e.to_string().starts_with("recursion limit exceeded");
            if let Some(top) = deep.then(|| shallow(body)).flatten() {
                return answer(
                    echoed_id(top.get("id")),
                    INVALID_REQUEST,
                    format!("the message nests deeper than the server reads: {e}"),
                );
            }
            return Checked::Answer {
                id: Value::Null,
                code: PARSE_ERROR,
                message: format!("body is not JSON: {e}"),
                not_json: true,
            };
        }
    };
    let Value::Object(o) = &v else {
        let what = match &v {
            Value::Array(_) => "an array (batches are not part of LSP)",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Bool(_) => "a boolean",
            _ => "null",
        };
        return answer(
            Value::Null,
            INVALID_REQUEST,
            format!("a message is a JSON object, not {what}"),
        );
    };
    // An id that is not one JSON-RPC allows cannot be echoed: the answer carries null.
    let id = o.get("id");
    let good_id = id.is_some_and(is_good_id);
    let reply_id = echoed_id(id);
    if o.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return answer(reply_id, INVALID_REQUEST, "`jsonrpc` must be \"2.0\"");
    }
    if id.is_some() && !good_id {
        return answer(
            Value::Null,
            INVALID_REQUEST,
            "`id` must be an integer or a string",
        );
    }
    let Some(method) = o.get("method") else {
        return response(&v, o, reply_id);
    };
    let Some(method) = method.as_str() else {
        return answer(reply_id, INVALID_REQUEST, "`method` must be a string");
    };
    if !matches!(
        o.get("params"),
        None | Some(Value::Object(_) | Value::Array(_) | Value::Null)
    ) {
        return answer(
            reply_id,
            INVALID_REQUEST,
            "`params` must be an object or an array",
        );
    }
    if method.starts_with("$/") && id.is_some() {
        // LSP 3.17: `$/` requests a server does not implement are answered MethodNotFound.
        return answer(
            reply_id,
            METHOD_NOT_FOUND,
            format!("unsupported request `{method}`"),
        );
    }
    forward(&v, reply_id, |b| {
        serde_json::from_slice::<Request>(b).is_ok()
    })
}

/// Whether `id` is one JSON-RPC allows: an integer, a string or null.
fn is_good_id(id: &Value) -> bool {
    id.is_i64() || id.is_string() || id.is_null()
}

/// The id an answer echoes: the message's when JSON-RPC allows it, else null.
fn echoed_id(id: Option<&Value>) -> Value {
    id.filter(|i| is_good_id(i)).cloned().unwrap_or(Value::Null)
}

/// The top level of a JSON object whose values nest too deep to parse: every value that is an
/// array or object inside the top object is read as `null`. `None` when even that is no JSON.
fn shallow(body: &[u8]) -> Option<serde_json::Map<String, Value>> {
    let mut out = Vec::with_capacity(body.len().min(4096));
    let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
    for &b in body {
        let keep = depth <= 1;
        if in_str {
            (escaped, in_str) = match (escaped, b) {
                (true, _) => (false, true),
                (false, b'\\') => (true, true),
                (false, b'"') => (false, false),
                _ => (false, true),
            };
        } else {
            match b {
                b'"' => in_str = true,
                b'[' | b'{' => {
                    depth += 1;
                    if depth == 2 {
                        out.extend_from_slice(b"null");
                    }
                }
                b']' | b'}' => depth = depth.checked_sub(1)?,
                _ => {}
            }
        }
        // The bytes of the top object itself, and of its values that are no containers.
        if keep && depth <= 1 {
            out.push(b);
        }
    }
    serde_json::from_slice(&out).ok()
}

/// A message without `method`: a response to one of the server's requests.
fn response(v: &Value, o: &serde_json::Map<String, Value>, id: Value) -> Checked {
    let (has_result, has_error) = (o.contains_key("result"), o.contains_key("error"));
    if !o.contains_key("id") || has_result == has_error {
        if o.contains_key("id") && (has_result || has_error) {
            return Checked::Drop("a response with both `result` and `error`".into());
        }
        return answer(
            id,
            INVALID_REQUEST,
            "neither a request (`method`) nor a response (`id` with `result` or `error`)",
        );
    }
    match forward(v, id, |b| serde_json::from_slice::<Response>(b).is_ok()) {
        Checked::Answer { message, .. } => Checked::Drop(format!("malformed response: {message}")),
        other => other,
    }
}

/// Re-encodes `v` and forwards it if tower-lsp-server's own type decodes it.
fn forward(v: &Value, id: Value, decodes: impl Fn(&[u8]) -> bool) -> Checked {
    let bytes = serde_json::to_vec(v).unwrap_or_default();
    if decodes(&bytes) {
        Checked::Forward(bytes)
    } else {
        answer(
            id,
            INVALID_REQUEST,
            "not a JSON-RPC message the server can decode",
        )
    }
}

/// A framed JSON-RPC error response.
pub fn error_frame(id: &Value, code: i64, message: &str) -> Vec<u8> {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    frame(&serde_json::to_vec(&body).unwrap_or_default())
}

/// `body` with its `Content-Length` header.
pub fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

#[cfg(test)]
mod tests;
