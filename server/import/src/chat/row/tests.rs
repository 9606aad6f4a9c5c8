use super::{typed, Row};
use crate::chat::{build_row, build_value};
use crate::runs::Runs;
use crate::{ImportOptions, NoFiles};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Every row of the vendored chat samples (the SWE-Gym, SWE-smith and nebius rows), and rows made
/// of the other vendored logs: the OpenHands completion log's `fncall_messages` (tool calls) and
/// the mini-swe-agent trajectory's messages, with and without their `extra.actions`.
pub(crate) fn vendored_rows() -> Vec<Value> {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/formats/chat-trajectories"
    );
    let read = |f: &str| -> Value {
        let text = std::fs::read_to_string(format!("{dir}/{f}")).expect("vendored sample");
        serde_json::from_str(&text).expect("sample JSON")
    };
    let mut rows = Vec::new();
    for f in [
        "adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json",
        "adp_SWE-smith-trajectories_sample_raw.first2.json",
        "adp_nebius_SWE-agent-trajectories_sample_raw.json",
    ] {
        match read(f) {
            Value::Array(a) => rows.extend(a),
            v => rows.push(v),
        }
    }
    let oh = read("openhands_llm_completion_scikit-learn__scikit-learn-14141.json");
    rows.push(
        json!({"instance_id": "scikit-learn__scikit-learn-14141", "resolved": 1,
                     "messages": oh["fncall_messages"]}),
    );
    let mini = read("msa-pr816_mini-swe-agent_sqlfluff__sqlfluff-2419.traj.json");
    rows.push(
        json!({"instance_id": "sqlfluff__sqlfluff-2419", "model_name": "m",
                     "info": mini["info"], "messages": mini["messages"]}),
    );
    let mut bare = mini["messages"].clone();
    for m in bare.as_array_mut().expect("messages") {
        if let Some(m) = m.as_object_mut() {
            m.remove("extra");
        }
    }
    rows.push(
        json!({"instance_id": "sqlfluff__sqlfluff-2419", "reward": 0.0,
                     "trajectory_format": "mini-swe-agent-1", "messages": bare}),
    );
    rows
}

#[test]
fn vendored_rows_read_typed_as_from_their_value() {
    let rows = vendored_rows();
    let mut messages = 0;
    for v in &rows {
        let text = v.to_string();
        let got = typed(&text).expect("an object");
        messages += got.lists.iter().flatten().map(Vec::len).sum::<usize>();
        assert_eq!(got, Row::from_value(v), "{}", &text[..200]);
    }
    assert!(
        rows.len() >= 10 && messages > 300,
        "{} rows, {messages}",
        rows.len()
    );
}

/// What an import gave, as text (every field, in order).
fn imported(row: &str, value: Option<&Value>) -> String {
    let opts = ImportOptions::default();
    let files = |_: &str| -> Box<dyn crate::FileProvider> { Box::new(NoFiles) };
    let mut runs = Runs::new("rows.jsonl", &opts, &files);
    match value {
        Some(v) => build_value(v, row, 3, 4, &mut runs),
        None => build_row(row, 3, 4, &mut runs),
    }
    format!("{:?}", runs.out)
}

/// Each vendored row imports the same read typed as read from its `Value`: reads, outcomes,
/// labels, notes, changes, the summary.
#[test]
fn vendored_rows_import_the_same_typed_and_from_their_value() {
    let mut reads = 0;
    for v in vendored_rows() {
        let text = v.to_string();
        let typed = imported(&text, None);
        assert_eq!(typed, imported(&text, Some(&v)), "{}", &text[..200]);
        reads += typed.matches("ReadSpan {").count();
    }
    assert!(reads >= 50, "the rows gave reads: {reads}");
}

