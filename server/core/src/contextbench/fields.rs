//! JSON value helpers for the ContextBench parsers; each bad value becomes an [`InputError`]
//! naming file, line and the dotted field path.

use crate::formats::{kind_of, InputError};
use serde_json::{Map, Value};

/// Where values sit: file and line, for located errors.
pub(super) struct At<'a> {
    pub file: &'a str,
    pub line: usize,
}

impl At<'_> {
    pub fn err(&self, field: &str, msg: impl Into<String>) -> InputError {
        InputError::new(self.file, self.line, Some(field), msg)
    }
}

/// An id: a non-empty string or an integer; `None` when absent, null or empty.
pub(super) fn opt_id(
    obj: &Map<String, Value>,
    key: &str,
    at: &At,
) -> Result<Option<String>, InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(v) => Err(at.err(key, format!("expected a string, found {}", kind_of(v)))),
    }
}

/// A string field; absent or null is empty.
pub(super) fn text(
    obj: &Map<String, Value>,
    key: &str,
    field: &str,
    at: &At,
) -> Result<String, InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(v) => Err(at.err(field, format!("expected a string, found {}", kind_of(v)))),
    }
}

/// An integer field; absent or null gives `default`.
pub(super) fn int(
    obj: &Map<String, Value>,
    key: &str,
    default: i64,
    field: &str,
    at: &At,
) -> Result<i64, InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Number(n)) => n
            .as_i64()
            .ok_or_else(|| at.err(field, format!("expected an integer, got {n}"))),
        Some(v) => Err(at.err(field, format!("expected an integer, found {}", kind_of(v)))),
    }
}

/// An integer that must be present.
pub(super) fn req_int(
    obj: &Map<String, Value>,
    key: &str,
    field: &str,
    at: &At,
) -> Result<i64, InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Err(at.err(field, "missing")),
        _ => int(obj, key, 0, field, at),
    }
}

/// An array field; absent or null is empty.
pub(super) fn list<'v>(
    obj: &'v Map<String, Value>,
    key: &str,
    field: &str,
    at: &At,
) -> Result<&'v [Value], InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(v) => Err(at.err(field, format!("expected a list, found {}", kind_of(v)))),
    }
}

/// An object field; absent or null is `None`.
pub(super) fn object<'v>(
    obj: &'v Map<String, Value>,
    key: &str,
    field: &str,
    at: &At,
) -> Result<Option<&'v Map<String, Value>>, InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(v) => Err(at.err(field, format!("expected an object, found {}", kind_of(v)))),
    }
}
