//! Retrieval results (`--format chunks`): every input shape, character offsets over multi-byte
//! text and CRLF files, offsets past the end, stale chunks, ranks from fields and from order.

use readcov_core::Source;
use readcov_import::{import, Format, ImportOptions, Imported, NoFiles, Reason};
use std::collections::BTreeMap;

/// `é日` is 2 code points (5 bytes), `😀` one code point (4 bytes, 2 UTF-16 units).
const UTF8: &str = "é日\n😀ab\ncd\n";
const CRLF: &str = "a\r\nbb\r\ncc\r\n";
const PY: &str = "import os\n\ndef f(x):\n    return x + 1\n\ndef g():\n    pass\n";

fn chunks(text: &str, files: &[(&str, &str)]) -> Imported {
    let opts = ImportOptions {
        format: Some(Format::Chunks),
        ..ImportOptions::default()
    };
    let ws: BTreeMap<String, String> = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    if files.is_empty() {
        import(text.as_bytes(), "c.jsonl", &opts, &NoFiles)
    } else {
        import(text.as_bytes(), "c.jsonl", &opts, &ws)
    }
}

/// (task, path, start, end, rank) per row.
type Row = (&'static str, &'static str, u32, u32, u32);

fn check(text: &str, files: &[(&str, &str)], want: &[Row], skipped: &[(Reason, usize)]) {
    let got = chunks(text, files);
    let rows: Vec<(String, String, u32, u32, u32)> = got
        .rows
        .iter()
        .map(|r| {
            assert_eq!(r.source, Source::Retriever, "{text}");
            (
                r.task.clone(),
                r.path.clone(),
                r.start,
                r.end,
                r.rank.unwrap(),
            )
        })
        .collect();
    let want: Vec<(String, String, u32, u32, u32)> = want
        .iter()
        .map(|&(t, p, s, e, k)| (t.into(), p.into(), s, e, k))
        .collect();
    assert_eq!(rows, want, "{text}");
    let skips: Vec<(Reason, usize)> = got.summary.skipped.clone().into_iter().collect();
    assert_eq!(skips, skipped, "{text}: {:?}", got.errors);
    // Every skip is a located error naming the file and line.
    let located = got
        .errors
        .iter()
        .filter(|e| e.file.starts_with("c.jsonl:"))
        .count();
    assert_eq!(located, got.errors.len(), "{:?}", got.errors);
}

#[test]
fn line_ranges_with_either_key_pair_and_ranks_in_order_of_appearance() {
    let text = r#"{"task":"t1","path":"a.py","start_line":3,"end_line":4,"score":0.9}
{"task":"t1","path":"./a.py","start":6,"end":7}
{"query_id":"t2","path":"a.py","start_line":1,"end_line":1,"rank":5}"#;
    check(
        text,
        &[],
        &[
            ("t1", "a.py", 3, 4, 1),
            ("t1", "a.py", 6, 7, 2),
            ("t2", "a.py", 1, 1, 5),
        ],
        &[],
    );
    let got = chunks(text, &[]);
    assert_eq!(got.rows[0].score, Some(0.9));
    assert_eq!(got.rows[0].tool.as_deref(), Some("lines"));
    assert_eq!(got.summary.runs, 2);
}

#[test]
fn char_offsets_count_code_points_not_bytes() {
    // "😀ab" is characters 3..6; as bytes it would be 6..12.
    let text = r#"{"task":"t","path":"u.txt","start_char":3,"end_char":6,"text":"😀ab"}
{"task":"t","path":"u.txt","start_char":4,"end_char":8}
{"task":"t","path":"u.txt","start_char":0,"end_char":3,"text":"é日\n"}"#;
    check(
        text,
        &[("u.txt", UTF8)],
        &[
            ("t", "u.txt", 2, 2, 1),
            ("t", "u.txt", 2, 3, 2),
            ("t", "u.txt", 1, 1, 3),
        ],
        &[],
    );
}

