use super::Format;

#[test]
fn labels_round_trip() {
    for f in Format::ALL {
        assert_eq!(Format::from_label(f.label()), Some(f));
    }
    assert_eq!(Format::from_label("auto"), None);
}

#[test]
fn detects_each_format_from_a_small_log() {
    let cases = [
            (r#"{"fncall_messages":[]}"#, Some(Format::OpenHands)),
            (r#"{"instance_id":"a","history":[]}"#, Some(Format::OpenHandsEval)),
            ("{\"instance_id\":\"a\",\"history\":[]}\n{\"instance_id\":\"b\",\"history\":[]}\n", Some(Format::OpenHandsEval)),
            (r#"{"trajectory":[]}"#, Some(Format::SweAgent)),
            (
                r#"{"schema_version":"ATIF-v1.7","session_id":"s","steps":[]}"#,
                Some(Format::Atif),
            ),
            (r#"{"schema_version":"ATIF-v1.7","steps":[{"#, Some(Format::Atif)),
            (
                "{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{}}\n{\"type\":\"event_msg\",\"payload\":{}}\n",
                Some(Format::Codex),
            ),
            (r#"{"messages":[],"trajectory_format":"mini-swe-agent-1"}"#, Some(Format::MiniSweAgent)),
            ("{\"id\":\"c\",\"agent\":{},\"workspace\":{}}\n{\"kind\":\"ActionEvent\",\"source\":\"agent\"}\n", Some(Format::OpenHandsV1)),
            (r#"[{"kind":"MessageEvent","source":"user"}]"#, Some(Format::OpenHandsV1)),
            ("{\"type\":\"user\",\"sessionId\":\"s\"}\n{\"type\":\"assistant\"}\n", Some(Format::ClaudeCode)),
            ("q1 Q0 src/a.py:3-9 1 12.5 bm25\nq1 Q0 src/b.py 2 3 bm25\n", Some(Format::Trec)),
            ("q1 Q0 src/a.py:3-9 one 12.5 bm25\n", None),
            ("[1,2]", None),
            ("plain text", None),
        ];
    for (text, want) in cases {
        assert_eq!(Format::detect(text), want, "{text}");
    }
}
