//! The JSON Schemas in docs/schemas agree with the parsers: every required field really is required,
//! and every documented enum value is accepted.

use readcov_core::{parse_gold, parse_reads};
use serde_json::{json, Value};

fn schema(text: &str) -> Value {
    serde_json::from_str(text).expect("schema is valid JSON")
}

fn check(schema_text: &str, full: Value, parse: fn(&[u8]) -> (usize, Vec<String>)) {
    let s = schema(schema_text);
    let (ok, errs) = parse(full.to_string().as_bytes());
    assert_eq!((ok, errs.len()), (1, 0), "{errs:?}");
    for field in s["required"].as_array().unwrap() {
        let field = field.as_str().unwrap();
        let mut row = full.clone();
        row.as_object_mut().unwrap().remove(field);
        let (ok, errs) = parse(row.to_string().as_bytes());
        assert_eq!(ok, 0, "{field} should be required");
        assert!(errs[0].contains(&format!("`{field}`: missing")), "{errs:?}");
    }
    for (name, prop) in s["properties"].as_object().unwrap() {
        assert!(
            full.get(name).is_some(),
            "example row lacks documented field {name}"
        );
        for value in prop
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let mut row = full.clone();
            row[name] = value.clone();
            assert_eq!(
                parse(row.to_string().as_bytes()).0,
                1,
                "{name}={value} should parse"
            );
        }
    }
}

#[test]
fn reads_schema_matches_parser() {
    let full = json!({"path":"a.py","start":1,"end":2,"task":"t","run":1,"turn":0,"step":3,"tool":"view","source":"human","command":"cat a.py","kind":"read"});
    check(
        include_str!("../../../docs/schemas/reads.schema.json"),
        full,
        |b| {
            let p = parse_reads(b, "r", None);
            (
                p.items.len(),
                p.errors.iter().map(|e| e.to_string()).collect(),
            )
        },
    );
}

#[test]
fn gold_schema_matches_parser() {
    let full =
        json!({"path":"a.py","start":1,"end":2,"task":"t","tier":"optional","requirement":"R0"});
    check(
        include_str!("../../../docs/schemas/gold.schema.json"),
        full,
        |b| {
            let p = parse_gold(b, "g", None);
            (
                p.items.len(),
                p.errors.iter().map(|e| e.to_string()).collect(),
            )
        },
    );
}
