//! Fuzz target: every trajectory importer. The first byte picks the importer (0 auto-detect,
//! k: `Format::ALL[k - 1]`, so a new format is fuzzed as soon as it exists); the rest is the log. A small
//! in-memory workspace lets reads be checked and edits replayed. Rows are well-formed.
//! The BEIR readers (corpus, queries, qrels) read every input too; a TREC run whose input holds
//! a blank line is read as `corpus.jsonl`, the blank line, then a run over its ids.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_import::chunks::beir::{parse_corpus, parse_qrels, parse_queries};
use readcov_import::{import, Format, ImportOptions};
use std::collections::BTreeMap;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, log)) = data.split_first() else {
        return;
    };
    let pick = usize::from(sel) % (Format::ALL.len() + 1);
    let format = pick.checked_sub(1).map(|k| Format::ALL[k]);
    let (corpus, errors) = parse_corpus(log, "corpus.jsonl");
    for (id, d) in &corpus {
        assert!(!id.is_empty() && !d.path.is_empty(), "{id:?} {d:?}");
        assert!(d.lines.is_none_or(|(s, e)| s >= 1 && s <= e), "{d:?}");
    }
    assert!(errors.iter().all(|e| e.line >= 1), "{errors:?}");
    let qrels = parse_qrels(log, "test.tsv");
    assert!(qrels.items.iter().all(|q| !q.query.is_empty() && !q.doc.is_empty()));
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
        assert!(!r.path.is_empty(), "empty path");
        assert!(!r.path.split('/').any(|c| c == ".."), "{:?}", r.path);
    }
});