#[test]
fn crlf_files_take_python_newline_offsets_or_raw_ones_whichever_matches() {
    // `\n` view: "a\nbb\ncc\n" (cc at 5..7); raw view: "a\r\nbb\r\ncc\r\n" (cc at 7..9).
    let text = r#"{"task":"t","path":"w.txt","start_char":5,"end_char":7,"text":"cc"}
{"task":"t","path":"w.txt","start_char":7,"end_char":9,"text":"cc"}
{"task":"t","path":"w.txt","start_char":2,"end_char":4}
{"task":"t","path":"w.txt","start_line":2,"end_line":3,"text":"bb\ncc\n"}"#;
    check(
        text,
        &[("w.txt", CRLF)],
        &[
            ("t", "w.txt", 3, 3, 1),
            ("t", "w.txt", 3, 3, 2),
            ("t", "w.txt", 2, 2, 3),
            ("t", "w.txt", 2, 3, 4),
        ],
        &[],
    );
}

#[test]
fn offsets_past_the_end_and_stale_text_are_reported_and_keep_their_rank() {
    let text = r#"{"task":"t","path":"u.txt","start_char":5,"end_char":100}
{"task":"t","path":"u.txt","start_char":3,"end_char":6,"text":"xyz"}
{"task":"t","path":"u.txt","start_line":2,"end_line":9}
{"task":"t","path":"u.txt","start_line":1,"end_line":1,"text":"old line"}
{"task":"t","path":"gone.py","start_line":1,"end_line":1}
{"task":"t","path":"u.txt","start_line":3,"end_line":3,"text":"cd"}"#;
    check(
        text,
        &[("u.txt", UTF8)],
        &[("t", "u.txt", 3, 3, 6)],
        &[
            (Reason::NotInWorkspace, 1),
            (Reason::StaleChunk, 2),
            (Reason::PastEndOfFile, 2),
        ],
    );
    let got = chunks(text, &[("u.txt", UTF8)]);
    let first = got.errors[0].to_string();
    assert!(
        first.starts_with(
            "c.jsonl:1: field `end_char`: runs past the end of `u.txt` (10 characters)"
        ),
        "{first}"
    );
    assert!(
        got.errors[1]
            .to_string()
            .contains("c.jsonl:2: field `text`"),
        "{:?}",
        got.errors
    );
}

#[test]
fn char_offsets_without_a_workspace_are_errors_and_line_chunks_still_count() {
    let text = r#"{"task":"t","path":"u.txt","start_char":0,"end_char":3}
{"task":"t","path":"u.txt","start_line":1,"end_line":2}"#;
    check(
        text,
        &[],
        &[("t", "u.txt", 1, 2, 2)],
        &[(Reason::OffsetsNeedWorkspace, 1)],
    );
    let got = chunks(text, &[]);
    assert!(
        got.errors[0].message.contains("--workspace"),
        "{:?}",
        got.errors
    );
}

#[test]
fn langchain_documents_with_and_without_start_index() {
    // start_index counts code points: "def g" starts at character 44 of PY.
    let start = PY.find("def g").unwrap();
    assert_eq!(PY[..start].chars().count(), start);
    let utf = "# é日😀\ndef h():\n    pass\n";
    let h = utf[..utf.find("def h").unwrap()].chars().count();
    assert_eq!(h, 6, "6 code points before `def h` (12 bytes)");
    let ret = PY.find("return").unwrap();
    let text = format!(
        r#"{{"task":"t","documents":[{{"type":"Document","page_content":"def g():\n    pass","metadata":{{"source":"m.py","start_index":{start}}}}},{{"page_content":"def f(x):","metadata":{{"source":"m.py"}}}},{{"page_content":"def h():\n    pass","metadata":{{"source":"u.py","start_index":{h}}}}}]}}
[[{{"page_content":"return x + 1","metadata":{{"source":"m.py","start_index":{ret}}}}},0.42]]"#
    );
    check(
        &text,
        &[("m.py", PY), ("u.py", utf)],
        &[
            ("t", "m.py", 6, 7, 1),
            ("t", "m.py", 3, 3, 2),
            ("t", "u.py", 2, 3, 3),
            ("c", "m.py", 4, 4, 1),
        ],
        &[],
    );
    let got = chunks(&text, &[("m.py", PY), ("u.py", utf)]);
    assert_eq!(got.rows[3].score, Some(0.42));
    assert_eq!(got.rows[0].tool.as_deref(), Some("langchain"));
}

