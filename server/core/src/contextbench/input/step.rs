//! One prediction step read by the checked path: its files, line spans and symbol names, each bad
//! value a located error and left out. Spans of the plain shape skip formatting field names.

use super::super::fields::{list, object, req_int, At};
use super::Step;
use crate::formats::{kind_of, InputError};
use serde_json::{Map, Value};

/// One step from the object holding its three keys (files, spans, symbols).
pub(super) fn step(
    o: &Map<String, Value>,
    keys: [&str; 3],
    field: &str,
    at: &At,
    errors: &mut Vec<InputError>,
) -> Step {
    let mut out = Step::default();
    let f = |k: &str| format!("{field}.{k}");
    match list(o, keys[0], &f(keys[0]), at) {
        Ok(items) => {
            for (i, v) in items.iter().enumerate() {
                match v {
                    Value::String(s) => out.files.push(s.clone()),
                    other => errors.push(at.err(
                        &format!("{}[{i}]", f(keys[0])),
                        format!("expected a path, found {}", kind_of(other)),
                    )),
                }
            }
        }
        Err(e) => errors.push(e),
    }
    match object(o, keys[1], &f(keys[1]), at) {
        Ok(Some(spans)) => {
            for (path, v) in spans {
                // Field names are only formatted for an error: three `format!`s per span were
                // a tenth of loading a real-size predictions file (docs/performance.md).
                let pf = || format!("{}.{path}", f(keys[1]));
                let items = match v {
                    Value::Array(a) => a,
                    other => {
                        errors.push(
                            at.err(&pf(), format!("expected a list, found {}", kind_of(other))),
                        );
                        continue;
                    }
                };
                for (i, s) in items.iter().enumerate() {
                    if let Some((a, b)) = plain_span(s) {
                        out.spans.push((path.clone(), a, b));
                        continue;
                    }
                    let sf = format!("{}[{i}]", pf());
                    let span = match s {
                        Value::Object(s) => req_int(s, "start", &format!("{sf}.start"), at)
                            .and_then(|a| {
                                let b = req_int(s, "end", &format!("{sf}.end"), at)?;
                                if b < a {
                                    return Err(at.err(&sf, format!("end {b} before start {a}")));
                                }
                                Ok((a, b))
                            }),
                        other => Err(at.err(
                            &sf,
                            format!("expected {{start, end}}, found {}", kind_of(other)),
                        )),
                    };
                    match span {
                        Ok((a, b)) => out.spans.push((path.clone(), a, b)),
                        Err(e) => errors.push(e),
                    }
                }
            }
        }
        Ok(None) => {}
        Err(e) => errors.push(e),
    }
    match object(o, keys[2], &f(keys[2]), at) {
        Ok(Some(syms)) => {
            for (path, v) in syms {
                let pf = format!("{}.{path}", f(keys[2]));
                match v {
                    Value::Array(a) => {
                        let mut names = Vec::new();
                        for (i, n) in a.iter().enumerate() {
                            match n {
                                Value::String(s) => names.push(s.clone()),
                                other => errors.push(at.err(
                                    &format!("{pf}[{i}]"),
                                    format!("expected a name, found {}", kind_of(other)),
                                )),
                            }
                        }
                        out.symbols.push((path.clone(), names));
                    }
                    Value::Null => {}
                    other => errors
                        .push(at.err(&pf, format!("expected a list, found {}", kind_of(other)))),
                }
            }
        }
        Ok(None) => {}
        Err(e) => errors.push(e),
    }
    out
}

/// A span `{start, end}` of two integers with `start <= end`: what the checked path below
/// accepts without an error, taken without formatting its field names.
pub(super) fn plain_span(s: &Value) -> Option<(i64, i64)> {
    let o = s.as_object()?;
    let a = o.get("start")?.as_i64()?;
    let b = o.get("end")?.as_i64()?;
    (b >= a).then_some((a, b))
}
