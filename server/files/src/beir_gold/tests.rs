use super::*;

/// A dataset folder with `corpus` and `qrels` (`qrels/test.tsv`), no queries file.
fn dataset(corpus: &str, qrels: &str) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("qrels")).unwrap();
    std::fs::write(d.path().join("corpus.jsonl"), corpus).unwrap();
    std::fs::write(d.path().join("qrels/test.tsv"), qrels).unwrap();
    d
}

/// A gold row as (task, path, start, end).
type Row = (String, String, u32, u32);

/// Each gold row, and the lines of the errors.
fn gold(d: &tempfile::TempDir) -> (Vec<Row>, Vec<usize>) {
    let built = gold_from_beir(
        d.path(),
        None,
        "test",
        &Workspaces {
            one: None,
            per_task: None,
        },
    )
    .unwrap();
    let rows = (built.rows.iter())
        .map(|r| {
            let s = r.span();
            (s.task.to_string(), s.path.to_string(), s.start, s.end)
        })
        .collect();
    (rows, built.errors.iter().map(|e| e.line).collect())
}

/// A pair judged twice takes its last score, as BEIR's `GenericDataLoader` and ir_measures'
/// `read_trec_qrels` do: `a` corrected to 0 is not relevant, `b` raised from 0 is, and a
/// document the corpus lacks is an error on its last (relevant) line only.
#[test]
fn a_pair_judged_twice_takes_its_last_score() {
    let d = dataset(
        "{\"_id\":\"a\",\"path\":\"x.py\",\"start_line\":1,\"end_line\":2}\n\
         {\"_id\":\"b\",\"path\":\"x.py\",\"start_line\":10,\"end_line\":12}\n",
        "query-id\tcorpus-id\tscore\nq1\ta\t1\nq1\tzz\t1\nq1\ta\t0\nq1\tb\t0\nq1\tb\t3\nq1\tzz\t2\n",
    );
    let (rows, errors) = gold(&d);
    assert_eq!(rows, vec![("q1".into(), "x.py".into(), 10, 12)]);
    assert_eq!(errors, vec![7]);
}
