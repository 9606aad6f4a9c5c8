//! Gold from BEIR-style relevance judgments on disk (`readcov gold --from-beir`, Python
//! `gold_from_beir`): the split's files located (`beir::locate`), the corpus, queries and qrels
//! read, and `readcov_gold::beir_gold` mapping each judged-relevant corpus id to its span. Bad
//! rows of any of the three files are collected on `Built::errors`, in that file order.

use crate::beir::{load_corpus, locate};
use crate::gold_files::Workspaces;
use crate::{read_input, FileError};
use readcov_gold::{beir_gold, Built};
use readcov_import::chunks::beir::{parse_qrels, parse_queries};
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
    let mut built = beir_gold(&judged.items, &corpus, queries.as_ref(), files, &name);
    errors.append(&mut built.errors);
    built.errors = errors;
    Ok(built)
}
