//! BEIR-style dataset folders on disk (`corpus.jsonl`, `queries.jsonl`, `qrels/<split>.tsv`):
//! which files a folder or a qrels file stands for, and the corpus read into ids → spans. The
//! parsing is `readcov_import::chunks::beir`'s; this is the IO around it.

use crate::{read_input, FileError};
use readcov_core::formats::InputError;
use readcov_import::chunks::beir::{parse_corpus, Corpus};
use std::path::{Path, PathBuf};

/// The files of one BEIR-style split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeirFiles {
    pub corpus: PathBuf,
    pub qrels: PathBuf,
    /// `queries.jsonl` beside the corpus, when there is one (its ids check the qrels').
    pub queries: Option<PathBuf>,
}

/// `path`: a dataset folder (`DIR/qrels/<split>.tsv`, `DIR/corpus.jsonl`) or a qrels file (its
/// corpus is `corpus`, else the `corpus.jsonl` of the folder above its `qrels/`). `corpus`:
/// a corpus file or a folder holding `corpus.jsonl`.
pub fn locate(path: &Path, corpus: Option<&Path>, split: &str) -> Result<BeirFiles, FileError> {
    let (root, qrels) = if path.is_dir() {
        (
            Some(path.to_path_buf()),
            path.join("qrels").join(format!("{split}.tsv")),
        )
    } else {
        let root = path
            .parent()
            .filter(|p| p.file_name().is_some_and(|n| n == "qrels"))
            .and_then(Path::parent)
            .map(Path::to_path_buf);
        (root, path.to_path_buf())
    };
    if !qrels.is_file() {
        return Err(FileError::new(
            &qrels,
            format!("no qrels file (a BEIR folder has qrels/{split}.tsv; --split picks another)"),
        ));
    }
    let corpus = match (corpus, &root) {
        (Some(c), _) => corpus_file(c),
        (None, Some(r)) => r.join("corpus.jsonl"),
        (None, None) => {
            return Err(FileError::new(
                path,
                "a qrels file outside a BEIR folder needs --corpus corpus.jsonl",
            ))
        }
    };
    if !corpus.is_file() {
        return Err(FileError::new(&corpus, "no corpus file (give --corpus)"));
    }
    let queries = corpus
        .parent()
        .map(|d| d.join("queries.jsonl"))
        .filter(|q| q.is_file());
    Ok(BeirFiles {
        corpus,
        qrels,
        queries,
    })
}

/// A corpus file, or `DIR/corpus.jsonl` for a folder.
fn corpus_file(p: &Path) -> PathBuf {
    match p.is_dir() {
        true => p.join("corpus.jsonl"),
        false => p.to_path_buf(),
    }
}

/// The corpus of `p` (a file or a folder holding `corpus.jsonl`), with its located errors.
pub fn load_corpus(p: &Path) -> Result<(Corpus, Vec<InputError>), FileError> {
    let file = corpus_file(p);
    let bytes = read_input(&file)?;
    Ok(parse_corpus(&bytes, &file.display().to_string()))
}
