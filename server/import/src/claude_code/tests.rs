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

/// Edit rows of a session as (step, start, end), and its read rows.
type Rows = (Vec<(u32, u32, u32)>, Vec<(u32, u32, u32)>);

fn edit_and_read_rows(log: &[u8], name: &str, files: &dyn crate::FileProvider) -> Rows {
    let got = import(log, name, &ImportOptions::default(), files);
    let of = |kind| {
        got.rows
            .iter()
            .filter(|r| r.kind == kind)
            .map(|r| (r.step.unwrap_or(0), r.start, r.end))
            .collect::<Vec<_>>()
    };
    use readcov_core::span::EventKind;
    (of(EventKind::Edit), of(EventKind::Read))
}

/// A real session editing lines it wrote (spotter 258c7280, `annotation.ex`: the excerpt and its
/// base file in tests/data/real/claude-code-reedit, see its MANIFEST). Step 1 turns base line 17
/// into an `accept [` list ending in `:source` (agent lines), inserts an attribute after base 28
/// and rewrites 30–33 in one hunk, and adds a relation after 43; step 3 adds `update :close`
/// after 23; step 4 changes its own `:source` to `:source,` `:state`; step 5 adds an attribute
/// after base 35, behind a context line it wrote (`attribute :end_col … true`). Before session 38
/// steps 4 and 5 gave no row and the insertion after 28 none (its hunk had `-` lines): 4 edit
/// rows, now 7 — step 4 is 16 (the base line before its lines, as a `str_replace` of them
/// gives), step 5 is 35. The reads are the same.
#[test]
fn a_real_session_editing_lines_it_wrote() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/real/claude-code-reedit");
    let name = "session-258c7280-annotation.jsonl";
    let log = std::fs::read(dir.join(name)).expect("shipped excerpt");
    let (edits, reads) = edit_and_read_rows(&log, name, &crate::DirFiles(dir.join("workspace")));
    assert_eq!(
        edits,
        [
            (1, 17, 17),
            (1, 28, 28),
            (1, 30, 33),
            (1, 43, 43),
            (3, 23, 23),
            (4, 16, 16),
            (5, 35, 35)
        ]
    );
    let after = [(1, 16), (18, 29), (34, 45)];
    let mut want = vec![(0, 1, 45)];
    want.extend(after.iter().map(|&(s, e)| (2, s, e)));
    want.extend(after.iter().map(|&(s, e)| (6, s, e)));
    assert_eq!(reads, want);
}

/// The same two edits as `Edit` calls with and without `structuredPatch`: the hunk and the
/// `str_replace` give one row, the base line before the line the agent wrote.
#[test]
fn a_structured_patch_of_an_agent_line_gives_the_str_replace_row() {
    let edit = |id: &str, old: &str, new: &str, patch: Option<serde_json::Value>| {
        let a = json!({"type": "assistant", "cwd": "/r", "sessionId": "s", "message": {"id": id,
            "content": [{"type": "tool_use", "id": id, "name": "Edit", "input":
                {"file_path": "/r/m.py", "old_string": old, "new_string": new}}]}});
        let mut u = json!({"type": "user", "cwd": "/r", "sessionId": "s", "message": {"content": [
            {"type": "tool_result", "tool_use_id": id, "content": "The file /r/m.py has been updated."}]}});
        if let Some(p) = patch {
            u["toolUseResult"] = json!({"filePath": "/r/m.py", "structuredPatch": p});
        }
        format!("{a}\n{u}\n")
    };
    let hunk = |start: u32, lines: &[&str]| json!([{"oldStart": start, "lines": lines}]);
    let mut ws = std::collections::BTreeMap::new();
    ws.insert("m.py".to_string(), "m1\nm2\nm3\nm4\n".to_string());
    let with = |patched: bool| {
        let p = |h| patched.then_some(h);
        let log = edit(
            "u1",
            "m2\n",
            "m2\nlog(x)\n",
            p(hunk(1, &[" m1", " m2", "+log(x)", " m3"])),
        ) + &edit(
            "u2",
            "log(x)",
            "log(y)",
            p(hunk(2, &[" m2", "-log(x)", "+log(y)", " m3"])),
        );
        edit_and_read_rows(log.as_bytes(), "t.jsonl", &ws).0
    };
    assert_eq!(with(true), [(0, 2, 2), (1, 2, 2)]);
    assert_eq!(with(true), with(false));
}

/// `claude -p --output-format stream-json` (what Harbor keeps as `agent/claude-code.txt`) names
/// the session `session_id` and the structured result `tool_use_result`. A hand-made reduction of
/// skillsbench's claude-opus-4-5 exoplanet-detection-period run (Claude Code 2.1.19; its `init`
/// record, a `Read` and its result, cut to three lines): before session 40 its task was the file
/// name (`claude-code.txt`, the same for every run of that layout) and a window reaching
/// `totalLines` kept the empty piece numbered after the final line break (1–3 of a 2-line file).
#[test]
fn stream_json_names_the_session_and_gives_the_structured_result() {
    let recs = [
        json!({"type": "system", "subtype": "init", "cwd": "/root",
            "session_id": "f794d250-6a06-4e72-8aeb-1fff1877fb3f", "claude_code_version": "2.1.19"}),
        json!({"type": "assistant", "message": {"id": "m1", "role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "/root/period.py"}}]},
            "parent_tool_use_id": null, "session_id": "f794d250-6a06-4e72-8aeb-1fff1877fb3f"}),
        json!({"type": "user", "message": {"role": "user", "content": [
            {"tool_use_id": "t1", "type": "tool_result", "content": "     1→a = 1\n     2→b = 2\n     3→"}]},
            "parent_tool_use_id": null, "session_id": "f794d250-6a06-4e72-8aeb-1fff1877fb3f",
            "tool_use_result": {"type": "text", "file": {"filePath": "/root/period.py",
                "content": "a = 1\nb = 2\n", "numLines": 3, "startLine": 1, "totalLines": 3}}}),
    ];
    let log: String = recs.iter().map(|r| format!("{r}\n")).collect();
    let got = import(
        log.as_bytes(),
        "agent/claude-code.txt",
        &ImportOptions::default(),
        &NoFiles,
    );
    let rows: Vec<_> = got
        .rows
        .iter()
        .map(|r| (r.task.as_str(), r.path.as_str(), r.start, r.end))
        .collect();
    assert_eq!(
        rows,
        [("f794d250-6a06-4e72-8aeb-1fff1877fb3f", "period.py", 1, 2)]
    );
}
