//! BEIR-style inputs whose corpus documents are spans of files. `corpus.jsonl` (one document per
//! line: `_id` and where it is) maps corpus ids to spans, so a TREC run over corpus ids (BEIR's
//! own run file, `readcov import --corpus corpus.jsonl RUN`) reads as ranked chunks, and
//! `qrels/test.tsv` (`query-id corpus-id score`, tab-separated, a header line) gives gold spans
//! (`readcov gold --from-beir DIR`). `queries.jsonl` names the queries (`_id`).
//!
//! A corpus document's span, the first found of: `path` with `start_line`/`end_line` (or
//! `start`/`end`), at the top level or under `metadata`; its `_id` when that is itself a span
//! docid with lines (`src/a.py:10-20`, `src/a.py#L10-L20`, see [`super::trec`]); its `path`
//! alone (the whole file).

use super::shape::Pos;
use super::trec::parse_docid;
use readcov_core::formats::{InputError, Parsed};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Where a corpus document is: a workspace-relative path and its lines (`None`: the whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doc {
    pub path: String,
    pub lines: Option<(u32, u32)>,
}

impl Doc {
    pub(crate) fn pos(&self) -> Pos {
        match self.lines {
            Some((start, end)) => Pos::Lines { start, end },
            None => Pos::File,
        }
    }
}

/// Corpus id → where the document is.
pub type Corpus = BTreeMap<String, Doc>;

/// A JSONL line's `_id` (a non-empty string, or a number as BEIR's loaders accept).
fn id_of(v: &Value) -> Option<String> {
    match v.get("_id") {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads JSONL objects with an `_id`, calling `each` on the good ones; bad lines are errors.
fn each_record(
    bytes: &[u8],
    name: &str,
    mut each: impl FnMut(String, &Value) -> Result<(), (Option<&'static str>, String)>,
) -> (usize, Vec<InputError>) {
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut errors = Vec::new();
    let mut records = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        records += 1;
        let got = serde_json::from_str::<Value>(line)
            .map_err(|e| (None, format!("invalid JSON: {e}")))
            .and_then(|v| match id_of(&v) {
                Some(id) => each(id, &v),
                None => Err((Some("_id"), "missing (a non-empty string)".to_string())),
            });
        if let Err((field, msg)) = got {
            errors.push(InputError::new(name, i + 1, field, msg));
        }
    }
    (records, errors)
}

/// `corpus.jsonl`: every document's span. A document without a span, or an `_id` given twice,
/// is a located error (the first of a repeated id is kept).
pub fn parse_corpus(bytes: &[u8], name: &str) -> (Corpus, Vec<InputError>) {
    let mut corpus = Corpus::new();
    let (_, errors) = each_record(bytes, name, |id, v| {
        let doc = doc_of(v, &id)?;
        if corpus.contains_key(&id) {
            return Err((
                Some("_id"),
                format!("`{id}` appears twice (the first is kept)"),
            ));
        }
        corpus.insert(id, doc);
        Ok(())
    });
    (corpus, errors)
}

/// `queries.jsonl`: the query ids (the text is not needed to score).
pub fn parse_queries(bytes: &[u8], name: &str) -> (BTreeSet<String>, Vec<InputError>) {
    let mut ids = BTreeSet::new();
    let (_, errors) = each_record(bytes, name, |id, _| {
        ids.insert(id);
        Ok(())
    });
    (ids, errors)
}

fn doc_of(v: &Value, id: &str) -> Result<Doc, (Option<&'static str>, String)> {
    let meta = v.get("metadata").filter(|m| m.is_object());
    let get = |k: &str| v.get(k).or_else(|| meta.and_then(|m| m.get(k)));
    let num = |a: &str, b: &str| get(a).or_else(|| get(b));
    let path = get("path")
        .and_then(Value::as_str)
        .filter(|p| !p.is_empty());
    let id_lines = matches!(parse_docid(id), Ok((_, Pos::Lines { .. })));
    let (docid, field) = match (path, num("start_line", "start"), num("end_line", "end")) {
        (Some(p), Some(s), Some(e)) => match (s.as_u64(), e.as_u64()) {
            (Some(s), Some(e)) => (format!("{p}:{s}-{e}"), "start_line"),
            _ => {
                return Err((
                    Some("start_line"),
                    format!("expected whole line numbers, got {s} and {e}"),
                ))
            }
        },
        (Some(_), Some(_), None) | (Some(_), None, Some(_)) => {
            return Err((
                Some("end_line"),
                "give both start_line and end_line (1-based, inclusive), or neither".into(),
            ))
        }
        _ if id_lines => (id.to_string(), "_id"),
        (Some(p), _, _) => (p.to_string(), "path"),
        (None, _, _) => {
            return Err((
                Some("path"),
                "no span: give `path` and `start_line`/`end_line` (top level or in \
                 `metadata`), or an `_id` like `src/a.py:10-20`"
                    .into(),
            ))
        }
    };
    match parse_docid(&docid) {
        Ok((path, Pos::Lines { start, end })) => Ok(Doc {
            path,
            lines: Some((start, end)),
        }),
        Ok((path, _)) => Ok(Doc { path, lines: None }),
        Err(msg) => Err((Some(field), msg)),
    }
}

/// One judged (query, corpus document) pair of `qrels/*.tsv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qrel {
    pub query: String,
    pub doc: String,
    pub score: i64,
    /// The line of the qrels file it is on (for errors further on).
    pub line: usize,
}

/// `qrels/test.tsv`: `query-id`, `corpus-id`, `score` per line (tabs; a first line naming the
/// columns is skipped). Rows with score ≤ 0 are kept: the caller decides relevance.
pub fn parse_qrels(bytes: &[u8], name: &str) -> Parsed<Qrel> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut out = Parsed {
        items: Vec::new(),
        errors: Vec::new(),
        records: 0,
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || (out.records == 0 && line.starts_with("query-id")) {
            continue;
        }
        out.records += 1;
        let f: Vec<&str> = line.split('\t').map(str::trim).collect();
        let bad = match f.as_slice() {
            [q, d, _] if q.is_empty() || d.is_empty() => Some((
                Some(if q.is_empty() {
                    "query-id"
                } else {
                    "corpus-id"
                }),
                "empty".to_string(),
            )),
            [q, d, s] => match s.parse::<i64>() {
                Ok(score) => {
                    out.items.push(Qrel {
                        query: q.to_string(),
                        doc: d.to_string(),
                        score,
                        line: i + 1,
                    });
                    None
                }
                Err(_) => Some((Some("score"), format!("expected an integer, got `{s}`"))),
            },
            _ => Some((
                None,
                format!(
                    "expected 3 tab-separated fields `query-id corpus-id score`, found {}",
                    f.len()
                ),
            )),
        };
        if let Some((field, msg)) = bad {
            out.errors.push(InputError::new(name, i + 1, field, msg));
        }
    }
    out
}