/// What `Value` refuses inside a skipped field (too deep, a lone surrogate, a number out of
/// range, a trailing comma), and a row that is not an object, the typed parse refuses too: the
/// row is then read as a `Value`, which says why.
#[test]
fn typed_parse_refuses_what_the_value_refuses() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    for bad in [deep.as_str(), r#""\ud800""#, "1e999", r#"{"a": 1,}"#, "tru"] {
        for text in [
            format!(r#"{{"tools": {bad}, "messages": []}}"#),
            format!(r#"{{"messages": [{{"role": "ai", "system_prompt": {bad}}}]}}"#),
            format!(r#"{{"test_result": {{"report": {{"x": {bad}}}}}, "resolved": true}}"#),
        ] {
            assert!(serde_json::from_str::<Value>(&text).is_err(), "{text}");
            assert!(typed(&text).is_none(), "{text}");
        }
    }
    for text in ["[]", "3", r#""row""#, "null", r#"{"a": 1} x"#, ""] {
        assert!(typed(text).is_none(), "{text}");
    }
    // The error note is the `Value`'s.
    let note = imported(r#"{"messages": [1,]}"#, None);
    assert!(
        note.contains("row 3: invalid JSON: trailing comma"),
        "{note}"
    );
    let note = imported("[1]", None);
    assert!(note.contains("row 3: not a JSON object"), "{note}");
}

/// A repeated key counts its last value, as in a `Value`, at every level.
#[test]
fn repeated_keys_read_as_the_value_does() {
    for text in [
        r#"{"info": {"config": {"model": {"model_name": "a"}}, "submission": "p"}, "info": {"submission": null}}"#,
        r#"{"test_result": {"report": {"resolved": true}, "git_patch": "d"}, "test_result": {"git_patch": 3}}"#,
        r#"{"messages": [{"role": "ai"}], "messages": 4, "trajectory": [{"text": "x", "text": 5}]}"#,
        r#"{"resolved": true, "resolved": "no", "reward": 2, "target": -1, "target": 0.5}"#,
        r#"{"messages": [{"extra": {"actions": [{"command": "ls"}]}, "extra": {"actions": null}}]}"#,
        r#"{"messages": [{"extra": {"actions": 1}, "extra": {}}], "patch": null, "model_patch": "m"}"#,
    ] {
        let v: Value = serde_json::from_str(text).unwrap();
        assert_eq!(typed(text), Some(Row::from_value(&v)), "{text}");
    }
}

/// Leaves and shapes found at any field.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(json!(null)),
        any::<bool>().prop_map(Value::from),
        (-3i64..3).prop_map(Value::from),
        prop::sample::select(vec![0.5, 1.0, 1e300]).prop_map(Value::from),
        text(),
    ];
    let keys = prop::sample::select(vec![
        "role",
        "content",
        "text",
        "extra",
        "actions",
        "command",
        "id",
        "function",
        "arguments",
        "report",
        "resolved",
        "model",
        "model_name",
        "config",
        "submission",
        "x",
    ]);
    leaf.prop_recursive(4, 32, 5, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(keys.clone(), inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.into(), v)).collect())),
        ]
    })
}

fn text() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        "assistant",
        "ai",
        "tool",
        "user",
        "exit",
        "",
        "mini",
        "é\"\n",
        "<returncode>0",
        "OBSERVATION:\nx",
        "```\nls\n```",
    ])
    .prop_map(Value::from)
}

/// A message with the fields the chat layer reads (each, sometimes, any other value).
fn message() -> impl Strategy<Value = Value> {
    let part = prop_oneof![text().prop_map(|t| json!({ "text": t })), text(), value()];
    let content = prop_oneof![
        text(),
        prop::collection::vec(part, 0..3).prop_map(Value::from),
        value()
    ];
    let call = prop_oneof![
        (text(), text())
            .prop_map(|(id, a)| json!({"id": id, "function": {"name": "bash", "arguments": a}})),
        value()
    ];
    let calls = prop_oneof![
        prop::collection::vec(call, 0..3).prop_map(Value::from),
        value()
    ];
    let extra = prop_oneof![
        prop::collection::vec(value(), 0..3).prop_map(|a| json!({ "actions": a })),
        value()
    ];
    let field = |s: BoxedStrategy<Value>| prop::option::of(s);
    (
        field(prop_oneof![text(), value()].boxed()),
        field(content.boxed()),
        field(prop_oneof![text(), value()].boxed()),
        field(calls.boxed()),
        field(extra.boxed()),
        field(text().boxed()),
    )
        .prop_map(|(role, content, t, calls, extra, id)| {
            let mut m = serde_json::Map::new();
            for (k, v) in [
                ("role", role),
                ("content", content),
                ("text", t),
                ("tool_calls", calls),
                ("extra", extra),
                ("tool_call_id", id),
            ] {
                if let Some(v) = v {
                    m.insert(k.to_string(), v);
                }
            }
            Value::Object(m)
        })
}

