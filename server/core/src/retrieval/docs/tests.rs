//! Chunks as ranked documents at file and line level, and gold as qrels, by hand.

use super::*;
use crate::metrics::UnknownLengths;
use crate::retrieval::qrels::{doc_ids, LineLevel};
use crate::span::Source;

fn chunk(path: &str, s: u32, e: u32, rank: u32) -> ReadSpan {
    ReadSpan {
        source: Source::Retriever,
        rank: Some(rank),
        ..ReadSpan::simple(path, s, e)
    }
}

fn gold(spans: &[(&str, u32, u32)]) -> FileLines {
    collect_lines(spans.iter().copied(), &UnknownLengths)
}

#[test]
fn files_at_their_best_chunk_rank() {
    let cs = [
        chunk("b.py", 1, 5, 2),
        chunk("a.py", 1, 5, 3),
        chunk("b.py", 9, 9, 1),
    ];
    let refs: Vec<&ReadSpan> = cs.iter().collect();
    let got = file_entries(&refs, &gold(&[("a.py", 2, 2)]));
    assert_eq!(
        got,
        [
            Entry::Doc {
                id: "b.py".into(),
                relevant: false
            },
            Entry::Doc {
                id: "a.py".into(),
                relevant: true
            },
        ]
    );
}

#[test]
fn lines_at_their_best_rank_split_by_gold() {
    // Rank 1: a.py 10-14; rank 2: a.py 12-18 (only 15-18 new) and b.py 1-2 (same rank, after a.py).
    let cs = [
        chunk("a.py", 12, 18, 2),
        chunk("b.py", 1, 2, 2),
        chunk("a.py", 10, 14, 1),
    ];
    let refs: Vec<&ReadSpan> = cs.iter().collect();
    let g = gold(&[("a.py", 11, 12), ("a.py", 16, 30)]);
    let got = line_entries(&refs, &g, &UnknownLengths);
    let l = |p: &str, s, e, r| Entry::Lines {
        path: p.into(),
        start: s,
        end: e,
        relevant: r,
    };
    assert_eq!(
        got,
        [
            l("a.py", 10, 10, false),
            l("a.py", 11, 12, true),
            l("a.py", 13, 14, false),
            l("a.py", 15, 15, false),
            l("a.py", 16, 18, true),
            l("b.py", 1, 2, false),
        ]
    );
    let ids: Vec<String> = got[..2].iter().flat_map(|e| e.ids()).collect();
    assert_eq!(ids, ["a.py:10", "a.py:11", "a.py:12"]);
    assert_eq!(
        judged(&got),
        [
            Judged {
                len: 1,
                relevant: false
            },
            Judged {
                len: 2,
                relevant: true
            },
            Judged {
                len: 3,
                relevant: false
            },
            Judged {
                len: 3,
                relevant: true
            },
            Judged {
                len: 2,
                relevant: false
            },
        ]
    );
    assert_eq!(gold_line_total(&g), 17);
}

#[test]
fn lines_clipped_to_known_lengths() {
    let cs = [chunk("a.py", 1, 100, 1)];
    let refs: Vec<&ReadSpan> = cs.iter().collect();
    let lengths: std::collections::BTreeMap<String, u32> = [("a.py".to_string(), 3)].into();
    let got = line_entries(&refs, &gold(&[("a.py", 3, 3)]), &lengths);
    let n: u64 = got.iter().map(Entry::len).sum();
    assert_eq!(n, 3, "{got:?}");
}

#[test]
fn qrels_documents_per_level() {
    let g = gold(&[
        ("b.py", 3, 4),
        ("a.py", 7, 7),
        ("a.py", 8, 9),
        ("a.py", 20, 20),
    ]);
    assert_eq!(doc_ids(&g, LineLevel::File), ["a.py", "b.py"]);
    assert_eq!(
        doc_ids(&g, LineLevel::Span),
        ["a.py:7-9", "a.py:20-20", "b.py:3-4"]
    );
    assert_eq!(
        doc_ids(&g, LineLevel::Line),
        ["a.py:7", "a.py:8", "a.py:9", "a.py:20", "b.py:3", "b.py:4"]
    );
}
