//! TREC runs (`--format trec`): every accepted docid form, trec_eval's order (score descending,
//! ties by docid descending) as ranks, the workspace checks chunks get, bad lines located with
//! the rest imported, and detection.

use readcov_core::Source;
use readcov_import::{detect_format, import, Format, ImportOptions, Imported, NoFiles, Reason};

const PY: &str = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";

fn trec(text: &str, files: &[(&str, &str)]) -> Imported {
    super::import_as(Some(Format::Trec), "run.txt", text, files)
}

/// (task, run, path, start, end, rank) per row, in file order of the import.
type Row = (String, String, String, u32, u32, u32);

fn rows(got: &Imported) -> Vec<Row> {
    got.rows
        .iter()
        .map(|r| {
            assert_eq!(r.source, Source::Retriever);
            assert_eq!(r.tool.as_deref(), Some("trec"));
            (
                r.task.clone(),
                r.run.clone(),
                r.path.clone(),
                r.start,
                r.end,
                r.rank.unwrap(),
            )
        })
        .collect()
}

fn row(t: &str, run: &str, p: &str, s: u32, e: u32, k: u32) -> Row {
    (t.into(), run.into(), p.into(), s, e, k)
}

#[test]
fn every_docid_form_in_trec_eval_order() {
    // q1's lines out of order, with a score tie (b.py:1 and a.py:2-3 at 5): trec_eval puts the
    // larger docid first, so b.py:1 is rank 2 and a.py:2-3 rank 3. The rank column is ignored.
    let text = "q1 Q0 a.py:2-3 1 5 bm25\n\
                q1 Q0 a.py#L4-L6 9 7.5 bm25\n\
                q1 Q0 b.py:1 3 5 bm25\n\
                q1 Q0 a.py#L8-9 2 1e-3 bm25\n\
                q1 Q0 a.py#L10 7 -1 bm25\n\
                q2\tQ0\t/home/me/repo/b.py\t1\t0.5\tdense\n";
    let got = trec(text, &[("a.py", PY), ("b.py", "x\ny\n")]);
    assert!(got.errors.is_empty(), "{:?}", got.errors);
    assert_eq!(
        rows(&got),
        [
            row("q1", "bm25", "a.py", 4, 6, 1),
            row("q1", "bm25", "b.py", 1, 1, 2),
            row("q1", "bm25", "a.py", 2, 3, 3),
            row("q1", "bm25", "a.py", 8, 9, 4),
            row("q1", "bm25", "a.py", 10, 10, 5),
            // A bare path is the whole file; an absolute path its longest workspace suffix.
            row("q2", "dense", "b.py", 1, 2, 1),
        ]
    );
    assert_eq!(got.summary.runs, 2);
    assert_eq!(got.rows[0].score, Some(7.5));
}

#[test]
fn bad_lines_are_located_and_the_rest_imported() {
    let text = "q1 Q0 a.py:2-3 1 5 bm25\n\
                q1 Q0 a.py:4 x 5 bm25\n\
                q1 Q0 a.py:4 2 high bm25\n\
                q1 Q0 a.py:2-3 3 4 bm25\n\
                q1 Q0 a.py:5-4 4 3 bm25\n\
                q1 Q0 a.py:0-2 5 2 bm25\n\
                q1 Q0 a.py 6\n\
                q1 Q0 a.py:9-30 7 1 bm25\n\
                q1 Q0 gone.py:1 8 0.5 bm25\n\
                \n\
                q1 Q0 a.py:7 9 0.25 bm25\n";
    let got = trec(text, &[("a.py", PY)]);
    assert_eq!(
        rows(&got),
        // Lines whose docid cannot be used keep their place (scores 3, 2, 1, 0.5), as a stale
        // chunk does: a.py:7 is sixth.
        [
            row("q1", "bm25", "a.py", 2, 3, 1),
            row("q1", "bm25", "a.py", 7, 7, 6)
        ],
        "{:?}",
        got.errors
    );
    let errs: Vec<String> = got
        .errors
        .iter()
        .map(|e| format!("{}: {}", e.file, e.message))
        .collect();
    let want = [
        "run.txt:2: field `rank`: expected an integer, got `x`",
        "run.txt:3: field `score`: expected a number, got `high`",
        "run.txt:4: field `docid`: `a.py:2-3` appears twice for query `q1` (the first is kept)",
        "run.txt:7: field `line`: expected 6 fields `qid Q0 docid rank score tag`, found 4",
        "run.txt:5: field `docid`: `a.py:5-4`: end 4 is before start 5",
        "run.txt:6: field `docid`: `a.py:0-2`: lines are 1-based, got 0",
        "run.txt:8: field `docid`: runs past the end of `a.py` (10 lines)",
        "run.txt:9: field `docid`: `gone.py` is not in the workspace",
    ];
    assert_eq!(errs, want);
    let skipped: Vec<(Reason, usize)> = got.summary.skipped.clone().into_iter().collect();
    assert!(skipped.contains(&(Reason::PastEndOfFile, 1)), "{skipped:?}");
    assert!(
        skipped.contains(&(Reason::NotInWorkspace, 1)),
        "{skipped:?}"
    );
}

#[test]
fn without_a_workspace_spans_are_taken_as_written_and_whole_files_refused() {
    let got = trec("q Q0 a.py:3-4 1 2 r\nq Q0 b.py 2 1 r\n", &[]);
    assert_eq!(rows(&got), [row("q", "r", "a.py", 3, 4, 1)]);
    assert_eq!(got.errors.len(), 1);
    assert!(
        got.errors[0].message.contains("need --workspace"),
        "{:?}",
        got.errors
    );
}

#[test]
fn detected_from_content() {
    assert_eq!(
        detect_format("q1 Q0 a.py:1-2 1 0.9 bm25\n"),
        Some(Format::Trec)
    );
    assert_eq!(detect_format("\n  \nq1 0 a.py 1 3 t\n"), Some(Format::Trec));
    // Qrels have four fields: not a run.
    assert_eq!(detect_format("q1 0 a.py 1\n"), None);
    let got = import(
        b"q1 Q0 a.py:1-2 1 0.9 bm25\n",
        "r",
        &ImportOptions::default(),
        &NoFiles,
    );
    assert_eq!(got.format, Some(Format::Trec));
    assert_eq!(got.rows.len(), 1);
}
