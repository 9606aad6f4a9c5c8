use super::{arguments, function_blocks, parameters};
use serde_json::{Map, Value};

/// The written arguments are the map serialised, and the object handed on with them is what
/// parsing them gives (what the importer parsed before it took the object).
fn agree(body: &str) {
    let (text, params) = arguments(body);
    assert_eq!(
        text,
        Value::Object(parameters(body)).to_string(),
        "{body:?}"
    );
    let parsed: Map<String, Value> = serde_json::from_str(&text).expect("JSON");
    assert_eq!(params, parsed, "{body:?}");
    let order = |m: &Map<String, Value>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(order(&params), order(&parsed), "{body:?}");
}

/// [`agree`] on the vendored SWE-smith rows and on bodies made of the markup's pieces
/// (repeated keys, JSON-looking values, escapes).
#[test]
fn arguments_are_the_map_serialised() {
    let mut bodies = 0;
    for row in crate::chat::row::tests::vendored_rows() {
        for m in row["messages"].as_array().into_iter().flatten() {
            let Some(t) = m["content"].as_str() else {
                continue;
            };
            for (_, body) in function_blocks(t) {
                agree(body);
                bodies += 1;
            }
        }
    }
    assert!(bodies > 30, "{bodies} bodies");
}

proptest::proptest! {
    #[test]
    fn generated_arguments_are_the_map_serialised(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "<parameter=", "</parameter>", ">", "\n", " ", "command", "path", "view_range",
            "insert_line", "b", "a", "[1, 2]", "[", "12", "-3", "1e3", "x\"y", "\\", "é", "\t",
            "0.1", "[0.3, 1.5e-7]", "view_range", "_line",
        ]), 0..24),
    ) {
        let body: String = parts.concat();
        agree(&body);
    }
}
