//! Gold from BEIR-style relevance judgments on disk (`readcov gold --from-beir`, Python
//! `gold_from_beir`): the split's files located (`beir::locate`), the corpus, queries and qrels
//! read, and `readcov_gold::beir_gold` mapping each judged-relevant corpus id to its span. Bad
//! rows of any of the three files are collected on `Built::errors`, in that file order. A
//! (query, document) pair judged on several lines takes its last line's score, as BEIR's loader
//! and ir_measures read a qrels file (before session 25 any line with a score above 0 made it
//! relevant, so a judgment corrected to 0 further down still counted). With `--workspace DIR` a
//! corpus path is read as every input's path (docs/formats.md "Paths"): an absolute one under DIR
//! made relative to it, any other absolute one refused (before session 25 both stayed absolute).

use crate::beir::{load_corpus, locate};
use crate::gold_files::Workspaces;
use crate::{read_input, FileError};
use readcov_core::formats::InputError;
use readcov_gold::{beir_gold, Built};
use readcov_import::chunks::beir::{parse_qrels, parse_queries, Corpus, Qrel};
use std::collections::{BTreeMap, HashMap};
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
    let (mut corpus, mut errors) = load_corpus(&found.corpus)?;
    let refused = match &files.one {
        Some(root) => confine(&mut corpus, root),
        None => BTreeMap::new(),
    };
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
    // A relevant judgment of a refused document is an error on its line (an unknown query is
    // still reported as such, by `beir_gold`).
    let (outside, kept): (Vec<Qrel>, Vec<Qrel>) =
        last_judgments(judged.items).into_iter().partition(|q| {
            q.score > 0
                && refused.contains_key(&q.doc)
                && queries.as_ref().is_none_or(|ids| ids.contains(&q.query))
        });
    let mut late: Vec<InputError> = (outside.iter())
        .map(|q| {
            let msg = format!(
                "`{}` is `{}`, an absolute path outside the workspace (--workspace)",
                q.doc, refused[&q.doc]
            );
            InputError::new(&name, q.line, Some("corpus-id"), msg)
        })
        .collect();
    let mut built = beir_gold(&kept, &corpus, queries.as_ref(), files, &name);
    late.append(&mut built.errors);
    late.sort_by_key(|e| e.line);
    errors.extend(late);
    built.errors = errors;
    Ok(built)
}

/// Under `--workspace root`, each absolute corpus path under `root` made relative to it; the
/// documents of other absolute paths taken out of the corpus and returned (id → path).
fn confine(corpus: &mut Corpus, root: &Path) -> BTreeMap<String, String> {
    let mut refused = BTreeMap::new();
    corpus.retain(|id, doc| {
        if !Path::new(&doc.path).is_absolute() {
            return true;
        }
        match Path::new(&doc.path).strip_prefix(root) {
            Ok(rel) if !rel.as_os_str().is_empty() => {
                doc.path = rel.to_string_lossy().into_owned();
                true
            }
            _ => {
                refused.insert(id.clone(), doc.path.clone());
                false
            }
        }
    });
    refused
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
