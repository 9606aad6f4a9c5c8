//! `score --workspace(s)`: a gold file in the workspace that is not the file the gold was made
//! against (its rows' `base.sha256`) is said on stderr, with a count — its line numbers may not
//! be the gold's any more, and scoring would count the wrong lines without a word.

use readcov_core::base::{parse_row_bases, sha256_hex};
use readcov_files::{confined_file, task_dir};
use std::collections::BTreeMap;
use std::path::Path;

/// Compares every gold file that records a base with the workspace's file (`one`, or
/// `per_task/<task>/`) and warns about those that differ. Returns how many differ.
pub fn warn_differing(gold: &Path, one: Option<&Path>, per_task: Option<&Path>) -> usize {
    let Ok(bytes) = std::fs::read(gold) else {
        return 0;
    };
    let name = gold.display().to_string();
    // (task, path) → base sha; rows of other formats simply give nothing here.
    let mut bases: BTreeMap<(String, String), String> = BTreeMap::new();
    let task_of = |line: &[u8]| {
        serde_json::from_slice::<serde_json::Value>(line)
            .ok()
            .and_then(|v| match v.get("task") {
                Some(serde_json::Value::String(s)) => Some(s.clone()),
                Some(serde_json::Value::Number(n)) => Some(n.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| readcov_core::DEFAULT_ID.to_string())
    };
    for line in bytes
        .split(|&b| b == b'\n')
        .filter(|l| l.windows(6).any(|w| w == b"\"base\""))
    {
        let parsed = parse_row_bases(line, &name, None);
        for r in parsed.items {
            if let Some(b) = r.base {
                bases.entry((task_of(line), r.path)).or_insert(b.sha256);
            }
        }
    }
    let mut differ = Vec::new();
    for ((task, path), sha) in &bases {
        let root = match (one, per_task) {
            (Some(dir), _) => Some(dir.to_path_buf()),
            (None, Some(dir)) => task_dir(dir, task),
            (None, None) => None,
        };
        let Some(file) = root.and_then(|r| confined_file(&r, path)) else {
            continue;
        };
        let Ok(text) = std::fs::read(&file) else {
            continue;
        };
        if !sha256_hex(&text).eq_ignore_ascii_case(sha) {
            differ.push(format!("{path} (task {task})"));
        }
    }
    if !differ.is_empty() {
        eprintln!(
            "warning: {} gold file(s) in the workspace differ from the base the gold was made against (its `base.sha256`): {}; their lines may not be the gold's lines",
            differ.len(),
            differ.join(", ")
        );
    }
    differ.len()
}
