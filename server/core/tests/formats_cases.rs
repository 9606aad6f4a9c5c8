//! Located errors for bad reads/gold lines; the valid rest of the file is still parsed.

use readcov_core::{parse_gold, parse_reads, Source};

/// Parses `input` as reads and returns (valid count, rendered errors).
fn reads(input: &[u8], ws: Option<&str>) -> (usize, Vec<String>) {
    let p = parse_reads(input, "reads.jsonl", ws);
    (
        p.items.len(),
        p.errors.iter().map(|e| e.to_string()).collect(),
    )
}

fn check(input: &str, valid: usize, errors: &[&str]) {
    let (n, errs) = reads(input.as_bytes(), Some("/repo"));
    assert_eq!(errs, errors, "errors for {input:?}");
    assert_eq!(n, valid, "valid records for {input:?}");
}

const OK: &str = r#"{"path":"a.py","start":1,"end":2}"#;

#[test]
fn bad_lines_are_located_and_skipped() {
    check(
        &format!("{OK}\nnot json\n{OK}"),
        2,
        &["reads.jsonl:2: invalid JSON: expected ident at line 1 column 2"],
    );
    check(
        &format!("{OK}\n{{\"path\":\"a.py\",\"end\":2}}"),
        1,
        &["reads.jsonl:2: field `start`: missing"],
    );
    check(
        r#"{"path":"a.py","start":0,"end":2}"#,
        0,
        &["reads.jsonl:1: field `start`: must be ≥ 1, got 0"],
    );
    check(
        r#"{"path":"a.py","start":5,"end":2}"#,
        0,
        &["reads.jsonl:1: field `end`: end 2 is before start 5"],
    );
    check(
        r#"{"path":"a.py","start":-3,"end":2}"#,
        0,
        &["reads.jsonl:1: field `start`: must be ≥ 1, got -3"],
    );
    check(
        r#"{"path":"a.py","start":1,"end":99999999999}"#,
        0,
        &["reads.jsonl:1: field `end`: 99999999999 is too large (max 4294967295)"],
    );
    check(
        r#"{"path":"a.py","start":1.5,"end":2}"#,
        0,
        &["reads.jsonl:1: field `start`: expected an integer, got 1.5"],
    );
    check(
        r#"{"path":"a.py","start":"1","end":2}"#,
        0,
        &["reads.jsonl:1: field `start`: expected an integer, found a string"],
    );
    check(
        r#"{"start":1,"end":2}"#,
        0,
        &["reads.jsonl:1: field `path`: missing"],
    );
    check(
        r#"[1,2]"#,
        0,
        &["reads.jsonl:1: expected a JSON object, found an array"],
    );
    check(
        r#"{"path":"/etc/passwd","start":1,"end":2}"#,
        0,
        &["reads.jsonl:1: field `path`: absolute path `/etc/passwd` is outside the workspace `/repo`"],
    );
    check(
        r#"{"path":"../x.py","start":1,"end":2}"#,
        0,
        &["reads.jsonl:1: field `path`: path `../x.py` escapes the workspace root with `..`"],
    );
    check(
        r#"{"path":"a.py","start":1,"end":2,"source":"robot"}"#,
        0,
        &["reads.jsonl:1: field `source`: `robot` is not agent, human or manual"],
    );
}

#[test]
fn non_utf8_bom_crlf_and_blank_lines() {
    let mut input = b"\xEF\xBB\xBF".to_vec();
    input.extend_from_slice(OK.as_bytes());
    input.extend_from_slice(b"\r\n\r\n   \n{\"path\":\"\xFF\xFE\",\"start\":1,\"end\":1}\n");
    input.extend_from_slice(OK.as_bytes());
    let (n, errs) = reads(&input, None);
    assert_eq!(n, 2);
    assert_eq!(errs, ["reads.jsonl:4: not valid UTF-8 (byte 9)"]);
}

#[test]
fn empty_file_has_no_records_and_no_errors() {
    let p = parse_reads(b"", "reads.jsonl", None);
    assert_eq!((p.items.len(), p.errors.len(), p.records), (0, 0, 0));
}

#[test]
fn optional_fields_and_path_normalisation() {
    let input = r#"{"task":"t1","run":7,"path":"/repo/./src\\a.py","start":3,"end":4,"turn":2,"step":5,"tool":"view","source":"human","command":"cat a.py"}"#;
    let p = parse_reads(input.as_bytes(), "r", Some("/repo"));
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let r = &p.items[0];
    assert_eq!(
        (r.task.as_str(), r.run.as_str(), r.path.as_str()),
        ("t1", "7", "src/a.py")
    );
    assert_eq!(
        (r.turn, r.step, r.source),
        (Some(2), Some(5), Source::Human)
    );
}

#[test]
fn gold_tier_and_missing_task() {
    let input = "{\"path\":\"a.py\",\"start\":1,\"end\":2,\"tier\":\"optional\",\"requirement\":\"R1\"}\n{\"path\":\"a.py\",\"start\":1,\"end\":2,\"tier\":\"gold\"}";
    let p = parse_gold(input.as_bytes(), "gold.jsonl", None);
    assert_eq!(p.items.len(), 1);
    assert_eq!(p.items[0].task, "default");
    assert_eq!(p.items[0].requirement.as_deref(), Some("R1"));
    assert_eq!(
        p.errors[0].to_string(),
        "gold.jsonl:2: field `tier`: `gold` is not core or optional"
    );
}
