use super::*;
use readcov_core::UnknownLengths;

/// [`load_gold`] of a copy of `bytes`.
fn gold(
    name: &str,
    bytes: &[u8],
    workspace: Option<&str>,
    task: Option<&str>,
    lengths: &dyn FileLengths,
) -> LoadedGold {
    load_gold(name, bytes.to_vec(), workspace, task, lengths).0
}

/// The bytes handed back are those the gold was read from: an array's JSONL (the array let
/// go), a diff and JSONL as they were.
#[test]
fn the_rows_read_are_handed_back_instead_of_a_copy_kept() {
    let array = br#"[{"task":"t","path":"a.py","start":3,"end":4},
            {"task":"t","path":"b.py","start":1,"end":2}]"#;
    let (g, rows) = load_gold("g.json", array.to_vec(), None, None, &UnknownLengths);
    assert_eq!(g.spans.len(), 2);
    let want = concat!(
        r#"{"task":"t","path":"a.py","start":3,"end":4}"#,
        "\n",
        r#"{"task":"t","path":"b.py","start":1,"end":2}"#,
        "\n"
    );
    assert_eq!(String::from_utf8_lossy(&rows), want);
    let patch = b"--- a/x.py\n+++ b/x.py\n@@ -2,1 +2,1 @@\n-a\n+A\n".to_vec();
    let (_, rows) = load_gold("fix.diff", patch.clone(), None, None, &UnknownLengths);
    assert_eq!(rows, patch);
}

/// Reads given as gold are one error naming what they look like, as on the command line.
#[test]
fn reads_as_gold_are_refused_with_one_error() {
    let reads = b"{\"path\":\"a.py\",\"start\":1,\"end\":2,\"tool\":\"view\",\"run\":\"r\"}\n";
    let g = gold("r.jsonl", reads, None, None, &UnknownLengths);
    assert!(g.spans.is_empty());
    assert_eq!(g.kind, Some(InputKind::ReadsJsonl));
    assert_eq!(g.errors.len(), 1, "{:?}", g.errors);
    assert!(
        g.errors[0].starts_with("r.jsonl: looks like reads JSONL")
            && g.errors[0].contains("give it as `--reads`"),
        "{:?}",
        g.errors
    );
}

#[test]
fn a_json_array_of_rows_reads_like_jsonl_with_located_errors() {
    let rows =
        br#"[{"task":"t","path":"a.py","start":3,"end":4},{"task":"t","path":"a.py","start":9}]"#;
    let g = gold("gold.json", rows, None, None, &UnknownLengths);
    assert_eq!(g.spans.len(), 1);
    assert_eq!(g.errors.len(), 1, "{:?}", g.errors);
    assert!(g.errors[0].starts_with("gold.json:2:"), "{:?}", g.errors);
}

#[test]
fn a_plain_diff_takes_the_configured_task() {
    let patch = "--- a/x.py\n+++ b/x.py\n@@ -2,2 +2,2 @@\n-a\n-b\n+A\n+B\n";
    let g = gold(
        "fix.diff",
        patch.as_bytes(),
        None,
        Some("t9"),
        &UnknownLengths,
    );
    assert_eq!(g.kind, Some(InputKind::Diff));
    assert_eq!(
        g.spans
            .iter()
            .map(|s| (s.task.as_str(), s.path.as_str(), s.start, s.end))
            .collect::<Vec<_>>(),
        vec![("t9", "x.py", 2, 3)]
    );
}

#[test]
fn contextbench_rows_become_core_gold_of_the_configured_task() {
    let rows = concat!(
        r#"{"instance_id":"i1","patch":"","gold_context":"[{\"file\":\"/testbed/a.py\",\"start_line\":3,\"end_line\":5}]"}"#,
        "\n",
        r#"{"instance_id":"i2","gold_context":"[{\"file\":\"b.py\",\"start_line\":1,\"end_line\":1}]"}"#,
    );
    let g = gold(
        "rows.jsonl",
        rows.as_bytes(),
        None,
        Some("i1"),
        &UnknownLengths,
    );
    assert_eq!(g.kind, Some(InputKind::ContextBench));
    assert!(g.errors.is_empty(), "{:?}", g.errors);
    let spans: Vec<_> = g
        .spans
        .iter()
        .map(|s| (s.task.as_str(), s.path.as_str(), s.start, s.end, s.tier))
        .collect();
    assert_eq!(spans, vec![("i1", "a.py", 3, 5, readcov_core::Tier::Core)]);
}

#[test]
fn contextbench_parquet_rows_load_as_their_jsonl_twin() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/contextbench");
    let read = |f: &str| std::fs::read(dir.join(f)).unwrap();
    let load = |f: &str| gold(f, &read(f), None, Some("i1"), &UnknownLengths);
    let want = load("gold.jsonl");
    assert_eq!(want.kind, Some(InputKind::ContextBench));
    assert_eq!(want.spans.len(), 2, "{:?}", want.spans);
    for f in ["gold.snappy.parquet", "gold.zstd.parquet"] {
        let got = load(f);
        assert_eq!(
            (got.kind, &got.spans, &got.errors),
            (want.kind, &want.spans, &want.errors),
            "{f}"
        );
    }
    let broken = gold(
        "x.parquet",
        b"PAR1\0\0\0\0PAR1",
        None,
        None,
        &UnknownLengths,
    );
    assert!(broken.spans.is_empty());
    assert!(
        broken.errors[0].starts_with("x.parquet: Parquet: not a readable"),
        "{:?}",
        broken.errors
    );
}
