//! Gold from BEIR-style relevance judgments on disk (`readcov gold --from-beir`, Python
//! `gold_from_beir`): the split's files located (`beir::locate`), the corpus, queries and qrels
//! read, and `readcov_gold::beir_gold` mapping each judged-relevant corpus id to its span. Bad
//! rows of any of the three files are collected on `Built::errors`, in that file order. A
//! (query, document) pair judged on several lines takes its last line's score, as BEIR's loader
//! and ir_measures read a qrels file (before session 25 any line with a score above 0 made it
//! relevant, so a judgment corrected to 0 further down still counted).

use crate::beir::{load_corpus, locate};
use crate::gold_files::Workspaces;
use crate::{read_input, FileError};
use readcov_gold::{beir_gold, Built};
use readcov_import::chunks::beir::{parse_qrels, parse_queries, Qrel};
use std::collections::HashMap;
use std::path::Path;

/// `path`: a BEIR folder (its `qrels/<split>.tsv`) or a qrels file; `corpus`: the corpus file
/// or its folder (default: the dataset folder's). `files`: workspaces recording each row's base.
pub fn gold_from_beir(
    path: &Path,
    corpus: Option<&Path>,
    split: &str,
    files: &Workspaces,
) -> Result<Built, FileError> {
    let found = locate(path, corpus, split)?;
    let (corpus, mut errors) = load_corpus(&found.corpus)?;
    let queries = match &found.queries {
        Some(q) => {
            let (ids, errs) = parse_queries(&read_input(q)?, &q.display().to_string());
            errors.extend(errs);
            Some(ids)
        }
        None => None,
    };
    let name = found.qrels.display().to_string();
    let judged = parse_qrels(&read_input(&found.qrels)?, &name);
    errors.extend(judged.errors);
    let judged_last = last_judgments(judged.items);
    let mut built = beir_gold(&judged_last, &corpus, queries.as_ref(), files, &name);
    errors.append(&mut built.errors);
    built.errors = errors;
    Ok(built)
}

/// Each (query, document) pair once, with the score of its last line, in the order of those last
/// lines (so errors stay in file order).
fn last_judgments(items: Vec<Qrel>) -> Vec<Qrel> {
    let mut last: HashMap<(&str, &str), usize> = HashMap::new();
    for (i, q) in items.iter().enumerate() {
        last.insert((&q.query, &q.doc), i);
    }
    let keep: Vec<bool> = (items.iter().enumerate())
        .map(|(i, q)| last[&(q.query.as_str(), q.doc.as_str())] == i)
        .collect();
    (items.into_iter().zip(keep))
        .filter_map(|(q, k)| k.then_some(q))
        .collect()
}

#[cfg(test)]
mod tests;
