//! BEIR-style inputs: `corpus.jsonl` (ids → spans, every accepted form), `queries.jsonl`,
//! `qrels/*.tsv`, each with located errors and the good records kept; and a TREC run over
//! corpus ids imported through the corpus (`ImportOptions::corpus`).

use readcov_core::formats::InputError;
use readcov_import::chunks::beir::{parse_corpus, parse_qrels, parse_queries, Doc, Qrel};
use readcov_import::{import, Format, ImportOptions, NoFiles};
use std::sync::Arc;

fn doc(path: &str, lines: Option<(u32, u32)>) -> Doc {
    Doc {
        path: path.into(),
        lines,
    }
}

/// Errors as (line, field, message fragment) for compact expectations.
fn located(errors: &[InputError]) -> Vec<(usize, Option<String>)> {
    errors.iter().map(|e| (e.line, e.field.clone())).collect()
}

#[test]
fn corpus_documents_in_every_accepted_form() {
    let text = r#"{"_id": "d1", "text": "", "metadata": {"path": "src/a.py", "start_line": 3, "end_line": 9}}
{"_id": "d2", "path": "src/b.py", "start": 1, "end": 2}
{"_id": "src/c.py:10-20", "title": "", "text": ""}
{"_id": "src/c.py#L4-L5", "text": ""}
{"_id": 7, "path": "src/d.py"}

{"_id": "d3", "path": "./src/e.py", "start_line": 2, "end_line": 2}
"#;
    let (corpus, errors) = parse_corpus(text.as_bytes(), "corpus.jsonl");
    assert!(errors.is_empty(), "{errors:?}");
    let got: Vec<(&str, Doc)> = corpus
        .iter()
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect();
    assert_eq!(
        got,
        [
            ("7", doc("src/d.py", None)),
            ("d1", doc("src/a.py", Some((3, 9)))),
            ("d2", doc("src/b.py", Some((1, 2)))),
            ("d3", doc("src/e.py", Some((2, 2)))),
            ("src/c.py#L4-L5", doc("src/c.py", Some((4, 5)))),
            ("src/c.py:10-20", doc("src/c.py", Some((10, 20)))),
        ]
    );
}

#[test]
fn bad_corpus_lines_are_located_and_the_rest_kept() {
    let text = r#"{"_id": "ok", "path": "a.py", "start_line": 1, "end_line": 2}
not json
{"path": "a.py", "start_line": 1, "end_line": 2}
{"_id": "nospan", "text": "def f(): pass"}
{"_id": "half", "path": "a.py", "start_line": 4}
{"_id": "zero", "path": "a.py", "start_line": 0, "end_line": 2}
{"_id": "back", "path": "a.py", "start_line": 5, "end_line": 2}
{"_id": "frac", "path": "a.py", "start_line": 1.5, "end_line": 2}
{"_id": "out", "path": "../etc/passwd", "start_line": 1, "end_line": 2}
{"_id": "ok", "path": "b.py", "start_line": 1, "end_line": 1}
"#;
    let (corpus, errors) = parse_corpus(text.as_bytes(), "corpus.jsonl");
    assert_eq!(corpus.len(), 1);
    assert_eq!(
        corpus["ok"],
        doc("a.py", Some((1, 2))),
        "the first of a repeated id is kept"
    );
    let f = |s: &str| Some(s.to_string());
    assert_eq!(
        located(&errors),
        [
            (2, None),
            (3, f("_id")),
            (4, f("path")),
            (5, f("end_line")),
            (6, f("start_line")),
            (7, f("start_line")),
            (8, f("start_line")),
            (9, f("start_line")),
            (10, f("_id")),
        ]
    );
    assert!(errors.iter().all(|e| e.file == "corpus.jsonl"));
    assert!(
        errors[5].message.contains("before start"),
        "{}",
        errors[5].message
    );
}

#[test]
fn qrels_rows_header_and_errors() {
    let text = "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t0\nq2 d1 1\nq2\td1\thigh\n\nq3\t\t1\nq3\td9\t2\n";
    let got = parse_qrels(text.as_bytes(), "qrels/test.tsv");
    let q = |query: &str, d: &str, score, line| Qrel {
        query: query.into(),
        doc: d.into(),
        score,
        line,
    };
    assert_eq!(
        got.items,
        [
            q("q1", "d1", 1, 2),
            q("q1", "d2", 0, 3),
            q("q3", "d9", 2, 8)
        ]
    );
    let f = |s: &str| Some(s.to_string());
    assert_eq!(
        located(&got.errors),
        [(4, None), (5, f("score")), (7, f("corpus-id"))]
    );
    assert_eq!(got.records, 6, "the header and blank lines are not records");
    // No header: the first line is a judgment.
    let got = parse_qrels(b"q1\td1\t1\n", "q.tsv");
    assert_eq!(got.items, [q("q1", "d1", 1, 1)]);
}

#[test]
fn queries_ids() {
    let text = "{\"_id\": \"q1\", \"text\": \"why\"}\n{\"text\": \"no id\"}\n{\"_id\": 2}\n";
    let (ids, errors) = parse_queries(text.as_bytes(), "queries.jsonl");
    assert_eq!(ids.into_iter().collect::<Vec<_>>(), ["2", "q1"]);
    assert_eq!(located(&errors), [(2, Some("_id".to_string()))]);
}

#[test]
fn a_run_over_corpus_ids_reads_as_the_corpus_spans() {
    let corpus = r#"{"_id": "d1", "path": "src/a.py", "start_line": 3, "end_line": 9}
{"_id": "d2", "metadata": {"path": "src/b.py", "start_line": 1, "end_line": 2}}
"#;
    let (corpus, errors) = parse_corpus(corpus.as_bytes(), "corpus.jsonl");
    assert!(errors.is_empty());
    let opts = ImportOptions {
        corpus: Some(Arc::new(corpus)),
        ..ImportOptions::default()
    };
    // Detected as TREC; d2 outscores d1; `src/a.py:1-2` is no corpus id, so it is an error
    // even though it would be a span docid without a corpus.
    let run = "q1 Q0 d1 1 0.5 dense\nq1 Q0 d2 2 0.9 dense\nq1 Q0 src/a.py:1-2 3 0.1 dense\n";
    let got = import(run.as_bytes(), "run.trec", &opts, &NoFiles);
    assert_eq!(got.format, Some(Format::Trec));
    let rows: Vec<_> = got
        .rows
        .iter()
        .map(|r| (r.path.as_str(), r.start, r.end, r.rank))
        .collect();
    assert_eq!(
        rows,
        [("src/b.py", 1, 2, Some(1)), ("src/a.py", 3, 9, Some(2))]
    );
    assert_eq!(got.errors.len(), 1, "{:?}", got.errors);
    let e = got.errors[0].to_string();
    assert!(
        e.contains("run.trec:3") && e.contains("not a document of the corpus"),
        "{e}"
    );
}
