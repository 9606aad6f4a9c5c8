//! BEIR-style inputs through the binary (tests/fixtures/beir, made by its make_beir.py from the
//! stand-in retriever on tests/data/real): a run over corpus ids imported with `--corpus` is
//! the span-docid run, `gold --from-beir` takes the judged-relevant documents, and bad input is
//! located with the rest kept. The measures on BEIR gold agree with ir_measures in
//! scripts/test.d/48-ir-measures.sh.

use crate::common;

use common::{readcov, readcov_in, stderr, stdout};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run_ok(args: &[&str]) -> (String, String) {
    let o = readcov_in(&repo(), args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    (stdout(&o), stderr(&o))
}

#[test]
fn a_run_over_corpus_ids_imports_as_the_span_run() {
    let ws = ["--workspaces", "tests/data/real/sources"];
    let (beir, err) = run_ok(
        &[
            &["import", "--corpus", "tests/fixtures/beir"][..],
            &ws,
            &["tests/fixtures/beir/run.trec"],
        ]
        .concat(),
    );
    assert!(err.contains("142 read row(s)"), "{err}");
    let (spans, _) =
        run_ok(&[&["import"][..], &ws, &["tests/fixtures/retriever/run.trec"]].concat());
    assert_eq!(
        beir, spans,
        "the corpus maps every id to the span the span run names"
    );
    // The corpus file itself works as well as its folder; --format trec as well as auto.
    let (file, _) = run_ok(
        &[
            &[
                "import",
                "--format",
                "trec",
                "--corpus",
                "tests/fixtures/beir/corpus.jsonl",
            ][..],
            &ws,
            &["tests/fixtures/beir/run.trec"],
        ]
        .concat(),
    );
    assert_eq!(file, spans);
}

#[test]
fn a_run_over_corpus_ids_without_the_corpus_says_so() {
    let o = readcov_in(
        &repo(),
        &["import", "tests/fixtures/beir/run.trec", "-o", "-"],
    );
    let err = stderr(&o);
    assert!(
        err.contains("run.trec:1: field `docid`: `d001`")
            && err.contains("readcov import --corpus"),
        "{err}"
    );
    // --corpus belongs to TREC runs only.
    let o = readcov_in(
        &repo(),
        &[
            "import",
            "--format",
            "chunks",
            "--corpus",
            "tests/fixtures/beir",
            "tests/fixtures/retriever/chunks.jsonl",
        ],
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--corpus maps the docids of a TREC run"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn gold_from_beir_takes_the_relevant_documents() {
    let (gold, err) = run_ok(&["gold", "--from-beir", "tests/fixtures/beir"]);
    assert!(err.contains("gold: 30 span(s) over 15 task(s)"), "{err}");
    let rows: Vec<serde_json::Value> = gold
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(rows.iter().all(|r| r["origin"] == "qrels"));
    let has = |task: &str, path: &str, s: u64, e: u64| {
        rows.iter()
            .any(|r| r["task"] == task && r["path"] == path && r["start"] == s && r["end"] == e)
    };
    // astropy-12907: d007 (241-280, retrieved and holding gold) and g001 (245, the gold span)
    // are relevant and merge into one row; d001 and d002 are judged 0 and are not gold.
    let task = "astropy__astropy-12907";
    let of_task: Vec<_> = rows.iter().filter(|r| r["task"] == task).collect();
    assert_eq!(of_task.len(), 1, "{of_task:?}");
    assert!(has(task, "astropy/modeling/separable.py", 241, 280));
    assert!(!has(task, "astropy/modeling/separable.py", 1, 40));
    // The qrels file with --corpus gives the same gold; as qrels at file level, one file per
    // task that has gold.
    let (same, _) = run_ok(&[
        "gold",
        "--from-beir",
        "tests/fixtures/beir/qrels/test.tsv",
        "--corpus",
        "tests/fixtures/beir/corpus.jsonl",
    ]);
    assert_eq!(same, gold);
    let (qrels, _) = run_ok(&[
        "gold",
        "--from-beir",
        "tests/fixtures/beir",
        "--format",
        "qrels",
        "--level",
        "file",
    ]);
    assert!(
        qrels.contains("astropy__astropy-12907 0 astropy/modeling/separable.py 1\n"),
        "{qrels}"
    );
}

#[test]
fn bad_beir_input_is_located_and_the_rest_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("qrels")).unwrap();
    std::fs::write(
        d.join("corpus.jsonl"),
        "{\"_id\":\"d1\",\"path\":\"a.py\",\"start_line\":1,\"end_line\":4}\n{\"_id\":\"bad\"}\n",
    )
    .unwrap();
    std::fs::write(d.join("queries.jsonl"), "{\"_id\":\"q1\"}\n").unwrap();
    std::fs::write(
        d.join("qrels/test.tsv"),
        "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td1\tx\nq2\td1\t1\nq1\tbad\t1\n",
    )
    .unwrap();
    let o = readcov(&["gold", "--from-beir", d.to_str().unwrap()]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(
        stdout(&o),
        "{\"task\":\"q1\",\"path\":\"a.py\",\"start\":1,\"end\":4,\"tier\":\"core\",\"origin\":\"qrels\"}\n"
    );
    for want in [
        "corpus.jsonl:2: field `path`: no span",
        "test.tsv:3: field `score`: expected an integer",
        "test.tsv:4: field `query-id`: `q2` is not a query of queries.jsonl",
        "test.tsv:5: field `corpus-id`: `bad` is not a document of the corpus",
        "gold: 1 span(s) over 1 task(s)",
    ] {
        assert!(err.contains(want), "missing {want:?} in\n{err}");
    }
    // No relevant judgment at all (and no other error): a failing exit saying what was expected.
    std::fs::write(
        d.join("corpus.jsonl"),
        "{\"_id\":\"d1\",\"path\":\"a.py\"}\n",
    )
    .unwrap();
    std::fs::write(d.join("qrels/dev.tsv"), "q1\td1\t0\n").unwrap();
    let o = readcov(&["gold", "--from-beir", d.to_str().unwrap(), "--split", "dev"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("no relevant judgment"),
        "{}",
        stderr(&o)
    );
    // A split that is not there names the file.
    let o = readcov(&[
        "gold",
        "--from-beir",
        d.to_str().unwrap(),
        "--split",
        "train",
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("qrels/train.tsv: no qrels file"),
        "{}",
        stderr(&o)
    );
}
