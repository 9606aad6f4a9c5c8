//! The JSON Schemas in docs/schemas (reads, gold, and the sheet's run, ledger and tasks) agree
//! with the parsers: required fields are required, every enum value parses, a full example row
//! uses every documented field and no other, and closed schemas refuse unknown keys.

use readcov_core::sheet::{parse_ledger, parse_runs, parse_tasks};
use readcov_core::{parse_gold, parse_reads};
use serde_json::{json, Value};

type Parse = fn(&[u8]) -> (usize, Vec<String>);

fn errors<T>(p: readcov_core::Parsed<T>) -> (usize, Vec<String>) {
    (
        p.items.len(),
        p.errors.iter().map(|e| e.to_string()).collect(),
    )
}

/// The span parser's result plus the `base` side pass's errors: a documented `base` must pass
/// both.
fn with_bases((n, mut errs): (usize, Vec<String>), bytes: &[u8]) -> (usize, Vec<String>) {
    let (_, more) = errors(readcov_core::base::parse_row_bases(bytes, "b", None));
    errs.extend(
        more.into_iter()
            .filter(|e| e.contains("`base") || e.contains("`sha256")),
    );
    (n, errs)
}

fn parses(parse: Parse, row: &Value) -> bool {
    parse(row.to_string().as_bytes()).0 == 1
}

fn check(schema_text: &str, full: Value, parse: Parse) {
    let s: Value = serde_json::from_str(schema_text).expect("schema is valid JSON");
    let (ok, errs) = parse(full.to_string().as_bytes());
    assert_eq!((ok, errs.len()), (1, 0), "{errs:?}");
    let props = s["properties"].as_object().unwrap();
    for name in full.as_object().unwrap().keys() {
        assert!(
            props.contains_key(name),
            "example uses undocumented field {name}"
        );
    }
    for field in s["required"].as_array().unwrap() {
        let field = field.as_str().unwrap();
        let mut row = full.clone();
        row.as_object_mut().unwrap().remove(field);
        let (ok, errs) = parse(row.to_string().as_bytes());
        assert_eq!(ok, 0, "{field} should be required");
        assert!(errs[0].contains(&format!("`{field}`: missing")), "{errs:?}");
    }
    for (name, prop) in props {
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
            assert!(parses(parse, &row), "{name}={value} should parse");
        }
        let item_enum = prop.pointer("/items/enum").and_then(Value::as_array);
        for value in item_enum.into_iter().flatten() {
            let mut row = full.clone();
            row[name] = json!([value]);
            assert!(parses(parse, &row), "{name}=[{value}] should parse");
        }
    }
    // A closed schema (the sheet's) refuses unknown keys; reads and gold rows may carry extra
    // keys (agents' logs add their own), which the parser ignores.
    let mut row = full.clone();
    row["surprise"] = json!(1);
    let closed = s["additionalProperties"] == false;
    assert_eq!(
        parses(parse, &row),
        !closed,
        "unknown key, closed schema: {closed}"
    );
}

#[test]
fn run_schema_matches_parser() {
    let full = json!({"run":"r1","task":"t","condition":"A/vague","environment":"valid","simulator":"valid",
        "scenario_oracle":"pending","target":true,"regression_free":false,"output":null,"process":true,
        "requirement_tracking":true,"responsible_component":"agent","primary_code":"x",
        "secondary_codes":["y"],"first_decisive_event_id":"e3","notes":"n","state":true,
        "termination":{"reason":"max_turns"},"agent_turns":3,"user_messages":2,"tool_calls":7,
        "marker_records":1,"regeneration_count":1,"attempt_id":"a2",
        "initial_requirement_version":"R0","final_requirement_version":"R1","human_validity":"invalid"});
    check(
        include_str!("../../../../docs/schemas/run.schema.json"),
        full,
        |b| errors(parse_runs(b, "runs")),
    );
}

/// The nested `termination` object is closed too, and its `reason` required.
#[test]
fn run_termination_is_closed() {
    let parse = |row: Value| errors(parse_runs(row.to_string().as_bytes(), "runs"));
    assert_eq!(
        parse(json!({"run":"r","termination":{"reason":"timeout"}})).0,
        1
    );
    let (ok, errs) = parse(json!({"run":"r","termination":{"reason":"x","why":1}}));
    assert_eq!(ok, 0);
    assert!(errs[0].contains("unknown key `why`"), "{errs:?}");
    assert_eq!(parse(json!({"run":"r","termination":{}})).0, 0);
    assert_eq!(parse(json!({"run":"r","agent_turns":-1})).0, 0);
}

#[test]
fn ledger_schema_matches_parser() {
    let full = json!({"run":"r1","task":"t","turn":2,"event":"replace","requirement":"fmt","version":"R1","message_id":"u2","fired":true});
    check(
        include_str!("../../../../docs/schemas/ledger.schema.json"),
        full,
        |b| errors(parse_ledger(b, "ledger")),
    );
}

#[test]
fn tasks_schema_matches_parser() {
    let full = json!({"task":"t","required":["target","exploration"]});
    check(
        include_str!("../../../../docs/schemas/tasks.schema.json"),
        full,
        |b| errors(parse_tasks(b, "tasks")),
    );
}

#[test]
fn reads_schema_matches_parser() {
    let full = json!({"path":"a.py","start":1,"end":2,"task":"t","run":1,"turn":0,"step":3,"tool":"view","source":"human","command":"cat a.py","kind":"read","rank":1,"score":0.5,
        "base":{"sha256":"ab".repeat(32),"lines":40}});
    check(
        include_str!("../../../../docs/schemas/reads.schema.json"),
        full,
        |b| with_bases(errors(parse_reads(b, "r", None)), b),
    );
}

#[test]
fn gold_schema_matches_parser() {
    // `origin` and `run` are written by `readcov gold` and ignored by the parser.
    // `base` (and its older spelling `sha256`) is read by a side pass, `parse_row_bases`.
    let full = json!({"path":"a.py","start":1,"end":2,"task":"t","tier":"optional","requirement":"R0",
        "origin":"consensus","run":"r1","sha256":"cd".repeat(32),
        "base":{"sha256":"ab".repeat(32),"lines":40,"first":"def f():","last":"    return x"}});
    check(
        include_str!("../../../../docs/schemas/gold.schema.json"),
        full,
        |b| with_bases(errors(parse_gold(b, "g", None)), b),
    );
}
