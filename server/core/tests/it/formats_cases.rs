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
        &["reads.jsonl:1: field `source`: `robot` is not agent, human, manual or retriever"],
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

mod fast_path {
    use proptest::prelude::*;
    use readcov_core::formats::{parse_gold_with, parse_reads_with};

    /// JSON values of the kinds a reads field may (wrongly) hold.
    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("null".to_string()),
            Just("\"\"".to_string()),
            Just("true".to_string()),
            Just("1.5".to_string()),
            Just("-3".to_string()),
            Just("0".to_string()),
            Just("4294967296".to_string()),
            Just("[1]".to_string()),
            // Beyond f64 (found by the `reads` fuzz target under an unknown key: the typed fast
            // path skipped it, the slow path's `Value` refused it).
            Just("75010388e0632".to_string()),
            Just("\"\\u0061\"".to_string()),
            // Escapes the hand scanner decodes or leaves to serde, and `base` objects (a flat
            // one it skips, others it leaves to serde; the slow path takes any JSON there).
            Just("\"a\\\"b\\n\\u00e9\\ud83d\\ude00\"".to_string()),
            Just("\"r\\u0065ad\"".to_string()),
            Just("\"\\ud83d\"".to_string()),
            Just("\"\\x\"".to_string()),
            Just("{\"sha256\":\"9d29\",\"lines\":621}".to_string()),
            Just("{\"a\":{\"b\":[1]},\"a\":-1.5}".to_string()),
            Just("{\"a\":75010388e0632}".to_string()),
            Just("{}".to_string()),
            (1u32..50).prop_map(|n| n.to_string()),
            prop::sample::select(vec![
                "\"a.py\"",
                "\"./b/../a.py\"",
                "\"/repo/x.py\"",
                "\"/etc/x\"",
                "\"../up.py\"",
                "\"agent\"",
                "\"human\"",
                "\"manual\"",
                "\"edit\"",
                "\"read\"",
                "\"r1\""
            ])
            .prop_map(str::to_string),
        ]
    }

    fn line() -> impl Strategy<Value = String> {
        let fields = [
            "path", "start", "end", "task", "run", "turn", "step", "tool", "source", "command",
            "kind", "base", "rank", "score", "extra",
        ];
        // A valid base most of the time, so the fast path is exercised, then random (possibly
        // duplicate) fields that may spoil it.
        let base = prop_oneof![
            Just(String::new()),
            (1u32..40, 0u32..5)
                .prop_map(|(s, k)| format!("\"path\":\"a.py\",\"start\":{s},\"end\":{},", s + k))
        ];
        (
            base,
            prop::collection::vec((prop::sample::select(fields.to_vec()), value()), 0..4),
        )
            .prop_map(|(base, kv)| {
                let body: Vec<String> = kv.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
                format!("{{{base}{}}}", body.join(",")).replace(",}", "}")
            })
    }

    #[test]
    fn a_read_written_as_an_array_is_an_error_on_both_paths() {
        // serde's derived visitor takes a struct as an array of its fields; the slow path wants
        // an object (found by the `reads` fuzz target; the fast path must not take it either).
        let text =
            "[\"a.py\",1,2]\n \r[\"a.py\", 1, 2, null]\n{\"path\":\"a.py\",\"start\":1,\"end\":2}";
        let fast = parse_reads_with(text.as_bytes(), "r", None, true);
        let slow = parse_reads_with(text.as_bytes(), "r", None, false);
        assert_eq!(fast.items, slow.items);
        assert_eq!(fast.errors, slow.errors);
        assert_eq!((fast.items.len(), fast.errors.len()), (1, 2));
    }

    /// Gold lines: the same valid base, then random gold fields (and near misses) that may spoil it.
    fn gold_line() -> impl Strategy<Value = String> {
        let fields = [
            "path",
            "start",
            "end",
            "task",
            "tier",
            "requirement",
            "requiremen",
            "origin",
            "base",
            "extra",
            "",
        ];
        let tiers = prop::sample::select(vec!["\"core\"", "\"optional\"", "\"gold\"", "\"Core\""]);
        let base = prop_oneof![
            Just(String::new()),
            (1u32..40, 0u32..5, prop::bool::ANY).prop_map(|(s, k, task)| {
                let task = if task { "\"task\":\"t1\"," } else { "" };
                format!("{task}\"path\":\"a.py\",\"start\":{s},\"end\":{},", s + k)
            })
        ];
        let v = prop_oneof![value(), tiers.prop_map(str::to_string)];
        (
            base,
            prop::collection::vec((prop::sample::select(fields.to_vec()), v), 0..4),
        )
            .prop_map(|(base, kv)| {
                let body: Vec<String> = kv.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
                format!("{{{base}{}}}", body.join(",")).replace(",}", "}")
            })
    }

    #[test]
    fn usual_gold_lines_take_the_fast_path_with_the_same_spans() {
        let text = "{\"task\":\"t\",\"path\":\"./a/../b.py\",\"start\":3,\"end\":9,\"tier\":\"optional\",\"requirement\":\"R2\"}\n\
                    {\"path\":\"b.py\",\"start\":1,\"end\":1,\"tier\":null,\"requirement\":null,\"task\":null}\n\
                    {\"task\":7,\"path\":\"b.py\",\"start\":1,\"end\":2}\n\
                    {\"task\":\"t\",\"path\":\"b.py\",\"start\":5,\"end\":2}\n\
                    {\"task\":\"t\",\"path\":\"b.py\",\"start\":1,\"end\":2,\"requirement\":\"a\",\"requirement\":\"b\"}\n";
        let fast = parse_gold_with(text.as_bytes(), "g", None, true);
        let slow = parse_gold_with(text.as_bytes(), "g", None, false);
        assert_eq!(fast.items, slow.items);
        assert_eq!(fast.errors, slow.errors);
        assert_eq!((fast.items.len(), fast.errors.len()), (3, 2));
        assert_eq!(fast.items[0].path, "b.py");
        assert_eq!(fast.items[0].requirement.as_deref(), Some("R2"));
        assert_eq!(fast.items[2].task, "7");
    }

    proptest! {
        #[test]
        fn gold_fast_and_slow_paths_agree(lines in prop::collection::vec(gold_line(), 1..8)) {
            let text = lines.join("\n");
            for ws in [None, Some("/repo")] {
                let fast = parse_gold_with(text.as_bytes(), "g", ws, true);
                let slow = parse_gold_with(text.as_bytes(), "g", ws, false);
                prop_assert_eq!(&fast.items, &slow.items);
                prop_assert_eq!(&fast.errors, &slow.errors);
                prop_assert_eq!(fast.items.len() + fast.errors.len(), lines.len());
            }
        }

        #[test]
        fn fast_and_slow_paths_agree(lines in prop::collection::vec(line(), 1..8)) {
            let text = lines.join("\n");
            for ws in [None, Some("/repo")] {
                let fast = parse_reads_with(text.as_bytes(), "r", ws, true);
                let slow = parse_reads_with(text.as_bytes(), "r", ws, false);
                prop_assert_eq!(&fast.items, &slow.items);
                prop_assert_eq!(&fast.errors, &slow.errors);
                prop_assert_eq!(fast.items.len() + fast.errors.len(), lines.len());
            }
        }
    }
}
