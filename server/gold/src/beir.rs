//! Gold from BEIR-style relevance judgments: each (query, corpus document) pair of `qrels/*.tsv`
//! with a score above 0 makes the document's lines gold for the query (task = `query-id`,
//! `origin: qrels`). A document is a span of a file through `corpus.jsonl`; a whole-file
//! document takes its length from the workspace. A judgment naming a document the corpus lacks,
//! or a query `queries.jsonl` lacks, is a located error on its qrels line; the rest is kept.

use crate::{Built, GoldRow, Origin, TaskFiles};
use readcov_core::formats::InputError;
use readcov_import::chunks::beir::{Corpus, Qrel};
use std::collections::BTreeSet;

/// The gold rows of the relevant judgments (sorted by task, path, lines; overlapping documents
/// of a query merged).
/// `queries`: the ids of `queries.jsonl` when there is one; `name`: the qrels file, for errors.
pub fn beir_gold(
    qrels: &[Qrel],
    corpus: &Corpus,
    queries: Option<&BTreeSet<String>>,
    files: &dyn TaskFiles,
    name: &str,
) -> Built {
    let mut built = Built::default();
    let mut spans = BTreeSet::new();
    for q in qrels.iter().filter(|q| q.score > 0) {
        let err = |field: &str, msg: String| InputError::new(name, q.line, Some(field), msg);
        if queries.is_some_and(|ids| !ids.contains(&q.query)) {
            built.errors.push(err(
                "query-id",
                format!("`{}` is not a query of queries.jsonl", q.query),
            ));
            continue;
        }
        let Some(doc) = corpus.get(&q.doc) else {
            built.errors.push(err(
                "corpus-id",
                format!(
                    "`{}` is not a document of the corpus (no `_id` names it)",
                    q.doc
                ),
            ));
            continue;
        };
        let lines = match doc.lines {
            Some(lines) => lines,
            None => match files.read(&q.query, &doc.path) {
                Some(text) if !text.is_empty() => (1, lines_in(&text)),
                Some(_) => {
                    built.errors.push(err(
                        "corpus-id",
                        format!("`{}` is the whole of `{}`, which is empty", q.doc, doc.path),
                    ));
                    continue;
                }
                None => {
                    built.errors.push(err(
                        "corpus-id",
                        format!(
                            "`{}` is the whole file `{}`: its length needs the workspace \
                             (--workspace/--workspaces), which has no such file",
                            q.doc, doc.path
                        ),
                    ));
                    continue;
                }
            },
        };
        spans.insert((q.query.clone(), doc.path.clone(), lines.0, lines.1));
    }
    // Overlapping documents merge, so the rows of one file are disjoint as in every gold file.
    for (task, path, s, e) in spans {
        match built.rows.last_mut() {
            Some(r) if r.task == task && r.path == path && s <= r.end => r.end = r.end.max(e),
            _ => built
                .rows
                .push(GoldRow::new(&task, &path, s, e, Origin::Qrels)),
        }
    }
    built
}

/// Lines of a file's text (a last line without a newline counts).
fn lines_in(text: &str) -> u32 {
    let n = text.lines().count();
    u32::try_from(n).unwrap_or(u32::MAX)
}
