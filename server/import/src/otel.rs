//! OpenTelemetry GenAI spans (`otel-genai`): a dump of SDK spans (`{"spans": [...]}`, as
//! any-agent and the Python SDK's `ReadableSpan.to_json` write them) or OTLP/JSON
//! (`resourceSpans[].scopeSpans[].spans[]`). Each `execute_tool` span (semantic conventions:
//! `gen_ai.operation.name`, `gen_ai.tool.name`, opt-in `gen_ai.tool.call.arguments` and
//! `gen_ai.tool.call.result`; any-agent's `gen_ai.tool.args` / `gen_ai.output`) is a tool call;
//! one run per trace, calls in start-time order. The calls become ATIF tool calls, so what a tool
//! reads is the data in `tools/atif.json` (the agent is looked up by `gen_ai.agent.name`, else in
//! every table). Most emitters leave arguments and results out unless content capture is on: such
//! a call is counted as *content not captured* and the run gets a note saying how many.

use crate::atif;
use crate::format::Format;
use crate::runs::{parse_object, Runs};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// One span, flattened: trace, start, name and attributes as a plain map.
struct Span {
    trace: String,
    start: u64,
    name: String,
    attrs: Map<String, Value>,
}

pub(crate) fn build(text: &str, runs: &mut Runs) -> Result<(), String> {
    let doc = parse_object(Format::OtelGenai, &exact_ids(text))?;
    let spans = spans(&doc);
    let mut traces: BTreeMap<String, Vec<&Span>> = BTreeMap::new();
    for s in &spans {
        traces.entry(s.trace.clone()).or_default().push(s);
    }
    if traces.is_empty() {
        return Err("otel-genai: no spans".to_string());
    }
    let task = runs.task(None);
    for (trace, mut list) in traces {
        list.sort_by_key(|s| s.start);
        let agent = list
            .iter()
            .find_map(|s| s.attrs.get("gen_ai.agent.name").and_then(Value::as_str))
            .unwrap_or("")
            .to_string();
        let tools: Vec<&&Span> = list.iter().filter(|s| is_tool(s)).collect();
        let (doc, no_args, no_result) = to_atif(&agent, &tools);
        let run = runs.run_id(Format::OtelGenai, Some(&trace));
        if no_args + no_result > 0 {
            runs.out.notes.push(format!(
                "run {run}: of {} tool span(s), {no_args} carry no arguments and {no_result} no result: the emitter did not capture content (gen_ai.tool.call.arguments / .result are opt-in), so what those calls read is unknown",
                tools.len()
            ));
        }
        runs.run(&task, &run, |s| {
            for root in atif::HARBOR_ROOTS {
                s.roots.add(root);
            }
            atif::import(&doc, s)
        });
    }
    Ok(())
}

fn is_tool(s: &Span) -> bool {
    s.attrs.get("gen_ai.operation.name").and_then(Value::as_str) == Some("execute_tool")
        || s.name.starts_with("execute_tool")
}

fn attr<'a>(s: &'a Span, keys: &[&str]) -> Option<&'a Value> {
    keys.iter()
        .find_map(|k| s.attrs.get(*k))
        .filter(|v| !v.is_null())
}

/// The tool spans as one ATIF step each; and how many lack arguments, and results.
fn to_atif(agent: &str, tools: &[&&Span]) -> (Value, usize, usize) {
    let (mut no_args, mut no_result) = (0, 0);
    let mut steps = Vec::new();
    for (k, s) in tools.iter().enumerate() {
        let name = attr(s, &["gen_ai.tool.name"])
            .and_then(Value::as_str)
            .map_or_else(
                || s.name.trim_start_matches("execute_tool").trim().to_string(),
                str::to_string,
            );
        let id = attr(s, &["gen_ai.tool.call.id"])
            .and_then(Value::as_str)
            .map_or_else(|| format!("span-{k}"), str::to_string);
        // Arguments are a JSON string in every emitter seen; an object is taken as it is.
        let args = attr(
            s,
            &[
                "gen_ai.tool.call.arguments",
                "gen_ai.tool.args",
                "input.value",
            ],
        )
        .map(|v| match v {
            Value::String(t) => serde_json::from_str(t).unwrap_or_else(|_| v.clone()),
            other => other.clone(),
        });
        let result = attr(
            s,
            &["gen_ai.tool.call.result", "gen_ai.output", "output.value"],
        )
        .map(|v| match v {
            Value::String(t) => t.clone(),
            other => other.to_string(),
        });
        no_args += usize::from(args.is_none());
        no_result += usize::from(result.is_none());
        let captured = args.is_some() && result.is_some();
        let call = json!({"tool_call_id": id, "function_name": name,
                          "arguments": args.unwrap_or(Value::Null),
                          "extra": {"not_captured": !captured}});
        let results: Vec<Value> = result
            .map(|r| json!({"source_call_id": id, "content": r}))
            .into_iter()
            .collect();
        steps.push(json!({"tool_calls": [call], "observation": {"results": results}}));
    }
    (
        json!({"agent": {"name": agent}, "steps": steps}),
        no_args,
        no_result,
    )
}

