use super::shapes::{MINI_KEYS, OPENHANDS_KEYS};
use super::{Doc, MiniLog, OpenHandsLog};
use crate::format::{detect_value, Format};
use proptest::prelude::*;
use serde_json::{json, Value};

fn typed_openhands(text: &str) -> Option<OpenHandsLog<'static>> {
    match Doc::typed(text.as_bytes()) {
        Some(Doc::OpenHands(log)) => Some(log),
        _ => None,
    }
}

fn typed_mini(text: &str) -> Option<MiniLog<'static>> {
    match Doc::typed(text.as_bytes()) {
        Some(Doc::MiniSweAgent(log)) => Some(log),
        _ => None,
    }
}

/// Values for the typed keys, among them what detection looks for elsewhere (chunk keys, a
/// chat row's fields, an array of records).
fn odd_values() -> Vec<Value> {
    vec![
        json!(null),
        json!(true),
        json!(3),
        json!("mini"),
        json!([]),
        json!({}),
        json!([{"page_content": "x", "rank": 1}]),
        json!({"page_content": "x", "node": {"start_line": 1}}),
        json!([{"role": "assistant", "tool_calls": [{"id": "a"}]}]),
        json!({"resolved": true, "messages": [], "kind": "ActionEvent", "source": "agent"}),
    ]
}

/// With only the typed keys, detection names the typed format whatever their values, and a
/// file of that one object is never a dataset: the typed parse decides nothing detection would
/// decide otherwise.
#[test]
fn the_typed_keys_leave_detection_no_choice() {
    for v in odd_values() {
        let mut doc = serde_json::Map::new();
        for k in OPENHANDS_KEYS {
            doc.insert((*k).to_string(), v.clone());
        }
        let doc = Value::Object(doc);
        assert_eq!(detect_value(&doc), Some(Format::OpenHands), "{doc}");
        assert_eq!(Format::detect_row_value(&doc, false), None, "{doc}");
        assert!(typed_openhands(&doc.to_string()).is_some(), "{doc}");

        let mut doc = serde_json::Map::new();
        for k in MINI_KEYS {
            doc.insert((*k).to_string(), v.clone());
        }
        doc.insert("messages".into(), json!([v.clone()]));
        doc.insert("trajectory_format".into(), json!("mini-swe-agent-1"));
        let doc = Value::Object(doc);
        assert_eq!(detect_value(&doc), Some(Format::MiniSweAgent), "{doc}");
        assert_eq!(Format::detect_row_value(&doc, false), None, "{doc}");
        assert!(typed_mini(&doc.to_string()).is_some(), "{doc}");
    }
}

/// Another key, no `fncall_messages`, a `trajectory_format` not naming mini or `messages` that
/// are not an array: not a typed shape (read as a `Value`).
#[test]
fn other_documents_are_left_to_the_value() {
    for text in [
        r#"{"fncall_messages": [], "steps": [], "session_id": "s"}"#,
        r#"{"messages": [], "fncall_response": {}}"#,
        r#"{"fncall_messages": [], "page_content": "x"}"#,
        r#"[{"fncall_messages": []}]"#,
        r#"{"messages": [], "trajectory_format": "swe-agent"}"#,
        r#"{"messages": {}, "trajectory_format": "mini-swe-agent-1"}"#,
        r#"{"messages": [], "trajectory_format": "mini", "history": []}"#,
        r#"{"fncall_messages": [] "#,
    ] {
        assert!(Doc::typed(text.as_bytes()).is_none(), "{text}");
    }
}

