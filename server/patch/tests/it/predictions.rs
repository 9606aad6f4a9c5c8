//! SWE-bench predictions in the three forms the harness takes, with located errors.

use readcov_patch::parse_predictions;

fn got(text: &str) -> (Vec<String>, Vec<String>) {
    let p = parse_predictions(text.as_bytes(), "preds");
    let items = (p.items.iter())
        .map(|p| {
            format!(
                "{} {} {} {}",
                p.task,
                p.run.as_deref().unwrap_or("-"),
                p.patch
                    .as_deref()
                    .map_or("null".into(), |d| d.len().to_string()),
                p.line
            )
        })
        .collect();
    (items, p.errors.iter().map(|e| e.to_string()).collect())
}

#[test]
fn jsonl_with_null_patches_and_the_readcov_names() {
    let text = concat!(
        r#"{"instance_id":"a__b-1","model_name_or_path":"m","model_patch":"diff"}"#,
        "\n\n",
        r#"{"task":"a__b-2","run":"r","model_patch":null,"partial":[{"path":"x.py","new_file":false,"what":"lost"},"y"]}"#,
        "\n",
        r#"{"model_patch":"d"}"#,
        "\n",
        r#"{"instance_id":"a__b-3","model_patch":7}"#,
        "\n"
    );
    let (items, errors) = got(text);
    assert_eq!(items, ["a__b-1 m 4 1", "a__b-2 r null 3"]);
    assert_eq!(
        errors,
        [
            "preds:4: field `instance_id`: missing",
            "preds:5: field `model_patch`: expected a string (a diff) or null"
        ]
    );
    let p = parse_predictions(text.as_bytes(), "preds");
    let lost: Vec<String> = p.items[1].partial.iter().map(|l| l.sentence()).collect();
    assert_eq!(lost, ["x.py: lost", "any file: y"]);
}

#[test]
fn a_json_list_and_a_dict_keyed_by_instance_id_with_entry_lines() {
    let list = "[\n  {\"instance_id\": \"t1\", \"model_patch\": \"d1\"},\n  {\"instance_id\": \"t2\",\n   \"model_patch\": null},\n  3\n]\n";
    let (items, errors) = got(list);
    assert_eq!(items, ["t1 - 2 2", "t2 - null 3"]);
    assert_eq!(errors, ["preds:5: expected a JSON object, found a number"]);
    let dict = "{\n  \"t1\": {\n    \"model_name_or_path\": \"deepseek/deepseek-chat\",\n    \"model_patch\": \"d,}]\\\"\"\n  },\n  \"t2\": {\"instance_id\": \"t2\", \"model_patch\": \"\"}\n}";
    let (items, errors) = got(dict);
    assert_eq!(items, ["t1 deepseek/deepseek-chat 5 2", "t2 - 0 6"]);
    assert!(errors.is_empty(), "{errors:?}");
    // One pretty-printed prediction object is one record, not a dict.
    let one = "{\n \"instance_id\": \"t\",\n \"model_patch\": \"d\"\n}\n";
    assert_eq!(got(one).0, ["t - 1 1"]);
}