/// Every span of the dump, flattened (SDK JSON or OTLP/JSON).
fn spans(doc: &Value) -> Vec<Span> {
    let mut out = Vec::new();
    for s in doc
        .get("spans")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
    {
        out.push(Span {
            trace: id_hex(s.pointer("/context/trace_id"), 32),
            start: s.get("start_time").and_then(Value::as_u64).unwrap_or(0),
            name: s
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            attrs: s
                .get("attributes")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default(),
        });
    }
    let resource = doc.get("resourceSpans").and_then(Value::as_array);
    for rs in resource.map_or(&[][..], Vec::as_slice) {
        let scopes = rs.get("scopeSpans").and_then(Value::as_array);
        for s in scopes
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter_map(|sc| sc.get("spans").and_then(Value::as_array))
            .flatten()
        {
            out.push(Span {
                trace: id_hex(s.get("traceId"), 32),
                start: s
                    .get("startTimeUnixNano")
                    .and_then(|v| {
                        v.as_str()
                            .and_then(|t| t.parse().ok())
                            .or_else(|| v.as_u64())
                    })
                    .unwrap_or(0),
                name: s
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                attrs: otlp_attrs(s.get("attributes")),
            });
        }
    }
    out
}

/// The SDK's JSON writes trace and span ids as decimal integers of up to 128 bits, which
/// serde_json would read as floats past 64 bits, losing their low digits (two traces whose ids
/// differ only there would become one run). Before parsing, each such id member
/// (`"trace_id": 273475590164507581703505203264503192396`) is rewritten as the string of its 32
/// hex digits (as OTLP/JSON writes them); a number too wide even for 128 bits is kept as the
/// string of its digits. Only whole member names match: inside a JSON string the quotes around
/// a name are escaped, so text that merely mentions `trace_id` is left alone.
fn exact_ids(text: &str) -> std::borrow::Cow<'_, str> {
    static WIDE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#""(trace_id|span_id|parent_id)"(\s*:\s*)([0-9]{20,})"#)
            .expect("a valid pattern")
    });
    WIDE.replace_all(text, |c: &regex::Captures| {
        let digits = &c[3];
        let id = digits
            .parse::<u128>()
            .map_or_else(|_| digits.to_string(), |n| format!("{n:032x}"));
        format!(r#""{}"{}"{id}""#, &c[1], &c[2])
    })
}

/// A trace id as hex digits: OTLP/JSON writes hex, the SDK's JSON a decimal integer (made a
/// hex string by [`exact_ids`] when past 64 bits; a narrower one is exact as a number).
fn id_hex(v: Option<&Value>, width: usize) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => match n.as_u64() {
            Some(x) => format!("{x:0width$x}"),
            None => n.to_string(),
        },
        _ => "trace".to_string(),
    }
}

/// OTLP `[{key, value: {stringValue | intValue | boolValue | doubleValue | …}}]` as a map.
fn otlp_attrs(v: Option<&Value>) -> Map<String, Value> {
    let mut out = Map::new();
    for a in v.and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
        let (Some(k), Some(val)) = (a.get("key").and_then(Value::as_str), a.get("value")) else {
            continue;
        };
        let plain = ["stringValue", "boolValue", "doubleValue"]
            .iter()
            .find_map(|t| val.get(*t).cloned())
            .or_else(|| {
                val.get("intValue").map(|i| {
                    i.as_str()
                        .and_then(|s| s.parse::<i64>().ok())
                        .map_or(i.clone(), Value::from)
                })
            })
            .unwrap_or(Value::Null);
        out.insert(k.to_string(), plain);
    }
    out
}

/// Whether a JSON object is a span dump.
pub(crate) fn is_dump(v: &Value) -> bool {
    let sdk = v.get("spans").and_then(Value::as_array).is_some_and(|s| {
        s.first()
            .is_some_and(|x| x.get("context").is_some() && x.get("name").is_some())
    });
    sdk || v.get("resourceSpans").is_some_and(Value::is_array)
}

#[cfg(test)]
mod tests;