#[test]
fn llamaindex_nodes_with_scores_and_absolute_paths() {
    let f = PY.find("def f").unwrap();
    let text = format!(
        r#"{{"query_id":"q1","nodes":[{{"node":{{"text":"def f(x):\n    return x + 1","metadata":{{"file_path":"/home/me/repo/src/m.py"}},"start_char_idx":{f},"end_char_idx":{}}},"score":0.8}},{{"node":{{"text":"pass","metadata":{{"file_name":"src/m.py"}},"start_char_idx":{}}},"score":0.5}}]}}"#,
        f + 26,
        PY.find("pass").unwrap()
    );
    check(
        &text,
        &[("src/m.py", PY)],
        &[("q1", "src/m.py", 3, 4, 1), ("q1", "src/m.py", 7, 7, 2)],
        &[],
    );
    let got = chunks(&text, &[("src/m.py", PY)]);
    assert_eq!(got.rows[0].score, Some(0.8));
    assert_eq!(got.rows[1].tool.as_deref(), Some("llamaindex"));
}

#[test]
fn ties_and_explicit_ranks_are_kept_as_given() {
    let text = r#"{"task":"t","chunks":[{"path":"a.py","start":1,"end":2,"rank":1},{"path":"a.py","start":5,"end":6,"rank":1},{"path":"b.py","start":1,"end":1}]}"#;
    check(
        text,
        &[],
        &[
            ("t", "a.py", 1, 2, 1),
            ("t", "a.py", 5, 6, 1),
            ("t", "b.py", 1, 1, 3),
        ],
        &[],
    );
}

#[test]
fn bad_records_are_located_and_the_rest_is_imported() {
    let text = "{\"task\":\"t\",\"path\":\"a.py\",\"start_line\":1,\"end_line\":1}\n{not json\n{\"task\":\"t\",\"path\":\"a.py\",\"start_line\":0,\"end_line\":1}\n{\"task\":\"t\",\"path\":\"a.py\",\"start_line\":1,\"end_line\":1,\"rank\":0}\n{\"task\":\"t\",\"path\":\"a.py\",\"start_char\":4,\"end_char\":4}\n{\"task\":\"t\",\"path\":\"a.py\",\"start_line\":2,\"end_line\":2}\n";
    let got = chunks(text, &[]);
    let rows: Vec<(u32, u32, Option<u32>)> =
        got.rows.iter().map(|r| (r.start, r.end, r.rank)).collect();
    assert_eq!(rows, vec![(1, 1, Some(1)), (2, 2, Some(5))]);
    let errors: Vec<String> = got.errors.iter().map(|e| e.to_string()).collect();
    assert!(
        errors[0].starts_with("c.jsonl:2: invalid JSON"),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with("c.jsonl:3: field `start_line`"),
        "{errors:?}"
    );
    assert!(
        errors[2].starts_with("c.jsonl:4: field `rank`: ranks are 1-based"),
        "{errors:?}"
    );
    assert!(
        errors[3].starts_with("c.jsonl:5: field `end_char`: empty chunk"),
        "{errors:?}"
    );
    assert_eq!(got.summary.malformed_records, 1);
    assert_eq!(got.summary.skipped.get(&Reason::Malformed), Some(&3));
}

#[test]
fn chunk_files_are_detected_and_trajectories_are_not_taken_for_them() {
    let cases = [
        (
            r#"{"task":"t","path":"a","start_line":1,"end_line":2}"#,
            Some(Format::Chunks),
        ),
        (
            r#"{"page_content":"x","metadata":{"source":"a"},"type":"Document"}"#,
            Some(Format::Chunks),
        ),
        (
            "{\"query_id\":\"q\",\"nodes\":[{\"node\":{\"text\":\"x\",\"start_char_idx\":0}}]}\n",
            Some(Format::Chunks),
        ),
        (
            r#"[{"path":"a","start_char":0,"end_char":3}]"#,
            Some(Format::Chunks),
        ),
        (
            "{\"type\":\"user\",\"sessionId\":\"s\"}\n{\"type\":\"assistant\"}\n",
            Some(Format::ClaudeCode),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(Format::detect(text), want, "{text}");
    }
}
