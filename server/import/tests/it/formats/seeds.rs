//! The `import` fuzz target's seeds (`fuzz/corpus/import`, one per format), run as the target runs
//! them (first byte: 0 auto-detect, k: `Format::ALL[k - 1]`), whole and cut at 64 points: no
//! panic, every row a valid span; the BEIR readers likewise (seeds `beir-run`, `beir-qrels`). cargo-fuzz needs nightly; this keeps the seeds honest on stable.

use readcov_import::chunks::beir::{parse_corpus, parse_qrels, parse_queries};
use readcov_import::{import, Format, ImportOptions};
use std::collections::BTreeMap;
use std::path::Path;

fn run(data: &[u8]) {
    let Some((&sel, log)) = data.split_first() else {
        return;
    };
    let pick = usize::from(sel) % (Format::ALL.len() + 1);
    let format = pick.checked_sub(1).map(|k| Format::ALL[k]);
    // As the target: the BEIR readers on every input; a TREC run with a blank line is a corpus,
    // the blank line, and a run over its ids.
    let (corpus, _) = parse_corpus(log, "corpus.jsonl");
    assert!(corpus
        .values()
        .all(|d| !d.path.is_empty() && d.lines.is_none_or(|(s, e)| s >= 1 && s <= e)));
    let qrels = parse_qrels(log, "test.tsv");
    assert_eq!(qrels.records, qrels.items.len() + qrels.errors.len());
    let _ = parse_queries(log, "queries.jsonl");
    let (log, corpus) = match (format, log.windows(2).position(|w| w == b"\n\n")) {
        (Some(Format::Trec), Some(at)) => {
            let (c, _) = parse_corpus(&log[..at], "corpus.jsonl");
            (&log[at + 2..], Some(std::sync::Arc::new(c)))
        }
        _ => (log, None),
    };
    let opts = ImportOptions {
        format,
        corpus,
        ..Default::default()
    };
    let mut files = BTreeMap::new();
    files.insert(
        "src/app.py".to_string(),
        "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n".to_string(),
    );
    let got = import(log, "log.json", &opts, &files);
    for r in &got.rows {
        assert!(r.start >= 1 && r.start <= r.end, "{}..{}", r.start, r.end);
        assert!(
            !r.path.is_empty() && !r.path.split('/').any(|c| c == ".."),
            "{:?}",
            r.path
        );
    }
}

#[test]
fn fuzz_seeds_cover_every_format_and_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/import");
    let mut picked = std::collections::BTreeSet::new();
    for e in std::fs::read_dir(&dir)
        .expect("fuzz/corpus/import")
        .flatten()
    {
        let data = std::fs::read(e.path()).unwrap();
        picked.insert(usize::from(data[0]) % (Format::ALL.len() + 1));
        run(&data);
        for k in 1..64 {
            run(&data[..data.len() * k / 64]);
        }
    }
    // The BEIR seed's run imports through its corpus: d1, d2 (a score tie: larger docid
    // first), the span id, then d3 (whole file) for q2; `nope` is no corpus id.
    let seed = std::fs::read(dir.join("beir-run")).unwrap();
    let (corpus, run_text) = {
        let log = &seed[1..];
        let at = log.windows(2).position(|w| w == b"\n\n").unwrap();
        (parse_corpus(&log[..at], "c").0, &log[at + 2..])
    };
    assert_eq!(corpus.len(), 4);
    let opts = ImportOptions {
        corpus: Some(std::sync::Arc::new(corpus)),
        ..Default::default()
    };
    let files: BTreeMap<String, String> = [(
        "src/app.py".to_string(),
        "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n".to_string(),
    )]
    .into();
    let got = import(run_text, "run", &opts, &files);
    let rows: Vec<_> = got
        .rows
        .iter()
        .map(|r| (r.task.as_str(), r.start, r.end))
        .collect();
    assert_eq!(
        rows,
        [("q1", 5, 7), ("q1", 2, 4), ("q1", 8, 9), ("q2", 1, 10)]
    );
    assert_eq!(got.errors.len(), 1, "{:?}", got.errors);
    // Auto-detection and every format have a seed.
    assert_eq!(picked.len(), Format::ALL.len() + 1, "{picked:?}");
}
