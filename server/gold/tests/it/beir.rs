//! Gold from BEIR-style judgments: relevant (score > 0) documents' spans per query, whole-file
//! documents measured in the workspace, and every judgment that cannot become gold located on
//! its qrels line with the rest kept.

use readcov_gold::{beir_gold, GoldRow, Origin, TaskFiles};
use readcov_import::chunks::beir::{parse_corpus, parse_qrels};
use std::collections::BTreeSet;

/// One workspace for every task: `src/whole.py` has 3 lines, `src/empty.py` none.
struct Ws;

impl TaskFiles for Ws {
    fn read(&self, _: &str, path: &str) -> Option<String> {
        match path {
            "src/whole.py" => Some("a\nb\nc".into()),
            "src/empty.py" => Some(String::new()),
            _ => None,
        }
    }
    fn has_workspace(&self, _: &str) -> bool {
        true
    }
}

const CORPUS: &str = r#"{"_id": "d1", "path": "src/a.py", "start_line": 3, "end_line": 9}
{"_id": "d2", "path": "src/a.py", "start_line": 5, "end_line": 12}
{"_id": "whole", "path": "src/whole.py"}
{"_id": "empty", "path": "src/empty.py"}
{"_id": "gone", "path": "src/gone.py"}
{"_id": "src/b.py:1-4"}
"#;

#[test]
fn relevant_documents_become_gold_and_the_rest_is_located() {
    let (corpus, errors) = parse_corpus(CORPUS.as_bytes(), "corpus.jsonl");
    assert!(errors.is_empty(), "{errors:?}");
    let qrels = "query-id\tcorpus-id\tscore\n\
                 q1\td1\t1\n\
                 q1\td2\t2\n\
                 q1\td1\t1\n\
                 q1\tsrc/b.py:1-4\t0\n\
                 q2\twhole\t1\n\
                 q2\tempty\t1\n\
                 q2\tgone\t1\n\
                 q2\tnope\t1\n\
                 q9\td1\t1\n\
                 q3\tsrc/b.py:1-4\t1\n";
    let judged = parse_qrels(qrels.as_bytes(), "qrels/test.tsv");
    assert!(judged.errors.is_empty());
    let queries: BTreeSet<String> = ["q1", "q2", "q3"].map(String::from).into();
    let built = beir_gold(
        &judged.items,
        &corpus,
        Some(&queries),
        &Ws,
        "qrels/test.tsv",
    );
    let row = |t: &str, p: &str, s, e| GoldRow::new(t, p, s, e, Origin::Qrels);
    assert_eq!(
        built.rows,
        [
            // Overlapping documents merge (rows of a gold file are disjoint); a repeated
            // judgment counts once; the score-0 judgment is not gold.
            row("q1", "src/a.py", 3, 12),
            row("q2", "src/whole.py", 1, 3),
            row("q3", "src/b.py", 1, 4),
        ]
    );
    let errs: Vec<(usize, Option<&str>, bool)> = built
        .errors
        .iter()
        .map(|e| (e.line, e.field.as_deref(), e.file == "qrels/test.tsv"))
        .collect();
    assert_eq!(
        errs,
        [
            (7, Some("corpus-id"), true), // empty file
            (8, Some("corpus-id"), true), // whole file not in the workspace
            (9, Some("corpus-id"), true), // not in the corpus
            (10, Some("query-id"), true), // not in queries.jsonl
        ]
    );
    assert!(
        built.errors[1].message.contains("--workspace"),
        "{}",
        built.errors[1].message
    );
    // Without queries.jsonl every query is taken.
    let built = beir_gold(&judged.items, &corpus, None, &Ws, "qrels/test.tsv");
    assert!(built.rows.contains(&row("q9", "src/a.py", 3, 9)));
    assert_eq!(built.errors.len(), 3);
}
