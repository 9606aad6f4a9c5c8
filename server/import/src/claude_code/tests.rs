use crate::{import, ImportOptions, NoFiles};
use serde_json::json;

fn transcript(input: serde_json::Value, result: &str) -> String {
    let a = json!({"type": "assistant", "cwd": "/r", "sessionId": "s", "message": {"id": "m1", "content": [
            {"type": "tool_use", "id": "u1", "name": "Grep", "input": input}]}});
    let u = json!({"type": "user", "cwd": "/r", "sessionId": "s", "message": {"content": [
            {"type": "tool_result", "tool_use_id": "u1", "content": result}]}});
    format!("{a}\n{u}\n")
}

fn rows(input: serde_json::Value, result: &str) -> Vec<(String, u32, u32)> {
    let t = transcript(input, result);
    let got = import(t.as_bytes(), "t.jsonl", &ImportOptions::default(), &NoFiles);
    got.rows
        .iter()
        .map(|r| (r.path.clone(), r.start, r.end))
        .collect()
}

#[test]
fn grep_content_with_line_numbers() {
    let many = rows(
        json!({"pattern": "x", "output_mode": "content", "-n": true}),
        "/r/a.py:3:x\n/r/b/c.py:10:x = 1\n",
    );
    assert_eq!(
        many,
        vec![("a.py".to_string(), 3, 3), ("b/c.py".to_string(), 10, 10)]
    );
    let one = rows(
        json!({"pattern": "x", "path": "/r/a.py", "output_mode": "content", "-n": true}),
        "3:x\n4-y\n",
    );
    assert_eq!(one, vec![("a.py".to_string(), 3, 4)]);
    let names = rows(
        json!({"pattern": "x", "output_mode": "files_with_matches"}),
        "/r/a.py\n",
    );
    assert!(names.is_empty());
}
