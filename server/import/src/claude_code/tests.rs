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

/// ripgrep names no path when it searched one file: the output tells a file without an
/// extension from a directory, and a directory named like a file from a file.
#[test]
fn grep_of_a_file_without_an_extension_and_a_directory_with_a_dot() {
    let make = rows(
        json!({"pattern": "all", "path": "/r/Makefile", "output_mode": "content", "-C": 1}),
        "1-# build\n2:all: build\n3-\tcc -o x x.c\n--\n9:install: all\n",
    );
    assert_eq!(
        make,
        vec![
            ("Makefile".to_string(), 1, 3),
            ("Makefile".to_string(), 9, 9)
        ]
    );
    let docker = rows(
        json!({"pattern": "FROM", "path": "docker/Dockerfile", "output_mode": "content"}),
        "1:FROM python:3.12\n",
    );
    assert_eq!(docker, vec![("docker/Dockerfile".to_string(), 1, 1)]);
    let dir = rows(
        json!({"pattern": "x", "path": "/r/v1.2", "output_mode": "content"}),
        "v1.2/a.py:3:x\n",
    );
    assert_eq!(dir, vec![("v1.2/a.py".to_string(), 3, 3)]);
    // A glob over a folder: paths named, read as before.
    let glob = rows(
        json!({"pattern": "x", "path": "/r/src", "glob": "Makefile", "output_mode": "content"}),
        "src/Makefile:4:x\n",
    );
    assert_eq!(glob, vec![("src/Makefile".to_string(), 4, 4)]);
}
