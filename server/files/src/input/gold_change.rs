//! The gold change behind a gold file (`readcov diagnose`'s and `explain`'s edit and change
//! stages): the patches of SWE-bench rows or a diff, else the `edit` rows of gold JSONL that
//! records origins (written by `readcov gold`: the changed lines, not the text after the fix).
//! Other gold (consensus, hand-made spans) has no gold change.

use super::{as_jsonl, detect, InputKind};
use readcov_core::LineSet;
use readcov_gold::{parse_patch_rows, parse_rows_in, Origin, PatchRow};
use std::collections::BTreeMap;

/// Gold patches, and the gold change lines of `edit` rows by task and path.
#[derive(Clone, Debug, Default)]
pub struct GoldChanges {
    pub patches: Vec<PatchRow>,
    pub edit_lines: BTreeMap<String, BTreeMap<String, LineSet>>,
}

/// The gold change of the gold file `name` holding `bytes` (rows as read: a JSON list is taken
/// as rows); `root`: the workspace paths are made relative to.
pub fn gold_changes(name: &str, bytes: &[u8], root: Option<&str>) -> GoldChanges {
    let bytes = as_jsonl(bytes);
    let mut out = GoldChanges::default();
    match detect(name, &bytes) {
        InputKind::SweBench => out.patches = parse_patch_rows(&bytes, name).items,
        InputKind::Diff => out.patches.push(PatchRow {
            task: readcov_core::DEFAULT_ID.into(),
            patch: String::from_utf8_lossy(&bytes).into_owned(),
            file: name.to_string(),
            ..PatchRow::default()
        }),
        // Only gold that records origins has edit rows: a cheap look before parsing it again.
        InputKind::GoldJsonl if memchr::memmem::find(&bytes, b"\"origin\"").is_some() => {
            for r in parse_rows_in(&bytes, name, root).items {
                if r.origin == Origin::Edit {
                    let files = out.edit_lines.entry(r.task).or_default();
                    files.entry(r.path).or_default().insert(r.start, r.end);
                }
            }
        }
        _ => {}
    }
    out
}
