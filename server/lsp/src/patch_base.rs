//! Gold converted from patches here (a unified diff, SWE-bench rows) records the base of each
//! file the workspace holds, as `readcov gold --workspace` writes it: a gold file edited and saved
//! is then said to differ and its gold follows the text (it used to stay on the old lines with no
//! word). The base is the text the patch applies to where its hunks say (`readcov_patch::apply`,
//! every hunk at offset 0: the gold here is on the stated lines): the file on disk, else a text an
//! earlier session kept in the base cache (the file was edited before this server started), else
//! the file on disk as it is — said, since its gold may be off.

use crate::sources::{as_jsonl, InputKind};
use readcov_core::base::{FileBase, RowBase};
use readcov_core::GoldSpan;
use readcov_import::diff::repo_path;
use readcov_import::FileProvider;
use readcov_patch::{apply, FilePatch};
use std::collections::HashMap;

/// The (task, patch) pairs of a gold file of `kind` (`task`: a plain diff's task).
pub fn patches(kind: InputKind, bytes: &[u8], name: &str, task: &str) -> Vec<(String, String)> {
    match kind {
        InputKind::Diff => vec![(
            task.to_string(),
            String::from_utf8_lossy(bytes).into_owned(),
        )],
        InputKind::SweBench => {
            // Rows held in Parquet are decoded first, as the gold loader decoded them.
            let (rows, _) = readcov_files::input::rows::parquet_as_jsonl(name, bytes.to_vec());
            let rows = as_jsonl(&rows).into_owned();
            readcov_gold::parse_patch_rows(&rows, name)
                .items
                .into_iter()
                .map(|r| (r.task, r.patch))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Whether the patch of a file applies to `text` with every hunk where its header says.
fn holds(fp: &FilePatch, text: &[u8]) -> bool {
    std::str::from_utf8(text)
        .is_ok_and(|t| apply(fp, t).is_ok_and(|a| a.placed.iter().all(|p| p.offset() == 0)))
}

/// The base of every span whose file `disk` has, and a note when for some file neither the disk
/// text nor one of `kept` (the kept base texts, read only when needed) is what its patch applies to.
pub fn patch_bases(
    name: &str,
    patches: &[(String, String)],
    spans: &[GoldSpan],
    disk: &dyn FileProvider,
    kept: &dyn Fn() -> Vec<Vec<u8>>,
) -> (Vec<RowBase>, Option<String>) {
    let mut expected: HashMap<(&str, String), FilePatch> = HashMap::new();
    for (task, patch) in patches {
        for f in readcov_patch::parse(patch, name).patch.files {
            // Errors in the patch are said where the gold is built; here a bad file is skipped.
            if let Some(path) = repo_path(&f, name, &mut Vec::new()).filter(|_| !f.new_file) {
                expected.insert((task.as_str(), path), f);
            }
        }
    }
    let mut kept_texts: Option<Vec<Vec<u8>>> = None;
    let mut texts: HashMap<(&str, &str), Option<Vec<u8>>> = HashMap::new();
    let mut off: Vec<&str> = Vec::new();
    for s in spans {
        texts
            .entry((s.task.as_str(), s.path.as_str()))
            .or_insert_with(|| {
                let on_disk = disk.read(&s.path)?;
                let Some(want) = expected.get(&(s.task.as_str(), s.path.to_string())) else {
                    return Some(on_disk);
                };
                if holds(want, &on_disk) {
                    return Some(on_disk);
                }
                let kept = kept_texts.get_or_insert_with(kept);
                match kept.iter().find(|t| holds(want, t)) {
                    Some(t) => Some(t.clone()),
                    None => {
                        off.push(&s.path);
                        Some(on_disk)
                    }
                }
            });
    }
    // Each file hashed and split once, not once per span (`FileBase`).
    let bases: HashMap<(&str, &str), FileBase> = (texts.iter())
        .filter_map(|(k, t)| Some((*k, FileBase::new(t.as_deref()?))))
        .collect();
    let out = (spans.iter())
        .filter_map(|s| {
            let b = bases.get(&(s.task.as_str(), s.path.as_str()))?;
            Some(RowBase {
                path: s.path.to_string(),
                start: s.start,
                end: s.end,
                base: Some(b.span(s.start, s.end)),
            })
        })
        .collect();
    off.sort_unstable();
    off.dedup();
    let note = off.first().map(|first| {
        format!(
            "{name}: for {} file(s) (`{first}`{}) neither the workspace file nor a kept base text is what the patch applies to at its stated lines; their gold is shown on the patch's line numbers, against the file as it is",
            off.len(),
            if off.len() > 1 { ", …" } else { "" }
        )
    });
    (out, note)
}

#[cfg(test)]
mod tests;