/// What `serde_json::Value` refuses inside a skipped field (too deep, a lone surrogate, a number
/// out of range), the typed parse refuses too, so the log fails as it did.
#[test]
fn the_typed_parse_refuses_what_the_value_refuses() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    for bad in [deep.as_str(), r#""\ud800""#, "1e999", r#"{"a": 1,}"#] {
        for text in [
            format!(r#"{{"messages": {bad}, "fncall_messages": []}}"#),
            format!(r#"{{"info": {{"x": {bad}}}, "messages": [], "trajectory_format": "mini"}}"#),
        ] {
            assert!(serde_json::from_str::<Value>(&text).is_err(), "{text}");
            assert!(Doc::typed(text.as_bytes()).is_none(), "{text}");
        }
    }
}

/// A repeated key counts its last value, as in a `Value`; `/choices/0` of an object is its key
/// `0`, as a JSON pointer reads it.
#[test]
fn repeated_keys_and_pointer_edges_read_as_the_value_does() {
    for text in [
        r#"{"fncall_messages": [{"role": "tool", "role": "assistant", "tool_calls": [{"id": "a", "function": {"name": "x"}, "function": 3}]}], "fncall_messages": [{"role": "tool", "content": [{"text": "a", "text": "b"}, "c", 4, ["d"]], "tool_call_id": "a"}]}"#,
        r#"{"fncall_messages": 5, "messages": [{"role": "assistant"}], "fncall_response": {"choices": {"0": {"message": {"tool_calls": [{"id": "z"}]}}}}}"#,
        r#"{"fncall_messages": [], "fncall_response": {"choices": [{"message": "text"}, {"message": {}}]}}"#,
        r#"{"fncall_messages": [], "fncall_response": {"choices": [{"nomessage": 1}]}}"#,
        r#"{"fncall_messages": [], "fncall_response": [], "instance_id": 7}"#,
    ] {
        let v: Value = serde_json::from_str(text).unwrap();
        let typed = typed_openhands(text).expect(text);
        assert_eq!(typed, OpenHandsLog::from_value(&v), "{text}");
    }
    for text in [
        r#"{"messages": [{"role": "assistant", "extra": {"actions": [{"command": "ls"}, 3, {"command": 4, "tool_call_id": "t"}]}}], "trajectory_format": "mini-2", "info": {"submission": null}}"#,
        r#"{"messages": [{"role": "assistant", "extra": []}, {"extra": {"actions": {}}}], "trajectory_format": "mini", "info": {"submission": "p", "submission": 1}}"#,
        r#"{"messages": [], "trajectory_format": "x", "trajectory_format": "mini", "info": [], "instance_id": "i"}"#,
    ] {
        let v: Value = serde_json::from_str(text).unwrap();
        let typed = typed_mini(text).expect(text);
        assert_eq!(typed, MiniLog::from_value(&v), "{text}");
    }
}

/// JSON values made of the names and shapes the importers look at.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(json!(null)),
        any::<bool>().prop_map(Value::from),
        (-3i64..3).prop_map(Value::from),
        Just(json!(1.5)),
        prop::sample::select(vec!["assistant", "tool", "user", "ls\n", "é\"", "", "mini"])
            .prop_map(Value::from),
    ];
    let keys = prop::sample::select(vec![
        "role",
        "content",
        "text",
        "tool_call_id",
        "tool_calls",
        "id",
        "function",
        "name",
        "arguments",
        "extra",
        "actions",
        "command",
        "choices",
        "message",
        "0",
        "submission",
        "other",
    ]);
    leaf.prop_recursive(5, 48, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::from),
            prop::collection::btree_map(keys.clone(), inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.into(), v)).collect())),
        ]
    })
}

fn text() -> impl Strategy<Value = Value> {
    prop::sample::select(vec!["assistant", "tool", "user", "ls\n", "é\"", "", "a"])
        .prop_map(Value::from)
}

/// `Some(v)` puts `key: v` in `m`.
fn put(m: &mut serde_json::Map<String, Value>, key: &str, v: Option<Value>) {
    if let Some(v) = v {
        m.insert(key.to_string(), v);
    }
}

/// Messages in the shapes the importers read (and, at each field, any other value).
fn message() -> impl Strategy<Value = Value> {
    let part = prop_oneof![text().prop_map(|t| json!({ "text": t })), text(), value()];
    let content = prop_oneof![
        text(),
        prop::collection::vec(part, 0..4).prop_map(Value::from),
        value()
    ];
    let function = prop_oneof![
        (text(), text()).prop_map(|(n, a)| json!({"name": n, "arguments": a})),
        value()
    ];
    let call = prop_oneof![
        (prop::option::of(text()), function).prop_map(|(id, f)| json!({"id": id, "function": f})),
        value()
    ];
    let calls = prop_oneof![
        prop::collection::vec(call, 0..3).prop_map(Value::from),
        value()
    ];
    let action = prop_oneof![
        (text(), prop::option::of(text()))
            .prop_map(|(c, t)| json!({"command": c, "tool_call_id": t})),
        value()
    ];
    let extra = prop_oneof![
        prop::collection::vec(action, 0..3).prop_map(|a| json!({ "actions": a })),
        value()
    ];
    let role = prop_oneof![text(), value()];
    (
        prop::option::of(role),
        prop::option::of(content),
        prop::option::of(text()),
        prop::option::of(calls),
        prop::option::of(extra),
    )
        .prop_map(|(role, content, id, calls, extra)| {
            let mut m = serde_json::Map::new();
            put(&mut m, "role", role);
            put(&mut m, "content", content);
            put(&mut m, "tool_call_id", id);
            put(&mut m, "tool_calls", calls);
            put(&mut m, "extra", extra);
            Value::Object(m)
        })
}

proptest! {
    /// The typed parse reads every document of the typed shapes as the importers read its
    /// `Value`.
    #[test]
    fn typed_parse_reads_as_the_value(
        messages in prop::collection::vec(prop_oneof![4 => message(), 1 => value()], 0..6),
        response in prop_oneof![
            message().prop_map(|m| json!({"choices": [{"message": m}]})),
            value(),
        ],
        submission in value(),
        id in prop_oneof![text(), value()],
    ) {
        let doc = json!({
            "messages": messages.clone(), "fncall_messages": messages.clone(),
            "fncall_response": response, "instance_id": id.clone(),
        });
        let typed = typed_openhands(&doc.to_string());
        prop_assert_eq!(typed, Some(OpenHandsLog::from_value(&doc)));
        let doc = json!({
            "messages": messages, "info": {"submission": submission}, "instance_id": id,
            "trajectory_format": "mini-swe-agent-1.1",
        });
        let typed = typed_mini(&doc.to_string());
        prop_assert_eq!(typed, Some(MiniLog::from_value(&doc)));
    }
}
