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

/// With `--workspace DIR`, corpus paths follow docs/formats.md "Paths": an absolute path under DIR
/// is made relative to it, any other absolute path is refused (an error on the judgment's line).
/// Without a workspace absolute paths stay absolute. Before session 25 both stayed absolute, so
/// the gold named files no read of the workspace could match.
#[test]
fn absolute_corpus_paths_follow_the_workspace_rule() {
    let ws = tempfile::tempdir().unwrap();
    let root = ws.path().canonicalize().unwrap();
    let inside = root.join("src/a.py").display().to_string();
    let d = dataset(
        &format!(
            "{{\"_id\":\"in\",\"path\":\"{inside}\",\"start_line\":1,\"end_line\":2}}\n\
             {{\"_id\":\"out\",\"path\":\"/elsewhere/b.py\",\"start_line\":3,\"end_line\":4}}\n"
        ),
        "q1\tin\t1\nq1\tout\t1\n",
    );
    let one = Workspaces {
        one: Some(root),
        per_task: None,
    };
    let built = gold_from_beir(d.path(), None, "test", &one).unwrap();
    let rows: Vec<_> = (built.rows.iter())
        .map(|r| (r.span().path.to_string(), r.span().start))
        .collect();
    assert_eq!(rows, vec![("src/a.py".to_string(), 1)]);
    assert_eq!(built.errors.len(), 1, "{:?}", built.errors);
    assert_eq!(
        (built.errors[0].line, built.errors[0].field.as_deref()),
        (2, Some("corpus-id"))
    );
    let (rows, errors) = gold(&d);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].1, "/elsewhere/b.py");
    assert!(errors.is_empty());
}
