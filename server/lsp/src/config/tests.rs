use super::*;
use serde_json::json;

#[test]
fn gold_definition_is_set_and_cleared() {
    let mut c = Config::default();
    c.apply(from_json(&serde_json::json!({"readcov": {"goldDefinition": "units"}})).unwrap());
    assert_eq!(c.gold_definition.as_deref(), Some("units"));
    c.apply(from_toml("goldDefinition = \"\"").unwrap());
    assert_eq!(c.gold_definition, None);
}

#[test]
fn layers_merge_key_by_key() {
    let mut c = Config::default();
    let t = from_toml("gold = [\"g.jsonl\"]\nthreshold = 0.8\nwhatIf = false\n").unwrap();
    assert!(c.apply(t).is_empty());
    let j = json!({"readcov": {"reads": ["r.jsonl"], "runs": ["a"], "patches": ["p.jsonl"]}});
    let j = from_json(&j).unwrap();
    assert!(c.apply(j).is_empty());
    assert_eq!(c.gold, vec!["g.jsonl"]);
    assert_eq!(c.reads, vec!["r.jsonl"]);
    assert_eq!(c.patches, vec!["p.jsonl"]);
    assert_eq!(c.threshold, 0.8);
    assert!(!c.what_if);
    assert_eq!(c.runs, Some(vec!["a".to_string()]));
    // An explicit null brings back "all runs merged".
    c.apply(from_json(&json!({"runs": null})).unwrap());
    assert_eq!(c.runs, None);
}

#[test]
fn bad_values_are_reported_and_ignored() {
    let mut c = Config::default();
    let p = from_json(&json!({"threshold": 3.0, "sources": ["agent", "robot"]})).unwrap();
    let problems = c.apply(p);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!(c.threshold, 0.5);
    assert_eq!(c.sources, [Source::Agent].into_iter().collect());
    assert!(from_json(&json!({"threshold": "high"})).is_err());
    assert!(from_toml("gold = 3").is_err());
}
