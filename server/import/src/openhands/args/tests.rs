use super::*;

/// The oracle: what the importer read before, a `Map` of the whole arguments.
fn by_map(raw: &str) -> Option<Args> {
    serde_json::from_str::<Map<String, Value>>(raw)
        .ok()
        .map(|m| Args::of_map(&m))
}

#[test]
fn typed_args_read_as_the_map_on_cases() {
    for raw in [
        r#"{"command":"view","path":"/a.py","view_range":[3,9]}"#,
        r#" {"command":"str_replace","path":"/a","old_str":"x\ny","new_str":"\u00e9"}"#,
        r#"{"command":"insert","insert_line":4,"new_str":"z"}"#,
        r#"{"insert_line":-4}"#,
        r#"{"insert_line":4.0,"view_range":[1,-1]}"#,
        r#"{"insert_line":18446744073709551615,"view_range":[1,18446744073709551615]}"#,
        r#"{"view_range":[1]}"#,
        r#"{"view_range":{"1":2}}"#,
        r#"{"view_range":[[1],[2]]}"#,
        r#"{"path":"a","path":7}"#,
        r#"{"path":7,"path":"b"}"#,
        r#"{"command":null}"#,
        r#"{}"#,
        "\t\n{\"command\":\"ls\"}\r\n",
        r#"[1,2]"#,
        r#""{}""#,
        r#"null"#,
        r#""#,
        r#"{"a":"\ud800"}"#,
        r#"{"a":1e999}"#,
        r#"{"command":"ls"} x"#,
        r#"{"command":"ls""#,
        r#"{"a":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
    ] {
        assert_eq!(Args::parse(raw), by_map(raw), "{raw}");
    }
}

proptest::proptest! {
    #[test]
    fn typed_args_read_as_the_map(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "{", "}", "[", "]", ",", ":", " ", "\n", "\"command\"", "\"path\"", "\"file_text\"",
            "\"old_str\"", "\"new_str\"", "\"insert_line\"", "\"view_range\"", "\"x\"", "\"a\\nb\"",
            "\"\\ud800\"", "\"é\"", "0", "7", "-3", "2.5", "1e400", "18446744073709551616",
            "null", "true",
        ]), 0..24),
    ) {
        let raw: String = parts.concat();
        proptest::prop_assert_eq!(Args::parse(&raw), by_map(&raw), "{}", raw);
    }

    #[test]
    fn typed_args_read_as_the_map_on_objects(
        fields in proptest::collection::vec((
            proptest::sample::select(vec!["command", "path", "file_text", "old_str", "new_str", "insert_line", "view_range", "other"]),
            proptest::sample::select(vec!["\"s\"", "\"\"", "3", "-3", "0.5", "null", "[1,2]", "[1,-1]", "[1]", "[\"a\",5]", "{\"x\":1}", "true", "[1,2,[3]]"]),
        ), 0..6),
    ) {
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        let raw = format!("{{{}}}", body.join(","));
        proptest::prop_assert_eq!(Args::parse(&raw), by_map(&raw), "{}", raw);
    }
}