proptest! {
    /// The typed parse reads every row as the chat layer reads its `Value`, whatever each field
    /// holds.
    #[test]
    fn typed_rows_read_as_the_value(
        fields in prop::collection::btree_map(
            prop::sample::select(vec![
                "instance_id", "run_id", "model_name", "model", "agent", "agent_name", "info",
                "traj_id", "trajectory_id", "resolved", "target", "reward", "test_result",
                "patch", "generated_patch", "model_patch", "trajectory_format", "tools", "x",
            ]),
            prop_oneof![text(), value()],
            0..8,
        ),
        messages in prop::collection::vec(prop_oneof![4 => message(), 1 => value()], 0..5),
        list in prop::sample::select(vec!["messages", "trajectory", "fncall_messages", "other"]),
        nested in value(),
    ) {
        let mut row: serde_json::Map<String, Value> =
            fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        row.insert(list.to_string(), Value::from(messages));
        row.insert("messages".to_string(), row.get("messages").cloned().unwrap_or(nested.clone()));
        // Nested fields in their shapes, unless the row has another value there.
        row.entry("info").or_insert_with(
            || json!({"config": {"model": {"model_name": nested.clone()}}, "submission": nested.clone()}),
        );
        row.entry("test_result").or_insert_with(
            || json!({"report": {"resolved": nested.clone()}, "git_patch": nested.clone()}),
        );
        let v = Value::Object(row);
        let text = v.to_string();
        prop_assert_eq!(typed(&text), Some(Row::from_value(&v)));
    }
}

/// A text without escapes is borrowed from the row's text (a content list of one part too); a
/// text with escapes, and parts joined, are copied. Either way the row reads as its `Value`.
#[test]
fn plain_texts_are_borrowed_from_the_row() {
    use std::borrow::Cow;
    let text = r#"{"instance_id": "a__b-1", "model": "m", "messages": [
        {"role": "assistant", "content": "plain", "tool_calls": [{"id": "c1",
            "function": {"name": "bash", "arguments": "{\"command\": \"ls\"}"}}]},
        {"role": "tool", "content": [{"type": "text", "text": "one part"}]},
        {"role": "user", "content": ["a", {"text": "b"}, {"text": 1}]},
        {"role": "user", "content": []}]}"#;
    let row = typed(text).expect("an object");
    let borrowed = |c: &Option<Cow<str>>| matches!(c, Some(Cow::Borrowed(_)));
    assert!(borrowed(&row.instance_id) && borrowed(&row.names[2]));
    let m = row.lists[0].as_ref().expect("messages");
    assert!(borrowed(&m[0].role) && borrowed(&m[0].content));
    let call = &m[0].tool_calls.as_ref().expect("calls")[0];
    assert!(borrowed(&call.id) && borrowed(&call.name));
    assert!(
        matches!(call.arguments, Some(Cow::Owned(_))),
        "escaped: copied"
    );
    assert!(borrowed(&m[1].content), "one part");
    assert_eq!(m[2].content.as_deref(), Some("ab"));
    assert_eq!(m[3].content.as_deref(), Some(""));
    let v: Value = serde_json::from_str(text).expect("JSON");
    assert_eq!(row, Row::from_value(&v));
}
