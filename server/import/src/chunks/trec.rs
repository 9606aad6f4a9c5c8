//! TREC run files (`qid Q0 docid rank score tag`, whitespace-separated) whose document ids name
//! spans of files, read as ranked chunks: task = qid, run = tag, one read row per line.
//!
//! Accepted document ids (paths relative to the workspace, or absolute paths matched to their
//! longest suffix in it, as for chunks):
//!
//! | docid | lines |
//! |---|---|
//! | `path:start-end` | `start`–`end` |
//! | `path:N` | line `N` |
//! | `path#Lstart-Lend`, `path#Lstart-end` (GitHub's anchors) | `start`–`end` |
//! | `path#LN` | line `N` |
//! | `path` | the whole file (needs the workspace to know its length) |
//!
//! Order is trec_eval's, not the rank column's: within a query, by score (descending), ties by
//! docid (descending, byte order); the row's `rank` is the position in that order (1, 2, …), so
//! readcov's measures and trec_eval's see the same list. The rank column must be an integer but
//! is otherwise not used (trec_eval ignores it too). A line whose docid cannot be placed (past the
//! end, not in the workspace, malformed) is reported and keeps its place in the order. A docid repeated within a query is an error
//! (trec_eval refuses the whole file); readcov keeps the first and reports the rest.
//!
//! With a BEIR-style corpus ([`super::beir`], `readcov import --corpus`), docids are corpus ids
//! and every one must be in the corpus; the span is the corpus document's.

use super::beir::Corpus;
use super::shape::{normal, Chunk, Pos};
use super::{Builder, Loc};
use crate::runs::Runs;
use std::collections::{BTreeMap, BTreeSet};

/// Whether `text` looks like a TREC run: its first non-blank line has six fields, the fourth an
/// integer and the fifth a number.
pub(crate) fn is_trec(text: &str) -> bool {
    let Some(first) = text.lines().find(|l| !l.trim().is_empty()) else {
        return false;
    };
    let f: Vec<&str> = first.split_whitespace().collect();
    f.len() == 6 && f[3].parse::<i64>().is_ok() && f[4].parse::<f64>().is_ok_and(f64::is_finite)
}

/// One valid line of the run.
struct Line<'t> {
    at: usize,
    qid: &'t str,
    docid: &'t str,
    score: f64,
    tag: &'t str,
}

pub(crate) fn build(text: &str, runs: &mut Runs) -> Result<(), String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut b = Builder::new();
    let mut lines: Vec<Line> = Vec::new();
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let at = Loc {
            line: i + 1,
            item: None,
        };
        runs.out.summary.actions += 1;
        let f: Vec<&str> = raw.split_whitespace().collect();
        let bad = match f.as_slice() {
            [qid, _, docid, rank, score, tag] => {
                match (rank.parse::<i64>(), score.parse::<f64>()) {
                    (Err(_), _) => Some(("rank", format!("expected an integer, got `{rank}`"))),
                    (_, Err(_)) => Some(("score", format!("expected a number, got `{score}`"))),
                    (_, Ok(s)) if !s.is_finite() => {
                        Some(("score", format!("not a finite number: `{score}`")))
                    }
                    (Ok(_), Ok(_)) if !seen.insert((qid, docid)) => Some((
                        "docid",
                        format!("`{docid}` appears twice for query `{qid}` (the first is kept)"),
                    )),
                    (Ok(_), Ok(score)) => {
                        lines.push(Line {
                            at: i + 1,
                            qid,
                            docid,
                            score,
                            tag,
                        });
                        None
                    }
                }
            }
            _ => Some((
                "line",
                format!(
                    "expected 6 fields `qid Q0 docid rank score tag`, found {}",
                    f.len()
                ),
            )),
        };
        if let Some((field, msg)) = bad {
            b.fail(
                runs,
                &at,
                Some(field),
                msg,
                Some(crate::summary::Reason::Malformed),
            );
        }
    }
    if lines.is_empty() && runs.out.errors.is_empty() {
        return Err(
            "trec: no run lines (`qid Q0 docid rank score tag`; see docs/retrievers.md)".into(),
        );
    }
    // trec_eval's order per query: score descending, then docid descending.
    let mut by_query: BTreeMap<&str, Vec<&Line>> = BTreeMap::new();
    for l in &lines {
        by_query.entry(l.qid).or_default().push(l);
    }
    for ls in by_query.values_mut() {
        ls.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then_with(|| b.docid.as_bytes().cmp(a.docid.as_bytes()))
        });
        for (i, l) in ls.iter().enumerate() {
            let at = Loc {
                line: l.at,
                item: None,
            };
            let task = runs.task(Some(l.qid));
            let run = runs.opts.run.clone().unwrap_or_else(|| l.tag.to_string());
            b.pairs.insert((task.clone(), run.clone()));
            let chunk = match docid_span(l.docid, runs.opts.corpus.as_deref()) {
                Ok((path, pos)) => Chunk {
                    path,
                    path_field: "docid",
                    pos,
                    pos_field: "docid",
                    text: None,
                    text_field: "docid",
                    rank: Some(pos_rank(i)),
                    score: Some(l.score),
                    shape: "trec",
                },
                Err(msg) => {
                    b.fail(
                        runs,
                        &at,
                        Some("docid"),
                        msg,
                        Some(crate::summary::Reason::Malformed),
                    );
                    continue;
                }
            };
            b.push(task, run, chunk, &at, runs);
        }
    }
    runs.out.summary.runs = b.pairs.len();
    Ok(())
}

/// Position in trec_eval's order → rank (1-based), saturating.
fn pos_rank(pos: usize) -> u32 {
    u32::try_from(pos + 1).unwrap_or(u32::MAX)
}

/// A docid's span: through the corpus when there is one (every docid must be in it), else the
/// docid itself.
fn docid_span(docid: &str, corpus: Option<&Corpus>) -> Result<(String, Pos), String> {
    match corpus {
        Some(c) => c
            .get(docid)
            .map(|d| (d.path.clone(), d.pos()))
            .ok_or_else(|| {
                format!("`{docid}` is not a document of the corpus (--corpus): no `_id` names it")
            }),
        None => parse_docid(docid),
    }
}

/// A document id as a path and its lines ([module docs](self)).
pub(crate) fn parse_docid(docid: &str) -> Result<(String, Pos), String> {
    let lines = |s: &str, e: &str| -> Option<(u32, u32)> {
        let s: u32 = s.parse().ok()?;
        let e: u32 = e.parse().ok()?;
        Some((s, e))
    };
    let split = if let Some((path, anchor)) = docid.rsplit_once("#L") {
        let range = match anchor.split_once('-') {
            Some((s, e)) => lines(s, e.strip_prefix('L').unwrap_or(e)),
            None => lines(anchor, anchor),
        };
        range.map(|r| (path, r))
    } else if let Some((path, tail)) = docid.rsplit_once(':') {
        let range = match tail.split_once('-') {
            Some((s, e)) => lines(s, e),
            None => lines(tail, tail),
        };
        range.map(|r| (path, r))
    } else {
        None
    };
    let (path, pos) = match split {
        Some((path, (start, end))) => {
            if start == 0 {
                return Err(format!("`{docid}`: lines are 1-based, got 0"));
            }
            if end < start {
                return Err(format!("`{docid}`: end {end} is before start {start}"));
            }
            (path, Pos::Lines { start, end })
        }
        None => (docid, Pos::File),
    };
    Ok((
        normal(path, "docid").map_err(|(_, m)| format!("`{docid}`: {m}"))?,
        pos,
    ))
}
