//! The SWE-Explore JSON Schemas in docs/schemas agree with the parsers: required fields really are
//! required, every documented field is read, and region defaults are the documented ones.

use readcov_core::explore::{parse_bench, parse_preds, Region};
use serde_json::{json, Value};

fn schema(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/schemas")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("schema is valid JSON")
}

fn bench_row() -> Value {
    json!({
        "instance_id": "i1",
        "ground_truth": {
            "read_core_files": ["a.py"],
            "read_core_regions": [{"path": "a.py", "start": 1, "end": 10}, "b.py:3-4"],
            "read_optional_files_map": {"m": ["c.py"]},
            "read_optional_regions_map": {"m": [{"path": "c.py"}]},
            "modified_core_files": ["a.py"],
            "main_files": ["a.py"]
        },
        "meta": {"n": 99}
    })
}

fn bench(v: &Value) -> (usize, Vec<String>) {
    let p = parse_bench(v.to_string().as_bytes(), "b.jsonl");
    (
        p.items.len(),
        p.errors.iter().map(ToString::to_string).collect(),
    )
}

#[test]
fn bench_schema_matches_parser() {
    let s = schema("explore-bench.schema.json");
    let full = bench_row();
    let (n, errs) = bench(&full);
    assert_eq!((n, errs.len()), (1, 0), "{errs:?}");
    for field in s["required"].as_array().expect("required list") {
        let field = field.as_str().expect("string");
        let mut row = full.clone();
        row.as_object_mut().expect("object").remove(field);
        let (n, errs) = bench(&row);
        assert_eq!(n, 0, "{field} should be required");
        assert!(errs[0].contains(&format!("`{field}`: missing")), "{errs:?}");
    }
    let gt = s["properties"]["ground_truth"]["properties"]
        .as_object()
        .expect("ground_truth fields");
    for name in gt.keys() {
        assert!(
            full["ground_truth"].get(name).is_some(),
            "example lacks documented field {name}"
        );
        // Documented lists are optional: dropping one still parses the row.
        let mut row = full.clone();
        row["ground_truth"]
            .as_object_mut()
            .expect("object")
            .remove(name);
        assert_eq!(bench(&row), (1, vec![]), "{name} should be optional");
    }
    let p = parse_bench(full.to_string().as_bytes(), "b.jsonl");
    let row = &p.items[0];
    assert_eq!(
        row.core_regions,
        vec![Region::new("a.py", 1, 10), Region::new("b.py", 3, 4)]
    );
    // Region defaults: start 1, end -1, as documented.
    let region = &s["$defs"]["region"]["oneOf"][0]["properties"];
    assert_eq!(
        (
            region["start"]["default"].as_i64(),
            region["end"]["default"].as_i64()
        ),
        (Some(1), Some(-1))
    );
    assert_eq!(row.optional_regions["m"], vec![Region::new("c.py", 1, -1)]);
}

#[test]
fn preds_schema_matches_parser() {
    let s = schema("explore-preds.schema.json");
    let full = json!({"instance_id": "i1", "explorer": "e", "regions": [{"path": "a.py", "start": 2, "end": 3}]});
    let parse = |v: &Value| {
        let p = parse_preds(v.to_string().as_bytes(), "p.jsonl", "dflt", None);
        (
            p.items,
            p.errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
        )
    };
    assert_eq!(parse(&full).0.len(), 1);
    for field in s["required"].as_array().expect("required list") {
        let field = field.as_str().expect("string");
        let mut row = full.clone();
        row.as_object_mut().expect("object").remove(field);
        let (items, errs) = parse(&row);
        assert!(items.is_empty(), "{field} should be required");
        assert!(errs[0].contains(&format!("`{field}`: missing")), "{errs:?}");
    }
    // One of regions / text / output is needed; each alone is enough.
    let mut bare = full.clone();
    bare.as_object_mut().expect("object").remove("regions");
    assert!(parse(&bare).0.is_empty());
    for alt in s["anyOf"].as_array().expect("anyOf") {
        let key = alt["required"][0].as_str().expect("key");
        let mut row = bare.clone();
        row[key] = if key == "regions" {
            json!(["a.py:2-3"])
        } else {
            json!("a.py:2-3\n")
        };
        let (items, errs) = parse(&row);
        assert_eq!(items.len(), 1, "{key}: {errs:?}");
        assert_eq!(items[0].regions, vec![Region::new("a.py", 2, 3)]);
    }
    // Without `explorer`, the default applies.
    let mut row = full.clone();
    row.as_object_mut().expect("object").remove("explorer");
    assert_eq!(parse(&row).0[0].explorer, "dflt");
}
