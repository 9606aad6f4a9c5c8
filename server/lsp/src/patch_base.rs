//! Gold converted from patches here (a unified diff, SWE-bench rows) records the base of each
//! file the workspace holds, as `readcov gold --workspace` writes it: a gold file edited and saved
//! is then said to differ and its gold follows the text (it used to stay on the old lines with no
//! word). The base is the text the patch applies to where its hunks say (`readcov_patch::apply`,
//! every hunk at offset 0: the gold here is on the stated lines): the file on disk, else a text an
//! earlier session kept in the base cache (the file was edited before this server started), else
//! the file on disk as it is. When the patch applies to that file a few lines away (as `git apply`
//! places it: tests/data/real/offset-patches), gold shown as given is moved there, as `readcov gold
//! --workspace` moves it; before session 33 it stayed on the stated lines, beside the change layer
//! drawn where the patch applies (sphinx-doc__sphinx-7462: gold 108–112, the fix's lines 117–121).
//! When the patch does not apply at all, that is said, since the gold may be off.

use crate::sources::{as_jsonl, InputKind};
use readcov_core::base::{FileBase, RowBase};
use readcov_core::GoldSpan;
use readcov_import::diff::repo_path;
use readcov_import::FileProvider;
use readcov_patch::{apply, change_lines, FilePatch};
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
/// text nor one of `kept` (the kept base texts, read only when needed) is what its patch applies
/// to at its stated lines. With `place` (gold as given: the patch's stated lines), the spans of a
/// file whose patch applies to the disk text only with an offset are moved where it applies.
pub fn patch_bases(
    name: &str,
    patches: &[(String, String)],
    spans: &mut Vec<GoldSpan>,
    place: bool,
    disk: &dyn FileProvider,
    kept: &dyn Fn() -> Vec<Vec<u8>>,
) -> (Vec<RowBase>, Option<String>) {
    let mut expected: HashMap<(String, String), FilePatch> = HashMap::new();
    for (task, patch) in patches {
        for f in readcov_patch::parse(patch, name).patch.files {
            // Errors in the patch are said where the gold is built; here a bad file is skipped.
            if let Some(path) = repo_path(&f, name, &mut Vec::new()).filter(|_| !f.new_file) {
                expected.insert((task.clone(), path), f);
            }
        }
    }
    let mut kept_texts: Option<Vec<Vec<u8>>> = None;
    let mut texts: HashMap<(String, String), Option<Vec<u8>>> = HashMap::new();
    // Files whose patch applies to the disk text a few lines away: the lines it changes there.
    let mut moved: HashMap<(String, String), Vec<(u32, u32)>> = HashMap::new();
    let mut off: Vec<String> = Vec::new();
    let mut offsets: Vec<String> = Vec::new();
    for s in spans.iter() {
        let key = (s.task.to_string(), s.path.to_string());
        if texts.contains_key(&key) {
            continue;
        }
        let text = (|| {
            let on_disk = disk.read(&s.path)?;
            let Some(want) = expected.get(&key) else {
                return Some(on_disk);
            };
            if holds(want, &on_disk) {
                return Some(on_disk);
            }
            let kept = kept_texts.get_or_insert_with(kept);
            if let Some(t) = kept.iter().find(|t| holds(want, t)) {
                return Some(t.clone());
            }
            let applied = std::str::from_utf8(&on_disk)
                .ok()
                .and_then(|t| apply(want, t).ok());
            match applied {
                Some(a) => {
                    let note = a.offset_note().unwrap_or_default();
                    offsets.push(format!("`{}`: {note}", s.path));
                    moved.insert(key.clone(), change_lines(want, &a.starts(), 1));
                }
                None => off.push(s.path.to_string()),
            }
            Some(on_disk)
        })();
        texts.insert(key, text);
    }
    if place {
        // The file's spans as given are the stated change lines (`gold_from_diff`, anchor 1):
        // replaced by the same lines where the hunks apply.
        spans.retain(|s| !moved.contains_key(&(s.task.to_string(), s.path.to_string())));
        for ((task, path), lines) in &moved {
            spans.extend(lines.iter().map(|&(start, end)| GoldSpan {
                task: task.as_str().into(),
                start,
                end,
                ..GoldSpan::simple(path, start, end)
            }));
        }
    }
    // Each file hashed and split once, not once per span (`FileBase`).
    let bases: HashMap<&(String, String), FileBase> = (texts.iter())
        .filter_map(|(k, t)| Some((k, FileBase::new(t.as_deref()?))))
        .collect();
    let out = (spans.iter())
        .filter_map(|s| {
            let b = bases.get(&(s.task.to_string(), s.path.to_string()))?;
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
    offsets.sort_unstable();
    let mut notes: Vec<String> = Vec::new();
    if let Some(first) = off.first() {
        notes.push(format!(
            "{name}: for {} file(s) (`{first}`{}) neither the workspace file nor a kept base text is what the patch applies to; their gold is shown on the patch's line numbers, against the file as it is",
            off.len(),
            if off.len() > 1 { ", …" } else { "" }
        ));
    }
    if place && !offsets.is_empty() {
        notes.push(format!(
            "{name}: patch applied to the workspace file with an offset, gold moved with it (as `readcov gold --workspace`): {}",
            offsets.join("; ")
        ));
    }
    let note = (!notes.is_empty()).then(|| notes.join("; "));
    (out, note)
}

#[cfg(test)]
mod tests;
